// The hook end to end: sample PreToolUse / BeforeTool JSON through `npx lab hook` and through
// the bundled dist/hook.mjs, checking the JSON shape and the exit code.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHook, HOOK_BLOB, HOOK_BUNDLE, HOOK_LAUNCHER, hookIsStale } from '../../lab/hook/build.ts';
import { launcherScript } from '../../lab/hook/snapshot-build.ts';

const ROOT = join(import.meta.dirname, '..', '..');

function project(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'gl-hook-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

function env(extra: Record<string, string> = {}): Record<string, string> {
  const e: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(CLAUDE_PROJECT_DIR|GEMINI_PROJECT_DIR|GATELAB_)/.test(k)) e[k] = v;
  return { ...e, HOME: '/home/dev', NO_COLOR: '1', ...extra };
}

type Run = { code: number | null; out: any; stdout: string; stderr: string };
const parse = (stdout: string) => {
  try {
    return JSON.parse(stdout);
  } catch {
    return undefined;
  }
};
const viaBundle = (input: string, e = env()): Run => {
  const r = spawnSync(process.execPath, [HOOK_BUNDLE], { input, env: e, encoding: 'utf8', cwd: ROOT });
  return { code: r.status, out: parse(r.stdout), stdout: r.stdout, stderr: r.stderr };
};
/** The snapshot launcher, run the way Claude Code runs a hook command: through a shell. */
const viaSnapshot = (input: string, e = env(), command = `sh ${HOOK_LAUNCHER} || exit 2`): Run => {
  const r = spawnSync('/bin/sh', ['-c', command], { input, env: e, encoding: 'utf8', cwd: ROOT });
  return { code: r.status, out: parse(r.stdout), stdout: r.stdout, stderr: r.stderr };
};
const viaNpx = (input: string, e = env()): Run => {
  const r = spawnSync('npx', ['lab', 'hook'], { input, env: e, encoding: 'utf8', cwd: ROOT });
  return { code: r.status, out: parse(r.stdout), stdout: r.stdout, stderr: r.stderr };
};

const pre = (cwd: string, tool: string, input: object, mode: unknown = 'default', extra: object = {}) =>
  JSON.stringify({ session_id: 's1', transcript_path: '/tmp/t.jsonl', cwd, permission_mode: mode, hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, tool_use_id: 'toolu_1', ...extra });

function expectClaude(r: Run, decision: string, code = 0) {
  expect(r.code).toBe(code);
  expect(Object.keys(r.out)).toEqual(['hookSpecificOutput']);
  expect(Object.keys(r.out.hookSpecificOutput)).toEqual(['hookEventName', 'permissionDecision', 'permissionDecisionReason']);
  expect(r.out.hookSpecificOutput.hookEventName).toBe('PreToolUse');
  expect(r.out.hookSpecificOutput.permissionDecision).toBe(decision);
  expect(typeof r.out.hookSpecificOutput.permissionDecisionReason).toBe('string');
  expect(r.out.hookSpecificOutput.permissionDecisionReason.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  if (hookIsStale()) await buildHook();
}, 120_000);

