// Gaps closed as classes: browser state from prior calls, every spelling of a dangerous Python
// module, every runner that executes a script, every input artifact's hosts, in-tree symlinks.
import { describe, it, expect } from 'vitest';
import { PermissionEngine, loadPolicy, type Context } from '../../engine/index.ts';
import { scanModule, readClosure, scriptRun } from '../../engine/evidence/index.ts';
import { fakeFs, w, CWD, HOME, WORKSPACE } from './helpers.ts';

const guarded = new PermissionEngine(loadPolicy('preset: guarded\nscope: [fiuu.com]\n', { file: `${CWD}/p.yaml` }));
const bash = (command: string) => ({ tool: 'Bash', input: { command } });
const ctx = (extra: Partial<Context> = {}): Context => ({ cwd: CWD, home: HOME, mode: 'default', ...extra });
const prior = (...summaries: string[]) => summaries.map((summary) => ({ tool: 'Bash', summary, behavior: 'allow' as const }));
const detectors = (d: { findings: { detector: string; message: string }[] }) => d.findings.map((f) => `${f.detector}: ${f.message}`).join('\n');

describe('browser state replayed from prior calls', () => {
  it('accepts an element ref right after a snapshot', () => {
    const d = guarded.decide(bash('agent-browser hover @e2'), ctx({ prior: prior('agent-browser open https://fiuu.com/', 'agent-browser snapshot') }));
    expect(detectors(d)).not.toMatch(/snapshot/);
    expect(d.behavior).toBe('allow');
  });
  it('blocks a ref with no snapshot, and a ref from a snapshot taken before a navigation', () => {
    expect(guarded.decide(bash('agent-browser hover @e2'), ctx()).behavior).toBe('deny');
    const stale = guarded.decide(bash('agent-browser hover @e2'), ctx({ prior: prior('agent-browser snapshot', 'agent-browser click @e1') }));
    expect(stale.behavior).toBe('deny');
    expect(detectors(stale)).toMatch(/stale snapshot/);
  });
  it('ignores a prior call that was denied (it never ran)', () => {
    const p = [...prior('agent-browser snapshot'), { tool: 'Bash', summary: 'agent-browser open https://fiuu.com/x', behavior: 'deny' as const }];
    expect(guarded.decide(bash('agent-browser hover @e2'), ctx({ prior: p })).behavior).toBe('allow');
  });
  it('allows observation commands outright, without the judge, in their read form only', () => {
    const never = new PermissionEngine(loadPolicy('preset: guarded\n'), { judge: { name: 'never', turn: () => { throw new Error('the judge must not be asked'); } } });
    for (const c of ['agent-browser snapshot', 'agent-browser tab', 'agent-browser get title', 'agent-browser screenshot']) {
      expect(never.decide(bash(c), ctx({ mode: 'default' }))).toMatchObject({ behavior: 'allow', reason: { type: 'readOnly' } });
    }
    expect(never.decide(bash('agent-browser tab new https://x.test'), ctx()).behavior).toBe('deny');
  });
});

describe('every spelling of a dangerous Python module', () => {
  it.each([
    ['import subprocess as sp\nsp.run(cmd)', 'generated-command'],
    ['from os import system as s\ns(cmd)', 'generated-command'],
    ['import os as o\no.popen(x)', 'generated-command'],
    ['from subprocess import *\ncheck_output(c)', 'generated-command'],
    ['import os\nrun = os.system\nrun(c)', 'generated-command'],
    ['import os\nlist(map(os.system, cmds))', 'generated-command'],
    ['import os\ngetattr(os, "system")("id")', 'generated-command'],
    ['import os\ngetattr(os, name)(arg)', 'dynamic-code'],
    ['getattr(__builtins__, "exec")(src)', 'dynamic-code'],
    ['__builtins__.eval(src)', 'dynamic-code'],
    ['import builtins\nbuiltins.exec(src)', 'dynamic-code'],
    ['m = __import__("os")', 'dynamic-code'],
    ['f = eval\nf(src)', 'dynamic-code'],
    ['from importlib import import_module as im\nim(n)', 'dynamic-code'],
    ['import importlib.util', 'dynamic-code'],
    ['globals()["ex" + "ec"](src)', 'dynamic-code'],
    ['import os\nvars(os)["system"]("id")', 'dynamic-code'],
    ['import os\nos.__dict__["system"]("id")', 'dynamic-code'],
    ['import sys\nsys.modules["os"].system("id")', 'dynamic-code'],
    ['import subprocess\nsp = subprocess\nsp.Popen(cmd)', 'generated-command'],
    ['from os import *\nsystem(cmd)', 'generated-command'],
    ['import os.path as osp\nimport os as o\no.execvp(a, b)', 'generated-command'],
    ['import ctypes\nctypes.CDLL(None).system(b"id")', 'dynamic-code'],
    ['from sys import path\npath.insert(0, "/tmp")', 'import-path'],
    ['import sys as s\ns.path.append("/tmp")', 'import-path'],
  ])('blocks %j', (src, kind) => {
    expect(scanModule(src).issues.map((i) => i.kind)).toContain(kind);
  });
  it('keeps literal commands for review and reports effects the reviewer weighs', () => {
    const s = scanModule('import subprocess as sp\nsp.run(["dig", "fiuu.com"])\nimport shutil as sh\nsh.rmtree(p)\nfrom pathlib import Path\nPath(p).unlink()\nopen(p, "w")\nimport requests as r\nr.post(u)');
    expect(s.issues).toEqual([]);
    expect(s.commands).toEqual(['dig fiuu.com']);
    expect(s.effects).toEqual(['shutil.rmtree()', '.unlink()', 'open() for writing', 'requests.post() (network or database access)']);
  });
  it('does not take local names for modules', () => {
    expect(scanModule('def system(x): pass\nsystem(cmd)\nopen("f").read()\nx = {}\nx.get("a")').issues).toEqual([]);
    expect(scanModule('open("f").read()\nopen("f", "rb")').effects).toEqual([]);
  });
});

