// Session memory in the hook: PreToolUse decisions and PostToolUse results in the audit ring,
// replayed as the engine's `prior` for the next calls of the same session only.
import { describe, it, expect } from 'vitest';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHook, type HookDeps } from '../../lab/hook/run.ts';
import { nodeStore, stateFile, AUDIT_FILE } from '../../lab/hook/state.ts';
import { readSession, sessionHistory, SESSION_PRIOR } from '../../lab/hook/session.ts';
import { AUDIT_CAPACITY } from '../../engine/index.ts';

function project(policy: string): { dir: string; deps: HookDeps; ring: () => string } {
  const dir = mkdtempSync(join(tmpdir(), 'gatelab-session-'));
  writeFileSync(join(dir, '.gatelab.yaml'), policy);
  let t = 0;
  const deps: HookDeps = {
    env: { CLAUDE_PROJECT_DIR: dir, GATELAB_TRUST_PROJECT: '1' },
    home: join(dir, 'home'),
    defaultPolicy: () => ({ file: 'default.yaml', text: 'version: 1\n' }),
    readText: (p) => {
      try {
        return readFileSync(p, 'utf8');
      } catch {
        return null;
      }
    },
    store: nodeStore,
    now: () => ++t,
  };
  return { dir, deps, ring: () => readFileSync(stateFile(dir, AUDIT_FILE), 'utf8') };
}

let ids = 0;
const call = (dir: string, session: string, command: string, mode = 'default') => {
  const id = `toolu_${++ids}`;
  return {
    id,
    pre: JSON.stringify({ session_id: session, tool_use_id: id, cwd: dir, permission_mode: mode, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } }),
    post: (stdout: string) =>
      JSON.stringify({ session_id: session, tool_use_id: id, cwd: dir, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command }, tool_response: { stdout, stderr: '' } }),
  };
};
const answer = (r: { stdout: string }) => JSON.parse(r.stdout).hookSpecificOutput?.permissionDecision as string;

const TARGETS = 'allow: ["Bash(curl *)"]\ntargets:\n  pins: [api.example.com]\n';

describe('target approvals accumulate per session', () => {
  it('a target approved in a prior call is pinned for the next call of the same session, not of another', () => {
    const { dir, deps } = project(TARGETS);
    const first = call(dir, 'A', 'curl -s https://new.example.org/a');
    // Unpinned: the approval round asks.
    expect(answer(runHook(first.pre, deps))).toBe('ask');
    // Asked again before the person answered: still no pin (an ask is not an approval).
    expect(answer(runHook(call(dir, 'A', 'curl -s https://new.example.org/b').pre, deps))).toBe('ask');
    // The person approved: the call ran, and its PostToolUse says so.
    runHook(first.post('ok'), deps);
    expect(answer(runHook(call(dir, 'A', 'curl -s https://new.example.org/c').pre, deps))).toBe('allow');
    // Another session of the same project has approved nothing.
    expect(answer(runHook(call(dir, 'B', 'curl -s https://new.example.org/c').pre, deps))).toBe('ask');
    // Nor does the pin reach another host.
    expect(answer(runHook(call(dir, 'A', 'curl -s https://other.example.org/').pre, deps))).toBe('ask');
  });

  it('a denied call pins nothing', () => {
    const { dir, deps } = project(TARGETS + 'deny: ["Bash(curl -X DELETE *)"]\n');
    const up = call(dir, 'A', 'curl -X DELETE https://new.example.org/a');
    expect(answer(runHook(up.pre, deps))).toBe('deny');
    expect(answer(runHook(call(dir, 'A', 'curl -s https://new.example.org/').pre, deps))).toBe('ask');
  });
});

