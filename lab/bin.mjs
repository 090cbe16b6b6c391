#!/usr/bin/env node
// The `lab` command. Verbs that run no learner code start from a prebuilt bundle of the CLI
// (lab/bundle.mjs: rebuilt whenever a source byte changed; regress from one of its own); the
// others, and any failure to get the bundle, run the TypeScript sources through tsx.
const FAST = new Set(['regress', 'corpus', 'explain', 'decide', 'policy', 'screen']);

let mod;
if (FAST.has(process.argv[2] ?? '')) {
  // Batch verbs make thousands of short decisions in a few seconds: TurboFan compiling every
  // warm function costs more than its faster code saves. corpus runs without it; regress lets
  // only the hottest functions get there (30× the default budget: ≈ 6 % less CPU than none).
  const v8flags = { regress: '--interrupt-budget=2000000', corpus: '--max-opt=1' }[process.argv[2]];
  if (v8flags) (await import('node:v8')).setFlagsFromString(v8flags);
  const { freshBundle } = await import('./bundle.mjs');
  // lab regress has a bundle of its own, without the other verbs.
  const file = await freshBundle(process.argv[2] === 'regress' ? { entry: 'lab/regress-entry.ts', name: 'regress' } : {});
  if (file) {
    try {
      const href = new URL(`file://${file}`).href;
      // lab regress: its worker threads start loading the bundle beside this one (unref'd: one
      // not given a job never holds the process).
      if (process.argv[2] === 'regress') {
        const { regressThreads, startWorker } = await import('./regress-threads.mjs');
        globalThis.gatelabWorkers = Array.from({ length: regressThreads() - 1 }, () => startWorker(href));
        for (const s of globalThis.gatelabWorkers) s.worker.unref();
      }
      mod = await import(href);
      // lab regress shares its cases with worker threads that load the same bundle.
      globalThis.gatelabBundle = href;
    } catch {
      mod = undefined;
    }
  }
}
if (!mod) {
  const { register } = await import('tsx/esm/api');
  register();
  mod = await import('./main.ts');
}
mod.quietOnEpipe();
process.exitCode = await mod.main(process.argv.slice(2));
