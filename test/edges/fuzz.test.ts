// Fuzz the gate's own inputs (issue 13): lab decide --jsonl, lab hook and dist/hook.sh get
// malformed, huge and deeply nested inputs. Every line is answered, nothing malformed is
// allowed, nothing crashes. Deterministic (fixed seed), well under a minute.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { buildHook, HOOK_LAUNCHER, hookIsStale } from '../../lab/hook/build.ts';
import { cleanEnv, lab, ROOT } from './helpers.ts';

beforeAll(async () => {
  if (hookIsStale()) await buildHook();
}, 180_000);

const nest = (n: number, open: string, close: string, core = '0') => open.repeat(n) + core + close.repeat(n);
const b = (s: string) => Buffer.from(s);

/** Malformed decide lines (each must be answered, never allow). */
function badDecideLines(): Buffer[] {
  const ok = { tool: 'Bash', input: { command: 'ls' }, cwd: '/w', home: '/h' };
  const lines: Buffer[] = [
    b('{'), b('{"id":"t","tool":"Bash","input":{"command":"ls"'), b('null'), b('[]'), b('"ls"'), b('42'), b('{}'),
    b('{"id":"x","tool":7}'), b('{"id":"x","tool":"Bash"}'), b('{"id":"x","tool":"Bash","input":"ls"}'),
    b('{"id":"x","tool":"Bash","input":{"command":7}}'), b('{"id":"x","tool":"Bash","input":{"command":""}}'),
    b('{"id":"x","tool":"Read","input":{"file_path":""}}'), b('{"id":"x","tool":"Nope","input":{}}'),
    b('{"id":"x","tool":"__proto__","input":{}}'), b('{"id":"x","tool":"constructor","input":{}}'),
    b(JSON.stringify({ ...ok, id: 'cwd', cwd: '' })), b(JSON.stringify({ ...ok, id: 'cwd2', cwd: '.' })), b(JSON.stringify({ ...ok, id: 'home', home: 'h' })),
    b(JSON.stringify({ ...ok, id: 'mode', mode: 'sideways' })),
    b(`{"id":${nest(6000, '[', ']')},"tool":"Bash","input":{"command":"ls"},"cwd":"/w","home":"/h"}`),
    b(`{"id":"deepin","tool":"Bash","input":{"command":"ls","x":${nest(6000, '{"a":', '}')}},"cwd":"/w","home":"/h"}`),
    b(`{"id":"deeptool","tool":${nest(3000, '{"a":', '}')},"input":{}}`),
    b(JSON.stringify({ ...ok, id: 'huge', input: { command: 'echo ' + 'a'.repeat(2 * 1024 * 1024) } })),
    b(JSON.stringify({ ...ok, id: 'nul', input: { command: 'ls\u0000; rm -rf ~' } })),
    Buffer.concat([b('{"id":"utf8","tool":"Bash","input":{"command":"ls '), Buffer.from([0xff, 0xfe]), b('"},"cwd":"/w","home":"/h"}')]),
    Buffer.concat([b('{"id":"utf8b","tool":"Bash","input":{"command":"rm -rf '), Buffer.from([0xc0, 0xaf]), b('"},"cwd":"/w","home":"/h"}')]),
    b('\u0000\u0001\u0002'), b('{"id":"dup","id":"dup","tool":"Bash","tool":7}'),
  ];
  // Random garbage and random JSON of the wrong shape (fixed seed).
  for (const s of fc.sample(fc.string({ minLength: 1, maxLength: 200 }), { numRuns: 60, seed: 13 })) if (s.trim() && !s.includes('\n') && !s.includes('\r')) lines.push(b(s));
  for (const v of fc.sample(fc.jsonValue({ maxDepth: 6 }), { numRuns: 60, seed: 14 })) lines.push(b(JSON.stringify({ id: 'r', tool: 'Bash', input: v, cwd: '/w', home: '/h' })));
  return lines.filter((l) => l.toString('latin1').trim() !== '' && !l.includes(10) && !l.includes(13));
}

