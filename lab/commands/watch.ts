// lab watch [cN]: run a challenge's check, then again every time its files change; after a pass,
// move on to the next challenge (as rustlings does). Ctrl-C stops. Without cN it starts at the
// first challenge not passed yet.
import { watch as fsWatch } from 'node:fs';
import { join } from 'node:path';
import { EXIT, c } from '../ui.ts';
import { challengeIds } from '../challenges/check.ts';
import { challengeArg, labRoot, loadCheckOrUsage, runAndRecord } from '../challenges/cli.ts';
import { diffsOf, renderResult } from '../challenges/report.ts';
import { firstRun, orientation, welcome } from '../challenges/orient.ts';
import { exerciseFolder } from '../challenges/catalog.ts';
import { loadState } from '../challenges/state.ts';

export interface WatchIO {
  /** Resolves when one of `files` changes (the CLI uses fs.watch on the exercise folder). */
  changed(files: string[]): Promise<void>;
  write(text: string): void;
  /** Stop after this many check runs (tests); unlimited by default. */
  maxRuns?: number;
}

/** The first challenge without a pass, or the last one. */
export function firstOpen(root: string): string {
  const ids = challengeIds(root);
  const { state } = loadState(root);
  return ids.find((id) => !state.challenges[id]?.passedAt) ?? ids[ids.length - 1]!;
}

/** The watch loop: returns when every challenge from `start` on has passed, or after maxRuns. */
export async function watchLoop(root: string, start: string, io: WatchIO): Promise<number> {
  const ids = challengeIds(root);
  let i = ids.indexOf(start);
  let runs = 0;
  if (firstRun(root)) io.write(welcome(root) + '\n');
  while (i < ids.length) {
    const id = ids[i]!;
    const check = loadCheckOrUsage(id, root);
    const r = await runAndRecord(check, { root });
    runs++;
    const diffs = r.pass ? [] : await diffsOf(check, { root }, r);
    io.write(renderResult(r, diffs, orientation(root, check, r.pass)));
    if (r.pass) {
      i++;
      if (i < ids.length) io.write(c.dim(`\nwatching ${ids[i]} next …\n\n`));
      else return EXIT.ok;
      if (io.maxRuns !== undefined && runs >= io.maxRuns) return EXIT.ok;
      continue;
    }
    if (io.maxRuns !== undefined && runs >= io.maxRuns) return EXIT.fail;
    const files = [check.learner].map((f) => join(exerciseFolder(root, id), f));
    io.write(c.dim(`\nwatching ${files.join(', ')} — save to re-run · Ctrl-C stops\n`));
    await io.changed(files);
    io.write('\n');
  }
  return EXIT.ok;
}

/** Wait for a change to one of the files (events on the folder, so editors that rename work). */
function nodeChanged(files: string[]): Promise<void> {
  return new Promise((resolve) => {
    const dir = join(files[0]!, '..');
    const names = new Set(files.map((f) => f.slice(dir.length + 1)));
    let timer: NodeJS.Timeout | null = null;
    const w = fsWatch(dir, (_ev, name) => {
      if (name && !names.has(String(name))) return;
      if (timer) clearTimeout(timer);
      // editors write in bursts: wait until the file has been quiet for a moment
      timer = setTimeout(() => {
        w.close();
        resolve();
      }, 150);
    });
  });
}

export async function run(_flags: Record<string, string | true>, rest: string[]): Promise<number> {
  const root = labRoot();
  const start = rest[0] ? challengeArg(rest[0], root) : firstOpen(root);
  return watchLoop(root, start, { changed: nodeChanged, write: (s) => process.stdout.write(s) });
}
