// `lab regress [--json] [--junit FILE] [--family F] [--detector ID] [--mode M] [--update-baseline]`
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { runRegressParallel } from '../regress.ts';
import { REPO_ROOT, useNodeHost } from '../node-host.ts';

/** Threads for the cases: GATELAB_REGRESS_WORKERS, else one per core (at most 4). */
function threads(): number {
  const n = Number(process.env.GATELAB_REGRESS_WORKERS);
  return Number.isInteger(n) && n >= 1 ? n : Math.min(4, availableParallelism());
}

export async function run(flags: Record<string, string | true>): Promise<number> {
  useNodeHost();
  const str = (k: string) => (typeof flags[k] === 'string' ? (flags[k] as string) : undefined);
  const r = await runRegressParallel({
    json: flags.json === true,
    junit: str('junit'),
    family: str('family'),
    detector: str('detector'),
    mode: str('mode'),
    updateBaseline: flags['update-baseline'] === true,
    baselinePath: str('baseline') ?? join(REPO_ROOT, 'checks', 'baseline.json'),
    corpusDir: join(REPO_ROOT, 'corpus'),
    rootDir: REPO_ROOT,
    isTTY: process.stderr.isTTY === true,
    cache: true,
    // Set by lab/bin.mjs when the CLI runs from its prebuilt bundle (workers load the same file).
    workerModule: (globalThis as { gatelabBundle?: string }).gatelabBundle,
    workers: threads(),
  });
  process.stdout.write(r.output);
  return r.exitCode;
}
