// What the session memory costs one hook call on a full audit ring: reading the session's
// prior calls, and appending one entry (lock, rewrite, rename). `npx tsx lab/hook/ring-time.ts`
// A ring of 2,000 entries of 20 sessions, as the hook writes them (pre and post alternating,
// outputs at their cap).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_CAPACITY } from '../../engine/index.ts';
import { nodeStore, stateFile, AUDIT_FILE } from './state.ts';
import { appendEntries, postEntry, preEntry, readSession } from './session.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatelab-ring-'));
const allow = { behavior: 'allow' as const, message: '', reason: { type: 'readOnly' } };
const entries = [];
for (let i = 0; i < AUDIT_CAPACITY / 2; i++) {
  const call = { tool: 'Bash', input: { command: `curl -s "https://api.example.com/v1/items/${i}?page=2&per_page=100" | jq '.items[].name'` } };
  const s = `3f2b8c1e-4d5a-4b6c-9e7f-${String(i % 20).padStart(12, '0')}`;
  entries.push(preEntry(call, allow, { ts: i, tool: 'Bash', action: 'allow', command: call.input.command }, s, `toolu_${i}`));
  const base = { ts: i, tool: 'Bash', action: 'screened' as const, provenance: 'external', verdict: 'allow', reason: 'no injection signs', command: call.input.command };
  entries.push(postEntry(base, call, `{"items":[{"name":"item-${i}","price":12.5,"tags":["a","b"]}]} `.repeat(20), s, `toolu_${i}`));
}
appendEntries(nodeStore, dir, entries);
const file = stateFile(dir, AUDIT_FILE);
const session = '3f2b8c1e-4d5a-4b6c-9e7f-000000000003';
const call = { tool: 'Bash', input: { command: 'curl -s https://api.example.com/x' } };
const read: number[] = [];
const append: number[] = [];
for (let k = 0; k < 60; k++) {
  let t = performance.now();
  readSession(nodeStore, dir, session);
  read.push(performance.now() - t);
  t = performance.now();
  appendEntries(nodeStore, dir, [preEntry(call, allow, { tool: 'Bash', action: 'allow', command: call.input.command }, session, `t${k}`)]);
  append.push(performance.now() - t);
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!.toFixed(2);
const p90 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length * 0.9)]!.toFixed(2);
console.log(`ring: ${AUDIT_CAPACITY} entries, ${(statSync(file).size / 1024).toFixed(0)} KiB`);
console.log(`read + prior: median ${med(read)} ms, p90 ${p90(read)} ms`);
console.log(`append:       median ${med(append)} ms, p90 ${p90(append)} ms`);
rmSync(dir, { recursive: true, force: true });
