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

/**
 * Which detectors of a list can fire on an invocation, as one bit per detector (bit k for
 * list[k]), built once per list from the same entries as `runsOn`: the detectors that run
 * everywhere, and those by effect kind, program and wrapper. Null for a list longer than 31.
 */
export interface DetectorIndex {
  everywhere: number;
  /** byKind[b]: the detectors whose concerns name the effect kind of bit b. */
  byKind: Int32Array;
  programs: ReadonlyMap<string, number>;
  via: ReadonlyMap<string, number>;
  /** Some entry names a wrapper (else the via steps need no look). */
  anyVia: boolean;
}

const indexes = new WeakMap<readonly Detector[], DetectorIndex | null>();

export function detectorIndex(list: readonly Detector[]): DetectorIndex | null {
  let ix = indexes.get(list);
  if (ix !== undefined) return ix;
  ix = null;
  if (list.length <= 31) {
    const table = dispatchTable(list);
    const byKind = new Int32Array(32);
    const programs = new Map<string, number>();
    const via = new Map<string, number>();
    let everywhere = 0;
    for (let k = 0; k < table.length; k++) {
      const x = table[k]!;
      const bit = 1 << k;
      if (x === null) {
        everywhere |= bit;
        continue;
      }
      for (let b = 0; b < 32; b++) if (x.mask & (1 << b)) byKind[b]! |= bit;
      for (const p of x.programs ?? []) programs.set(p, (programs.get(p) ?? 0) | bit);
      for (const v of x.via ?? []) via.set(v, (via.get(v) ?? 0) | bit);
    }
    ix = { everywhere, byKind, programs, via, anyVia: via.size > 0 };
  }
  indexes.set(list, ix);
  return ix;
}

/** The detectors (bits, see DetectorIndex) that can fire on an invocation with effect kinds `mask`. */
export function selectedDetectors(ix: DetectorIndex, mask: number, inv: Invocation): number {
  let bits = ix.everywhere;
  for (let m = mask; m !== 0; m &= m - 1) bits |= ix.byKind[31 - Math.clz32(m & -m)]!;
  const name = inv.name;
  const p = ix.programs.get(name);
  if (p !== undefined) bits |= p;
  const dot = name.indexOf('.');
  if (dot > 0) {
    const q = ix.programs.get(name.slice(0, dot));
    if (q !== undefined) bits |= q;
  }
  if (ix.anyVia) {
    for (const step of inv.via) {
      const sp = step.name.indexOf(' ');
      const v = ix.via.get(sp < 0 ? step.name : step.name.slice(0, sp));
      if (v !== undefined) bits |= v;
    }
  }
  return bits;
}
