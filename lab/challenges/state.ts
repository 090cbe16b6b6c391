// Progress in `.lab/state.json` (git-ignored). Writes are atomic; a corrupt file is kept as a
// backup and reported, never silently replaced; unknown fields survive a load and a save; a file
// from a newer lab is read only.
import { readFileSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../fsutil.ts';

// Loose objects: a field this version does not know (written by a newer lab) is kept, not an error.
const entry = z.looseObject({
  passedAt: z.string().optional(),
  attempts: z.number().int().min(0).default(0),
  hintLevel: z.number().int().min(0).max(3).default(0),
  imported: z.boolean().optional(),
});

/** The state version this lab writes. A file with a newer one is read, never written. */
export const STATE_VERSION = 1;

export const stateSchema = z.looseObject({
  version: z.number().int().min(1),
  challenges: z.record(z.string().regex(/^c\d{1,2}$/), entry).default({}),
});

export type LabState = z.infer<typeof stateSchema>;
export type ChallengeState = z.infer<typeof entry>;

export function stateFile(root: string): string {
  return join(root, '.lab', 'state.json');
}

export function emptyState(): LabState {
  return { version: STATE_VERSION, challenges: {} };
}

export interface LoadedState {
  state: LabState;
  /** Set when the file was unreadable: where the bad copy was saved. */
  backup?: string;
  problem?: string;
  /** A newer lab wrote the file: it is read as far as this lab understands it, and not written. */
  readOnly?: string;
}

/** Parse state text (an export, a backup, the file itself): a BOM is accepted, unknown fields kept. */
export function parseState(text: string): { ok: true; state: LabState; newer?: number } | { ok: false; problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return { ok: false, problem: (e as Error).message };
  }
  const parsed = stateSchema.safeParse(data);
  if (!parsed.success) return { ok: false, problem: parsed.error.issues[0]!.message + ' at ' + parsed.error.issues[0]!.path.join('.') };
  return parsed.data.version > STATE_VERSION ? { ok: true, state: parsed.data, newer: parsed.data.version } : { ok: true, state: parsed.data };
}

export function loadState(root: string): LoadedState {
  const file = stateFile(root);
  if (!existsSync(file)) return { state: emptyState() };
  let problem: string;
  try {
    const r = parseState(readFileSync(file, 'utf8'));
    if (r.ok && r.newer) return { state: r.state, readOnly: `${file} is version ${r.newer}, newer than this lab's ${STATE_VERSION}: read only, progress is not saved (update gatelab)` };
    if (r.ok) return { state: r.state };
    problem = r.problem;
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
  const { state, backup, problem, readOnly } = loadState(root);
  if (backup) warn(`lab: progress file was unreadable (${problem}); kept it as ${backup} and started a new one`);
  change(state);
  if (readOnly) warn(`lab: warning: ${readOnly}`);
  else saveState(root, state);
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
