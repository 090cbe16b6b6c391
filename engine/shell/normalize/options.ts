// GNU getopt-style option parsing driven by small per-program specs.
import type { Word } from '../types.ts';
import { mayBeFlag } from './words.ts';

/** 0 = no value, 1 = required value, 2 = optional value (attached only), 3 = two values. */
export type ArgKind = 0 | 1 | 2 | 3;

export interface OptInfo {
  canon: string;
  arg: ArgKind;
  /** Marked unsafe (`!` in the spec): known, but never read-only. */
  unsafe?: boolean;
}

export interface Spec {
  short: Map<string, OptInfo>;
  long: Map<string, OptInfo>;
  longNames: string[];
  /** Stop at the first operand (POSIX / `+` getopt): everything after is operands. */
  posix: boolean;
  /** Long options must be spelled in full (no unique-prefix abbreviation). */
  exact: boolean;
  /** `-5` style numeric option maps to this canonical name. */
  numeric?: string;
}

/**
 * Build a spec from a compact string: groups separated by spaces, names in a group by `|`;
 * one-character names are short options, longer ones long options. A trailing `:` means a
 * required value, `::` an optional one, `:2` two values; a leading `!` marks it unsafe.
 * The canonical name is the first long name of the group, else the first name.
 * `#name` sets the numeric option's canonical name.
 */
export function spec(defs: string, opts: { posix?: boolean; exact?: boolean } = {}): Spec {
  const s: Spec = { short: new Map(), long: new Map(), longNames: [], posix: !!opts.posix, exact: !!opts.exact };
  for (let g of defs.split(' ')) {
    if (!g) continue;
    if (g[0] === '#') {
      s.numeric = g.slice(1);
      continue;
    }
    let unsafe = false;
    if (g[0] === '!') {
      unsafe = true;
      g = g.slice(1);
    }
    let arg: ArgKind = 0;
    if (g.endsWith(':2')) {
      arg = 3;
      g = g.slice(0, -2);
    } else if (g.endsWith('::')) {
      arg = 2;
      g = g.slice(0, -2);
    } else if (g.endsWith(':') && g.length > 1) {
      arg = 1;
      g = g.slice(0, -1);
    }
    const names = g.split('|');
    const canon = names.find((n) => n.length > 1) ?? names[0];
    const info: OptInfo = unsafe ? { canon, arg, unsafe } : { canon, arg };
    for (const n of names) {
      if (n.length === 1) s.short.set(n, info);
      else {
        s.long.set(n, info);
        s.longNames.push(n);
      }
    }
  }
  return s;
}

export interface ParseResult {
  options: Map<string, string | true>;
  /** Every option occurrence in order (canonical name, value). */
  list: { canon: string; value: string | true; word: Word; unsafe: boolean }[];
  operands: Word[];
  unknown: string[];
  dynamic: boolean;
  /** Index in args after `--` (or args.length). */
  dashdash: number;
  /** Index in args of the first operand (-1: none). */
  first: number;
}

export function lookupLong(spec: Spec, name: string): OptInfo | undefined | null {
  const exact = spec.long.get(name);
  if (exact) return exact;
  if (spec.exact) return undefined;
  let found: OptInfo | undefined;
  for (const n of spec.longNames) {
    if (n.startsWith(name)) {
      const info = spec.long.get(n)!;
      if (found && found !== info) return null; // ambiguous
      found = info;
    }
  }
  return found;
}

/** Parse args[start..] with the spec. Never throws. */
/**
 * Options and operands of `args` by `sp`. `firstOnly`: of the operands, only the first (a wrapper
 * needs no more: what follows is the program it runs), so a long argv is not copied.
 */
export function getopt(args: Word[], sp: Spec, start = 0, firstOnly = false): ParseResult {
  const r: ParseResult = { options: new Map(), list: [], operands: [], unknown: [], dynamic: false, dashdash: args.length, first: -1 };
  let i = start;
  for (; i < args.length; i++) {
    const w = args[i];
    if (!w.static) {
      if (mayBeFlag(w)) r.dynamic = true;
      if (r.first < 0) r.first = i;
      r.operands.push(w);
      if (sp.posix) {
        i++;
        break;
      }
      continue;
    }
    const v = w.value ?? '';
    if (v === '--') {
      r.dashdash = i + 1;
      i++;
      break;
    }
    if (v.length < 2 || v.charCodeAt(0) !== 45) {
      if (r.first < 0) r.first = i;
      r.operands.push(w);
      if (sp.posix) {
        i++;
        break;
      }
      continue;
    }
    if (v.charCodeAt(1) === 45) {
      const eq = v.indexOf('=');
      const name = eq < 0 ? v.slice(2) : v.slice(2, eq);
      const info = lookupLong(sp, name);
      if (!info) {
        r.unknown.push(eq < 0 ? v : v.slice(0, eq));
        continue;
      }
      if (eq >= 0) set(r, info.canon, v.slice(eq + 1), w, !!info.unsafe);
      else if (info.arg === 1) {
        set(r, info.canon, valueOf(r, args, i + 1), w, !!info.unsafe);
        i++;
      } else if (info.arg === 3) {
        set(r, info.canon, valueOf(r, args, i + 1) + '\u0000' + valueOf(r, args, i + 2), w, !!info.unsafe);
        i += 2;
      } else set(r, info.canon, true, w, !!info.unsafe);
      continue;
    }
    // short options, possibly bundled
    if (sp.numeric && isDigits(v, 1)) {
      set(r, sp.numeric, v.slice(1), w, false);
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const c = v[j];
      const info = sp.short.get(c);
      if (!info) {
        r.unknown.push('-' + c);
        continue;
      }
      if (info.arg === 0) {
        set(r, info.canon, true, w, !!info.unsafe);
        continue;
      }
      const rest = v.slice(j + 1);
      if (info.arg === 2) set(r, info.canon, rest.length ? rest : true, w, !!info.unsafe);
      else if (info.arg === 3) {
        set(r, info.canon, valueOf(r, args, i + 1) + '\u0000' + valueOf(r, args, i + 2), w, !!info.unsafe);
        i += 2;
      } else if (rest.length) set(r, info.canon, rest, w, !!info.unsafe);
      else {
        set(r, info.canon, valueOf(r, args, i + 1), w, !!info.unsafe);
        i++;
      }
      break;
    }
  }
  if (r.first < 0 && i < args.length) r.first = i;
  if (firstOnly) {
    if (r.operands.length === 0 && i < args.length) r.operands.push(args[i]);
    return r;
  }
  for (; i < args.length; i++) r.operands.push(args[i]);
  return r;
}

function set(r: ParseResult, canon: string, value: string | true, word: Word, unsafe: boolean): void {
  r.options.set(canon, value);
  r.list.push({ canon, value, word, unsafe });
}

function valueOf(r: ParseResult, args: Word[], i: number): string {
  const w = args[i];
  if (!w) return '';
  if (!w.static) r.dynamic = true;
  return w.static ? (w.value ?? '') : w.approx;
}

function isDigits(s: string, from: number): boolean {
  if (s.length <= from) return false;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