describe.each([
  ['dist/hook.mjs (bundle + code cache)', viaBundle],
  ['dist/hook.sh (startup snapshot)', viaSnapshot],
])('%s', (_name, viaBundle) => {
  const app = project({ '.claude/settings.json': JSON.stringify({ permissions: { deny: ['Bash(curl *)'], allow: ['Bash(make build)'] } }) });
  const e = env({ CLAUDE_PROJECT_DIR: app });

  it('allows a read-only command', () => {
    const r = viaBundle(pre(app, 'Bash', { command: 'git status' }), e);
    expectClaude(r, 'allow');
    expect(r.out.hookSpecificOutput.permissionDecisionReason).toMatch(/^gatelab allow/);
  });
  it('denies by a deny rule from .claude/settings.json', () => {
    const r = viaBundle(pre(app, 'Bash', { command: 'curl https://example.com' }), e);
    expectClaude(r, 'deny');
    expect(r.out.hookSpecificOutput.permissionDecisionReason).toContain('Bash(curl *)');
  });
  it('allows by an allow rule from .claude/settings.json only in a trusted workspace', () => {
    expectClaude(viaBundle(pre(app, 'Bash', { command: 'make build' }), env({ CLAUDE_PROJECT_DIR: app, GATELAB_TRUST_PROJECT: '1' })), 'allow');
    const r = viaBundle(pre(app, 'Bash', { command: 'make build' }), e);
    expectClaude(r, 'ask');
    expect(r.out.hookSpecificOutput.permissionDecisionReason).toMatch(/workspace not trusted/);
  });
  it('asks for a command with effects', () => {
    expectClaude(viaBundle(pre(app, 'Bash', { command: 'npm install left-pad' }), e), 'ask');
  });
  it('takes the mode from permission_mode', () => {
    expectClaude(viaBundle(pre(app, 'Bash', { command: 'npm install left-pad' }, 'bypassPermissions'), e), 'allow');
    expectClaude(viaBundle(pre(app, 'Bash', { command: 'npm install left-pad' }, 'dontAsk'), e), 'deny');
  });
  it('treats an unknown mode as default and says so; auto has its own row', () => {
    const r = viaBundle(pre(app, 'Bash', { command: 'npm install left-pad' }, 'yolo'), e);
    expectClaude(r, 'ask');
    expect(r.out.hookSpecificOutput.permissionDecisionReason).toMatch(/evaluated as default/);
    // auto: the reviewer judges the ordinary ask; an immune ask is denied (the client would not ask a person).
    const a = viaBundle(pre(app, 'Bash', { command: 'npm install left-pad' }, 'auto'), e);
    expect(a.out.hookSpecificOutput.permissionDecisionReason).toMatch(/\(judge.*auto mode\)/);
    const i = viaBundle(pre(app, 'Write', { file_path: `${app}/.git/hooks/pre-commit`, content: 'x' }, 'auto'), e);
    expectClaude(i, 'deny');
    expect(i.out.hookSpecificOutput.permissionDecisionReason).toMatch(/client mapping, auto mode.*A person must approve/);
  });
  it('denies malformed input with exit 2', () => {
    for (const bad of ['', 'not json', '[]', '{"hook_event_name":"PreToolUse"}', pre(app, 'Bash', { command: 'ls' }).replace('"cwd":"/', '"cwd":"')]) {
      const r = viaBundle(bad, e);
      expectClaude(r, 'deny', 2);
      expect(r.stderr).toMatch(/gatelab hook: malformed hook input/);
    }
  });
  it('denies an unknown event with exit 2', () => {
    const r = viaBundle(pre(app, 'Bash', { command: 'ls' }, 'default', { hook_event_name: 'Stop' }), e);
    expectClaude(r, 'deny', 2);
    expect(r.stderr).toMatch(/unsupported hook event "Stop"/);
  });
  it('denies a malformed tool input (engine input check) with exit 0', () => {
    const r = viaBundle(pre(app, 'Read', {}), e);
    expectClaude(r, 'deny');
    expect(r.out.hookSpecificOutput.permissionDecisionReason).toMatch(/file_path/);
  });
  it('fails closed on a broken settings file', () => {
    const broken = project({ '.claude/settings.local.json': '{"permissions": {"allow": [' });
    const r = viaBundle(pre(broken, 'Bash', { command: 'git status' }), env({ CLAUDE_PROJECT_DIR: broken }));
    expectClaude(r, 'deny', 2);
    expect(r.stderr).toMatch(/settings\.local\.json.*not valid JSON/);
  });
  it('fails closed when GATELAB_POLICY names a missing file', () => {
    const r = viaBundle(pre(app, 'Bash', { command: 'git status' }), env({ CLAUDE_PROJECT_DIR: app, GATELAB_POLICY: '/nonexistent/p.yaml' }));
    expectClaude(r, 'deny', 2);
  });
  it('layers settings under a project .gatelab.yaml', () => {
    const p = project({
      '.gatelab.yaml': 'version: 1\nask:\n  - Bash(git push *)\n',
      '.claude/settings.local.json': JSON.stringify({ permissions: { allow: ['Bash(git push *)'] } }),
    });
    const r = viaBundle(pre(p, 'Bash', { command: 'git push origin main' }), env({ CLAUDE_PROJECT_DIR: p }));
    expectClaude(r, 'ask');
    // The shipped default's allow rules do not apply once a project policy exists.
    expectClaude(viaBundle(pre(p, 'Bash', { command: 'npm test' }), env({ CLAUDE_PROJECT_DIR: p })), 'ask');
  });
  it('runs a Strix preset project (lazy yaml and crypto-js in the bundle)', () => {
    const p = project({ '.gatelab.yaml': 'version: 1\npreset: guarded\n', 'x.py': 'import os\nprint(1)\n' });
    const r = viaBundle(pre(p, 'Bash', { command: 'python3 x.py' }), env({ CLAUDE_PROJECT_DIR: p }));
    expectClaude(r, 'allow');
    expect(r.out.hookSpecificOutput.permissionDecisionReason).toMatch(/^gatelab allow \(judge/);
  });
  it('accepts Gemini CLI BeforeTool JSON', () => {
    const g = (tool: string, input: object) => JSON.stringify({ session_id: 'g', transcript_path: '/t', cwd: app, hook_event_name: 'BeforeTool', timestamp: '2026-01-01T00:00:00Z', tool_name: tool, tool_input: input });
    let r = viaBundle(g('run_shell_command', { command: 'git status' }), e);
    expect(r.code).toBe(0);
    expect(r.out).toMatchObject({ decision: 'allow' });
    r = viaBundle(g('run_shell_command', { command: 'curl https://x.example' }), e);
    expect(r.out).toMatchObject({ decision: 'deny' });
    expect(r.out.reason).toContain('Bash(curl *)');
    // No reliable `ask` in BeforeTool: an ask is a deny that says a human must approve.
    r = viaBundle(g('write_file', { file_path: '/etc/passwd', content: 'x' }), e);
    expect(r.out.decision).toBe('deny');
    expect(r.out.reason).toMatch(/human approval/);
    r = viaBundle(g('write_file', { file_path: '/etc/passwd', content: 'x' }), env({ CLAUDE_PROJECT_DIR: app, GATELAB_GEMINI_ASK: 'ask' }));
    expect(r.out.decision).toBe('ask');
    r = viaBundle(JSON.stringify({ hook_event_name: 'BeforeTool', cwd: app, tool_name: 'read_file' }), e);
    expect(r.code).toBe(2);
    expect(r.out).toMatchObject({ decision: 'deny' });
  });
});

describe('dist/hook.mjs (bundled)', () => {
  const app = project({ '.claude/settings.json': JSON.stringify({ permissions: { deny: ['Bash(curl *)'], allow: ['Bash(make build)'] } }) });
  const e = env({ CLAUDE_PROJECT_DIR: app });

  it('the loader fails closed when its program is damaged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gl-hook-bad-'));
    const text = readFileSync(HOOK_BUNDLE, 'latin1');
    writeFileSync(join(dir, 'hook.mjs'), text.slice(0, text.indexOf('/*<gatelab-program>') + 40) + '\n</gatelab-program>*/\n', 'latin1');
    const r = spawnSync(process.execPath, [join(dir, 'hook.mjs')], { input: pre(app, 'Bash', { command: 'git status' }), env: e, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });
  it('survives a corrupt code cache', () => {
    const dist = join(HOOK_BUNDLE, '..');
    const cache = readdirSync(dist).find((f) => /^hook-.*\.cache$/.test(f));
    if (cache) writeFileSync(join(dist, cache), 'garbage');
    expectClaude(viaBundle(pre(app, 'Bash', { command: 'git status' }), e), 'allow');
    expectClaude(viaBundle(pre(app, 'Bash', { command: 'git status' }), e), 'allow');
  });
});

