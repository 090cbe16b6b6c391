// For any spec and any argv: describe() never throws, and an option word it does not know is an issue.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describe as facts, lookup, programNames } from '../../engine/programs/index.ts';
import { w, dyn } from './helpers.ts';

const names = programNames();
const word = fc.oneof(
  fc.constantFrom('-', '--', '-x', '--zz-unknown', 'a', '/etc/passwd', '-rf', '--help', '-o', 'x=y', ';', '{}', '+', ':::', '-c', 'ls', '+x', '--output=f'),
  fc.string({ maxLength: 8 }),
);
// programs whose own hook parses the whole argv (find's expression is not getopt)
const OWN_GRAMMAR = new Set(['find', 'gfind']);

describe('describe() properties', () => {
  it('never throws, always names the program, and facts with issues are never effects-free', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.array(fc.oneof(word.map(w), fc.constant(dyn('$X')), fc.constant(dyn('--output=$X'))), { maxLength: 8 }), (name, args) => {
        const f = facts(name, args);
        expect(f.name).toBe(name);
        expect(f.known).toBe(true);
        if (f.issues.length) expect(f.effectsFree).toBe(false);
        for (const a of f.args) expect(a.word).toBeDefined();
      }),
      { numRuns: 4000 },
    );
  });

  it('an unknown long or short option in front is an issue (fail closed)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.stringMatching(/^[a-z][a-z-]{2,12}$/),
        fc.constantFrom(...'ABGJKNQWYjkqwy0123456789'.split('')),
        fc.array(word.map(w), { maxLength: 4 }),
        (name, long, short, rest) => {
          const spec = lookup(name)!;
          if (spec.loose || OWN_GRAMMAR.has(name)) return;
          const g = spec.grammar;
          if (!g.long.has(long) && !g.longNames.some((n) => n.startsWith(long))) {
            const f = facts(name, [w('--' + long), ...rest]);
            expect(f.issues.some((m) => m.includes('--' + long)), `${name} --${long}`).toBe(true);
            expect(f.effectsFree).toBe(false);
          }
          if (!g.short.has(short) && !(g.numeric && short >= '0' && short <= '9')) {
            const f = facts(name, [w('-' + short), ...rest]);
            expect(f.issues.some((m) => m.includes('-' + short)), `${name} -${short}`).toBe(true);
          }
        },
      ),
      { numRuns: 4000 },
    );
  });

  it('a dynamic word in front that could be an option is an issue, or marked where no option could add an effect', () => {
    for (const name of names) {
      const spec = lookup(name)!;
      if (spec.loose || OWN_GRAMMAR.has(name)) continue;
      const f = facts(name, [dyn('$X'), w('x')]);
      const marked = f.args.some((a) => a.mayBeOption);
      expect(f.issues.length > 0 || marked, name).toBe(true);
      if (!marked || f.issues.length) continue;
      // the claim behind the mark: no option of this spec adds a role beyond what `x` alone has
      const base = facts(name, [w('x')]);
      const baseRoles = new Set(base.args.map((a) => a.role));
      for (const d of spec.grammar.all) {
        const spelled = d.canon.length > 1 ? '--' + d.canon : '-' + d.canon;
        const g = facts(name, [w(spelled), w('x')]);
        for (const a of g.args) expect(baseRoles.has(a.role) || a.role === 'read' || a.role === 'none', `${name} ${spelled} adds ${a.role}`).toBe(true);
        expect(!!g.destructive, `${name} ${spelled}`).toBe(!!base.destructive);
        if (base.effectsFree) expect(g.effectsFree || g.info || g.issues.length > 0, `${name} ${spelled}`).toBe(true);
      }
    }
  });
});
