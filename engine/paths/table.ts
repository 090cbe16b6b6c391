// Path tables as data. A row is a pattern over path segments, compiled once at load:
//   `~/.ssh/`      anchored at any home (the context's home, /home/*, /Users/*, /root, /var/root)
//   `/etc/shadow`  anchored at the root
//   `.git/hooks/`  anywhere (any depth); a one-segment row such as `*.pem` is a file name
//   trailing `/`   the directory itself and everything below it
// Segments may hold `*`, `?` and `[…]`. Matching is case-insensitive (macOS and Windows file
// systems are), so every table entry is written in lower case.
import { ANY, STAR, matchTokens, tokensMeet, tokenize, type Tok } from './glob.ts';

export interface Row {
  /** The pattern (see above). */
  pat: string;
  /** Short reason shown to the user, e.g. 'AWS credentials'. */
  why: string;
  /** File names that do not count (`*.pub`, `.env.example`). Only `*suffix` or exact names. */
  except?: readonly string[];
  /** A name heuristic (`*secret*`): a glob reaches it only when its own text holds `need`. */
  need?: string;
  /** Folders directly below a directory row that do not count (`.claude/worktrees`). */
  exceptBelow?: readonly string[];
}

/** A segment of a path being judged: a literal name, or a glob the shell expands (no `/`). */
export interface Seg {
  lit: string | null;
  toks: Tok[] | null;
  /** A glob that can match a name starting with `.` (it starts with one, or dotglob is on). */
  dot?: boolean;
  /** A glob's literal text (globText), once asked for. */
  text?: string;
}

interface PatSeg {
  lit: string | null;
  toks: Tok[];
}

export type Anchor = 'root' | 'home' | 'any';

export interface Compiled {
  row: Row;
  /** The class the row stands for, in a combined table. */
  tag: string;
  /** The longest literal run of a one-segment pattern: a cheap test before matching. */
  key: string;
  /** The characters of `key` as bits (charBits): a name lacking one cannot hold the key. */
  keyBits: number;
  /** row.need and row.exceptBelow, on this one object shape. */
  need: string | undefined;
  exceptBelow: readonly string[] | undefined;
  anchor: Anchor;
  segs: PatSeg[];
  /** The first character of the second segment when it is a literal one, else -1 (a cheap test in scan). */
  c1: number;
  dir: boolean;
  exceptNames: Set<string>;
  exceptSuffixes: string[];
}

function compileRow(row: TaggedRow): Compiled {
  let p = row.pat;
  let anchor: Anchor = 'any';
  if (p.startsWith('~/')) {
    anchor = 'home';
    p = p.slice(2);
  } else if (p.startsWith('/')) {
    anchor = 'root';
    p = p.slice(1);
  }
  const dir = p.endsWith('/');
  if (dir) p = p.slice(0, -1);
  const segs = p === '' ? [] : p.split('/').map((s): PatSeg => {
    const toks = tokenize(s);
    return { lit: toks.every((t) => typeof t === 'string') ? s : null, toks };
  });
  const exceptNames = new Set<string>();
  const exceptSuffixes: string[] = [];
  for (const e of row.except ?? []) {
    if (e.startsWith('*')) exceptSuffixes.push(e.slice(1));
    else exceptNames.add(e);
  }
  const key = longestLiteral(segs[segs.length - 1]?.toks ?? []);
  const t1 = segs.length > 1 ? segs[1]!.toks[0] : undefined;
  const c1 = typeof t1 === 'string' ? t1.charCodeAt(0) : -1;
  return { row, tag: row.tag ?? '', key, keyBits: charBits(key), need: row.need, exceptBelow: row.exceptBelow, anchor, segs, c1, dir, exceptNames, exceptSuffixes };
}

/** The characters of a text as a 32-bit set (code % 32; letters are distinct, others may share a bit). */
function charBits(s: string): number {
  let b = 0;
  for (let i = 0; i < s.length; i++) b |= 1 << (s.charCodeAt(i) & 31);
  return b;
}

