// The lab verbs, in-process against a temp copy of the lab (the learner's files are never touched).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, existsSync, readdirSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { lab, tempLab } from './helpers.ts';
import { openSolution } from '../../lab/challenges/devcheck.ts';
import { challengeIds, loadCheck } from '../../lab/challenges/check.ts';
import { verifierFor, looksLikeCode } from '../../lab/challenges/codes.ts';
import { ROOT } from './helpers.ts';

let root: string;
let dispose: () => void;
beforeAll(() => ({ root, dispose } = tempLab()));
afterAll(() => dispose());

/** Keep the layout, drop the values: numbers, codes, trace lines and free text that will evolve. */
function layout(out: string): string {
  const lines: string[] = [];
  for (const line of out.split('\n')) {
    let l = line.replace(/C\d{1,2}(-[0-9A-Z]{4}){4}/g, 'C#-XXXX-XXXX-XXXX-XXXX').replace(/\d+/g, '#');
    if (/^\s+#\. /.test(l)) l = '      <trace step>';
    else if (/^\s+(effect|expected):/.test(l)) l = l.replace(/:.*$/, ': …');
    else if (/^\s+→ /.test(l)) l = '    → <nudge>';
    else if (/^✗ \S+ \[/.test(l)) l = l.replace(/^✗ \S+ \[(.*?)\]\s+.*$/, '✗ <case> [$1]  <call>');
    else if (/^\s+(run|default)\s/.test(l)) l = l.replace(/ {2,}/g, '  ');
    else if (/^✗ # of # case decisions differ/.test(l)) l = l.replace(/ \(first # shown\)/, '');
    if (l === '      <trace step>' && lines.at(-1) === l) continue;
    lines.push(l);
  }
  return lines.join('\n');
}

describe('lab run', () => {
  it('a starter prints the expected-vs-actual table, at most 3 differing cases with traces and a nudge, and exits 1', async () => {
    const r = await lab(root, 'run', 'c1');
    expect(r.code).toBe(1);
    expect(r.out).toContain('(expected / actual)');
    expect(r.out.match(/^✗ \S+ \[default\]/gm)?.length).toBeLessThanOrEqual(3);
    expect(r.out).toMatch(/^\s+1\. input/m);
    expect(r.out).toContain('lab hint c1 --level 1');
    expect(r.out).not.toMatch(/C1(-[0-9A-Z]{4}){4}/);
    expect(layout(r.out)).toMatchSnapshot();
  });

  it('after the solution is applied it passes, prints a code that verifies, and records progress', async () => {
    const files = openSolution(ROOT, loadCheck('c1', ROOT))!;
    for (const [f, t] of Object.entries(files)) writeFileSync(join(root, 'lab/exercises/c1', f), t);
    const r = await lab(root, 'run', 'c1');
    expect(r.code).toBe(0);
    const code = /C1(-[0-9A-Z]{4}){4}/.exec(r.out)![0];
    expect(looksLikeCode(code)).toBe(true);
    expect(layout(r.out)).toMatchSnapshot();
    const again = await lab(root, 'code', 'c1');
    expect(again.out.trim()).toBe(code);
    expect(verifierFor('c1', again.out, 's')).toBe(verifierFor('c1', code, 's'));
    const state = JSON.parse(readFileSync(join(root, '.lab/state.json'), 'utf8'));
    expect(state.challenges.c1.passedAt).toBeTruthy();
    expect(JSON.stringify(state)).not.toContain(code.slice(3, 7) + '-' + code.slice(8, 12));
    const json = JSON.parse((await lab(root, 'run', 'c1', '--json')).out);
    expect(json).toMatchObject({ id: 'c1', pass: true, code });
  });

  it('--json on a failure lists the diffs with traces', async () => {
    const r = await lab(root, 'run', 'c2', '--json');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out);
    expect(j.pass).toBe(false);
    expect(j.code).toBeUndefined();
    expect(j.diffs.length).toBeGreaterThan(0);
    expect(j.diffs[0]).toHaveProperty('trace');
    expect(j.counts[0]).toHaveProperty('expected.silenced');
  });

  it('usage errors exit 2', async () => {
    expect((await lab(root, 'run', 'c99')).code).toBe(2);
    expect((await lab(root, 'run')).code).toBe(2);
    expect((await lab(root, 'hint', 'c1', '--level', '4')).code).toBe(2);
  });

  it('run all reports every challenge', async () => {
    const r = await lab(root, 'run', 'all', '--json');
    const j = JSON.parse(r.out);
    expect(j.total).toBeGreaterThanOrEqual(14);
    expect(r.code).toBe(j.passed === j.total ? 0 : 1);
  });
});

describe('the other verbs', () => {
  it('list shows status, title and difficulty for ≥ 14 challenges', async () => {
    const rows = JSON.parse((await lab(root, 'list', '--json')).out);
    expect(rows.length).toBeGreaterThanOrEqual(14);
    expect(rows[0]).toMatchObject({ id: 'c1', status: 'passed' });
    for (const r of rows) expect(r).toEqual(expect.objectContaining({ title: expect.any(String), difficulty: expect.any(Number) }));
    expect((await lab(root, 'list')).out).toContain('Gate anatomy');
  });

  it('hint gives three different tiers', async () => {
    const t: string[] = [];
    for (const n of [1, 2, 3]) t.push(JSON.parse((await lab(root, 'hint', 'c3', '--level', String(n), '--json')).out).text);
    expect(new Set(t).size).toBe(3);
  });

  it('reset restores the starter', async () => {
    const f = join(root, 'lab/exercises/c1/policy.yaml');
    writeFileSync(f, 'garbage: [');
    expect((await lab(root, 'reset', 'c1')).code).toBe(0);
    expect(readFileSync(f, 'utf8')).toBe(readFileSync(join(root, 'lab/exercises/c1/starter/policy.yaml'), 'utf8'));
    expect((await lab(root, 'reset', 'c6')).code).toBe(0);
    expect(readFileSync(join(root, 'lab/exercises/c6/detector.ts'), 'utf8')).toBe(readFileSync(join(root, 'lab/exercises/c6/starter/detector.ts.txt'), 'utf8'));
  });

  it('a broken learner policy fails with file:line, not a crash', async () => {
    writeFileSync(join(root, 'lab/exercises/c3/policy.yaml'), 'version: 1\nallow:\n  - Bash(npm test\n');
    const r = await lab(root, 'run', 'c3');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/policy\.yaml:3:\d+/);
  });

  it('code prints nothing on a failing challenge; solution stays locked until a pass', async () => {
    const c = await lab(root, 'code', 'c2');
    expect(c.code).toBe(1);
    expect(c.out).toBe('');
    const s = await lab(root, 'solution', 'c2');
    expect(s.code).toBe(1);
    expect(s.err).toContain('locked');
    // reset (above) cleared c1's pass: solve it again first
    for (const [f, t] of Object.entries(openSolution(ROOT, loadCheck('c1', ROOT))!)) writeFileSync(join(root, 'lab/exercises/c1', f), t);
    expect((await lab(root, 'run', 'c1')).code).toBe(0);
    const ok = await lab(root, 'solution', 'c1');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('reference solution');
  });

  it('progress export and import round-trip', async () => {
    const file = join(root, 'export.json');
    expect((await lab(root, 'progress', 'export', file)).code).toBe(0);
    const other = tempLab();
    try {
      expect((await lab(other.root, 'list', '--json')).out).toContain('"status": "new"');
      const imp = await lab(other.root, 'progress', 'import', file);
      expect(imp.code).toBe(0);
      expect(imp.out).toContain('c1');
      const rows = JSON.parse((await lab(other.root, 'list', '--json')).out);
      expect(rows.find((r: { id: string }) => r.id === 'c1').status).toBe('passed');
      writeFileSync(join(other.root, 'bad.json'), '{"version": 2}');
      expect((await lab(other.root, 'progress', 'import', join(other.root, 'bad.json'))).code).toBe(2);
    } finally {
      other.dispose();
    }
  });

  it('a corrupt state file is reported and kept as a backup, never dropped silently', async () => {
    const other = tempLab();
    try {
      mkdirSync(join(other.root, '.lab'), { recursive: true });
      writeFileSync(join(other.root, '.lab/state.json'), '{ not json');
      const r = await lab(other.root, 'hint', 'c1');
      expect(r.code).toBe(0);
      expect(r.err).toMatch(/unreadable.*kept it as .*state\.json\.corrupt-/);
      const backups = readdirSync(join(other.root, '.lab')).filter((f) => f.includes('corrupt'));
      expect(backups).toHaveLength(1);
      expect(readFileSync(join(other.root, '.lab', backups[0]!), 'utf8')).toBe('{ not json');
      expect(existsSync(join(other.root, '.lab/state.json'))).toBe(true);
    } finally {
      other.dispose();
    }
  });
});

describe('paths that used to break', () => {
  it('tests see pristine starters, whatever the learner has solved in the working tree', () => {
    const other = tempLab();
    try {
      for (const id of challengeIds(other.root)) {
        const check = loadCheck(id, other.root);
        const dir = join(other.root, 'lab/exercises', id);
        const starter = [check.learner, check.learner + '.txt'].map((f) => join(dir, 'starter', f)).find((f) => existsSync(f));
        if (!starter) continue;
        expect(readFileSync(join(dir, check.learner), 'utf8'), id).toBe(readFileSync(starter, 'utf8'));
      }
    } finally {
      other.dispose();
    }
  });

  it('reset clears the pass: code then says it does not pass, solution is locked again (in JSON too)', async () => {
    const other = tempLab();
    try {
      for (const [f, t] of Object.entries(openSolution(ROOT, loadCheck('c1', ROOT))!)) writeFileSync(join(other.root, 'lab/exercises/c1', f), t);
      expect((await lab(other.root, 'run', 'c1')).code).toBe(0);
      const r = await lab(other.root, 'reset', 'c1', '--json');
      expect(JSON.parse(r.out)).toMatchObject({ id: 'c1', passCleared: true });
      const state = JSON.parse(readFileSync(join(other.root, '.lab/state.json'), 'utf8'));
      expect(state.challenges.c1.passedAt).toBeUndefined();
      const code = await lab(other.root, 'code', 'c1');
      expect(code.code).toBe(1);
      expect(code.err).toContain('does not pass');
      const sol = await lab(other.root, 'solution', 'c1', '--json');
      expect(sol.code).toBe(1);
      expect(JSON.parse(sol.out)).toMatchObject({ id: 'c1', error: 'locked', locked: true });
    } finally {
      other.dispose();
    }
  });

  it('progress import refuses a file that names a challenge this lab does not have', async () => {
    const other = tempLab();
    try {
      const file = join(other.root, 'p.json');
      writeFileSync(file, JSON.stringify({ version: 1, challenges: { c1: { passedAt: '2026-01-01T00:00:00Z', attempts: 1, hintLevel: 0 }, c99: { passedAt: '2026-01-01T00:00:00Z', attempts: 1, hintLevel: 0 } } }));
      const r = await lab(other.root, 'progress', 'import', file);
      expect(r.code).toBe(2);
      expect(r.err).toContain('c99');
      expect(existsSync(join(other.root, '.lab/state.json'))).toBe(false);
    } finally {
      other.dispose();
    }
  });
});
