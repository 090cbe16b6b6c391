// The prebuilt CLI bundle (lab/bundle.mjs): rebuilt from content, never from modification times.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error plain ES module without types
import { freshBundle } from '../../lab/bundle.mjs';

type Fresh = (o: { root: string; entry: string; dir: string; name: string }) => Promise<string | null>;
const fresh = freshBundle as Fresh;

function project(): { root: string; dir: string } {
  const root = mkdtempSync(join(tmpdir(), 'gatelab-bundle-'));
  writeFileSync(join(root, 'entry.ts'), "import { value } from './b.ts';\nexport const v: string = value;\nexport const here = import.meta.url;\n");
  writeFileSync(join(root, 'b.ts'), "export const value = 'one';\n");
  return { root, dir: join(root, 'cache') };
}

describe('lab bundle', () => {
  it('reuses the bundle while every input is unchanged, and rebuilds when a byte changes even with the old mtime', async () => {
    const { root, dir } = project();
    try {
      const opts = { root, entry: 'entry.ts', dir, name: 't' };
      const a = await fresh(opts);
      expect(a).toBeTruthy();
      expect((await import(pathToFileURL(a!).href)).v).toBe('one');
      expect(await fresh(opts)).toBe(a);
      // Same length, same mtime: only the content tells.
      const b = join(root, 'b.ts');
      const old = new Date(Date.now() - 3600_000);
      utimesSync(b, old, old);
      const before = readFileSync(a!, 'utf8');
      writeFileSync(b, "export const value = 'two';\n");
      utimesSync(b, old, old);
      const c = await fresh(opts);
      expect(c).not.toBe(a);
      expect((await import(pathToFileURL(c!).href)).v).toBe('two');
      expect(readFileSync(a!, 'utf8')).toBe(before);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('keeps each source file its own import.meta.url', async () => {
    const { root, dir } = project();
    try {
      const f = await fresh({ root, entry: 'entry.ts', dir, name: 't' });
      expect((await import(pathToFileURL(f!).href)).here).toBe(pathToFileURL(join(root, 'entry.ts')).href);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('rebuilds when an input is gone, and gives null when the build fails (the caller falls back to tsx)', async () => {
    const { root, dir } = project();
    try {
      const opts = { root, entry: 'entry.ts', dir, name: 't' };
      expect(await fresh(opts)).toBeTruthy();
      rmSync(join(root, 'b.ts'));
      expect(await fresh(opts)).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
