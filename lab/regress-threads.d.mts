// Types of lab/regress-threads.mjs.
import type { Worker } from 'node:worker_threads';

export interface Started {
  worker: Worker;
  exited: Promise<unknown>;
}
export function regressThreads(env?: Record<string, string | undefined>): number;
export function startWorker(moduleUrl: string): Started;