describe('target approvals of other tools', () => {
  it('a WebFetch that asked and ran pins its host for the next WebFetch; a Read in the history changes nothing', () => {
    const { dir, deps } = project('allow: ["WebFetch", "Read"]\ntargets:\n  pins: [api.example.com]\n');
    const ev = (event: string, tool: string, input: object, id: string) =>
      JSON.stringify({ session_id: 'A', tool_use_id: id, cwd: dir, permission_mode: 'default', hook_event_name: event, tool_name: tool, tool_input: input, tool_response: 'ok' });
    const read = { file_path: join(dir, 'a.txt') };
    expect(answer(runHook(ev('PreToolUse', 'Read', read, 'r1'), deps))).toBe('allow');
    runHook(ev('PostToolUse', 'Read', read, 'r1'), deps);
    const fetch = { url: 'https://new.example.org/a', prompt: 'summarise' };
    expect(answer(runHook(ev('PreToolUse', 'WebFetch', fetch, 'w1'), deps))).toBe('ask');
    runHook(ev('PostToolUse', 'WebFetch', fetch, 'w1'), deps);
    expect(answer(runHook(ev('PreToolUse', 'WebFetch', { url: 'https://new.example.org/b', prompt: 'x' }, 'w2'), deps))).toBe('allow');
    expect(answer(runHook(ev('PreToolUse', 'WebFetch', { url: 'https://elsewhere.example.org/', prompt: 'x' }, 'w3'), deps))).toBe('ask');
  });
});

describe('browser snapshots per session', () => {
  const GUARDED = 'preset: guarded\nscope: [fiuu.com]\n';
  it('an element ref is valid right after a snapshot in the same session, not in another or after a navigation', () => {
    const { dir, deps } = project(GUARDED);
    // No snapshot yet: the ref is refused.
    expect(answer(runHook(call(dir, 'A', 'agent-browser hover @e2').pre, deps))).toBe('deny');
    const snap = call(dir, 'A', 'agent-browser snapshot');
    expect(answer(runHook(snap.pre, deps))).toBe('allow');
    runHook(snap.post('- button "Buy" [ref=e2]'), deps);
    expect(answer(runHook(call(dir, 'A', 'agent-browser hover @e2').pre, deps))).toBe('allow');
    expect(answer(runHook(call(dir, 'B', 'agent-browser hover @e2').pre, deps))).toBe('deny');
    const nav = call(dir, 'A', 'agent-browser click @e2');
    runHook(nav.pre, deps);
    runHook(nav.post('clicked'), deps);
    expect(answer(runHook(call(dir, 'A', 'agent-browser hover @e2').pre, deps))).toBe('deny');
  });
});

describe('the ring', () => {
  it('records every PreToolUse decision and what each PostToolUse brought back', () => {
    const { dir, deps, ring } = project(TARGETS);
    const c = call(dir, 'A', 'curl -s https://api.example.com/x');
    runHook(c.pre, deps);
    runHook(c.post('{"items": [1, 2]}'), deps);
    const entries = ring().trim().split('\n').map((l) => JSON.parse(l));
    expect(entries).toMatchObject([
      { event: 'pre', session: 'A', id: c.id, tool: 'Bash', action: 'allow', behavior: 'allow', command: 'curl -s https://api.example.com/x' },
      { event: 'post', session: 'A', id: c.id, tool: 'Bash', action: 'screened', output: '{"items": [1, 2]}' },
    ]);
    expect(sessionHistory(ring(), 'A').prior).toEqual([{ tool: 'Bash', summary: 'curl -s https://api.example.com/x', behavior: 'allow', output: '{"items": [1, 2]}' }]);
    expect(sessionHistory(ring(), 'B').prior).toEqual([]);
  });

  it('never holds more than its bound, and a session sees only its last calls', () => {
    const { dir, deps, ring } = project('version: 1\n');
    // A ring already full of another session's entries.
    const line = (i: number) => JSON.stringify({ seq: i, ts: i, tool: 'Bash', action: 'allow', event: 'pre', session: 'old', behavior: 'allow', command: `echo ${i}` });
    mkdirSync(join(dir, '.gatelab'));
    writeFileSync(stateFile(dir, AUDIT_FILE), Array.from({ length: AUDIT_CAPACITY }, (_, i) => line(i + 1)).join('\n') + '\n');
    for (let i = 0; i < SESSION_PRIOR + 5; i++) runHook(call(dir, 'A', `echo ${i}`).pre, deps);
    const lines = ring().trim().split('\n');
    expect(lines.length).toBe(AUDIT_CAPACITY);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ session: 'A', command: `echo ${SESSION_PRIOR + 4}` });
    const prior = sessionHistory(ring(), 'A').prior;
    expect(prior.length).toBe(SESSION_PRIOR);
    expect(prior[0]!.summary).toBe('echo 5');
  });

  it('keeps secrets out of the ring, in commands, reasons and outputs', () => {
    const { dir, deps, ring } = project('version: 1\n');
    const token = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const c = call(dir, 'A', `curl -H "Authorization: token ${token}" https://api.github.com/user`);
    runHook(c.pre, deps);
    runHook(c.post(`{"token": "${token}", "aws": "AKIAIOSFODNN7EXAMPLE"}`), deps);
    const text = ring();
    expect(text).not.toContain(token);
    expect(text).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(text.trim().split('\n').length).toBe(2);
  });
});

