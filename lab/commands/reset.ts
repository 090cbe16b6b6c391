// lab reset <cN>: restore the learner file(s) from lab/exercises/<id>/starter/, and clear the
// challenge's pass (the work is gone, so `lab code` and `lab solution` wait for a new pass).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT, c } from '../ui.ts';
import { writeFileAtomic } from '../fsutil.ts';
import { exerciseFolder } from '../challenges/catalog.ts';
import { starterTarget } from '../challenges/devcheck.ts';
import { challengeArg, labRoot } from '../challenges/cli.ts';
import { updateState } from '../challenges/state.ts';

export function resetExercise(root: string, id: string): string[] {
  const dir = exerciseFolder(root, id);
  const starter = join(dir, 'starter');
  if (!existsSync(starter)) return [];
  const done: string[] = [];
  for (const f of readdirSync(starter)) {
    // TypeScript starters are stored as X.ts.txt so the type checker skips them in place.
    const name = starterTarget(f);
    writeFileAtomic(join(dir, name), readFileSync(join(starter, f), 'utf8'));
    done.push(join(dir, name));
  }
  return done;
}

export function run(flags: Record<string, string | true>, rest: string[]): number {
  const root = labRoot();
  const id = challengeArg(rest[0], root);
  const files = resetExercise(root, id);
  let wasPassed = false;
  if (files.length) {
    updateState(root, (s) => {
      const e = s.challenges[id];
      if (e?.passedAt) {
        wasPassed = true;
        delete e.passedAt;
        delete e.imported;
      }
    });
  }
  if (flags.json) process.stdout.write(JSON.stringify({ id, restored: files, passCleared: wasPassed }) + '\n');
  else {
    for (const f of files) process.stdout.write(`${c.green('restored')} ${f}\n`);
    if (wasPassed) process.stdout.write(`${id} is no longer marked passed: solve it again (lab run ${id})\n`);
  }
  return files.length ? EXIT.ok : EXIT.fail;
}