function longestLiteral(t: readonly Tok[]): string {
  let best = '';
  let cur = '';
  for (const x of t) {
    if (typeof x === 'string') cur += x;
    else cur = '';
    if (cur.length > best.length) best = cur;
  }
  return best;
}

/** A row with the class it stands for (one combined table serves several classes). */
export type TaggedRow = Row & { tag?: string };

/** The rows of one anchor: literal first segments through a map, the rest by shape. */
interface AnchorIndex {
  byFirst: Map<string, Compiled[]>;
  /** The first letter and length of every key of byFirst (firstKey): most segments miss it. */
  firsts: Uint8Array;
  wild: Compiled[];
  /** For a glob segment (which may start any row): folder rows, rows by segment count. */
  dirs: Compiled[];
  byLen: Map<number, Compiled[]>;
  order: Map<Compiled, number>;
}

function anchorIndex(): AnchorIndex {
  return { byFirst: new Map(), firsts: new Uint8Array(FIRST_KEYS), wild: [], dirs: [], byLen: new Map(), order: new Map() };
}

/** A compiled table, indexed for literal paths by the first segment of each row. */
export class PathTable {
  readonly rows: readonly Compiled[];
  private readonly root = anchorIndex();
  private readonly home = anchorIndex();
  private readonly any = anchorIndex();
  /** One-segment file-name rows with a glob (`*.pem`): tried on the last segment only. */
  private readonly names: Compiled[] = [];
  /** Their keyBits, packed (scanned for every literal path). */
  private readonly nameBits: Int32Array;

  constructor(rows: readonly TaggedRow[]) {
    this.rows = rows.map(compileRow);
    for (const c of this.rows) {
      const first = c.segs[0];
      const ix = this[c.anchor];
      if (first && first.lit !== null) {
        const list = ix.byFirst.get(first.lit);
        if (list) list.push(c);
        else ix.byFirst.set(first.lit, [c]);
        ix.firsts[firstKey(first.lit)] = 1;
      } else if (c.anchor === 'any' && c.segs.length === 1 && !c.dir) this.names.push(c);
      else ix.wild.push(c);
    }
    this.nameBits = Int32Array.from(this.names, (c) => c.keyBits);
    // For a glob segment: the same rows in the same order, split into folder rows and, by
    // segment count, the others (a row that is not a folder must end where the path ends).
    for (const g of [this.root, this.home, this.any]) {
      for (const c of [...[...g.byFirst.values()].flat(), ...g.wild]) {
        g.order.set(c, g.order.size);
        if (c.dir) g.dirs.push(c);
        else {
          const list = g.byLen.get(c.segs.length);
          if (list) list.push(c);
          else g.byLen.set(c.segs.length, [c]);
        }
      }
    }
  }

  /** The first row a path shape can reach (see `all`). */
  match(shape: readonly Seg[], homes: readonly number[], literal: boolean): Compiled | null {
    const out: Compiled[] = [];
    this.all(shape, homes, literal, out, true);
    return out[0] ?? null;
  }

  /**
   * Every row a path shape can reach, pushed to `out`. `homes` lists the segment counts at which
   * a home root ends (a path may sit in several: the context's home is also /home/NAME).
   * Rows are looked up by the segment where they would start: a literal segment through the
   * index, a glob segment against every row of that anchor.
   */
  all(shape: readonly Seg[], homes: readonly number[], literal: boolean, out: Compiled[], first = false): void {
    void literal;
    const n = shape.length;
    at(this.root, shape, 0, out);
    if (first && out.length > 0) return;
    for (let k = 0; k < homes.length; k++) at(this.home, shape, homes[k]!, out);
    if (first && out.length > 0) return;
    for (let o = 0; o < n; o++) at(this.any, shape, o, out);
    if (first && out.length > 0) return;
    if (n > 0) {
      const last = shape[n - 1]!;
      const name = last.lit;
      const names = this.names;
      if (name === null) {
        for (let k = 0; k < names.length; k++) if (fits(names[k]!, shape, n - 1)) out.push(names[k]!);
      } else {
        // A key's characters must all occur in the name before it can occur as a run.
        const missing = ~charBits(name);
        const nameBits = this.nameBits;
        for (let k = 0; k < nameBits.length; k++) {
          if ((nameBits[k]! & missing) !== 0) continue;
          const c = names[k]!;
          if (name.includes(c.key) && fits(c, shape, n - 1)) out.push(c);
        }
      }
    }
  }
}

