// Orientation: where a learner is and where to go next. The first-run welcome, the lesson and
// the files each challenge asks you to edit, and after a pass the next challenge and the chapter
// its code unlocks on the site.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { c } from '../ui.ts';
import { challengeIds, type LoadedCheck } from './check.ts';
import { loadLesson } from './catalog.ts';
import { stateFile } from './state.ts';

/** Where `npm run site:dev` serves the site (astro's default port; GATELAB_BASE moves the base). */
export function siteUrl(path: string): string {
  let base = process.env.GATELAB_BASE || '/';
  if (!base.startsWith('/')) base = '/' + base;
  if (!base.endsWith('/')) base += '/';
  return `http://localhost:4321${base}${path}`;
}

export interface Orientation {
  /** The lesson to read, relative to the lab root. */
  lesson: string;
  /** The file(s) to edit, relative to the lab root. */
  edit: string[];
  /** After a pass: the next challenge (null after the last one). */
  next?: { id: string; title: string; run: string; chapter: string } | null;
}

export function orientation(root: string, check: LoadedCheck, passed: boolean): Orientation {
  const dir = join('lab', 'exercises', check.id);
  const o: Orientation = { lesson: join(dir, 'README.md'), edit: [join(dir, check.learner)] };
  if (passed) {
    const ids = challengeIds(root);
    const nextId = ids[ids.indexOf(check.id) + 1];
    o.next = nextId ? { id: nextId, title: loadLesson(root, nextId).title, run: `lab run ${nextId}`, chapter: siteUrl(`chapters/${nextId}`) } : null;
  }
  return o;
}

/** Lines printed under a result's title: what to read and what to edit. */
export function whereLines(o: Orientation): string[] {
  return [c.dim(`  lesson: ${o.lesson} · edit: ${o.edit.join(', ')}`)];
}

/** Lines printed after a pass: the next challenge and how to open its chapter. */
export function nextLines(o: Orientation): string[] {
  if (o.next === undefined) return [];
  if (o.next === null) return [`  ${c.green('that was the last challenge.')} Every chapter is open on the site: npm run site:dev, then ${siteUrl('chapters/')}`];
  return [
    `  next: ${c.bold(o.next.id)} · ${o.next.title} — ${o.next.run} (or lab watch ${o.next.id})`,
    c.dim(`  its chapter: npm run site:dev, then open ${o.next.chapter} and paste this code`),
  ];
}

/** True before the learner's first recorded run (no progress file yet). */
export function firstRun(root: string): boolean {
  return !existsSync(stateFile(root));
}

export function welcome(root: string): string {
  const lesson = relative(root, join(root, 'lab', 'exercises', 'c1', 'README.md'));
  return [
    c.bold('Welcome to gatelab.'),
    'You will build the gate an AI coding agent passes through before each tool call: for every',
    'call it answers allow, deny or ask. Each challenge is one idea, tested against real attacks.',
    '',
    'The loop:',
    `  1. read the lesson        ${lesson} (or on the site: npm run site:dev)`,
    '  2. run the check          lab run c1   (or lab watch c1: it re-runs whenever you save)',
    '  3. read the table         expected vs actual per mode, then the first cases that differ,',
    '                            each with the engine\'s trace: that is where the bug shows',
    '  4. edit the file it names, and run again; stuck? lab hint c1 (three levels)',
    'A pass prints a code that opens the next chapter on the site. lab list shows them all.',
    '',
  ].join('\n');
}
