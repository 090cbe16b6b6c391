// The hook answers deny before a limit whatever the input, and the launcher never lets a broken
// engine end in silence; 100,000 rules are compiled lazily and answer (issue 13).
import { beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildHook, HOOK_BUNDLE, HOOK_LAUNCHER, hookIsStale } from '../../lab/hook/build.ts';
import { launcherScript } from '../../lab/hook/snapshot-build.ts';
import { PermissionEngine, policyFromData, re2jsEngine, regexEngine, useRegexEngine, type RegexEngine } from '../../engine/index.ts';
import { cleanEnv, pre, ROOT, tempDir } from './helpers.ts';

beforeAll(async () => {
  if (hookIsStale()) await buildHook();
}, 180_000);

/** Run a hook command with a stdin that stays open (a client that never finishes writing). */
function hang(cmd: string, args: string[], env: Record<string, string>, input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { cwd: ROOT, env: cleanEnv({ HOME: '/home/dev', ...env }) });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (b) => (stdout += b));
    p.stderr.on('data', (b) => (stderr += b));
    p.stdin.on('error', () => {});
    if (input !== undefined) p.stdin.end(input);
    else p.stdin.write('{"hook_event_name":"PreToolUse",');
    const guard = setTimeout(() => p.kill('SIGKILL'), 30_000);
    p.on('close', (code) => {
      clearTimeout(guard);
      p.stdin.destroy();
      resolve({ code, stdout, stderr });
    });
  });
}

const denied = (stdout: string) => JSON.parse(stdout.trim().split('\n')[0]!).hookSpecificOutput;

describe('the hook deadline (GATELAB_HOOK_DEADLINE)', () => {
  it('dist/hook.sh answers deny when the engine does not answer in time', async () => {
    const r = await hang('sh', [HOOK_LAUNCHER], { GATELAB_HOOK_DEADLINE: '1' });
    expect(r.code).toBe(2);
    expect(denied(r.stdout)).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/no answer within 1 s/) });
  }, 40_000);
  it('dist/hook.mjs answers deny too (and never exits 0)', async () => {
    const r = await hang(process.execPath, [HOOK_BUNDLE], { GATELAB_HOOK_DEADLINE: '1' });
    expect(r.code).not.toBe(0);
    expect(denied(r.stdout)).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/no answer within 1 s/) });
  }, 40_000);
  it('lab hook answers deny too', async () => {
    const r = await hang(process.execPath, ['lab/bin.mjs', 'hook'], { GATELAB_HOOK_DEADLINE: '2' });
    expect(r.code).not.toBe(0);
    expect(denied(r.stdout).permissionDecision).toBe('deny');
  }, 40_000);
  it('an ordinary call still answers under the default limit', async () => {
    const r = await hang('sh', [HOOK_LAUNCHER], {}, pre({ tool_input: { command: 'ls' } }));
    expect(r.code).toBe(0);
    expect(denied(r.stdout).permissionDecision).toBe('allow');
  }, 40_000);
});

describe('the launcher never ends in silence', () => {
  /** A launcher whose "node" is a script that behaves as given. */
  function launcherWith(body: string): string {
    const dir = tempDir();
    const fake = join(dir, 'node');
    writeFileSync(fake, `#!/bin/sh\n${body}\n`);
    chmodSync(fake, 0o755);
    const sh = join(dir, 'hook.sh');
    writeFileSync(sh, launcherScript(fake, join(dir, 'hook.blob')));
    return sh;
  }
  it.each([
    ['exits 0 without a word', 'exit 0', /without a decision/],
    ['exits 0 with something that is not JSON', 'echo ok; exit 0', /without a decision/],
    ['exits 2 with nothing', 'exit 2', /without a decision/],
    ['crashes (exit 139)', 'exit 139', /did not start/],
  ])('engine %s → deny JSON, exit 2', async (_n, body, why) => {
    const r = await hang('sh', [launcherWith(body)], {}, pre());
    expect(r.code).toBe(2);
    expect(denied(r.stdout)).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(why) });
  });
  it('a damaged dist/hook.mjs program or code cache answers deny or decides, never crashes silently', async () => {
    const dir = tempDir();
    const text = readFileSync(HOOK_BUNDLE, 'latin1');
    const at = text.indexOf('<gatelab-program>') + 5000;
    const damaged = join(dir, 'hook.mjs');
    writeFileSync(damaged, text.slice(0, at) + '\u0001}}}{{{' + text.slice(at + 7), 'latin1');
    for (const f of readdirSync(join(ROOT, 'dist'))) if (f.endsWith('.cache')) writeFileSync(join(dir, f), Buffer.alloc(4096, 7));
    const r = await hang(process.execPath, [damaged], {}, pre());
    expect(r.code).toBe(2);
    expect(denied(r.stdout).permissionDecision).toBe('deny');
    // A garbage code cache alone: V8 rejects it and the hook still decides.
    copyFileSync(HOOK_BUNDLE, damaged);
    const ok = await hang(process.execPath, [damaged], {}, pre({ tool_input: { command: 'ls' } }));
    expect(denied(ok.stdout).permissionDecision).toBe('allow');
  });
});

describe('100,000 rules', () => {
  it('are compiled on use, not on load, and decide by them', () => {
    const prev = regexEngine();
    let compiled = 0;
    const counting: RegexEngine = { name: 'counting', compile: (s, o) => (compiled++, re2jsEngine.compile(s, o)) };
    useRegexEngine(counting);
    try {
      const deny: string[] = [];
      const allow: string[] = [];
      for (let i = 0; i < 50_000; i++) deny.push(i % 2 ? `Bash(tool${i} --flag *)` : `Read(/data/dir${i}/**)`);
      for (let i = 0; i < 50_000; i++) allow.push(i % 2 ? `Bash(cmd${i} run *)` : `Read(/srv/dir${i}/**)`);
      const policy = policyFromData({ version: 1, deny, allow }, 'settings.json', '/p');
      expect(policy.rules).toHaveLength(100_000);
      expect(compiled).toBeLessThan(50);
      const e = new PermissionEngine(policy);
      const ctx = { cwd: '/p', home: '/h' };
      expect(e.decide({ tool: 'Read', input: { file_path: '/p/data/dir8/x.txt' } }, ctx)).toMatchObject({ behavior: 'deny', reason: { type: 'rule', rule: 'Read(/data/dir8/**)' } });
      expect(e.decide({ tool: 'Bash', input: { command: 'tool7 --flag now' } }, ctx)).toMatchObject({ behavior: 'deny', reason: { type: 'rule', rule: 'Bash(tool7 --flag *)' } });
      expect(e.decide({ tool: 'Read', input: { file_path: '/p/srv/dir10/y' } }, ctx).behavior).toBe('allow');
      expect(e.decide({ tool: 'Bash', input: { command: 'ls -la' } }, ctx).behavior).toBe('allow');
      expect(compiled).toBeLessThan(200);
    } finally {
      useRegexEngine(prev);
    }
  });
});
