// A function that calls itself in a pipeline or in the background: a fork bomb.
import type { Detector, DetectorMeta } from './types.ts';
import { finding } from './util.ts';

const meta: DetectorMeta = {
  id: 'fork-bomb',
  family: 'destructive',
  title: 'Fork bomb',
  rationale: 'A function that spawns copies of itself exhausts the process table and hangs the machine.',
  behaviour: 'deny',
  examples: {
    bad: [':(){ :|:& };:', 'bomb() { bomb | bomb & }; bomb', 'f(){ f & f & }; f'],
    good: ['f() { echo hi; }; f', 'countdown() { echo 1; }; countdown | cat', 'yes | head -n 3'],
  },
};

export const forkBomb: Detector = {
  meta,
  check(inv) {
    if (!inv.program.static) return [];
    const sc = inv.source;
    const fn = sc.context.filter((c) => c.kind === 'function').map((c) => c.name);
    if (!fn.length || !fn.includes(inv.program.value ?? '')) return [];
    if (!sc.pipe && !sc.background) return [];
    return [finding(meta, inv, `function ${inv.program.value} calls itself ${sc.background ? 'in the background' : 'in a pipeline'}`)];
  },
};
