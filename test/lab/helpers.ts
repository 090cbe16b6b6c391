// Shared by the lab tests: the repo root, a temp copy of the lab, and captured CLI runs.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../lab/node-host.ts';
import { main } from '../../lab/main.ts';
import { challengeIds } from '../../lab/challenges/check.ts';
import { resetExercise } from '../../lab/commands/reset.ts';

export const ROOT = REPO_ROOT;

/**
 * Engine features the reference solutions need that the engine does not have yet. Each entry is a
 * case id whose contract answer the engine does not give today; the solution test allows exactly
 * these to differ (and nothing else). Remove an entry when the engine catches up.
 */
export const KNOWN_ENGINE_GAPS: Record<string, string[]> = {};

/**
 * A throwaway copy of everything `lab run` reads, so tests never touch the learner's files, and
 * never see them either: the exercises come from git's HEAD (`git archive`) where the repository
 * has one, and every learner file is then reset to its starter. So `npm test` gives the same
 * answers whether a learner has solved nothing or everything.
 */
export function tempLab(): { root: string; dispose: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'gatelab-lab-'));
  for (const dir of ['checks', 'lab/exercises', 'lab/solutions', 'policies', 'corpus']) {
    cpSync(join(ROOT, dir), join(root, dir), { recursive: true });
  }
  pristineExercises(root);
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

/** Overwrite the copied exercises with HEAD's versions (if git has them), then reset every starter. */
export function pristineExercises(root: string): void {
  try {
    const tar = execFileSync('git', ['archive', '--format=tar', 'HEAD', 'lab/exercises'], { cwd: ROOT, maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
    execFileSync('tar', ['-x', '-C', root], { input: tar, stdio: ['pipe', 'ignore', 'ignore'] });
  } catch {
    /* not a git checkout (or no tar): the starters below still reset every learner file */
  }
  for (const id of challengeIds(root)) resetExercise(root, id);
}

/** Run the CLI in-process against a lab root; capture stdout, stderr and the exit code. */
export async function lab(root: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const ow = process.stdout.write.bind(process.stdout);
  const ew = process.stderr.write.bind(process.stderr);
  const prev = process.env.LAB_ROOT;
  process.env.LAB_ROOT = root;
  process.stdout.write = ((s: string | Uint8Array) => (out.push(String(s)), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => (err.push(String(s)), true)) as typeof process.stderr.write;
  try {
    const code = await main(argv);
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    process.stdout.write = ow;
    process.stderr.write = ew;
    if (prev === undefined) delete process.env.LAB_ROOT;
    else process.env.LAB_ROOT = prev;
  }
}
