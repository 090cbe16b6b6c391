// The parsed-corpus cache (lab/cache.ts, loadFamilyCached): a hit equals a fresh parse, and any
// change of the text is a miss.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFamilyCached, loadFamilyText } from '../../lab/corpus/schema.ts';

const TEXT = `- id: fam-ls
  command: ls -la
  effect: lists the cwd
  expect: allow
  source: original
- id: fam-bad
  command: ls
  effect: lists
  expect: maybe
  source: original
`;

let dir = '';
const saved = process.env.GATELAB_CACHE_DIR;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatelab-cache-'));
  process.env.GATELAB_CACHE_DIR = dir;
});
afterEach(() => {
  if (saved === undefined) delete process.env.GATELAB_CACHE_DIR;
  else process.env.GATELAB_CACHE_DIR = saved;
  rmSync(dir, { recursive: true, force: true });
});

describe('corpus cache', () => {
  it('gives what a fresh parse gives, from the cache the second time', () => {
    const fresh = loadFamilyText('corpus/fam.yaml', TEXT);
    expect(loadFamilyCached('corpus/fam.yaml', TEXT)).toEqual(fresh);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(loadFamilyCached('corpus/fam.yaml', TEXT)).toEqual(fresh);
  });

  it('misses when one character of the text changes, and keeps files apart', () => {
    loadFamilyCached('corpus/fam.yaml', TEXT);
    const changed = TEXT.replace('ls -la', 'ls -lb');
    expect(loadFamilyCached('corpus/fam.yaml', changed).cases[0]!.command).toBe('ls -lb');
    expect(loadFamilyCached('corpus/other.yaml', TEXT).cases[0]!.family).toBe('other');
  });

  it('stays off with GATELAB_CACHE=off', () => {
    process.env.GATELAB_CACHE = 'off';
    try {
      loadFamilyCached('corpus/fam.yaml', TEXT);
      expect(readdirSync(dir)).toHaveLength(0);
    } finally {
      delete process.env.GATELAB_CACHE;
    }
  });
});
