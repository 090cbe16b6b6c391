// c16 (monotone verdicts): the learner's `combine(verdicts)` folds the verdicts one call collected
// into one. The grader checks the answer for each case and, on every case, the property that makes
// a gate safe to extend: a new rule or detector never lowers the result, and an allow grant lifts
// only an ordinary ask or a passthrough, never a deny or an immune ask.
import type { CheckCase } from './check.ts';
import type { Labeller } from './seeds.ts';

export const LATTICE = ['allow', 'passthrough', 'ask', 'immune', 'deny'] as const;
export type Verdict = (typeof LATTICE)[number];
const rank = (v: Verdict) => LATTICE.indexOf(v);

export function latticeLabeller(mod: Record<string, unknown>): Labeller {
  const combine = mod.combine;
  if (typeof combine !== 'function') throw new Error('your module must export `combine(verdicts)`');
  const call = (vs: Verdict[]): Verdict | null => {
    const out = (combine as (v: Verdict[]) => unknown)([...vs]);
    return typeof out === 'string' && (LATTICE as readonly string[]).includes(out) ? (out as Verdict) : null;
  };
  return (c: CheckCase) => {
    const vs = (c.verdicts ?? []) as Verdict[];
    const got = call(vs);
    if (got === null) return { label: 'bad', detail: `combine(${JSON.stringify(vs)}) did not return a verdict` };
    // monotone: one more check verdict, anywhere in the list, never lowers the answer; one more
    // allow (a grant) may lift an ordinary ask or a passthrough, but never a deny or an immune ask
    for (const extra of LATTICE) {
      for (let at = 0; at <= vs.length; at++) {
        const more = [...vs.slice(0, at), extra, ...vs.slice(at)];
        const r = call(more);
        const lowered = r === null || (extra === 'allow' ? (got === 'deny' || got === 'immune') && r !== got : rank(r) < rank(got));
        if (lowered) return { label: 'bad', detail: `adding ${extra} turns ${got} into ${r ?? 'nothing'}: combine(${JSON.stringify(more)})` };
      }
    }
    return { label: got, detail: `combine(${JSON.stringify(vs)}) = ${got}` };
  };
}
