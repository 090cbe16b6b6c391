import { describe, it, expect, afterEach, vi } from 'vitest';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { addCase, appendCaseText, renderCase } from '../../lab/corpus/add.ts';
import { loadFamilyText } from '../../lab/corpus/schema.ts';
import { makeCorpus, cleanup } from './helpers.ts';

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return { ...real, writeFileSync: vi.fn(real.writeFileSync) };
});

afterEach(cleanup);

const FAMILY = `# Family header: keep me.
# Second header line.

# --- group one ---
- id: fam-a
  tool: Read
  input: {file_path: /home/dev/app/a.ts}   # trailing comment
  effect: reads a
  expect: allow
  source: original

# --- group two ---
- id: fam-b
  command: 'echo  "spaced"'
  effect: prints
  expect: allow
  source: original
`;

const NEW = {
  id: 'fam-new',
  tool: 'Read',
  input: { file_path: '/home/dev/app/src/new.ts' },
  effect: 'reads a new file',
  expect: 'allow' as const,
  source: 'original',
  tags: ['added'],
};

const LINT = { detectorIds: ['fork-bomb'] };

describe('addCase', () => {
  it('appends the case and keeps every existing byte, comment and order', async () => {
    const dir = makeCorpus({ 'fam.yaml': FAMILY });
    const r = await addCase({ corpusDir: dir, family: 'fam', case: NEW, comment: 'from c14', lint: LINT });
    expect(r.ok).toBe(true);
    expect(r.written).toBe(true);
    const text = readFileSync(join(dir, 'fam.yaml'), 'utf8');
    expect(text.startsWith(FAMILY)).toBe(true);
    expect(text.slice(FAMILY.length)).toBe(
      '# from c14\n- id: fam-new\n  tool: Read\n  input: { file_path: /home/dev/app/src/new.ts }\n  effect: reads a new file\n  expect: allow\n  source: original\n  tags: [ added ]\n',
    );
    const { cases, errors } = loadFamilyText('fam.yaml', text);
    expect(errors).toEqual([]);
    expect(cases.map((c) => c.case.id)).toEqual(['fam-a', 'fam-b', 'fam-new']);
    expect(r.line).toBe(19);
  });

  it('shows the engine decision in every mode', async () => {
    const dir = makeCorpus({ 'fam.yaml': FAMILY });
    const r = await addCase({ corpusDir: dir, family: 'fam', case: NEW, lint: LINT });
    expect(r.decisions.map((d) => d.mode)).toEqual(['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk', 'auto']);
    expect(r.decisions.every((d) => d.actual.behavior === 'allow' && d.decisionOk)).toBe(true);
    expect(r.output).toMatch(/^added fam-new to .*fam\.yaml:\d+/);
    expect(r.output).toMatch(/^plan\s+allow\s+allow$/m);
  });

  it('is atomic: a failed write leaves the family file untouched and no temp file behind', async () => {
    const dir = makeCorpus({ 'fam.yaml': FAMILY });
    vi.mocked(fs.writeFileSync).mockClear();
    vi.mocked(fs.writeFileSync).mockImplementationOnce(((p: fs.PathOrFileDescriptor) => {
      fs.appendFileSync(p as string, 'partial'); // a crash half-way through the temp file
      throw new Error('disk full');
    }) as typeof fs.writeFileSync);
    await expect(addCase({ corpusDir: dir, family: 'fam', case: NEW, lint: LINT })).rejects.toThrow('disk full');
    expect(readFileSync(join(dir, 'fam.yaml'), 'utf8')).toBe(FAMILY);
    const tmp = vi.mocked(fs.writeFileSync).mock.calls[0][0] as string;
    expect(tmp).not.toBe(join(dir, 'fam.yaml'));
    expect(tmp.startsWith(dir)).toBe(true);
    fs.rmSync(tmp, { force: true });
    expect(readdirSync(dir)).toEqual(['fam.yaml']);
  });

  it('refuses a duplicate id or an invalid case without writing', async () => {
    const dir = makeCorpus({ 'fam.yaml': FAMILY, 'other.yaml': '- id: other-x\n  command: ls\n  effect: lists\n  expect: allow\n  source: original\n' });
    const dup = await addCase({ corpusDir: dir, family: 'fam', case: { ...NEW, id: 'other-x' }, lint: LINT });
    expect(dup.ok).toBe(false);
    expect(dup.errors[0].message).toMatch(/duplicate id/);
    const bad = await addCase({ corpusDir: dir, family: 'fam', case: { ...NEW, expect: 'maybe' as 'allow' }, lint: LINT });
    expect(bad.ok).toBe(false);
    expect(bad.errors[0].field).toBe('expect');
    expect(readFileSync(join(dir, 'fam.yaml'), 'utf8')).toBe(FAMILY);
  });

  it('lints the new case and rolls back when bash -n fails', async () => {
    const dir = makeCorpus({ 'fam.yaml': FAMILY });
    const r = await addCase({
      corpusDir: dir, family: 'fam', lint: LINT,
      case: { id: 'fam-broken', command: "echo 'open", effect: 'prints', expect: 'ask', source: 'original' },
    });
    expect(r.written).toBe(false);
    expect(r.errors.map((e) => e.message).join()).toMatch(/bash -n fails/);
    expect(readFileSync(join(dir, 'fam.yaml'), 'utf8')).toBe(FAMILY);
  });

  it('creates a new family file with a header', async () => {
    const dir = makeCorpus({ 'fam.yaml': FAMILY });
    const r = await addCase({ corpusDir: dir, family: 'fresh', case: { ...NEW, id: 'fresh-one' }, lint: LINT });
    expect(r.ok).toBe(true);
    expect(readFileSync(join(dir, 'fresh.yaml'), 'utf8').startsWith('# fresh\n- id: fresh-one\n')).toBe(true);
    expect(existsSync(join(dir, 'fresh.yaml'))).toBe(true);
  });

  it('renders multi-line commands as block scalars that load back exactly', () => {
    const c = { id: 'fam-heredoc', command: "cat <<'EOF' > notes.md\nrm -rf /\nEOF", effect: 'writes notes', expect: 'ask' as const, source: 'original', notDetectors: ['rm-critical-path'] };
    expect(renderCase(c)).toMatch(/command: \|-\n {4}cat <<'EOF' > notes\.md\n/);
    const text = appendCaseText(FAMILY, c);
    const { cases } = loadFamilyText('f.yaml', text);
    expect(cases[2].command).toBe(c.command);
    expect(cases[2].case.notDetectors).toEqual(['rm-critical-path']);
  });
});
