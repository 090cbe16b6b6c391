// Lost data in the corpus tooling: parallel adds, rollbacks, vanished families, --from c14 (issue 13).
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addCase } from '../../lab/corpus/add.ts';
import { lintCorpus, type LintOptions } from '../../lab/corpus/lint.ts';
import { CaseSchema, loadFamilyText } from '../../lab/corpus/schema.ts';
import { caseFromCandidate } from '../../lab/commands/corpus.ts';
import { cleanup, makeCorpus, simpleCases } from '../corpus/helpers.ts';
import { ROOT } from './helpers.ts';

afterEach(cleanup);

const LOOSE: LintOptions = { detectorIds: [], minCasesPerFamily: 0, minTotal: 0, minFamilies: 0, minEverydayShare: 0, minDetectorCases: 0, minNotDetectorCases: 0 };
const readCase = (id: string) => ({ id, tool: 'Read', input: { file_path: `/home/dev/app/${id}.ts` }, effect: 'reads a file', expect: 'allow' as const, source: 'original' });
const ids = (dir: string) => loadFamilyText('fam.yaml', readFileSync(join(dir, 'fam.yaml'), 'utf8')).cases.map((lc) => lc.case.id);

describe('lab corpus add', () => {
  it('an add that fails lint rolls back only itself, not an add that ran at the same time', async () => {
    const dir = makeCorpus({ 'fam.yaml': simpleCases('fam', 2) });
    const bad = { id: 'fam-bad', command: 'echo "unclosed', effect: 'prints', expect: 'allow' as const, source: 'original' };
    const [b, a] = await Promise.all([
      addCase({ corpusDir: dir, family: 'fam', case: bad, lint: LOOSE }),
      addCase({ corpusDir: dir, family: 'fam', case: readCase('fam-good'), lint: LOOSE }),
    ]);
    expect(b.written).toBe(false);
    expect(a.written).toBe(true);
    expect(ids(dir)).toEqual(['fam-c0', 'fam-c1', 'fam-good']);
  });

  it('10 adds in 10 processes at once: 10 cases, none lost', async () => {
    const dir = makeCorpus({ 'fam.yaml': simpleCases('fam', 1) });
    const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const runs = Array.from({ length: 10 }, (_, i) =>
      new Promise<string>((resolve) => {
        const p = spawn(process.execPath, [tsx, join(import.meta.dirname, 'fixtures', 'add-one.ts'), dir, `fam-p${i}`], { cwd: ROOT });
        let out = '';
        p.stdout.on('data', (b) => (out += b));
        p.stderr.on('data', (b) => (out += b));
        p.on('close', () => resolve(out));
      }),
    );
    const outs = await Promise.all(runs);
    expect(outs.filter((o) => o.startsWith('added')).length).toBe(10);
    expect(ids(dir).sort()).toEqual(['fam-c0', ...Array.from({ length: 10 }, (_, i) => `fam-p${i}`)].sort());
  }, 60_000);
});

describe('lab corpus lint against the baseline', () => {
  const baseline = (families: Record<string, number>) =>
    JSON.stringify({ version: 1, families: Object.fromEntries(Object.entries(families).map(([f, n]) => [f, { default: { allow: n, deny: 0, ask: 0 } }])) });

  it('fails on a family that vanished or was emptied, and reports a new one without failing', async () => {
    const dir = makeCorpus({ 'fam.yaml': simpleCases('fam', 3), 'emptied.yaml': '# emptied\n', 'fresh.yaml': simpleCases('fresh', 2) });
    const file = join(dir, '..', 'baseline.json');
    writeFileSync(file, baseline({ fam: 3, gone: 4, emptied: 5 }));
    const errs = await lintCorpus(dir, { ...LOOSE, skipBash: true, baselinePath: file });
    const hard = errs.filter((e) => e.severity === 'error').map((e) => e.message);
    expect(hard).toEqual(expect.arrayContaining([expect.stringMatching(/family gone vanished/), expect.stringMatching(/family emptied vanished/)]));
    expect(hard).toHaveLength(2);
    expect(errs.find((e) => /new family fresh/.test(e.message))?.severity).toBe('warning');
  });
  it('a clean corpus that matches the baseline passes', async () => {
    const dir = makeCorpus({ 'fam.yaml': simpleCases('fam', 3) });
    const file = join(dir, '..', 'baseline.json');
    writeFileSync(file, baseline({ fam: 3 }));
    expect((await lintCorpus(dir, { ...LOOSE, skipBash: true, baselinePath: file })).filter((e) => e.severity === 'error')).toEqual([]);
  });
});

describe('lab corpus add --from c14', () => {
  it('turns a candidate into a valid case (expect from the command having effects, or --expect)', async () => {
    const cand = { command: 'timeout 5 rm -rf ./build', effect: 'deletes the build folder' };
    const { family, input } = caseFromCandidate(cand, {});
    expect(family).toBe('red-team');
    expect(CaseSchema.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({ expect: 'ask', command: cand.command, effect: cand.effect, tags: ['c14'] });
    expect(caseFromCandidate(cand, { expect: 'deny', id: 'red-team-rm' }).input).toMatchObject({ expect: 'deny', id: 'red-team-rm' });
    const dir = makeCorpus({ 'red-team.yaml': '# red team\n' });
    const r = await addCase({ corpusDir: dir, family, case: input, lint: { ...LOOSE, skipBash: true } });
    expect(r.written).toBe(true);
  });
});