describe('text that is not ASCII', () => {
  it('survives appends byte for byte, and a session named in it is found', () => {
    const { dir, deps, ring } = project('version: 1\n');
    const command = 'echo "héllo — ✓ 😀 日本"';
    runHook(call(dir, 'sessión-ü', command).pre, deps);
    for (let i = 0; i < 3; i++) runHook(call(dir, 'other', `echo ${i}`).pre, deps);
    const first = JSON.parse(ring().split('\n')[0]!);
    expect(first).toMatchObject({ session: 'sessión-ü', command });
    expect(sessionHistory(ring(), 'sessión-ü').prior).toEqual([{ tool: 'Bash', summary: command, behavior: 'allow' }]);
    // And through the hook's own reading of the ring: the prior it builds holds the same text.
    const c = call(dir, 'sessión-ü', 'agent-browser snapshot');
    runHook(c.pre, deps);
    runHook(c.post('- link "Café ✓" [ref=e1]'), deps);
    expect(readSession(nodeStore, dir, 'sessión-ü').prior).toEqual([
      { tool: 'Bash', summary: command, behavior: 'allow' },
      { tool: 'Bash', summary: 'agent-browser snapshot', behavior: 'allow', output: '- link "Café ✓" [ref=e1]' },
    ]);
    expect(JSON.parse(ring().trim().split('\n').at(-1)!)).toMatchObject({ event: 'post', output: '- link "Café ✓" [ref=e1]' });
  });
});

describe('a damaged or unreadable ring', () => {
  it('is answered without a crash, and the session history it held is void (targets ask again)', () => {
    const { dir, deps, ring } = project(TARGETS);
    const first = call(dir, 'A', 'curl -s https://new.example.org/a');
    runHook(first.pre, deps);
    runHook(first.post('ok'), deps);
    expect(answer(runHook(call(dir, 'A', 'curl -s https://new.example.org/b').pre, deps))).toBe('allow');
    // A torn line in the middle of the ring.
    writeFileSync(stateFile(dir, AUDIT_FILE), ring() + '{"seq": 99, "tool": "Bash", "act\n' + '\u0000\u0001garbage\n');
    const r = runHook(call(dir, 'A', 'curl -s https://new.example.org/c').pre, deps);
    expect(answer(r)).toBe('ask');
    expect(r.stderr).toMatch(/damaged/);
    // The ring is rewritten whole, with a marker: the lost history stays void.
    const after = ring().trim().split('\n').map((l) => JSON.parse(l));
    expect(after.some((e) => e.event === 'damage')).toBe(true);
    expect(answer(runHook(call(dir, 'A', 'curl -s https://new.example.org/d').pre, deps))).toBe('ask');
    // Clean calls after the damage build history again.
    const again = call(dir, 'A', 'curl -s https://new.example.org/e');
    runHook(again.pre, deps);
    runHook(again.post('ok'), deps);
    expect(answer(runHook(call(dir, 'A', 'curl -s https://new.example.org/f').pre, deps))).toBe('allow');
  });

  it('a ring that cannot be read or written still gets an answer (fail closed where it matters)', () => {
    const { dir, deps } = project(TARGETS);
    // A folder where the ring file should be.
    mkdirSync(join(dir, '.gatelab', AUDIT_FILE), { recursive: true });
    const r = runHook(call(dir, 'A', 'curl -s https://new.example.org/a').pre, deps);
    expect(answer(r)).toBe('ask');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/cannot be read/);
    expect(r.stderr).toMatch(/audit not written/);
    expect(answer(runHook(call(dir, 'A', 'curl -s https://api.example.com/a').pre, deps))).toBe('allow');
  });

  it('a state folder that is a file is a warning, not a crash', () => {
    const { dir, deps } = project('version: 1\n');
    writeFileSync(join(dir, '.gatelab'), 'not a folder');
    chmodSync(join(dir, '.gatelab'), 0o444);
    const r = runHook(call(dir, 'A', 'git status').pre, deps);
    expect(answer(r)).toBe('allow');
    expect(r.stderr).toMatch(/warning/);
  });
});
