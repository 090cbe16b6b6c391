import { describe, it, expect } from 'vitest';
import { compileEvidence, type EvidenceContext } from '../../engine/judge/index.ts';
import { readClosure, scanModule, MAX_CLOSURE_FILES, sha256 } from '../../engine/evidence/index.ts';
import { sc, w, dyn, redir, fakeFs, CWD, HOME, WORKSPACE } from './helpers.ts';
import type { Extraction, SimpleCommand } from '../../engine/shell/types.ts';
import type { FsPort } from '../../engine/types.ts';

const A = CWD;
function ex(commands: SimpleCommand[], source = 'cmd'): Extraction {
  return { source, commands, functions: [], issues: [], stats: { chars: 0, tokens: 0, maxDepth: 0, commands: commands.length } };
}
function ctx(fs: FsPort | undefined, commands: SimpleCommand[], extra: Partial<EvidenceContext> = {}): EvidenceContext {
  return { cwd: CWD, home: HOME, workspace: WORKSPACE, fs, scope: ['fiuu.com'], prior: [], maxArtifactBytes: 64, extraction: ex(commands), ...extra };
}
const bash = (command: string) => ({ tool: 'Bash', input: { command } });
const blocking = (p: { findings: readonly { message: string }[] }) => p.findings.map((f) => f.message).join(' | ');

