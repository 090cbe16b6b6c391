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
    if (!sc.pipe && !sc.background) return [];
    const name = inv.program.value ?? '';
    let inside = false;
    for (const c of sc.context) if (c.kind === 'function' && c.name === name) inside = true;
    if (!inside) return [];
    return [finding(meta, inv, `function ${inv.program.value} calls itself ${sc.background ? 'in the background' : 'in a pipeline'}`)];
  },
};