describe('lab decide --jsonl under fuzz', () => {
  it('answers every line, allows nothing malformed, and exits 0', () => {
    const bad = badDecideLines();
    const good = b(JSON.stringify({ id: 'control', tool: 'Bash', input: { command: 'ls' }, cwd: '/w', home: '/h' }));
    const input = Buffer.concat([...bad, good].flatMap((l) => [l, b('\n')]));
    const r = lab(['decide', '--jsonl'], input);
    expect(r.status).toBe(0);
    expect(r.stderr).not.toMatch(/internal error|RangeError|\n\s+at /);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(bad.length + 1);
    out.slice(0, bad.length).forEach((o, i) => {
      expect(o.behavior === undefined ? typeof o.error : o.behavior, `line ${i + 1}: ${bad[i]!.toString('latin1').slice(0, 80)}`).not.toBe('allow');
      if (o.behavior === undefined) expect(o.error).toMatch(new RegExp(`^line ${i + 1}: `));
    });
    // The control line after all of them is still answered, and allowed.
    expect(out[bad.length]).toMatchObject({ id: 'control', behavior: 'allow' });
  }, 60_000);
});

/** Hook payloads that must never be allowed. */
function badHookInputs(): Buffer[] {
  const base = { hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd: '/home/dev/app', permission_mode: 'default' };
  const ins: Buffer[] = [
    b(''), b('{'), b('null'), b('[]'), b('"PreToolUse"'), b('{}'),
    b(JSON.stringify({ ...base, tool_input: 'ls' })), b(JSON.stringify({ ...base, tool_input: { command: 7 } })),
    b(JSON.stringify({ ...base, tool_name: '', tool_input: {} })), b(JSON.stringify({ ...base, cwd: 'app', tool_input: { command: 'ls' } })),
    b(JSON.stringify({ ...base, cwd: '', tool_input: { command: 'ls' } })), b(JSON.stringify({ ...base, hook_event_name: 'Stop', tool_input: { command: 'ls' } })),
    b(JSON.stringify({ ...base, tool_input: { command: 'echo ' + 'a'.repeat(2 * 1024 * 1024) } })),
    b(`{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"/home/dev/app","tool_input":{"command":"ls","x":${nest(6000, '{"a":', '}')}}}`),
    b(`{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"/home/dev/app","tool_input":${nest(6000, '{"a":', '}')}}`),
    Buffer.concat([b('{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"/home/dev/app","permission_mode":"bypassPermissions","tool_input":{"command":"ls '), Buffer.from([0xff]), b('"}}')]),
    b(JSON.stringify({ ...base, tool_input: { command: 'ls\u0000; rm -rf ~' } })),
  ];
  for (const v of fc.sample(fc.jsonValue({ maxDepth: 5 }), { numRuns: 12, seed: 15 })) ins.push(b(JSON.stringify({ ...base, tool_input: { command: v } })));
  for (const s of fc.sample(fc.string({ maxLength: 100 }), { numRuns: 6, seed: 16 })) ins.push(b(s));
  return ins;
}

function checkHookAnswer(code: number | null, stdout: string, what: string): void {
  expect([0, 2], what).toContain(code);
  const out = JSON.parse(stdout.trim().split('\n').pop()!).hookSpecificOutput;
  expect(out.permissionDecision, what).not.toBe('allow');
  if (code === 2) expect(out.permissionDecision, what).toBe('deny');
}

describe('the hook under fuzz', () => {
  it('dist/hook.sh never allows, never crashes, always answers JSON', () => {
    for (const input of badHookInputs()) {
      const r = spawnSync('sh', [HOOK_LAUNCHER], { input, cwd: ROOT, env: cleanEnv({ HOME: '/home/dev' }), encoding: 'utf8', maxBuffer: 64 << 20 });
      checkHookAnswer(r.status, r.stdout, input.toString('latin1').slice(0, 100));
    }
  }, 60_000);
  it('lab hook never allows, never crashes, always answers JSON', () => {
    const all = badHookInputs();
    for (const input of [all[1]!, all[6]!, all[12]!, all[13]!, all[15]!]) {
      const r = lab(['hook'], input, { HOME: '/home/dev' });
      checkHookAnswer(r.status, r.stdout, input.toString('latin1').slice(0, 100));
    }
  }, 60_000);
});