function at(ix: AnchorIndex, shape: readonly Seg[], o: number, out: Compiled[]): void {
  const seg = shape[o];
  if (seg === undefined) return;
  if (seg.lit !== null) {
    if (ix.firsts[firstKey(seg.lit)] === 1) scan(ix.byFirst.get(seg.lit), shape, o, out);
    if (ix.wild.length > 0) scan(ix.wild, shape, o, out);
    return;
  }
  // Only folder rows and rows that end at the path's end can fit (see `fits`); merged back into
  // table order, so the first row found is the same as when every row is tried.
  const a: Compiled[] = [];
  const b: Compiled[] = [];
  scan(ix.dirs, shape, o, a);
  scan(ix.byLen.get(shape.length - o), shape, o, b);
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && ix.order.get(a[i]!)! < ix.order.get(b[j]!)!) ? a[i++]! : b[j++]!);
}

const FIRST_KEYS = 128 * 64;

/** A segment's first character and length as a small number (a cheap test before the map). */
function firstKey(s: string): number {
  return ((s.length === 0 ? 0 : s.charCodeAt(0) & 127) << 6) | (s.length < 63 ? s.length : 63);
}

function scan(list: readonly Compiled[] | undefined, shape: readonly Seg[], o: number, out: Compiled[]): void {
  if (list === undefined) return;
  const n = shape.length;
  // The second segment's first character, when literal: a row whose second segment starts with
  // another literal character cannot fit (the same answer as fits, without the call).
  const s1 = n > o + 1 ? shape[o + 1]!.lit : null;
  const k1 = s1 === null ? -1 : s1.charCodeAt(0);
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    const m = c.segs.length;
    if (c.dir ? n < o + m : n !== o + m) continue;
    if (k1 >= 0 && m > 1 && c.c1 >= 0 && c.c1 !== k1) continue;
    if (fits(c, shape, o)) out.push(c);
  }
}

/** Does the row fit the shape at offset o? */
function fits(c: Compiled, shape: readonly Seg[], o: number): boolean {
  const m = c.segs.length;
  const n = shape.length;
  if (c.dir ? n < o + m : n !== o + m) return false;
  if (m === 0 && !c.dir) return false;
  for (let k = 0; k < m; k++) if (!segMeets(shape[o + k]!, c.segs[k]!)) return false;
  // A name heuristic binds a glob with literal text only when that text holds its keyword.
  // (A bare `*` as the last segment can be any file name, so it binds them all.)
  const need = c.need;
  if (need !== undefined) {
    const at = o + m - 1;
    const g = shape[at]!;
    if (g.lit === null && !(at === n - 1 && isWildSeg(g)) && !(g.text ??= globText(g.toks!)).includes(need)) return false;
  }
  const below = c.exceptBelow;
  if (below !== undefined && n > o + m) {
    const name = shape[o + m]!.lit;
    if (name !== null && below.includes(name)) return false;
  }
  return !excepted(c, shape[n - 1]);
}

/**
 * A glob that reaches a row's own entry, not just some name both patterns share: anchored at the
 * root or a home, or naming an entry that starts with `.`, and at a place where the row fits, each
 * glob segment matches the row segment with the row's wildcards read as nothing (`sh*` reaches
 * `shadow*`; `pass*` does not reach `*shadow-`). A row segment that is only wildcards takes any name.
 */
export function pins(c: Compiled, shape: readonly Seg[], homes: readonly number[]): boolean {
  if (c.anchor === 'root') return fits(c, shape, 0) && canonFits(c, shape, 0);
  if (c.anchor === 'home') {
    for (let k = 0; k < homes.length; k++) if (fits(c, shape, homes[k]!) && canonFits(c, shape, homes[k]!)) return true;
    return false;
  }
  if (!c.segs.some((p) => p.toks[0] === '.')) return false;
  for (let o = 0; o < shape.length; o++) if (fits(c, shape, o) && canonFits(c, shape, o)) return true;
  return false;
}

