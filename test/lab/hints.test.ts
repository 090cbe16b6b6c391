// The hint policy (lab/challenges/catalog.ts): level 1 a question, level 2 the concept, level 3
// the place in the file; no hint gives away a line of the reference solution.
import { describe, expect, it } from 'vitest';
import { challengeIds, loadCheck } from '../../lab/challenges/check.ts';
import { loadHints, loadLesson } from '../../lab/challenges/catalog.ts';
import { openSolution, starterFiles } from '../../lab/challenges/devcheck.ts';
import { ROOT } from './helpers.ts';

/** Lines the solution adds to the starter: what a hint must not spell out. */
function addedLines(id: string): string[] {
  const check = loadCheck(id, ROOT);
  const sol = openSolution(ROOT, check) ?? {};
  const start = starterFiles(ROOT, id);
  const out: string[] = [];
  for (const [f, text] of Object.entries(sol)) {
    const before = new Set((start[f] ?? '').split('\n').map((l) => l.trim()));
    for (const raw of text.split('\n')) {
      const l = raw.trim().replace(/^- /, '').replace(/^['"]|['"],?$/g, '');
      if (l.length >= 10 && !before.has(raw.trim()) && !l.startsWith('//') && !l.startsWith('#') && /[A-Za-z]/.test(l)) out.push(l);
    }
  }
  return out;
}

describe.each(challengeIds(ROOT))('%s hints', (id) => {
  const h = loadHints(ROOT, id);
  it('level 1 asks a question; level 3 points into the learner folder', () => {
    expect(h.nudge).toContain('?');
    expect(h.place).toContain(`lab/exercises/${id}/`);
  });
  it('no hint spells out a line of the reference solution', () => {
    const all = [h.nudge, h.concept, h.place].join('\n').replace(/\s+/g, ' ');
    for (const line of addedLines(id)) expect(all, line).not.toContain(line.replace(/\s+/g, ' '));
  });
});

describe.each(challengeIds(ROOT))('%s lesson', (id) => {
  it('teaches the concept without spelling out a line of the reference solution', () => {
    const body = loadLesson(ROOT, id).body.replace(/\s+/g, ' ');
    for (const line of addedLines(id)) expect(body, line).not.toContain(line.replace(/\s+/g, ' '));
  });
});
