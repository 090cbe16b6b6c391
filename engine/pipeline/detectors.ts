// The built-in detectors (engine/detectors), in registry order, and effect dispatch.
import type { Detector } from '../detectors/types.ts';
import type { Invocation } from '../shell/types.ts';
import { DETECTORS } from '../detectors/index.ts';
import { maskOf } from '../effects/index.ts';

export function builtinDetectors(): readonly Detector[] {
  return DETECTORS;
}

export interface Dispatch {
  mask: number;
  programs: ReadonlySet<string> | null;
  via: ReadonlySet<string> | null;
}

// Per detector object (immutable once registered), not per decision.
const dispatch = new WeakMap<Detector, Dispatch | null>();

function dispatchOf(d: Detector): Dispatch | null {
  let x = dispatch.get(d);
  if (x === undefined) {
    const c = d.concerns;
    x = c ? { mask: maskOf(c.effects ?? []), programs: c.programs?.length ? new Set(c.programs) : null, via: c.via?.length ? new Set(c.via) : null } : null;
    dispatch.set(d, x);
  }
  return x;
}

/** Can this detector fire on an invocation with these effect kinds? */
export function concerned(d: Detector, mask: number, inv: Invocation): boolean {
  const x = dispatchOf(d);
  return x === null || runsOn(x, mask, inv);
}

/** Does a dispatch entry let its detector run on this invocation (effect kinds `mask`)? */
export function runsOn(x: Dispatch, mask: number, inv: Invocation): boolean {
  if ((x.mask & mask) !== 0) return true;
  const p = x.programs;
  if (p !== null) {
    const name = inv.name;
    if (p.has(name)) return true;
    const dot = name.indexOf('.');
    if (dot > 0 && p.has(name.slice(0, dot))) return true;
  }
  const v = x.via;
  if (v !== null) {
    for (const step of inv.via) {
      const sp = step.name.indexOf(' ');
      if (v.has(sp < 0 ? step.name : step.name.slice(0, sp))) return true;
    }
  }
  return false;
}

// Per detector list (one per engine), so a decision looks the table up once.
const tables = new WeakMap<readonly Detector[], (Dispatch | null)[]>();

/** Each detector's dispatch entry, in order (null: runs everywhere). */
export function dispatchTable(list: readonly Detector[]): (Dispatch | null)[] {
  let t = tables.get(list);
  if (!t) tables.set(list, (t = list.map(dispatchOf)));
  return t;
}

// Per detector list: the detectors with a whole-command pass, in order.
const sourceLists = new WeakMap<readonly Detector[], readonly Detector[]>();

/** The detectors of a list that have a checkSource pass (most have none), in order. */
export function sourceDetectors(list: readonly Detector[]): readonly Detector[] {
  let s = sourceLists.get(list);
  if (!s) sourceLists.set(list, (s = list.filter((d) => d.checkSource)));
  return s;
}
