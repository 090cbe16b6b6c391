// What the prebuilt bundle of `lab regress` exports (lab/bin.mjs builds it for that verb alone:
// a fifth smaller than the whole CLI's, so quicker to build and to load, in every thread): the CLI
// with that one verb, and the entry of a regress worker thread.
import { runCli } from './cli.ts';

export { quietOnEpipe } from './cli.ts';
export { regressWorker } from './regress-workers.ts';

export function main(argv: string[]): Promise<number> {
  return runCli(argv, { regress: async () => (await import('./commands/regress.ts')).run });
}
