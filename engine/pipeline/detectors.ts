// The built-in detectors (engine/detectors), in registry order, and effect dispatch.
import type { Detector } from '../detectors/types.ts';
import { DETECTORS } from '../detectors/index.ts';
import { maskOf } from '../effects/index.ts';

export function builtinDetectors(): readonly Detector[] {
  return DETECTORS;
}

export interface Dispatch {
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

// Per detector list (one per engine), so a decision looks the table up once.
const tables = new WeakMap<readonly Detector[], (Dispatch | null)[]>();

/** Each detector's dispatch entry, in order (null: runs everywhere). */
export function dispatchTable(list: readonly Detector[]): (Dispatch | null)[] {
  let t = tables.get(list);
  if (!t) tables.set(list, (t = list.map(dispatchOf)));
  return t;
}
