// `lab regress [--json] [--junit FILE] [--family F] [--detector ID] [--mode M] [--update-baseline]`
import { join } from 'node:path';
import { runRegress } from '../regress.ts';
import { REPO_ROOT, useNodeHost } from '../node-host.ts';

export function run(flags: Record<string, string | true>): number {
  useNodeHost();
  const str = (k: string) => (typeof flags[k] === 'string' ? (flags[k] as string) : undefined);
  const r = runRegress({
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
  });
  process.stdout.write(r.output);
  return r.exitCode;
}
