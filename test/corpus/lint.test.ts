import { describe, it, expect, afterEach } from 'vitest';
import { lintCorpus, bashSyntaxErrors } from '../../lab/corpus/lint.ts';
import type { LintOptions } from '../../lab/corpus/lint.ts';
import { makeCorpus, cleanup, simpleCases } from './helpers.ts';

afterEach(cleanup);

// Per-case checks only: corpus-size thresholds off unless a test turns one on.
const LOOSE: LintOptions = {
  detectorIds: ['rm-critical-path'],
  minCasesPerFamily: 0,
  minTotal: 0,
  minFamilies: 0,
  minEverydayShare: 0,
  minDetectorCases: 0,
  minNotDetectorCases: 0,
};

const bashCase = (id: string, command: string, tags = '') =>
  `- id: ${id}\n  command: ${JSON.stringify(command)}\n  effect: runs something\n  expect: ask\n  source: original\n${tags}`;

describe('lintCorpus', () => {
  it('passes a clean corpus', async () => {
    const dir = makeCorpus({ 'fam.yaml': simpleCases('fam', 3) + bashCase('fam-ok', 'ls -la && git status') });
    expect(await lintCorpus(dir, LOOSE)).toEqual([]);
  });

  it('catches duplicate ids across files with both places', async () => {
    const dir = makeCorpus({ 'a.yaml': simpleCases('a', 2), 'b.yaml': simpleCases('a', 1) });
    const errs = await lintCorpus(dir, LOOSE);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatchObject({ field: 'id', id: 'a-c0', line: 2, column: 7 });
    expect(errs[0].file.endsWith('b.yaml')).toBe(true);
    expect(errs[0].message).toMatch(/duplicate id \(first at .*a\.yaml:2\)/);
  });

  it('runs bash -n on every Bash command and skips no-bash-n', async () => {
    const text =
      simpleCases('fam', 1) +
      bashCase('fam-bad-quote', "echo 'unterminated") +
      bashCase('fam-bad-if', 'if true; then ls') +
      bashCase('fam-tagged', 'for ; do', '  tags: [no-bash-n]\n') +
      bashCase('fam-fine', 'cat <<EOF\nhi\nEOF');
    const dir = makeCorpus({ 'fam.yaml': text });
    const errs = await lintCorpus(dir, LOOSE);
    expect(errs.map((e) => e.id)).toEqual(['fam-bad-quote', 'fam-bad-if']);
    expect(errs[0]).toMatchObject({ field: 'command', line: 9, column: 12 });
    expect(errs[0].message).toMatch(/bash -n fails/);
    expect(await lintCorpus(dir, { ...LOOSE, skipBash: true })).toEqual([]);
  });

  it('maps bash -n results to the right commands in one driver run', () => {
    const bad = bashSyntaxErrors(['ls', 'echo "x', 'true', '(', 'a | b']);
    expect([...bad.keys()]).toEqual([1, 3]);
  });

  it('flags a family under the minimum at its file', async () => {
    const dir = makeCorpus({ 'big.yaml': simpleCases('big', 30), 'small.yaml': simpleCases('small', 29) });
    const errs = await lintCorpus(dir, { ...LOOSE, minCasesPerFamily: 30 });
    expect(errs).toHaveLength(1);
    expect(errs[0].file.endsWith('small.yaml')).toBe(true);
    expect(errs[0].line).toBe(1);
    expect(errs[0].message).toMatch(/family small has 29 cases \(needs ≥ 30\)/);
  });

  it('checks unknown detector ids and detector coverage', async () => {
    const text =
      simpleCases('fam', 1) +
      bashCase('fam-rm', 'rm -rf /', '  detectors: [rm-critical-path, no-such-detector]\n');
    const dir = makeCorpus({ 'fam.yaml': text });
    const errs = await lintCorpus(dir, { ...LOOSE, minDetectorCases: 3, minNotDetectorCases: 2 });
    const msgs = errs.map((e) => e.message);
    expect(msgs).toContain('unknown detector id no-such-detector');
    expect(msgs).toContain('detector rm-critical-path has 1 cases in detectors (needs ≥ 3)');
    expect(msgs).toContain('detector rm-critical-path has 0 cases in notDetectors (needs ≥ 2)');
  });

  it('checks corpus size, family count and the everyday share', async () => {
    const dir = makeCorpus({ 'everyday.yaml': simpleCases('everyday', 1), 'other.yaml': simpleCases('other', 4) });
    const errs = await lintCorpus(dir, { ...LOOSE, minTotal: 10, minFamilies: 3, minEverydayShare: 0.25 });
    const msgs = errs.map((e) => e.message).join('\n');
    expect(msgs).toMatch(/corpus has 5 cases \(needs ≥ 10\)/);
    expect(msgs).toMatch(/corpus has 2 families \(needs ≥ 3\)/);
    expect(msgs).toMatch(/everyday cases are 1 of 5 \(needs ≥ 25 %\)/);
  });

  it('checks policy paths and mode names', async () => {
    const text = simpleCases('fam', 1) + bashCase('fam-pol', 'curl x', '  policy: corpus/policies/missing.yaml\n  modes: {plan: deny, sideways: allow}\n');
    const dir = makeCorpus({ 'fam.yaml': text });
    const msgs = (await lintCorpus(dir, LOOSE)).map((e) => `${e.field}: ${e.message}`);
    expect(msgs).toContain('policy: policy file not found: corpus/policies/missing.yaml');
    expect(msgs).toContain('modes: unknown mode sideways');
  });

  it('limits per-case errors to onlyIds and skips corpus-wide checks', async () => {
    const dir = makeCorpus({ 'fam.yaml': simpleCases('fam', 1) + bashCase('fam-bad', 'echo "x') + bashCase('fam-bad2', 'echo "y') });
    const errs = await lintCorpus(dir, { onlyIds: ['fam-bad2'] });
    expect(errs.map((e) => e.id)).toEqual(['fam-bad2']);
  });
});
