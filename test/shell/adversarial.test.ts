// Adversarial inputs: each must come back (no throw, no hang) with a limit or parse issue.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../engine/shell/index.ts';
import { HOME } from './helpers.ts';

const kinds = (s: string) => analyze(s, { home: HOME }).issues.map((i) => i.kind);

describe('adversarial inputs', () => {
  it.each([
    ['90 × $(', '$('.repeat(90)],
    ['90 × $( closed', '$('.repeat(90) + 'a' + ')'.repeat(90)],
    ['10,000 &&', 'a && '.repeat(10_000) + 'a'],
    ['500-deep subshells', '( '.repeat(500) + 'a' + ' )'.repeat(500)],
    ['500-deep groups', '{ '.repeat(500) + 'a; ' + '}; '.repeat(500)],
    ['500-deep if', 'if a; then '.repeat(500) + 'b; ' + 'fi; '.repeat(500)],
    ['500-deep ${x:-', 'echo ' + '${x:-'.repeat(500) + 'a' + '}'.repeat(500)],
    ['500-deep "$(', 'echo ' + '"$('.repeat(500) + 'a' + ')"'.repeat(500)],
    ['500-deep $((', 'echo ' + '$(('.repeat(500) + '1' + '))'.repeat(500)],
    ['500-deep backticks', 'echo ' + Array.from({ length: 20 }, (_, i) => '\\'.repeat(2 ** i - 1) + '`').join('')],
    ['1 MiB input', 'a'.repeat(1 << 20)],
    ['1 MiB of commands', 'echo a; '.repeat(131_072)],
    ['brace bomb', 'echo ' + '{a,b}'.repeat(30)],
    ['sequence bomb', 'echo {1..999999999}'],
    ['many commands', 'a;'.repeat(5000)],
  ])('%s', (_name, src) => {
    const k = kinds(src);
    expect(k.length).toBeGreaterThan(0);
    expect(k.every((x) => x === 'limit' || x === 'parse')).toBe(true);
  });

  it('the depth limit reports limit, not a crash', () => {
    expect(kinds('( '.repeat(500) + 'a' + ' )'.repeat(500))).toEqual(['limit']);
    // parentheses inside arithmetic and extglobs are counted (not recursed), against the same budget
    expect(kinds('(('.repeat(500) + '1' + '))'.repeat(500))).toEqual(['limit']);
    expect(kinds('echo $((' + '('.repeat(2000) + '1' + ')'.repeat(2002))).toEqual(['limit']);
    expect(kinds('echo ' + '@('.repeat(500) + 'a' + ')'.repeat(500))).toEqual(['limit']);
    expect(kinds('echo $((' + '('.repeat(20) + '1' + ')'.repeat(22))).toEqual([]);
    expect(kinds('$('.repeat(90))).toEqual(['limit']);
  });

  it('budgets can be raised through the context', () => {
    const big = 'echo a; '.repeat(131_072);
    const x = analyze(big, { home: HOME, budget: { maxChars: 2 << 20, maxTokens: 1e6, maxCommands: 1e6 } });
    expect(x.issues).toEqual([]);
    expect(x.commands).toHaveLength(131_072);
  });

  it('nothing is ever allowed through silently: partial parses still report', () => {
    const x = analyze('rm -rf ~; echo "unterminated', { home: HOME });
    expect(x.commands.map((c) => c.argv[0]!.value)).toEqual(['rm']);
    expect(x.issues.map((i) => i.kind)).toEqual(['parse']);
  });

  it('pathological but linear shapes finish', () => {
    for (const s of ['{'.repeat(60_000), '$'.repeat(60_000), '\\'.repeat(60_001), "'".repeat(60_001), '"'.repeat(60_001), '<<E '.repeat(10_000), '~'.repeat(60_000), '['.repeat(30_000) + ']'.repeat(30_000), '$a'.repeat(30_000)]) {
      analyze(s, { home: HOME });
    }
  });
});
