// For any spec and any argv: describe() never throws, and an option word it does not know is an issue.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describe as facts, lookup, programNames } from '../../engine/programs/index.ts';
import { w, dyn } from './helpers.ts';

const names = programNames();
const word = fc.oneof(
  fc.constantFrom('-', '--', '-x', '--zz-unknown', 'a', '/etc/passwd', '-rf', '--help', '-o', 'x=y', ';', '{}', '+', ':::', '-c', 'ls'),
  fc.string({ maxLength: 8 }),
);

describe('describe() properties', () => {
  it('never throws and always names the program', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.array(fc.oneof(word.map(w), fc.constant(dyn('$X'))), { maxLength: 8 }), (name, args) => {
        const f = facts(name, args);
        expect(f.name).toBe(name);
        expect(f.known).toBe(true);
        if (f.issues.length) expect(f.effectsFree).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
  it('an unknown long option before any operand is an issue (fail closed)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), (name) => {
        const spec = lookup(name)!;
        if (spec.loose || spec.hook) return; // loose grammars (echo) print such words; hooks own their grammar
        const f = facts(name, [w('--zz-no-such-option')]);
        expect(f.issues.length, name).toBeGreaterThan(0);
        expect(f.effectsFree).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
