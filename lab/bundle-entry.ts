// What the prebuilt CLI bundle (lab/bundle.mjs) exports: the CLI, and the entry of a regress worker thread.
export { main, quietOnEpipe } from './main.ts';
export { regressWorker } from './regress-workers.ts';
