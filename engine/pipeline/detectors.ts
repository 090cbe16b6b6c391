// The built-in detectors (engine/detectors), in registry order, and effect dispatch.
import type { Detector } from '../detectors/types.ts';
import { DETECTORS } from '../detectors/index.ts';
import { maskOf } from '../effects/index.ts';

export function builtinDetectors(): readonly Detector[] {
  return DETECTORS;
}

interface Dispatch {
  mask: number;
  programs: ReadonlySet<string> | null;
}

// Per detector object (immutable once registered), not per decision.
const dispatch = new WeakMap<Detector, Dispatch | null>();

function dispatchOf(d: Detector): Dispatch | null {
  let x = dispatch.get(d);
  if (x === undefined) {
    const c = d.concerns;
    x = c ? { mask: maskOf(c.effects ?? []), programs: c.programs?.length ? new Set(c.programs) : null } : null;
    dispatch.set(d, x);
  }
  return x;
}

/** Can this detector fire on an invocation with these effect kinds and this program? */
export function concerned(d: Detector, mask: number, name: string): boolean {
  const x = dispatchOf(d);
  if (x === null) return true;
  return (x.mask & mask) !== 0 || (x.programs !== null && x.programs.has(name));
}
