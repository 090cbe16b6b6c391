import { describe, it, expect } from 'vitest';
import { loadFamilyText, loadCorpus, caseCommand, formatLintError, CaseSchema } from '../../lab/corpus/schema.ts';
import { makeCorpus, cleanup } from './helpers.ts';
import { afterEach } from 'vitest';

afterEach(cleanup);

const GOOD = `# header comment
- id: fam-ls
  command: ls -la
  effect: lists the cwd
  expect: allow
  source: original
`;

describe('corpus schema', () => {
  it('loads a valid case with its line, defaults and field positions', () => {
    const { cases, errors } = loadFamilyText('corpus/fam.yaml', GOOD);
    expect(errors).toEqual([]);
    expect(cases).toHaveLength(1);
    const lc = cases[0];
    expect(lc.line).toBe(2);
    expect(lc.family).toBe('fam');
    expect(lc.case.tool).toBe('Bash');
    expect(lc.case.immune).toBe(false);
    expect(lc.case.detectors).toEqual([]);
    expect(lc.command).toBe('ls -la');
    expect(lc.fields.expect).toEqual({ line: 5, column: 11 });
  });

  it('names file:line:column and the field of a bad value', () => {
    const text = GOOD + `- id: fam-bad\n  command: ls\n  effect: lists\n  expect: maybe\n  source: original\n`;
    const { cases, errors } = loadFamilyText('corpus/fam.yaml', text);
    expect(cases).toHaveLength(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: 'corpus/fam.yaml', line: 10, column: 11, field: 'expect', id: 'fam-bad' });
    expect(formatLintError(errors[0])).toMatch(/^corpus\/fam\.yaml:10:11: error: \[fam-bad\] expect:/);
  });

  it('points at an unknown field and at a bad list item', () => {
    const text = `- id: fam-x\n  command: ls\n  effect: lists\n  expect: allow\n  source: original\n  detectors: [ok-id, 7]\n  colour: red\n`;
    const { errors } = loadFamilyText('f.yaml', text);
    const unknown = errors.find((e) => e.field === 'colour');
    expect(unknown).toMatchObject({ line: 7, column: 3, message: 'unknown field' });
    const item = errors.find((e) => e.field === 'detectors[1]');
    expect(item).toMatchObject({ line: 6, column: 22 });
  });

  it('reports missing required fields and rule violations', () => {
    const text = `- id: fam-w\n  command: ls\n  expect: ask\n  source: original\n- id: fam-y\n  command: ls\n  effect: lists\n  expect: ask\n  allowedBy: rule\n  source: original\n- id: fam-z\n  tool: Read\n  command: cat x\n  effect: " "\n  expect: allow\n  source: original\n`;
    const { errors } = loadFamilyText('f.yaml', text);
    const fields = errors.map((e) => `${e.id}:${e.field}`);
    expect(fields).toContain('fam-w:effect');
    expect(fields).toContain('fam-y:allowedBy');
    expect(fields).toContain('fam-z:command');
    expect(fields).toContain('fam-z:effect');
    expect(errors.find((e) => e.field === 'allowedBy')?.line).toBe(9);
  });

  it('rejects ids that are not kebab-case and effects over one line', () => {
    expect(CaseSchema.safeParse({ id: 'Bad_Id', command: 'ls', effect: 'x', expect: 'allow', source: 'original' }).success).toBe(false);
    expect(CaseSchema.safeParse({ id: 'a-b', command: 'ls', effect: 'x\ny', expect: 'allow', source: 'original' }).success).toBe(false);
    expect(CaseSchema.safeParse({ id: 'a-b', command: 'ls', effect: 'x', expect: 'ask', workspaceEdit: true, immune: true, source: 'o' }).success).toBe(false);
  });

  it('reports YAML syntax errors with their line', () => {
    const { errors } = loadFamilyText('f.yaml', GOOD + `- id: fam-q\n  command: "unterminated\n`);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0].line).toBeGreaterThanOrEqual(7);
    expect(errors[0].message).toMatch(/^YAML:/);
  });

  it('expands repeat into the command', () => {
    const c = CaseSchema.parse({ id: 'b-1', repeat: { unit: 'a && ', times: 3, prefix: '(', suffix: 'b)' }, effect: 'x', expect: 'ask', source: 'o' });
    expect(caseCommand(c)).toBe('(a && a && a && b)');
  });

  it('loads every family file of a directory with file names', () => {
    const dir = makeCorpus({ 'one.yaml': GOOD, 'two.yaml': GOOD.replace('fam-ls', 'two-ls').replace('expect: allow', 'expect: nope') });
    const { cases, errors } = loadCorpus(dir);
    expect(cases.map((c) => c.family)).toEqual(['one']);
    expect(errors).toHaveLength(1);
    expect(errors[0].file.endsWith('corpus/two.yaml')).toBe(true);
    expect(errors[0].line).toBe(5);
  });
});
