// lab/bench/cpuprofile.ts: self and inclusive shares from a V8 .cpuprofile (no timing figures).
import { describe, expect, it } from 'vitest';
import { topFunctions, formatTop, type Profile } from '../../lab/bench/cpuprofile.ts';

const frame = (functionName: string) => ({ functionName, url: '', lineNumber: 0 });

// root → a → b → a (recursion) ; root → c
const profile: Profile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 5] },
    { id: 2, callFrame: frame('a'), children: [3] },
    { id: 3, callFrame: frame('b'), children: [4] },
    { id: 4, callFrame: frame('a') },
    { id: 5, callFrame: frame('c') },
  ],
  samples: [4, 4, 3, 5],
  timeDeltas: [1, 1, 1, 1],
};

describe('topFunctions', () => {
  const rows = new Map(topFunctions(profile).map((r) => [r.name, r]));

  it('counts self time at the leaf of each sample', () => {
    expect(rows.get('a')!.self).toBe(50);
    expect(rows.get('b')!.self).toBe(25);
    expect(rows.get('c')!.self).toBe(25);
  });

  it('counts a recursive function once per sample in its inclusive time', () => {
    expect(rows.get('a')!.total).toBe(75);
    expect(rows.get('b')!.total).toBe(75);
    expect(rows.get('(root)')!.total).toBe(100);
  });

  it('ranks by self and by inclusive time, leaving the root out of the inclusive list', () => {
    const lines = formatTop(topFunctions(profile), 2);
    expect(lines[0]).toBe('top self time:');
    expect(lines[1]).toContain('a');
    const inclusive = lines.slice(lines.indexOf('top inclusive time:') + 1);
    expect(inclusive.some((l) => l.includes('(root)'))).toBe(false);
  });
});
