// The worst-case search's shapes (lab/bench/search.ts) at small sizes: correctness only, never
// time. Every shape is answered without a throw; a shape that runs out of a budget answers ask.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PermissionEngine, loadPolicy, analyze } from '../../engine/index.ts';
import { SEARCH_SHAPES, decideShape } from '../../lab/bench/search.ts';

const engine = new PermissionEngine(loadPolicy(readFileSync('policies/default.yaml', 'utf8')));

describe('worst-case search shapes', () => {
  it('has at least 30 shapes', () => {
    expect(SEARCH_SHAPES.length).toBeGreaterThanOrEqual(30);
  });

  for (const bytes of [256, 4096]) {
    it.each(SEARCH_SHAPES.map((s) => [s.name, s] as const))(`%s at ${bytes} B: answered, a limit asks`, (_n, s) => {
      const cmd = s.make(bytes).slice(0, bytes);
      expect(cmd.length).toBeLessThanOrEqual(bytes);
      const d = decideShape(engine, cmd);
      expect(['allow', 'ask', 'deny']).toContain(d.behavior);
      const ex = analyze(cmd, { home: '/home/dev' });
      if (ex.issues.length) expect(d.behavior).not.toBe('allow');
      if (d.reason.type === 'limit') expect(d.behavior).not.toBe('allow');
    });
  }

  it('a 64 KiB brace word is a limit, not gigabytes', () => {
    const word = 'echo ' + '{a,b}'.repeat(13_000);
    const ex = analyze(word, { home: '/home/dev' });
    expect(ex.issues.map((i) => i.kind)).toContain('limit');
    expect(decideShape(engine, word).behavior).toBe('ask');
  });

  it.each([
    ['$( )', (n: number) => '$('.repeat(n) + 'id' + ')'.repeat(n)],
    ['( )', (n: number) => '('.repeat(n) + 'id' + ')'.repeat(n)],
    ['{ }', (n: number) => '{ '.repeat(n) + 'id; ' + '}; '.repeat(n)],
    ['"$( )"', (n: number) => 'echo ' + '"$(echo '.repeat(n) + 'id' + ')"'.repeat(n)],
    ['$(( ))', (n: number) => 'echo ' + '$(('.repeat(n) + '1' + '))'.repeat(n)],
    ['[[ ( ) ]]', (n: number) => '[[ ' + '( '.repeat(n) + 'a ' + ') '.repeat(n) + ']]'],
    ['${x:-…}', (n: number) => 'echo ' + '${x:-'.repeat(n) + 'y' + '}'.repeat(n)],
    ['bash -c', (n: number) => 'bash -c "'.repeat(1) + '$(bash -c '.repeat(n) + 'id' + ')'.repeat(n) + '"'],
  ])('id nested 6,000 levels in %s: a limit, no stack overflow', (_n, make) => {
    const cmd = make(6000);
    const ex = analyze(cmd, { home: '/home/dev' });
    expect(ex.issues.map((i) => i.kind)).toContain('limit');
    expect(decideShape(engine, cmd).behavior).toBe('ask');
  });
});

describe('damaged text', () => {
  it.each([
    ['U+FFFD from invalid UTF-8', 'ls \uFFFD'],
    ['a lone high surrogate', 'ls \uD800x'],
    ['a lone low surrogate', 'echo \uDC00'],
  ])('%s is an input issue, and the decision is not allow', (_n, cmd) => {
    const ex = analyze(cmd, { home: '/home/dev' });
    expect(ex.issues.map((i) => i.kind)).toContain('input');
    expect(decideShape(engine, cmd).behavior).not.toBe('allow');
  });
  it('a well-formed astral character is fine', () => {
    expect(analyze('echo 𝄞', { home: '/home/dev' }).issues).toEqual([]);
  });
});
