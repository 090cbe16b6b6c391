// `lab regress` on several threads. The units of work are the family files: each thread (this
// one included, from the start) takes the next file from one shared counter, largest files
// first so that the last ones taken are small, parses it (through the corpus cache) and runs its
// selected cases in every mode. A worker loads the prebuilt CLI bundle (lab/bundle.mjs), calls
// regressWorker, waits for the job and posts each file's cases and results as soon as it has
// them; a file a worker took but did not post (it failed) is run here. The answer is the one of
// loading the corpus and running every case in this thread, in corpus order. lab/bin.mjs starts
// the workers of `lab regress` (lab/regress-threads.mjs) before this thread has loaded the bundle itself.
import { readFileSync, statSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { startWorker, type Started } from './regress-threads.mjs';
import { EngineCache, runCase, type CaseResult } from './corpus/run.ts';
import { loadFamilyCached, loadFamilyText, type LintError, type LoadedCase } from './corpus/schema.ts';
import type { ModeRowLike } from './corpus/expect.ts';
import { useNodeHost } from './node-host.ts';
import { secretsOf } from '../engine/index.ts';

type Slim = Omit<CaseResult, 'lc'>;

/** What every thread works from (a worker gets it as workerData). */
interface Job {
  root: string;
  modes: readonly ModeRowLike[];
  /** Family files, in the order they are taken. */
  files: string[];
  cache: boolean;
  family?: string;
  detector?: string;
  /** One Int32: the index of the next file to take. */
  next: SharedArrayBuffer;
}

/** One family file: its selected cases, its errors, and the results of those cases. */
interface FileDone {
  at: number;
  cases: LoadedCase[];
  errors: LintError[];
  results: Slim[];
  /** secretsOf each case's command and input (the report redacts them from its output). */
  secrets: string[];
}

/** The cases `lab regress --family F --detector D` runs; every file's errors count regardless. */
export function selected(lc: LoadedCase, family: string | undefined, detector: string | undefined): boolean {
  return (!family || lc.family === family) && (!detector || lc.case.detectors.includes(detector) || lc.case.notDetectors.includes(detector));
}

function runFile(job: Job, at: number, engines: EngineCache): FileDone {
  const file = job.files[at]!;
  const text = readFileSync(file, 'utf8');
  const r = job.cache ? loadFamilyCached(file, text) : loadFamilyText(file, text);
  const cases = r.cases.filter((lc) => selected(lc, job.family, job.detector));
  const results = cases.map((lc): Slim => {
    const { lc: _, ...rest } = runCase(lc, job.modes, engines);
    return rest;
  });
  // One case at a time, as secretsOf over all the cases (one level deeper) would find them.
  const secrets: string[] = [];
  for (const lc of cases) secretsOf([lc.case.command, lc.case.input], 1, secrets);
  return { at, cases, errors: r.errors, results, secrets };
}

/** Take files from the shared counter until none is left. */
function takeFiles(job: Job, engines: EngineCache, each: (d: FileDone) => void): void {
  const next = new Int32Array(job.next);
  for (let at = Atomics.add(next, 0, 1); at < job.files.length; at = Atomics.add(next, 0, 1)) each(runFile(job, at, engines));
}

/** Give a worker the job; settles when it has exited, however it ended. */
function give(s: Started, job: Job, each: (d: FileDone) => void): Promise<unknown> {
  s.worker.ref();
  s.worker.on('message', each);
  s.worker.postMessage(job);
  return s.exited;
}

/** Workers not needed after all. */
export function stopWorkers(started: readonly Started[] = []): void {
  for (const s of started) void s.worker.terminate();
}

export interface SharedRun {
  cases: LoadedCase[];
  errors: LintError[];
  results: CaseResult[];
  secrets: string[];
}

/**
 * Every family file of `files` (corpus order) parsed and its selected cases run, on n threads
 * (this one included; the workers already started first). Cases, errors and results come back
 * in corpus order.
 */
export async function runShared(
  moduleUrl: string,
  n: number,
  opts: { root: string; modes: readonly ModeRowLike[]; files: string[]; cache?: boolean; family?: string; detector?: string },
  started: readonly Started[] = [],
): Promise<SharedRun> {
  const size = new Map(opts.files.map((f) => [f, sizeOf(f)]));
  const files = [...opts.files].sort((a, b) => size.get(b)! - size.get(a)!);
  const job: Job = { root: opts.root, modes: opts.modes, files, cache: opts.cache === true, family: opts.family, detector: opts.detector, next: new SharedArrayBuffer(4) };
  const done: (FileDone | undefined)[] = new Array(files.length);
  const keep = (d: FileDone) => void (done[d.at] = d);
  const workers = Array.from({ length: n - 1 }, (_, k) => give(started[k] ?? startWorker(moduleUrl), job, keep));
  stopWorkers(started.slice(n - 1));
  const engines = new EngineCache(job.root);
  takeFiles(job, engines, keep);
  await Promise.all(workers);
  const byFile = new Map<string, FileDone>();
  for (let at = 0; at < files.length; at++) byFile.set(files[at]!, done[at] ?? runFile(job, at, engines));
  const out: SharedRun = { cases: [], errors: [], results: [], secrets: [] };
  for (const f of opts.files) {
    const d = byFile.get(f)!;
    d.cases.forEach((lc, i) => out.results.push({ lc, ...d.results[i]! }));
    out.cases.push(...d.cases);
    out.errors.push(...d.errors);
    out.secrets.push(...d.secrets);
  }
  return out;
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** A worker's entry: wait for the job, take files from it and post each one's cases and results. */
export function regressWorker(): void {
  useNodeHost();
  parentPort!.once('message', (job: Job) => takeFiles(job, new EngineCache(job.root), (d) => parentPort!.postMessage(d)));
}
