// The worker threads of `lab regress` (lab/regress-workers.ts shares the work out): how many,
// and starting one on the CLI bundle. Plain JavaScript, so that lab/bin.mjs can start them while
// the main thread is still loading that bundle itself.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Threads for lab regress, the main one included: GATELAB_REGRESS_WORKERS, else one per core (at most 4). */
export function regressThreads(env = process.env) {
  const n = Number(env.GATELAB_REGRESS_WORKERS);
  return Number.isInteger(n) && n >= 1 ? n : Math.min(4, availableParallelism());
}

/** A worker on moduleUrl's regressWorker, waiting for its job; its errors are caught, `exited` settles when it ends. */
export function startWorker(moduleUrl) {
  const worker = new Worker(`import(${JSON.stringify(moduleUrl)}).then((m) => m.regressWorker())`, { eval: true });
  worker.on('error', () => undefined);
  return { worker, exited: new Promise((resolve) => worker.once('exit', resolve)) };
}
