// Every destructive name a spec can declare is listed (with its meaning) in DESTRUCTIVE_EFFECTS.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESTRUCTIVE_EFFECTS } from '../../engine/programs/index.ts';

const dir = new URL('../../engine/programs/specs/', import.meta.url);

describe('destructive effect names', () => {
  it('are all documented', () => {
    const names = new Set<string>();
    for (const f of readdirSync(dir)) {
      const src = readFileSync(new URL(f, dir), 'utf8');
      for (const m of src.matchAll(/[a-z0-9:]@([a-z0-9-]+)/g)) names.add(m[1]);
      for (const m of src.matchAll(/destructive(?::| \?\?=| =) '([a-z0-9-]+)'/g)) names.add(m[1]);
      for (const m of src.matchAll(/(?:subDestroy\(\{|K8S_DESTROY = \{)([^}]*)\}/g)) for (const v of m[1].matchAll(/: '([a-z0-9-]+)'/g)) names.add(v[1]);
      for (const m of src.matchAll(/destroy\('([a-z0-9-]+)'\)/g)) names.add(m[1]);
    }
    expect(names.size).toBeGreaterThan(30);
    const missing = [...names].filter((n) => !DESTRUCTIVE_EFFECTS.has(n));
    expect(missing).toEqual([]);
  });
});
