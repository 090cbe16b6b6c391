// `lab regress` on several threads: the cases are dealt out round-robin (neighbouring cases
// cost alike), this thread runs the first share while worker threads run the others, and the
// results come back in corpus order. A worker loads the prebuilt CLI bundle (lab/bundle.mjs)
// and calls regressWorker; a worker that fails has its share run here instead.
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { EngineCache, runCase, type CaseResult } from './corpus/run.ts';
import type { LoadedCase } from './corpus/schema.ts';
import type { ModeRowLike } from './corpus/expect.ts';
import { useNodeHost } from './node-host.ts';

type Slim = Omit<CaseResult, 'lc'>;
interface Share {
  root: string;
  modes: readonly ModeRowLike[];
  cases: LoadedCase[];
}

const runHere = (s: Share): Slim[] => {
  const engines = new EngineCache(s.root);
  return s.cases.map((lc) => {
    const { lc: _, ...rest } = runCase(lc, s.modes, engines);
    return rest;
  });
};

function inWorker(moduleUrl: string, share: Share): Promise<Slim[]> {
  return new Promise((resolve, reject) => {
    const w = new Worker(`import(${JSON.stringify(moduleUrl)}).then((m) => m.regressWorker())`, { eval: true, workerData: share });
    w.once('message', (m: Slim[]) => resolve(m));
    w.once('error', reject);
    w.once('exit', (code) => reject(new Error(`regress worker exited with ${code}`)));
  }).then(
    (r) => r as Slim[],
    () => runHere(share),
  );
}

/** Every case through runCase, shared over n threads (this one included); corpus order. */
export async function runShared(moduleUrl: string, n: number, root: string, modes: readonly ModeRowLike[], cases: LoadedCase[]): Promise<CaseResult[]> {
  const shares: Share[] = Array.from({ length: n }, (_, k) => ({ root, modes, cases: cases.filter((_, i) => i % n === k) }));
  const others = shares.slice(1).map((s) => inWorker(moduleUrl, s));
  const done = [runHere(shares[0]!), ...(await Promise.all(others))];
  return cases.map((lc, i) => ({ lc, ...done[i % n]![Math.floor(i / n)]! }));
}

/** A worker's entry: run the share in workerData, post the results (without the cases). */
export function regressWorker(): void {
  useNodeHost();
  parentPort!.postMessage(runHere(workerData as Share));
}
