// What the session memory costs one hook call on a full audit ring: reading the session's
// prior calls, and appending one entry (lock, rewrite, rename). Each sample is a fresh process,
// as a hook call is. `npx tsx lab/hook/ring-time.ts [runs]`
// The ring: 2,000 entries of 20 sessions as the hook writes them (pre and post alternating,
// outputs at their cap).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_CAPACITY } from '../../engine/index.ts';
import { nodeStore, stateFile, AUDIT_FILE } from './state.ts';
import { appendEntries, postEntry, preEntry, readSession } from './session.ts';

const SESSION = 'sess-3';
const allow = { behavior: 'allow' as const, message: '', reason: { type: 'readOnly' } };

function fill(dir: string): void {
  const entries = [];
  for (let i = 0; i < AUDIT_CAPACITY / 2; i++) {
    const call = { tool: 'Bash', input: { command: `curl -s "https://api.example.com/v1/items/${i}?page=2&per_page=100" | jq '.items[].name'` } };
    const s = `sess-${i % 20}`;
    entries.push(preEntry(call, allow, { ts: i, tool: 'Bash', action: 'allow', command: call.input.command }, s, `toolu_${i}`));
    const base = { ts: i, tool: 'Bash', action: 'screened' as const, provenance: 'external', verdict: 'allow', reason: 'no injection signs', command: call.input.command };
    entries.push(postEntry(base, call, `{"items":[{"name":"item-${i}","price":12.5}]} `.repeat(20), s, `toolu_${i}`));
  }
  appendEntries(nodeStore, dir, entries);
}

/** One call's work, timed: [read + prior, append]. */
function once(dir: string): [number, number] {
  const call = { tool: 'Bash', input: { command: 'git status' } };
  const entry = preEntry(call, allow, { tool: 'Bash', action: 'allow', command: 'git status' }, SESSION, 'toolu_x');
  let t = performance.now();
  const h = readSession(nodeStore, dir, SESSION);
  const read = performance.now() - t;
  t = performance.now();
  appendEntries(nodeStore, dir, [entry], { known: h.ring });
  return [read, performance.now() - t];
}

if (process.argv[2] === '--once') {
  console.log(JSON.stringify(once(process.argv[3]!)));
} else {
  const runs = Number(process.argv[2] ?? 25);
  const dir = mkdtempSync(join(tmpdir(), 'gatelab-ring-'));
  fill(dir);
  const read: number[] = [];
  const append: number[] = [];
  for (let k = 0; k < runs; k++) {
    const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--once', dir], { encoding: 'utf8' });
    const [a, b] = JSON.parse(r.stdout) as [number, number];
    read.push(a);
    append.push(b);
  }
  const q = (a: number[], f: number) => [...a].sort((x, y) => x - y)[Math.floor(a.length * f)]!.toFixed(2);
  console.log(`ring: ${AUDIT_CAPACITY} entries, ${(statSync(stateFile(dir, AUDIT_FILE)).size / 1024).toFixed(0)} KiB; ${runs} fresh processes`);
  console.log(`read + prior: median ${q(read, 0.5)} ms, p90 ${q(read, 0.9)} ms`);
  console.log(`append:       median ${q(append, 0.5)} ms, p90 ${q(append, 0.9)} ms`);
  rmSync(dir, { recursive: true, force: true });
}
