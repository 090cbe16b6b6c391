// `lab regress [--json] [--junit FILE] [--family F] [--detector ID] [--mode M] [--update-baseline]`
import { join } from 'node:path';
import { runRegressParallel } from '../regress.ts';
import { regressThreads, type Started } from '../regress-threads.mjs';
import { REPO_ROOT, useNodeHost } from '../node-host.ts';

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
    // Set by lab/bin.mjs when the CLI runs from its prebuilt bundle: the workers load the same
    // file, and bin.mjs has started them already.
    workerModule: (globalThis as { gatelabBundle?: string }).gatelabBundle,
    workers: regressThreads(),
    started: (globalThis as { gatelabWorkers?: Started[] }).gatelabWorkers,
  });
  process.stdout.write(r.output);
  return r.exitCode;
}
