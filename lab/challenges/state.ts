// Progress in `.lab/state.json` (git-ignored). Writes are atomic; a corrupt file is kept as a
// backup and reported, never silently replaced.
import { readFileSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../fsutil.ts';

const entry = z
  .object({
    passedAt: z.string().optional(),
    attempts: z.number().int().min(0).default(0),
    hintLevel: z.number().int().min(0).max(3).default(0),
    imported: z.boolean().optional(),
  })
  .strict();

export const stateSchema = z
  .object({
    version: z.literal(1),
    challenges: z.record(z.string().regex(/^c\d{1,2}$/), entry).default({}),
  })
  .strict();

export type LabState = z.infer<typeof stateSchema>;
export type ChallengeState = z.infer<typeof entry>;

export function stateFile(root: string): string {
  return join(root, '.lab', 'state.json');
}

export function emptyState(): LabState {
  return { version: 1, challenges: {} };
}

export interface LoadedState {
  state: LabState;
  /** Set when the file was unreadable: where the bad copy was saved. */
  backup?: string;
  problem?: string;
}

export function loadState(root: string): LoadedState {
  const file = stateFile(root);
  if (!existsSync(file)) return { state: emptyState() };
  let problem: string;
  try {
    const parsed = stateSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return { state: parsed.data };
    problem = parsed.error.issues[0]!.message + ' at ' + parsed.error.issues[0]!.path.join('.');
  } catch (e) {
    problem = (e as Error).message;
  }
  const backup = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, backup);
  return { state: emptyState(), backup, problem };
}

export function saveState(root: string, state: LabState): void {
  writeFileAtomic(stateFile(root), JSON.stringify(state, null, 2) + '\n');
}

/** Load, say so on stderr if the file was corrupt, change, save. */
export function updateState(root: string, change: (s: LabState) => void, warn: (msg: string) => void = (m) => process.stderr.write(m + '\n')): LabState {
  const { state, backup, problem } = loadState(root);
  if (backup) warn(`lab: progress file was unreadable (${problem}); kept it as ${backup} and started a new one`);
  change(state);
  saveState(root, state);
  return state;
}

export function challenge(state: LabState, id: string): ChallengeState {
  return (state.challenges[id] ??= { attempts: 0, hintLevel: 0 });
}

/** Merge an imported state: a pass anywhere counts; the earliest pass time wins. */
export function mergeState(into: LabState, other: LabState): { added: string[] } {
  const added: string[] = [];
  for (const [id, e] of Object.entries(other.challenges)) {
    const mine = challenge(into, id);
    if (e.passedAt && (!mine.passedAt || e.passedAt < mine.passedAt)) {
      if (!mine.passedAt) added.push(id);
      mine.passedAt = e.passedAt;
      mine.imported = true;
    }
    mine.attempts = Math.max(mine.attempts, e.attempts);
    mine.hintLevel = Math.max(mine.hintLevel, e.hintLevel);
  }
  return { added };
}
