// Author-side checks, like `rustlings dev check`: the starter must fail and the reference solution
// must pass. Solutions are applied in a temporary copy of the exercise folder, never in place.
import { mkdtempSync, cpSync, writeFileSync, rmSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCheck, expectedVector, type LoadedCheck } from './check.ts';
import { runCheck, exerciseDir, type CheckResult } from './runner.ts';
import { passCode } from './codes.ts';
import { unseal, type SealedSolution, type SolutionFiles } from './sealed.ts';

/** Run a check against the exercise folder with some files replaced (in a temp copy). */
export async function runWithFiles(root: string, check: LoadedCheck, files: SolutionFiles | 'starter'): Promise<CheckResult> {
  const src = exerciseDir(root, check.id);
  const tmp = mkdtempSync(join(tmpdir(), `lab-${check.id}-`));
  try {
    cpSync(src, tmp, { recursive: true });
    const put = files === 'starter' ? starterFiles(root, check.id) : files;
    for (const [name, text] of Object.entries(put)) writeFileSync(join(tmp, name), text);
    return await runCheck(check, { root, exerciseDir: tmp });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** A starter file's name once restored: TypeScript starters are stored as X.ts.txt. */
export function starterTarget(file: string): string {
  return file.endsWith('.ts.txt') ? file.slice(0, -4) : file;
}

export function starterFiles(root: string, id: string): SolutionFiles {
  const check = loadCheck(id, root);
  const dir = join(exerciseDir(root, id), 'starter');
  for (const f of [check.learner, check.learner + '.txt']) {
    if (existsSync(join(dir, f))) return { [check.learner]: readFileSync(join(dir, f), 'utf8') };
  }
  return {};
}

/** The code a check's expected vector yields (what a passing run prints). */
export function expectedCode(check: LoadedCheck): string {
  return passCode(check.id, expectedVector(check));
}

export function sealedSolution(root: string, id: string): SealedSolution | null {
  const f = join(root, 'lab', 'solutions', `${id}.json`);
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as SealedSolution) : null;
}

/** Decrypt a sealed solution with the code derived from its check (null if it does not open). */
export function openSolution(root: string, check: LoadedCheck): SolutionFiles | null {
  const s = sealedSolution(root, check.id);
  return s ? unseal(s, expectedCode(check)) : null;
}
