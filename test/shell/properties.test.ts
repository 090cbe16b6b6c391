// fast-check properties over a bash-grammar generator.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze, parse } from '../../engine/shell/index.ts';
import { HOME, roundTrip } from './helpers.ts';
import { script } from './gen.ts';

// A fixed seed: a failing generated script can make fast-check shrink for many minutes in CI.
fc.configureGlobal({ seed: 7 });

const ctx = { home: HOME };
/**
 * The generator makes scripts of up to ≈ 20 KB; about 1 in 750 is over the default budget of
 * 4,096 tokens, which is a `limit` issue (so "parses without issues" failed on it, and fast-check
 * then shrank a long script for minutes). The grammar properties use budgets no script reaches.
 */
const RAISED = { maxChars: 1e7, maxTokens: 1e7 };

describe('generator sanity', () => {
  it('bash accepts what the generator produces (bash -n)', () => {
    const samples = fc.sample(script, { numRuns: 25, seed: 7 });
    for (const s of samples) {
      expect(() => execFileSync('bash', ['-n', '-O', 'extglob', '-c', s], { stdio: 'pipe' }), s).not.toThrow();
    }
  });
});

describe('properties', () => {
  it('analyze never throws, on generated scripts and on arbitrary text', () => {
    fc.assert(fc.property(script, (s) => { analyze(s, ctx); }), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ maxLength: 80 }), (s) => { analyze(s, ctx); }), { numRuns: 1000 });
    const alphabet = fc.constantFrom(...'$(){}[]<>|&;\'"`\\\n #~*?=!@+-a1'.split(''));
    fc.assert(fc.property(fc.array(alphabet, { maxLength: 60 }).map((a) => a.join('')), (s) => {
      const x = analyze(s, ctx);
      expect(Array.isArray(x.commands)).toBe(true);
    }), { numRuns: 3000 });
  });

  it('generated scripts parse without issues', () => {
    fc.assert(fc.property(script, (s) => {
      const p = parse(s, RAISED);
      expect(p.issues, s).toEqual([]);
    }), { numRuns: 300 });
  });

  it('parse → print → parse gives the same tree (modulo spans)', () => {
    fc.assert(fc.property(script, (s) => {
      const r = roundTrip(s, RAISED);
      expect(r.issues, r.printed).toEqual([]);
      expect(r.b, r.printed).toEqual(r.a);
    }), { numRuns: 300 });
  });

  it('work is linear in input length', () => {
    fc.assert(fc.property(script, fc.integer({ min: 2, max: 12 }), (s, k) => {
      // the same raised budgets for both: a script over the default token budget stops early alone
      const one = parse(s + '\n', RAISED).steps;
      const many = parse((s + '\n').repeat(k), RAISED).steps;
      expect(many).toBeLessThanOrEqual(k * one + 10);
    }), { numRuns: 100, seed: 7 }); // fixed: a failing long script shrinks for minutes
    const budget = { maxChars: 1e8, maxTokens: 1e8, maxCommands: 1e8 };
    for (const unit of ['a && ', '$(a) ', 'cat <<E\nx\nE\n', "echo 'x' \"$y\" ; ", 'f() { a; }\n']) {
      const s1 = parse(unit.repeat(1000), budget).steps;
      const s8 = parse(unit.repeat(8000), budget).steps;
      expect(s8 / s1).toBeLessThan(8.5);
    }
  });

  it('quotes, backslashes and $\'\' that bash removes never change a static word', () => {
    const value = fc.array(fc.constantFrom(...'abrm-f/._0x'.split('')), { minLength: 1, maxLength: 8 }).map((a) => a.join(''));
    const tx = (ch: string, how: string) => (how === '\\' ? '\\' + ch : how === 'hex' ? `$'\\x${ch.charCodeAt(0).toString(16)}'` : ch);
    const variant = value.chain((v) =>
      fc
        .tuple(
          fc.array(fc.constantFrom('plain', '\\', 'hex'), { minLength: v.length, maxLength: v.length }),
          fc.array(fc.constantFrom('', "''", '""', "$''", '\\\n', '$""'), { minLength: v.length + 1, maxLength: v.length + 1 }),
        )
        .map(([how, ins]) => {
          let w = ins[0]!;
          for (let i = 0; i < v.length; i++) w += tx(v[i]!, how[i]!) + ins[i + 1]!;
          return { v, w };
        }),
    );
    fc.assert(fc.property(variant, ({ v, w }) => {
      const x = analyze('cmd ' + w, ctx);
      expect(x.issues).toEqual([]);
      const arg = x.commands[0]!.argv[1]!;
      expect(arg.static, w).toBe(true);
      expect(arg.value, w).toBe(v);
    }), { numRuns: 500 });
  });
});
