// The program index (programIndex / useProgramIndex): a table that builds only the family a name
// belongs to answers every lookup exactly like the table that builds every family.
import { describe, expect, it, vi } from 'vitest';
import { w } from './helpers.ts';

type Programs = typeof import('../../engine/programs/index.ts');
const fresh = async (): Promise<Programs> => {
  vi.resetModules();
  return import('../../engine/programs/index.ts');
};

describe('program index', () => {
  it('gives the same spec, names and order as building every family', async () => {
    const all = await fresh();
    const index = all.programIndex();
    const names = all.programNames();
    const lazy = await fresh();
    lazy.useProgramIndex(index);
    const extra = ['python3.12', 'gcc-13', 'clang++-17', 'pip3.11', 'node20', 'php8.2', 'nosuchtool', 'a|b', '|', ''];
    for (const n of [...names, ...extra]) {
      const a = all.lookup(n);
      const b = lazy.lookup(n);
      expect(b === undefined, n).toBe(a === undefined);
      if (a && b) {
        expect(b.names, n).toEqual(a.names);
        expect(b.family, n).toBe(a.family);
        expect(b.grammar.all.map((d) => d.canon), n).toEqual(a.grammar.all.map((d) => d.canon));
      }
    }
    expect(lazy.programNames()).toEqual(names);
    expect(lazy.programIndex()).toEqual(index);
  });

  it('builds only the family of the name looked up', async () => {
    const all = await fresh();
    const index = all.programIndex();
    const lazy = await fresh();
    lazy.useProgramIndex(index);
    const specs = await import('../../engine/programs/specs/index.ts');
    const built = vi.spyOn(specs, 'familySpecs');
    expect(lazy.lookup('git')?.family).toBe('git');
    expect(new Set(built.mock.calls.map((c) => c[0])).size).toBe(1);
    built.mockRestore();
  });

  it('refuses an index of another shape', async () => {
    const p = await fresh();
    expect(() => p.useProgramIndex(['|a|'])).toThrow(/program index/);
  });

  it('describes the same with and without the index', async () => {
    const all = await fresh();
    const index = all.programIndex();
    const lazy = await fresh();
    lazy.useProgramIndex(index);
    for (const argv of [['git', 'status'], ['rm', '-rf', 'x'], ['tar', 'xzf', 'a.tgz'], ['npm', 'install', 'left-pad'], ['python3.12', '-c', 'print(1)'], ['frobnicate', '-x']]) {
      const [name, ...rest] = argv;
      expect(JSON.stringify(lazy.describe(name!, rest.map(w)))).toBe(JSON.stringify(all.describe(name!, rest.map(w))));
    }
  });
});