describe('every runner that executes a script', () => {
  const run = (text: string) => {
    const [p, ...a] = text.split(' ');
    return scriptRun(p!, w(p!), a.map(w), CWD, HOME);
  };
  it.each(['uv run tool.py', 'uv run --with requests tool.py', 'pdm run tool.py', 'poetry run python tool.py', 'hatch run python tool.py', 'pipenv run python3 tool.py', 'conda run -n x python tool.py', 'uv run -m pkg.tool', 'poetry run python -m pkg.tool', 'coverage run tool.py'])(
    '%s is a Python script run whose closure is read',
    (text) => {
      expect(run(text)?.kind).toBe('python');
    },
  );
  it.each(['uv run pytest', 'uvx ruff check', 'pipx run cowsay', 'npx some-cli', 'npm run build', 'pnpm dlx x', 'yarn dlx x', 'cargo run', 'go run .', 'make', 'just deploy', 'uv run --weird tool.py', 'pytest tests', 'uvicorn app:app', 'jupyter nbconvert --execute n.ipynb'])(
    '%s runs code that cannot be inspected',
    (text) => {
      expect(run(text)?.kind).toBe('unsupported');
    },
  );
  it('guarded blocks such a run outright', () => {
    expect(guarded.decide(bash('uv run pytest'), ctx()).findings.map((f) => f.detector)).toContain('strix-script');
  });
});

describe("every input artifact's hosts are scope-checked", () => {
  const fs = fakeFs({ [`${CWD}/mixed.txt`]: 'admin.fiuu.com\nevil.example\n', [`${CWD}/passive.txt`]: 'fiuu.com\nmail.fiuu.com\n' });
  it('reads hosts from a < file even when the command names no target', () => {
    expect(guarded.decide(bash('nmap -sV -iL - < mixed.txt'), ctx({ fs })).behavior).toBe('deny');
    expect(guarded.decide(bash('nmap -sV -iL - < passive.txt'), ctx({ fs })).behavior).toBe('allow');
  });
  it('reads the host list a program names with an option', () => {
    const d = guarded.decide(bash('nmap -sV -iL mixed.txt'), ctx({ fs }));
    expect(d.behavior).toBe('deny');
    expect(d.message).toContain('evil.example');
    expect(guarded.decide(bash('nmap -sV -iL passive.txt'), ctx({ fs })).behavior).toBe('allow');
  });
});

describe('an in-tree symlinked module', () => {
  const files = { [`${CWD}/main.py`]: 'import helper\n', [`${CWD}/lib/helper.py`]: 'import os\nos.system(cmd)\n', '/opt/evil/helper.py': 'x = 1\n' };
  it('is followed through the fs port, not taken for an external package', () => {
    const c = readClosure({ kind: 'file', path: `${CWD}/main.py` }, { cwd: CWD, workspace: WORKSPACE, fs: fakeFs(files, { [`${CWD}/helper.py`]: `${CWD}/lib/helper.py` }, true) });
    expect(c.external).not.toContain('helper');
    expect(c.issues.map((i) => i.kind)).toContain('generated-command');
  });
  it('blocks when the link leaves the workspace', () => {
    const c = readClosure({ kind: 'file', path: `${CWD}/main.py` }, { cwd: CWD, workspace: WORKSPACE, fs: fakeFs(files, { [`${CWD}/helper.py`]: '/opt/evil/helper.py' }, true) });
    expect(c.issues.map((i) => i.kind)).toContain('outside-workspace');
  });
});
