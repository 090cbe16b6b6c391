// c15 (arithmetic contexts): the learner's `judge(site, valueOf)` decides, for each place bash
// evaluates arithmetic, whether the text could run a command. The lab finds the sites with the
// engine's analyser (Extraction.arith) and the values names get (Extraction.assigned); a case is
// `code` when the learner's judge calls any of its sites code, else `safe`.
import { analyze, type Extraction } from '../../engine/index.ts';
import type { CheckCase } from './check.ts';
import type { Labeller } from './seeds.ts';

type Site = NonNullable<Extraction['arith']>[number];
export type ValueOf = (name: string) => string[] | null | undefined;
type Judge = (site: { kind: Site['kind']; text: string }, valueOf: ValueOf) => unknown;

export function arithLabeller(mod: Record<string, unknown>): Labeller {
  const judge = mod.judge;
  if (typeof judge !== 'function') throw new Error('your module must export `judge(site, valueOf)`');
  return (c: CheckCase) => {
    const ex = analyze(c.command ?? '', { home: '/home/dev' });
    const assigned = ex.assigned ?? {};
    const valueOf: ValueOf = (n) => (Object.prototype.hasOwnProperty.call(assigned, n) ? assigned[n]! : undefined);
    const sites = ex.arith ?? [];
    if (!sites.length) return { label: 'safe', detail: 'no arithmetic site' };
    for (const s of sites) {
      const v = (judge as Judge)({ kind: s.kind, text: s.text }, valueOf);
      if (v !== 'safe' && v !== 'code') return { label: 'bad', detail: `judge returned ${JSON.stringify(v)} (want 'safe' or 'code')` };
      if (v === 'code') return { label: 'code', detail: `${s.kind} site ${JSON.stringify(s.text)} judged code` };
    }
    return { label: 'safe', detail: `${sites.length} site(s), all judged safe: ${sites.map((s) => `${s.kind} ${JSON.stringify(s.text)}`).join(', ')}` };
  };
}
