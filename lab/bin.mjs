#!/usr/bin/env node
// The `lab` command. Verbs that run no learner code start from a prebuilt bundle of the CLI
// (lab/bundle.mjs: rebuilt whenever a source byte changed); the others, and any failure to get
// the bundle, run the TypeScript sources through tsx.
const FAST = new Set(['regress', 'corpus', 'explain', 'decide', 'policy', 'screen']);

let mod;
if (FAST.has(process.argv[2] ?? '')) {
  // Batch verbs make thousands of short decisions in a few seconds: TurboFan's compile time
  // there costs more than its faster code saves (regress: ≈ 40 % less CPU without it).
  if (process.argv[2] === 'regress' || process.argv[2] === 'corpus') (await import('node:v8')).setFlagsFromString('--max-opt=1');
  const { freshBundle } = await import('./bundle.mjs');
  const file = await freshBundle();
  if (file) {
    try {
      const href = new URL(`file://${file}`).href;
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
