// Hook start-up, measured: `npx tsx lab/hook/startup.ts [--runs N] [--json]`.
// Runs bare `node -e ''`, the snapshot launcher (dist/hook.sh) and the bundle (dist/hook.mjs)
// round-robin on one PreToolUse payload (Bash `git status`, an empty project, a clean
// environment), and prints wall-time medians with the ratio to bare node measured in the same
// loop. Figures go to docs/BENCHMARKS.md, never into tests (the machine is shared and noisy).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOOK_BUNDLE, HOOK_LAUNCHER } from './build.ts';

export interface StartupRow {
  name: string;
  median: number;
  p90: number;
  min: number;
  runs: number;
  /** Median divided by bare node's median. */
  ratio: number;
  exitCodes: number[];
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/** Interleaved process runs; the first row is bare node. Two untimed warm-up rounds. */
export function measureStartup(runs = 40): StartupRow[] {
  const app = mkdtempSync(join(tmpdir(), 'gatelab-startup-'));
  try {
    const input = JSON.stringify({ session_id: 's', cwd: app, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status' } });
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: app, CLAUDE_PROJECT_DIR: app };
    const cmds = [
      { name: "node -e ''", argv: [process.execPath, '-e', ''] },
      { name: 'sh dist/hook.sh (snapshot)', argv: ['/bin/sh', HOOK_LAUNCHER] },
      { name: 'node dist/hook.mjs (bundle + code cache)', argv: [process.execPath, HOOK_BUNDLE] },
    ].map((c) => ({ ...c, times: [] as number[], codes: new Set<number>() }));
    for (let i = 0; i < runs + 2; i++) {
      for (const c of cmds) {
        const t0 = process.hrtime.bigint();
        const r = spawnSync(c.argv[0]!, c.argv.slice(1), { input, env, cwd: app });
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        if (i < 2) continue;
        c.times.push(ms);
        c.codes.add(r.status ?? -1);
      }
    }
    const bare = quantile(cmds[0]!.times, 0.5);
    return cmds.map((c) => ({
      name: c.name,
      median: quantile(c.times, 0.5),
      p90: quantile(c.times, 0.9),
      min: Math.min(...c.times),
      runs: c.times.length,
      ratio: quantile(c.times, 0.5) / bare,
      exitCodes: [...c.codes],
    }));
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--runs');
  const rows = measureStartup(i > 0 ? Number(process.argv[i + 1]) : 40);
  if (process.argv.includes('--json')) process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
  else {
    process.stdout.write('| command | wall median | wall p90 | wall min | runs | vs bare node | exit |\n| --- | --- | --- | --- | --- | --- | --- |\n');
    for (const r of rows) process.stdout.write(`| ${r.name} | ${r.median.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.min.toFixed(1)} | ${r.runs} | ${r.ratio.toFixed(2)}× | ${r.exitCodes.join(',')} |\n`);
  }
}
