// Process start-up timing: each command runs `runs` times, interleaved round-robin so that load
// changes on a shared machine hit every command alike. Wall time per spawn in milliseconds, and
// the child's CPU time (user + sys, from /usr/bin/time when present), which load disturbs less.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { summarize, type Summary } from './stats.ts';

export interface ProcCommand {
  name: string;
  argv: string[];
  /** Stdin for every run. */
  input?: string;
  env?: Record<string, string | undefined>;
  cwd?: string;
}

export interface ProcResult {
  name: string;
  wallMs: Summary;
  /** CPU ms (user + sys) per run; undefined without /usr/bin/time. */
  cpuMs?: Summary;
  /** First run's stdout (to check the command did what it should). */
  sample: string;
  exitCodes: number[];
}

const TIME = '/usr/bin/time';
const MARK = '@@gatelab-time ';

export function timeProcesses(cmds: readonly ProcCommand[], runs: number, warmup = 2): ProcResult[] {
  const useTime = existsSync(TIME);
  const wall = cmds.map(() => [] as number[]);
  const cpu = cmds.map(() => [] as number[]);
  const samples = cmds.map(() => '');
  const codes = cmds.map(() => new Set<number>());
  for (let r = -warmup; r < runs; r++) {
    cmds.forEach((c, i) => {
      const argv = useTime ? [TIME, '-f', `${MARK}%U %S`, ...c.argv] : c.argv;
      const t0 = process.hrtime.bigint();
      const p = spawnSync(argv[0]!, argv.slice(1), { input: c.input ?? '', env: c.env ?? process.env, cwd: c.cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      const dt = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r < 0) return;
      wall[i]!.push(dt);
      const at = useTime ? (p.stderr ?? '').lastIndexOf(MARK) : -1;
      if (at >= 0) {
        const [u, s] = p.stderr.slice(at + MARK.length).trim().split(' ').map(Number);
        cpu[i]!.push(((u ?? 0) + (s ?? 0)) * 1000);
      }
      codes[i]!.add(p.status ?? -1);
      if (!samples[i]) samples[i] = (p.stdout || '').slice(0, 400);
    });
  }
  return cmds.map((c, i) => ({
    name: c.name,
    wallMs: summarize(wall[i]!),
    cpuMs: cpu[i]!.length ? summarize(cpu[i]!) : undefined,
    sample: samples[i]!,
    exitCodes: [...codes[i]!],
  }));
}
