// The everyday-work family: well-formed, big enough, and covering every detector's look-alikes.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadFamilyText } from '../../lab/corpus/schema.ts';
import { bashSyntaxErrors } from '../../lab/corpus/lint.ts';
import { builtinDetectors } from '../../engine/index.ts';
import { REPO } from './helpers.ts';

const file = join(REPO, 'corpus/everyday.yaml');
const { cases, errors } = loadFamilyText(file, readFileSync(file, 'utf8'));

describe('corpus/everyday.yaml', () => {
  it('loads without schema errors and has at least 330 cases with unique, prefixed ids', () => {
    expect(errors).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(330);
    const ids = cases.map((c) => c.case.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.startsWith('everyday-'))).toBe(true);
  });

  it('passes bash -n on every command', () => {
    const bash = cases.filter((c) => c.command !== undefined && !c.case.tags.includes('no-bash-n'));
    const bad = bashSyntaxErrors(bash.map((c) => c.command as string));
    expect([...bad].map(([i, m]) => `${bash[i].case.id}: ${m}`)).toEqual([]);
  });

  it('is everyday work: nothing is denied and nothing is an immune ask', () => {
    expect(cases.filter((c) => c.case.expect === 'deny' || c.case.immune).map((c) => c.case.id)).toEqual([]);
    expect(cases.filter((c) => c.case.expect === 'allow').length).toBeGreaterThan(cases.length / 2);
    expect(cases.filter((c) => c.case.workspaceEdit).length).toBeGreaterThanOrEqual(25);
  });

  it('holds at least two look-alikes for every detector', () => {
    for (const id of builtinDetectors().map((d) => d.meta.id))
      expect(cases.filter((c) => c.case.notDetectors.includes(id)).length, id).toBeGreaterThanOrEqual(2);
  });

  it('covers the tools and ecosystems agents use', () => {
    const tools = new Set(cases.map((c) => c.case.tool));
    for (const t of ['Bash', 'Read', 'Edit', 'Write', 'Glob', 'Grep', 'WebFetch']) expect(tools.has(t), t).toBe(true);
    const first = new Set(cases.map((c) => c.command?.trim().split(/\s+/)[0]));
    for (const p of ['git', 'npm', 'npx', 'pnpm', 'yarn', 'cargo', 'go', 'pytest', 'make', 'rg', 'grep', 'find', 'sed', 'cat'])
      expect(first.has(p), p).toBe(true);
  });
});