function canonFits(c: Compiled, shape: readonly Seg[], o: number): boolean {
  for (let k = 0; k < c.segs.length; k++) {
    const s = shape[o + k]!;
    const p = c.segs[k]!;
    if (s.lit !== null || p.lit !== null || p.toks.every((t) => t === STAR || t === ANY)) continue;
    let name = '';
    for (const t of p.toks) {
      if (typeof t === 'string') name += t;
      else if (t === ANY) name += '_';
      else if (t !== STAR) return false;
    }
    if (!matchTokens(s.toks!, name)) return false;
  }
  return true;
}

function globText(t: readonly Tok[]): string {
  let s = '';
  for (const x of t) s += typeof x === 'string' ? x : ' ';
  return s;
}

/** Can the judged segment name the same entry as the pattern segment? */
export function segMeets(s: Seg, p: PatSeg): boolean {
  if (p.lit !== null) return segMeetsName(s, p.lit);
  if (s.lit !== null) return matchTokens(p.toks, s.lit);
  // Without dotglob a glob matches a leading `.` only when it spells one.
  if (!s.dot && p.toks[0] === '.') return false;
  return tokensMeet(s.toks!, p.toks);
}

/** segMeets against a literal name (a pattern segment without wildcards). */
export function segMeetsName(s: Seg, name: string): boolean {
  if (s.lit !== null) return s.lit === name;
  if (!s.dot && name.startsWith('.')) return false;
  const t = s.toks!;
  const a = t[0];
  const z = t[t.length - 1];
  if (typeof a === 'string' && a !== name[0]) return false;
  if (typeof z === 'string' && z !== name[name.length - 1]) return false;
  return matchTokens(t, name);
}

/** Is the last segment one of the row's exceptions, whatever the shell expands it to? */
function excepted(c: Compiled, last: Seg | undefined): boolean {
  if (!last || (c.exceptNames.size === 0 && c.exceptSuffixes.length === 0)) return false;
  if (last.lit !== null) {
    if (c.exceptNames.has(last.lit)) return true;
    for (const x of c.exceptSuffixes) if (last.lit.endsWith(x)) return true;
    return false;
  }
  // A glob: excepted only when every name it matches ends with the suffix (a literal tail).
  const t = last.toks!;
  for (const x of c.exceptSuffixes) {
    if (t.length <= x.length) continue;
    let ok = true;
    for (let i = 0; i < x.length; i++) if (t[t.length - x.length + i] !== x[i]) ok = false;
    if (ok) return true;
  }
  return false;
}

/** Split a lower-case absolute path or glob into segments. */
export function shapeOf(p: string, glob: boolean): Seg[] {
  const out: Seg[] = [];
  for (const s of p.split('/')) {
    if (s === '') continue;
    if (!glob) out.push({ lit: s, toks: null });
    else {
      const toks = tokenize(s);
      if (toks.every((t) => typeof t === 'string')) out.push({ lit: (toks as string[]).join(''), toks: null });
      else out.push({ lit: null, toks, dot: toks[0] === '.' });
    }
  }
  return out;
}

/** A segment that can expand to any name (no literal character at all). */
export function isWildSeg(s: Seg): boolean {
  return s.lit === null && s.toks!.every((t) => t === STAR || t === ANY || typeof t === 'object');
}

/** The literal segments of a lower-case absolute path, /private/etc as /etc (unprivate). */
export function literalShape(low: string): Seg[] {
  const shape: Seg[] = [];
  let i = 0;
  while (i < low.length) {
    let j = low.indexOf('/', i);
    if (j < 0) j = low.length;
    if (j > i) shape.push({ lit: low.slice(i, j), toks: null });
    i = j + 1;
  }
  if (shape.length > 1 && shape[0]!.lit === 'private') {
    const b = shape[1]!.lit;
    if (b === 'etc' || b === 'var' || b === 'tmp' || b === 'home') shape.shift();
  }
  return shape;
}
