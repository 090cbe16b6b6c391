// The `lab` CLI: one verb per module, loaded on demand (lab/cli.ts runs them).
import { runCli, type Verb, type Verbs } from './cli.ts';

export { quietOnEpipe } from './cli.ts';

const VERBS: Record<string, () => Promise<Verb>> = {
  decide: async () => (await import('./commands/decide.ts')).runDecide,
  explain: async () => (await import('./commands/explain.ts')).runExplain,
  policy: async () => (await import('./commands/policy.ts')).runPolicy,
};

/**
 * Verbs other modules provide; each module exports `run(flags, rest)`. Literal import paths, so
 * that esbuild can put every verb into the prebuilt bundle (lab/bundle.mjs).
 */
const LAZY: Record<string, () => Promise<{ run: Verb }>> = {
  run: () => import('./commands/run.ts'),
  watch: () => import('./commands/watch.ts'),
  list: () => import('./commands/list.ts'),
  hint: () => import('./commands/hint.ts'),
  reset: () => import('./commands/reset.ts'),
  code: () => import('./commands/code.ts'),
  solution: () => import('./commands/solution.ts'),
  progress: () => import('./commands/progress.ts'),
  regress: () => import('./commands/regress.ts'),
  corpus: () => import('./commands/corpus.ts'),
  screen: () => import('./commands/screen-cli.ts'),
  hook: () => import('./commands/hook.ts'),
};

/** A verb of LAZY whose module is not there (a checkout without challenges): null. */
async function lazy(load: () => Promise<{ run: Verb }>): Promise<Verb | null> {
  try {
    return (await load()).run;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw e;
    return null;
  }
}

const ALL: Verbs = {
  ...Object.fromEntries(Object.entries(LAZY).map(([v, load]) => [v, () => lazy(load)])),
  ...VERBS,
};

export function main(argv: string[]): Promise<number> {
  return runCli(argv, ALL);
}
