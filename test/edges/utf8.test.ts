// Bytes that are not UTF-8 are never repaired and judged: `ls \xff` was allowed (issue 13).
import { describe, expect, it } from 'vitest';
import { runHook } from '../../lab/hook/run.ts';
import { lab } from './helpers.ts';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
const INVALID: number[][] = [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xc0, 0xaf]];

describe('lab decide', () => {
  it('answers a line that is not UTF-8 with ask (input), keeps its id, and goes on', () => {
    const lines = INVALID.map((b, i) => bytes(`{"id":"bad${i}","tool":"Bash","input":{"command":"ls `, b, `"},"cwd":"/w","home":"/h"}\n`));
    lines.push(bytes(JSON.stringify({ id: 'ok', tool: 'Bash', input: { command: 'ls é' }, cwd: '/w', home: '/h' }) + '\n'));
    lines.push(bytes('{"id":"plan","tool":"Bash","mode":"plan","input":{"command":"ls ', [0xff], '"},"cwd":"/w","home":"/h"}\n'));
    const r = lab(['decide', '--jsonl'], Buffer.concat(lines));
    expect(r.status).toBe(0);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(INVALID.length + 2);
    for (let i = 0; i < INVALID.length; i++) expect(out[i]).toMatchObject({ id: `bad${i}`, behavior: 'ask', reason: { type: 'input' } });
    expect(out[INVALID.length]).toMatchObject({ id: 'ok', behavior: 'allow' });
    expect(out[INVALID.length + 1]).toMatchObject({ id: 'plan', behavior: 'deny', reason: { type: 'input' } });
  });
});

describe('the hook', () => {
  const deps = { env: {}, home: '/home/dev', defaultPolicy: () => ({ text: 'version: 1\n', file: 'd.yaml' }), readText: () => null };
  const call = (mode: string, b: number[]) =>
    bytes(`{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"/home/dev/app","permission_mode":"${mode}","tool_input":{"command":"ls `, b, '"}}');
  it.each(INVALID)('answers ask in default mode for invalid bytes %j', (...b) => {
    const r = runHook(call('default', b), deps);
    expect(r.verdict).toBe('ask');
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(/not valid UTF-8/);
  });
  it.each(['bypassPermissions', 'plan', 'dontAsk', 'auto'])('answers deny in %s (an ask would not be shown)', (mode) => {
    expect(runHook(call(mode, [0xff]), deps).verdict).toBe('deny');
  });
  it('lab hook reads raw bytes from stdin', () => {
    const r = lab(['hook'], call('default', [0xff]));
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('ask');
  });
});