describe('input-redirection evidence', () => {
  const hosts = 'admin.fiuu.com\napi.fiuu.com\n';
  const fs = fakeFs({ [`${A}/hosts_passive.txt`]: hosts, ['/etc/hosts']: '127.0.0.1 localhost', [`${A}/big.txt`]: 'x'.repeat(500) }, { [`${A}/link.txt`]: '/etc/hosts' });

  it('attaches a workspace file read with a single < as an input artifact', () => {
    const loop = sc(['dig', dyn('$host')], { redirects: [redir('<', 'hosts_passive.txt')] });
    const p = compileEvidence(bash('while read host; do dig "$host"; done < hosts_passive.txt'), ctx(fs, [sc(['read', 'host']), loop]));
    const a = p.artifacts.filter((x) => x.role === 'input');
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({ path: `${A}/hosts_passive.txt`, text: hosts, truncated: false, sha256: sha256(hosts) });
    expect(p.complete).toBe(true);
    expect(p.dynamicTargets).toBe(1);
  });

  it('caps the artifact at maxArtifactBytes and flags it truncated', () => {
    const p = compileEvidence(bash('wc -l < big.txt'), ctx(fs, [sc(['wc', '-l'], { redirects: [redir('<', 'big.txt')] })]));
    expect(p.artifacts[0]!.text).toHaveLength(64);
    expect(p.artifacts[0]!.truncated).toBe(true);
  });

  it('ignores heredocs, here-strings and process substitution', () => {
    const cmds = [
      sc(['cat'], { redirects: [redir('<<', 'EOF')] }),
      sc(['cat'], { redirects: [redir('<<<', 'hosts_passive.txt')] }),
      sc(['cat'], { redirects: [redir('<', dyn('<(ls)', 'process'))] }),
      sc(['cat'], { redirects: [redir('<', 'hosts_passive.txt', 3)] }),
    ];
    const p = compileEvidence(bash('x'), ctx(fs, cmds));
    expect(p.artifacts).toEqual([]);
    expect(fs.reads).not.toContain(`${A}/EOF`);
  });

  it('never reads files outside the workspace, and fails closed instead', () => {
    const f = fakeFs({ '/etc/hosts': 'x' }, { [`${A}/link.txt`]: '/etc/hosts' });
    const p1 = compileEvidence(bash('x'), ctx(f, [sc(['sort'], { redirects: [redir('<', '/etc/hosts')] })]));
    const p2 = compileEvidence(bash('x'), ctx(f, [sc(['sort'], { redirects: [redir('<', 'link.txt')] })]));
    expect(f.reads).toEqual([]);
    expect(p1.complete).toBe(false);
    expect(p2.complete).toBe(false);
    expect(p2.gaps.join()).toMatch(/outside the workspace/);
  });

  it('fails closed without an fs port, on unreadable files and on dynamic targets', () => {
    expect(compileEvidence(bash('x'), ctx(undefined, [sc(['sort'], { redirects: [redir('<', 'a.txt')] })])).complete).toBe(false);
    expect(compileEvidence(bash('x'), ctx(fs, [sc(['sort'], { redirects: [redir('<', 'missing.txt')] })])).complete).toBe(false);
    expect(compileEvidence(bash('x'), ctx(fs, [sc(['sort'], { redirects: [redir('<', dyn('$f'))] })])).complete).toBe(false);
    expect(compileEvidence(bash('echo "unterminated'), { ...ctx(fs, []), extraction: undefined }).complete).toBe(false);
  });

  it('parses the command itself when no extraction is given', () => {
    const p = compileEvidence(bash('while read h; do dig "$h"; done < hosts_passive.txt'), { ...ctx(fs, []), extraction: undefined });
    expect(p.complete).toBe(true);
    expect(p.artifacts.map((a) => a.role)).toEqual(['input']);
    expect(p.dynamicTargets).toBe(1);
  });

  it('is frozen and hashed over its content', () => {
    const p = compileEvidence(bash('sort < hosts_passive.txt'), ctx(fs, [sc(['sort'], { redirects: [redir('<', 'hosts_passive.txt')] })]));
    expect(Object.isFrozen(p)).toBe(true);
    expect(Object.isFrozen(p.artifacts[0])).toBe(true);
    expect(() => (p.artifacts as unknown as unknown[]).push(1)).toThrow();
    const changed = fakeFs({ [`${A}/hosts_passive.txt`]: 'evil.test\n' });
    const q = compileEvidence(bash('sort < hosts_passive.txt'), ctx(changed, [sc(['sort'], { redirects: [redir('<', 'hosts_passive.txt')] })]));
    expect(q.hash).not.toBe(p.hash);
    expect(p.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('python script closure', () => {
  const files = {
    [`${A}/tools/run.py`]: 'import helpers\nfrom pkg import sub\nfrom pkg.util import fmt\nimport json, os\nprint(helpers.x)\n',
    [`${A}/tools/helpers.py`]: 'X = 1\n',
    [`${A}/tools/pkg/__init__.py`]: 'from . import shared\n',
    [`${A}/tools/pkg/shared.py`]: 'from .deep import thing\n',
    [`${A}/tools/pkg/deep.py`]: 'thing = 2\n',
    [`${A}/tools/pkg/sub.py`]: 'from ..helpers import X\n',
    [`${A}/tools/pkg/util.py`]: 'def fmt(): pass\n',
    [`${A}/helpers.py`]: 'WRONG = 1\n',
    [`${A}/mod/__init__.py`]: '',
    [`${A}/mod/cli.py`]: 'import mod.core\n',
    [`${A}/mod/core.py`]: 'import subprocess\nsubprocess.run(["ls", "-la"])\n',
  };
  const fs = fakeFs(files);
  const env = { cwd: CWD, workspace: WORKSPACE, fs };
  const paths = (c: { files: { path: string }[] }) => c.files.map((f) => f.path.slice(A.length + 1)).sort();

  it('resolves absolute imports against the entrypoint folder, relative ones against the package, names as submodules', () => {
    const c = readClosure({ kind: 'file', path: `${A}/tools/run.py` }, env);
    expect(paths(c)).toEqual(['tools/helpers.py', 'tools/pkg/__init__.py', 'tools/pkg/deep.py', 'tools/pkg/shared.py', 'tools/pkg/sub.py', 'tools/pkg/util.py', 'tools/run.py']);
    expect(c.external).toEqual(expect.arrayContaining(['json', 'os']));
    expect(c.issues).toEqual([]);
    expect(c.files.find((f) => f.path.endsWith('run.py'))!.sha256).toBe(sha256(files[`${A}/tools/run.py`]!));
  });

  it('reads python -m packages and inline -c code', () => {
    const m = readClosure({ kind: 'module', name: 'mod.cli' }, env);
    expect(paths(m)).toEqual(['mod/__init__.py', 'mod/cli.py', 'mod/core.py']);
    expect(m.commands).toEqual(['ls -la']);
    const c = readClosure({ kind: 'inline', source: 'import mod.core; print(1)' }, env);
    expect(c.files.map((f) => f.role)).toContain('inline');
    expect(paths({ files: c.files.filter((f) => f.role !== 'inline') })).toEqual(['mod/__init__.py', 'mod/core.py']);
  });

  it.each([
    ['exec(open("x").read())', 'dynamic-code'],
    ['eval(data)', 'dynamic-code'],
    ['code = compile(src, "f", "exec")', 'dynamic-code'],
    ['m = __import__(name)', 'dynamic-code'],
    ['import importlib\nimportlib.import_module(n)', 'dynamic-code'],
    ['import sys\nsys.path.insert(0, "/tmp")', 'import-path'],
    ['import sys\nsys.path = ["/x"]', 'import-path'],
    ['import os\nos.environ["PYTHONPATH"] = "/tmp"', 'import-path'],
    ['import os\nos.system(f"dig {host}")', 'generated-command'],
    ['import os\nos.system("dig " + host)', 'generated-command'],
    ['import subprocess\nsubprocess.run(cmd, shell=True)', 'generated-command'],
    ['import subprocess\nsubprocess.run(["curl", url])', 'generated-command'],
  ])('blocks %s', (src, kind) => {
    expect(scanModule(src).issues.map((i) => i.kind)).toContain(kind);
  });

  it.each(['import re\nre.compile("x")', 'cursor.execute("select 1")', 'print("eval(x) is bad")', '# exec(x)\nx = 1', 'def exec(self): pass', 'import os\nos.system("ls -la")'])(
    'does not block %s',
    (src) => {
      expect(scanModule(src).issues).toEqual([]);
    },
  );

  it('blocks an oversized closure, an entrypoint outside the workspace and a symlink escape', () => {
    const many: Record<string, string> = { [`${A}/big/main.py`]: Array.from({ length: MAX_CLOSURE_FILES + 5 }, (_, i) => `import m${i}`).join('\n') };
    for (let i = 0; i < MAX_CLOSURE_FILES + 5; i++) many[`${A}/big/m${i}.py`] = 'x = 1\n';
    const big = readClosure({ kind: 'file', path: `${A}/big/main.py` }, { ...env, fs: fakeFs(many) });
    expect(big.issues.map((i) => i.kind)).toContain('oversized');
    const huge = readClosure({ kind: 'file', path: `${A}/h.py` }, { ...env, fs: fakeFs({ [`${A}/h.py`]: '#'.repeat(300 * 1024) }) });
    expect(huge.issues.map((i) => i.kind)).toContain('oversized');
    const out = readClosure({ kind: 'file', path: '/tmp/x.py' }, { ...env, fs: fakeFs({ '/tmp/x.py': 'print(1)' }) });
    expect(out.issues.map((i) => i.kind)).toEqual(['outside-workspace']);
    expect(out.files).toEqual([]);
    const link = readClosure({ kind: 'file', path: `${A}/l.py` }, { ...env, fs: fakeFs({ '/tmp/x.py': 'print(1)' }, { [`${A}/l.py`]: '/tmp/x.py' }) });
    expect(link.issues.map((i) => i.kind)).toEqual(['outside-workspace']);
  });

  it('compileEvidence binds scripts into the packet and turns blockers into findings', () => {
    const good = compileEvidence(bash('python3 tools/run.py'), ctx(fs, [sc(['python3', 'tools/run.py'])]));
    expect(good.findings).toEqual([]);
    expect(good.artifacts.map((a) => a.role)).toContain('entrypoint');
    expect(good.artifacts.every((a) => a.sha256.length === 64)).toBe(true);
    const evil = fakeFs({ [`${A}/e.py`]: 'import os\nhost = input()\nos.system(f"nmap {host}")\n' });
    expect(blocking(compileEvidence(bash('python3 e.py'), ctx(evil, [sc(['python3', 'e.py'])])))).toMatch(/built at run time/);
    expect(blocking(compileEvidence(bash('python3 /tmp/x.py'), ctx(fs, [sc(['python3', '/tmp/x.py'])])))).toMatch(/outside the workspace/);
    expect(blocking(compileEvidence(bash('python3'), ctx(fs, [sc(['python3'])])))).toMatch(/no script/);
    expect(blocking(compileEvidence(bash('ruby x.rb'), ctx(fs, [sc(['ruby', 'x.rb'])])))).toMatch(/not an interpreter whose scripts/);
    expect(blocking(compileEvidence(bash('python3 -c'), ctx(fs, [sc(['python3', '-c', dyn('$CODE')])])))).toMatch(/run time/);
    expect(blocking(compileEvidence(bash('python3 -c ...'), ctx(fs, [sc(['python3', '-c', 'exec("1")'])])))).toMatch(/exec/);
    expect(blocking(compileEvidence(bash('PYTHONPATH=/tmp python3 tools/run.py'), ctx(fs, [sc(['python3', 'tools/run.py'], { env: [['PYTHONPATH', '/tmp']] })])))).toMatch(/PYTHONPATH/);
    const pw = fakeFs({ [`${A}/b.py`]: 'from playwright.sync_api import sync_playwright\n' });
    expect(blocking(compileEvidence(bash('python3 b.py'), ctx(pw, [sc(['python3', 'b.py'])])))).toMatch(/browser/);
    expect(compileEvidence(bash('python3 tools/run.py'), ctx(undefined, [sc(['python3', 'tools/run.py'])])).complete).toBe(false);
    expect(compileEvidence(bash('python3 missing.py'), ctx(fs, [sc(['python3', 'missing.py'])])).complete).toBe(false);
    expect(blocking(compileEvidence(bash('python3 -m http.server'), ctx(fs, [sc(['python3', '-m', 'http.server'])])))).toMatch(/not a local script/);
  });

  it('a changed script changes the packet hash', () => {
    const a = compileEvidence(bash('python3 tools/run.py'), ctx(fs, [sc(['python3', 'tools/run.py'])]));
    const fs2 = fakeFs({ ...files, [`${A}/tools/pkg/deep.py`]: 'thing = 3\n' });
    const b = compileEvidence(bash('python3 tools/run.py'), ctx(fs2, [sc(['python3', 'tools/run.py'])]));
    expect(a.hash).not.toBe(b.hash);
    void w;
  });
});
