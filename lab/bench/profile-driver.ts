// Run by lab/bench/profile.ts under `node --cpu-prof`: decide on every call × mode, `rounds` times.
import { readFileSync } from 'node:fs';
import { PermissionEngine, analyze, loadPolicy, useRegexEngine, type ModeName, type ToolCall } from '../../engine/index.ts';
import { re2Engine } from '../re2-engine.ts';

const [inputs, policyFile] = process.argv.slice(2) as [string, string];
const { calls, modes, rounds, analyser } = JSON.parse(readFileSync(inputs, 'utf8')) as { calls: ToolCall[]; modes: ModeName[]; rounds: number; analyser: boolean };
useRegexEngine(re2Engine);
const engine = new PermissionEngine(loadPolicy(readFileSync(policyFile, 'utf8'), { file: policyFile }));
const times: number[] = [];
const slow = new Map<number, number>();
const t0 = process.hrtime.bigint();
for (let r = 0; r < rounds; r++)
  for (const mode of modes)
    calls.forEach((call, i) => {
      const a = process.hrtime.bigint();
      if (analyser) analyze(String(call.input.command ?? ''), { home: '/home/dev' });
      else engine.decide(call, { cwd: '/home/dev/app', home: '/home/dev', mode });
      const dt = Number(process.hrtime.bigint() - a) / 1000;
      times.push(dt);
      slow.set(i, (slow.get(i) ?? 0) + dt);
    });
const us = Number(process.hrtime.bigint() - t0) / 1000;
times.sort((a, b) => a - b);
const q = (x: number) => times[Math.min(times.length - 1, Math.floor(x * times.length))]!.toFixed(1);
console.log(`profile driver: ${times.length} decisions, mean ${(us / times.length).toFixed(1)} µs, median ${q(0.5)}, p90 ${q(0.9)}, p99 ${q(0.99)}`);
const worst = [...slow].sort((a, b) => b[1] - a[1]).slice(0, 8);
const share = worst.reduce((s, [, t]) => s + t, 0) / us;
console.log(`slowest commands (${(100 * share).toFixed(0)} % of the time):`);
for (const [i, t] of worst) {
  const c = String((calls[i]!.input as { command?: string }).command ?? '');
  console.log(`  ${(t / (rounds * modes.length)).toFixed(0).padStart(7)} µs  ${c.length} B  ${JSON.stringify(c.slice(0, 60))}`);
}
