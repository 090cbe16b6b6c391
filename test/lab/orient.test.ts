// Orientation and watch mode: the first run welcomes, every run names the lesson and the file to
// edit, a pass names the next challenge and how to open its chapter, and watch re-runs on change.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lab, tempLab, ROOT } from './helpers.ts';
import { openSolution } from '../../lab/challenges/devcheck.ts';
import { loadCheck } from '../../lab/challenges/check.ts';
import { watchLoop, firstOpen } from '../../lab/commands/watch.ts';

const solve = (root: string, id: string) => {
  for (const [f, t] of Object.entries(openSolution(ROOT, loadCheck(id, ROOT))!)) writeFileSync(join(root, 'lab/exercises', id, f), t);
};

describe('orientation', () => {
  it('the first run welcomes and explains the loop; later runs do not', async () => {
    const l = tempLab();
    try {
      const first = await lab(l.root, 'run', 'c1');
      expect(first.out).toContain('Welcome to gatelab');
      expect(first.out).toContain('lab/exercises/c1/README.md');
      const again = await lab(l.root, 'run', 'c1');
      expect(again.out).not.toContain('Welcome');
    } finally {
      l.dispose();
    }
  });

  it('every run names the lesson and the file to edit; a pass names the next challenge and its chapter', async () => {
    const l = tempLab();
    try {
      const fail = await lab(l.root, 'run', 'c3');
      expect(fail.out).toContain('lesson: lab/exercises/c3/README.md');
      expect(fail.out).toContain('edit: lab/exercises/c3/policy.yaml');
      solve(l.root, 'c3');
      const pass = await lab(l.root, 'run', 'c3');
      expect(pass.code).toBe(0);
      expect(pass.out).toMatch(/next: c4 · .+ — lab run c4/);
      expect(pass.out).toContain('npm run site:dev');
      expect(pass.out).toContain('http://localhost:4321/chapters/c4');
      const json = JSON.parse((await lab(l.root, 'run', 'c3', '--json')).out);
      expect(json).toMatchObject({ lesson: 'lab/exercises/c3/README.md', edit: ['lab/exercises/c3/policy.yaml'], next: { id: 'c4' } });
    } finally {
      l.dispose();
    }
  });
});

describe('lab watch', () => {
  it('re-runs after a change and moves on to the next challenge after a pass', async () => {
    const l = tempLab();
    try {
      const out: string[] = [];
      let waits = 0;
      const code = await watchLoop(l.root, 'c1', {
        write: (s) => out.push(s),
        changed: async (files) => {
          waits++;
          expect(files).toEqual([join(l.root, 'lab/exercises/c1/policy.yaml')]);
          solve(l.root, 'c1');
        },
        maxRuns: 3,
      });
      const text = out.join('');
      expect(waits).toBe(1);
      expect(text).toContain('✓ c1 passed');
      expect(text).toContain('watching c2 next');
      expect(text.lastIndexOf('c2 ·')).toBeGreaterThan(text.indexOf('✓ c1 passed'));
      expect(code).toBe(1); // stopped by maxRuns while c2 still fails
      expect(firstOpen(l.root)).toBe('c2');
    } finally {
      l.dispose();
    }
  });

  it('is a known verb that rejects flags', async () => {
    const l = tempLab();
    try {
      expect((await lab(l.root, 'watch', '--json')).code).toBe(2);
      expect((await lab(l.root, 'watch', 'c99')).code).toBe(2);
    } finally {
      l.dispose();
    }
  });
});
