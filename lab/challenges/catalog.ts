// The challenge catalog: lesson frontmatter (README.md) and the three hint tiers (hints.yaml).
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parse } from 'yaml';
import { challengeIds } from './check.ts';

export const lessonSchema = z
  .object({
    title: z.string().min(1),
    difficulty: z.number().int().min(1).max(5),
    summary: z.string().min(1),
  })
  .strict();

/**
 * The hint policy: level 1 asks a question, level 2 names the concept and where in the pipeline
 * it lives, level 3 points at the place in the file. None spells out the edit: that is shown only
 * by `lab solution` after a pass (test/lab/hints.test.ts holds every hint to this).
 */
export const hintsSchema = z
  .object({
    /** 1: a question that points at what the table shows. */
    nudge: z.string().min(1),
    /** 2: the concept, and where in the pipeline (or the engine) it lives. */
    concept: z.string().min(1),
    /** 3: the place in the learner's file to look at, not the edit. */
    place: z.string().min(1),
  })
  .strict();

export type Lesson = z.infer<typeof lessonSchema> & { id: string; body: string };
export type Hints = z.infer<typeof hintsSchema>;

export function exerciseFolder(root: string, id: string): string {
  return join(root, 'lab', 'exercises', id);
}

/** Split `---` frontmatter from a markdown file. */
export function splitFrontmatter(text: string): { data: unknown; body: string } {
  if (!text.startsWith('---\n')) return { data: {}, body: text };
  const end = text.indexOf('\n---', 4);
  if (end < 0) return { data: {}, body: text };
  const after = text.indexOf('\n', end + 4);
  return { data: parse(text.slice(4, end)), body: after < 0 ? '' : text.slice(after + 1) };
}

export function loadLesson(root: string, id: string): Lesson {
  const file = join(exerciseFolder(root, id), 'README.md');
  const { data, body } = splitFrontmatter(readFileSync(file, 'utf8'));
  const r = lessonSchema.safeParse(data);
  if (!r.success) throw new Error(`${file}: frontmatter: ${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`);
  return { ...r.data, id, body };
}

export function loadHints(root: string, id: string): Hints {
  const file = join(exerciseFolder(root, id), 'hints.yaml');
  if (!existsSync(file)) throw new Error(`${file}: missing`);
  const r = hintsSchema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!r.success) throw new Error(`${file}: ${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`);
  return r.data;
}

export function hintText(h: Hints, level: 1 | 2 | 3): string {
  return level === 1 ? h.nudge : level === 2 ? h.concept : h.place;
}

export function allLessons(root: string): Lesson[] {
  return challengeIds(root).map((id) => loadLesson(root, id));
}
