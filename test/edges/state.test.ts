// .lab/state.json: unknown fields kept, a BOM accepted, a newer version read only, backups
// importable, atomic writes (issue 13).
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadState, stateFile, updateState, challenge } from '../../lab/challenges/state.ts';
import { lab as labIn, tempLab } from '../lab/helpers.ts';
import { tempDir } from './helpers.ts';

function withState(text: string): string {
  const root = tempDir();
  mkdirSync(join(root, '.lab'));
  writeFileSync(stateFile(root), text);
  return root;
}
const STATE = { version: 1, challenges: { c1: { passedAt: '2026-01-01T00:00:00.000Z', attempts: 2, hintLevel: 1 } } };

describe('the progress file', () => {
  it('keeps fields this lab does not know through a load and a save', () => {
    const root = withState(JSON.stringify({ ...STATE, theme: 'dark', challenges: { c1: { ...STATE.challenges.c1, streak: 3 } } }));
    const warnings: string[] = [];
    updateState(root, (s) => void (challenge(s, 'c2').attempts = 1), (m) => warnings.push(m));
    const saved = JSON.parse(readFileSync(stateFile(root), 'utf8'));
    expect(warnings).toEqual([]);
    expect(saved.theme).toBe('dark');
    expect(saved.challenges.c1).toMatchObject({ passedAt: STATE.challenges.c1.passedAt, streak: 3 });
    expect(saved.challenges.c2.attempts).toBe(1);
    expect(readdirSync(join(root, '.lab'))).toEqual(['state.json']);
  });
  it('reads a file that starts with a BOM', () => {
    const root = withState('\ufeff' + JSON.stringify(STATE));
    const r = loadState(root);
    expect(r.backup).toBeUndefined();
    expect(r.state.challenges.c1?.passedAt).toBe(STATE.challenges.c1.passedAt);
  });
  it('reads a file from a newer lab read only, with a warning, and never rewrites it', () => {
    const text = JSON.stringify({ version: 2, challenges: { c1: { passedAt: '2026-01-01T00:00:00.000Z', attempts: 1, hintLevel: 0 } }, future: { x: 1 } });
    const root = withState(text);
    expect(loadState(root)).toMatchObject({ readOnly: expect.stringMatching(/version 2.*read only/) });
    const warnings: string[] = [];
    updateState(root, (s) => void (challenge(s, 'c1').attempts = 9), (m) => warnings.push(m));
    expect(warnings.join('\n')).toMatch(/read only/);
    expect(readFileSync(stateFile(root), 'utf8')).toBe(text);
    expect(loadState(root).state.challenges.c1?.passedAt).toBe('2026-01-01T00:00:00.000Z');
  });
  it('a corrupt file is kept as a backup, and progress import accepts that backup once it is valid again', async () => {
    const t = tempLab();
    try {
      mkdirSync(join(t.root, '.lab'));
      // A state with a field from another lab version and a BOM: a backup the lab made earlier.
      const backup = join(t.root, '.lab', 'state.json.corrupt-2026-01-01T00-00-00-000Z');
      writeFileSync(backup, '\ufeff' + JSON.stringify({ ...STATE, extra: true }));
      const r = await labIn(t.root, 'progress', 'import', backup);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/imported c1/);
      expect(loadState(t.root).state.challenges.c1?.passedAt).toBe(STATE.challenges.c1.passedAt);
      // And the export the lab writes imports into another lab.
      const file = join(t.root, 'export.json');
      expect((await labIn(t.root, 'progress', 'export', file)).code).toBe(0);
      const other = tempLab();
      try {
        expect((await labIn(other.root, 'progress', 'import', file)).code).toBe(0);
        expect(existsSync(stateFile(other.root))).toBe(true);
      } finally {
        other.dispose();
      }
    } finally {
      t.dispose();
    }
  });
});