describe('dist/hook.sh fails closed when the snapshot does not start', () => {
  const app = project();
  const e = env({ CLAUDE_PROJECT_DIR: app });
  const input = pre(app, 'Bash', { command: 'git status' });
  /** A launcher for `blob` (written by `make`), run through a shell as Claude Code runs it. */
  function launch(make: (blob: string) => void, flags?: string[]): Run {
    const dir = mkdtempSync(join(tmpdir(), 'gl-hook-blob-'));
    const blob = join(dir, 'hook.blob');
    make(blob);
    writeFileSync(join(dir, 'hook.sh'), launcherScript(process.execPath, blob, flags));
    return viaSnapshot(input, e, `sh ${join(dir, 'hook.sh')} || exit 2`);
  }
  function expectStartDeny(r: Run) {
    expectClaude(r, 'deny', 2);
    expect(r.out.hookSpecificOutput.permissionDecisionReason).toMatch(/snapshot did not start \(node exit \d+\).*npm run build/);
    expect(r.stderr).toMatch(/gatelab hook: the engine snapshot did not start/);
  }
  it('a working copy of the blob answers', () => {
    expectClaude(launch((b) => copyFileSync(HOOK_BLOB, b)), 'allow');
  });
  it('denies when the blob is missing', () => {
    expectStartDeny(launch(() => {}));
  });
  it('denies when the blob was built by another Node version', () => {
    expectStartDeny(
      launch((b) => {
        const buf = readFileSync(HOOK_BLOB);
        const v = Buffer.from(process.versions.node, 'latin1');
        const at = buf.indexOf(v);
        expect(at).toBeGreaterThanOrEqual(0);
        buf[at + v.length - 1] = buf[at + v.length - 1] === 0x30 ? 0x31 : 0x30;
        writeFileSync(b, buf);
      }),
    );
  });
  it('denies when the run-time V8 flags differ from the build', () => {
    expectStartDeny(launch((b) => copyFileSync(HOOK_BLOB, b), ['--rehash-snapshot']));
  });
  it('denies when the blob is damaged or truncated', () => {
    expectStartDeny(launch((b) => writeFileSync(b, 'not a snapshot')));
    expectStartDeny(launch((b) => writeFileSync(b, readFileSync(HOOK_BLOB).subarray(0, 100_000))));
  });
  it('quotes odd paths and still answers a parseable deny when node is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), "gl hook 'q' $x "));
    const sh = join(dir, 'hook.sh');
    writeFileSync(sh, launcherScript(join(dir, "no 'node\" $HOME"), join(dir, 'hook.blob')));
    const r = viaSnapshot(input, e, `sh '${sh.split("'").join("'\\''")}' || exit 2`);
    expectStartDeny(r);
  });
  it('denies when the launcher itself is missing (the `|| exit 2` of the settings command)', () => {
    const r = viaSnapshot(input, e, `sh /nonexistent/gatelab/dist/hook.sh || exit 2`);
    expect(r.code).toBe(2);
  });
});

describe('npx lab hook', () => {
  const app = project({ '.claude/settings.json': JSON.stringify({ permissions: { deny: ['Bash(curl *)'] } }) });
  const e = env({ CLAUDE_PROJECT_DIR: app });
  it('answers allow, deny, ask and fails closed on malformed input', () => {
    expectClaude(viaNpx(pre(app, 'Bash', { command: 'git status' }), e), 'allow');
    expectClaude(viaNpx(pre(app, 'Bash', { command: 'curl https://example.com' }), e), 'deny');
    expectClaude(viaNpx(pre(app, 'Bash', { command: 'npm install left-pad' }), e), 'ask');
    expectClaude(viaNpx('{oops', e), 'deny', 2);
  }, 60_000);
});
