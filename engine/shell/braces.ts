// Brace expansion ({a,b}, {1..3}, {a..e..2}) over a word's characters, honouring quoting:
// only unquoted { , } and .. are syntax, and a '}' closes only once a ',' was seen (bash's rule).
// The number of results and the total work are capped (a cap hit is a `limit` issue).
import type { Span } from './types.ts';
import type { Seg, IssueSink } from './words.ts';

/** One character of a word (c, quoted or not), or one dynamic expansion (d). */
export interface Cell {
  c: string;
  q: boolean;
  d: Seg | null;
}

export const MAX_BRACE_WORDS = 256;
const MAX_BRACE_WORK = 200_000;

export function hasBrace(segs: Seg[]): boolean {
  let open = false;
  for (let k = 0; k < segs.length; k++) {
    const s = segs[k]!;
    if (s.dyn !== null || s.q) continue;
    if (s.t.indexOf('{') >= 0) open = true;
    if (open && s.t.indexOf('}') >= 0) return true;
  }
  return false;
}

function plain(c: Cell, ch: string): boolean {
  return c.d === null && !c.q && c.c === ch;
}

interface Budget {
  words: number;
  work: number;
  over: boolean;
}

export function expandBraces(cells: Cell[], sink: IssueSink | undefined, span: Span): Cell[][] {
  const out: Cell[][] = [];
  const b: Budget = { words: MAX_BRACE_WORDS, work: MAX_BRACE_WORK, over: false };
  expand(cells, out, b);
  if (b.over && sink) {
    sink.issues.push({ kind: 'limit', message: `brace expansion too large (more than ${MAX_BRACE_WORDS} words or too much work)`, span });
  }
  return out;
}

function expand(cells: Cell[], out: Cell[][], b: Budget): void {
  if (b.words <= 0) {
    b.over = true;
    return;
  }
  const n = cells.length;
  for (let i = 0; i < n; i++) {
    if (!plain(cells[i]!, '{')) continue;
    const m = findClose(cells, i, b);
    if (b.over) return;
    if (!m) continue;
    const alts = m.commas ? splitCommas(cells, i, m.close) : sequence(cells, i, m.close)!;
    const pre = cells.slice(0, i);
    const post = cells.slice(m.close + 1);
    for (const a of alts) {
      // counted before the copy is made: a 64 KiB word of braces must not build gigabytes
      b.work -= pre.length + a.length + post.length;
      if (b.work <= 0) {
        b.over = true;
        return;
      }
      expand(pre.concat(a, post), out, b);
      if (b.over) return;
    }
    return;
  }
  out.push(cells);
  b.words--;
}

/**
 * bash's rule for the end of a brace expression: a '}' at the outer level closes it only when a
 * ',' was seen at that level or the text is a sequence ({1..3}); otherwise the '}' is literal and
 * the search goes on. Quoted characters never count.
 */
function findClose(cells: Cell[], i: number, b: Budget): { close: number; commas: boolean } | null {
  let level = 0;
  let commas = false;
  for (let k = i + 1; k < cells.length; k++) {
    if (--b.work <= 0) {
      b.over = true;
      return null;
    }
    const c = cells[k]!;
    if (c.d !== null || c.q) continue;
    if (c.c === '{') level++;
    else if (c.c === '}') {
      if (level > 0) level--;
      else if (commas || seqSpec(cells, i, k)) return { close: k, commas };
    } else if (c.c === ',' && level === 0) commas = true;
  }
  return null;
}

function splitCommas(cells: Cell[], i: number, j: number): Cell[][] {
  const alts: Cell[][] = [];
  let depth = 0;
  let start = i + 1;
  for (let k = i + 1; k < j; k++) {
    const c = cells[k]!;
    if (plain(c, '{')) depth++;
    else if (plain(c, '}')) {
      if (depth > 0) depth--;
    } else if (depth === 0 && plain(c, ',')) {
      alts.push(cells.slice(start, k));
      start = k + 1;
    }
  }
  alts.push(cells.slice(start, j));
  return alts;
}

function parseInt10(s: string): number | null {
  const neg = s.charCodeAt(0) === 45;
  const from = neg ? 1 : 0;
  if (s.length - from < 1 || s.length - from > 9) return null;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  return Number(s);
}

interface SeqSpec {
  a: string;
  z: string;
  step: number;
  /** Both ends integers (else both single characters). */
  na: number | null;
  nz: number | null;
}

/** Is cells (i, j) a sequence ({x..y} or {x..y..step}: integers or single characters)? Its ends, else null. */
function seqSpec(cells: Cell[], i: number, j: number): SeqSpec | null {
  let text = '';
  for (let k = i + 1; k < j; k++) {
    const c = cells[k]!;
    if (c.d !== null || c.q) return null;
    text += c.c;
    if (text.length > 40) return null;
  }
  const bits = text.split('..');
  if (bits.length !== 2 && bits.length !== 3) return null;
  const [a, z, st] = bits as [string, string, string | undefined];
  let step = 1;
  if (st !== undefined) {
    const v = parseInt10(st);
    if (v === null) return null;
    step = Math.abs(v) || 1;
  }
  const na = parseInt10(a);
  const nz = parseInt10(z);
  if (na !== null && nz !== null) return { a, z, step, na, nz };
  if (a.length === 1 && z.length === 1) return { a, z, step, na: null, nz: null };
  return null;
}

function mk(s: string): Cell[] {
  const out: Cell[] = [];
  for (const ch of s) out.push({ c: ch, q: false, d: null });
  return out;
}

/** The alternatives of a sequence (findClose checked it with seqSpec; built only here, once). */
function sequence(cells: Cell[], i: number, j: number): Cell[][] | null {
  const spec = seqSpec(cells, i, j);
  if (spec === null) return null;
  const { a, z, step, na, nz } = spec;
  const out: Cell[][] = [];
  if (na !== null && nz !== null) {
    const pad = (a.replace('-', '').startsWith('0') && a.length > 1) || (z.replace('-', '').startsWith('0') && z.length > 1)
      ? Math.max(a.length, z.length) : 0;
    const dir = na <= nz ? 1 : -1;
    for (let v = na; dir > 0 ? v <= nz : v >= nz; v += dir * step) {
      if (out.length > MAX_BRACE_WORDS) break;
      let s = String(Math.abs(v));
      const width = pad - (v < 0 ? 1 : 0);
      while (s.length < width) s = '0' + s;
      out.push(mk((v < 0 ? '-' : '') + s));
    }
    return out;
  }
  const ca = a.charCodeAt(0);
  const cz = z.charCodeAt(0);
  const dir = ca <= cz ? 1 : -1;
  for (let v = ca; dir > 0 ? v <= cz : v >= cz; v += dir * step) out.push(mk(String.fromCharCode(v)));
  return out;
}
