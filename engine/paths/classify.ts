// What a path can reach: one small API over the data tables (credentials.ts, protected.ts,
// critical.ts, devices.ts).
//   classifyPath('~/.aws/credentials', ctx)  a path as a tool gives it (Read, Edit, a word's value)
//   classifyWord(word, ctx)                  a shell word, static or dynamic
// A static path is made canonical first: cwd, `~`, `~user`, `..`, `//`, `/proc/self/cwd`,
// `/proc/<pid>/root`, `/dev/fd/N`, symlinks through the fs port (the link and its target).
// A dynamic path carries every class it could reach. A part that can hold any text (a variable,
// a command substitution, an unknown cwd) can hold `../..` or an absolute path, so from there the
// path can be anywhere: every class a location can have is reachable (`free`). Globs cannot
// cross `/`, so they reach only what their segments can match.
import type { FsPort } from '../types.ts';
import type { Word } from '../shell/types.ts';
import { isInside } from './lexical.ts';
import { ANY, STAR, tokenize, type Tok } from './glob.ts';
import { PathTable, literalShape, pins, segMeets, segMeetsName, type Seg, type Compiled, type Row, type TaggedRow } from './table.ts';
import { normalizePath } from './lexical.ts';
import { CREDENTIAL_ROWS } from './credentials.ts';
import { PROTECTED_ROWS, GATE_CONFIG_ROWS, PERSISTENCE_ROWS } from './protected.ts';
import { CRITICAL_ROWS } from './critical.ts';
import { DEVICE_ROWS, HARMLESS_DEVICE_ROWS } from './devices.ts';

export type PathClass = 'protected' | 'credential' | 'critical' | 'outside' | 'device' | 'workspace' | 'gate-config' | 'persistence';

export interface PathContext {
  /** Absolute cwd, or null when it is not known (after `cd "$X"`): relative paths are then dynamic. */
  cwd: string | null;
  home: string;
  /** Workspace roots (absolute). */
  workspace: readonly string[];
  /** With cwd null: a glob pattern (absolute) the cwd is one match of, after `cd /ho*`. */
  cwdGlob?: string;
  /** $OLDPWD (for `~-`), when known. */
  oldpwd?: string | null;
  /** Known shell variable values (from assignments the caller tracked); HOME here overrides home.
   *  A string is one literal value; `{ values, glob }` is one of several (a `for` list), each a
   *  literal or, with `glob`, a pattern bash expanded (`for f in src/*.ts` gives `src/*.ts`). */
  vars?: ReadonlyMap<string, string | VarValues>;
  /** `shopt -s dotglob` is on: globs also match names that start with `.`. */
  dotglob?: boolean;
  /** Extra gate configuration: files or folders the hook read its policy from (absolute). */
  gateFiles?: readonly string[];
  fs?: FsPort;
}

export interface VarValues {
  values: readonly string[];
  glob?: boolean;
}

export interface WordOptions {
  /** Drop a known prefix first (`of=` for dd). */
  skip?: string;
  /** What each `$(…)` of the word prints, in order, when the caller knows it (`$(pwd)`); null if not. */
  subs?: readonly (string | null)[];
}

export interface PathInfo {
  /** Canonical absolute path (static paths only; the written spelling, not the symlink target). */
  path?: string;
  /** Where the path leads through the fs port, when that differs from `path`. */
  target?: string;
  dynamic: boolean;
  /** Some part can hold any text: the path could be anywhere. */
  free: boolean;
  /** An open file descriptor (/dev/stdin, /dev/fd/N, /proc/self/fd/N): what it is depends on the
   *  redirections, which the caller knows. */
  fd?: number;
  /** A device that holds nothing (/dev/null, /dev/tty, …), or a pipe (process substitution). */
  harmless?: boolean;
  classes: ReadonlySet<PathClass>;
  /** Why, per class: `why.credential` is 'AWS credentials' (always set by this module). */
  why?: Partial<Record<PathClass, string>>;
  /** The class reasons in the order found, then notes on the spelling (`~root is /root`, symlinks). */
  reasons: string[];
  /** A glob's classes that a row anchored at `/` or a home, or a name starting with `.`, gives it:
   *  the glob's folder or its own leading dot chose those names (`/etc/sh*` is /etc/shadow). */
  pinned?: ReadonlySet<PathClass>;
}

export interface PathOptions {
  /** Expand a leading `~`, `~user`, `~+`, `~-` (tool inputs; true). Word values are already expanded. */
  tilde?: boolean;
  /** The text is a glob pattern (Glob tool, unquoted globs). */
  glob?: boolean;
}

const tag = (rows: readonly Row[], t: string): TaggedRow[] => rows.map((r) => ({ ...r, tag: t }));
/** Every table in one index, so a path is walked once. */
const combined = new PathTable([
  ...tag(HARMLESS_DEVICE_ROWS, 'harmless'),
  ...tag(DEVICE_ROWS, 'device'),
  ...tag(CREDENTIAL_ROWS, 'credential'),
  ...tag(PROTECTED_ROWS, 'protected'),
  ...tag(GATE_CONFIG_ROWS, 'gate-config'),
  ...tag(PERSISTENCE_ROWS, 'persistence'),
  ...tag(CRITICAL_ROWS, 'critical'),
]);
const tables = { device: new PathTable(DEVICE_ROWS), critical: new PathTable(CRITICAL_ROWS) };

/** Top-level names that are system folders: `$D/usr` with an empty D removes /usr. */
const TOP_LEVEL = new Set(['bin', 'boot', 'dev', 'etc', 'home', 'lib', 'lib32', 'lib64', 'libx32', 'media', 'mnt', 'opt', 'proc', 'root', 'run', 'sbin', 'srv', 'sys', 'tmp', 'usr', 'var', 'applications', 'library', 'system', 'users', 'volumes', 'private', 'nix', 'snap', 'cores']);

/** Variables that always hold a number. */
const NUMERIC_PARAMS = new Set(['#', '?', '$', '!', 'RANDOM', 'SRANDOM', 'SECONDS', 'EPOCHSECONDS', 'LINENO', 'UID', 'EUID', 'PPID', 'BASHPID']);

const ALL_REACHABLE: readonly PathClass[] = ['credential', 'protected', 'gate-config', 'persistence', 'outside'];

// ---------------------------------------------------------------------------------------------
// Text → items. A path text becomes a list of segments; each segment a list of items.

/** A part of one segment: literal text, a glob token, a number, or free text. */
type Item = { k: 'lit'; s: string } | { k: 'glob'; t: Tok } | { k: 'num' } | { k: 'free'; why: string };

interface Parsed {
  absolute: boolean;
  /** Starts with free text (a variable, `$(…)`): the anchor itself is unknown. */
  freeStart: string | null;
  segs: Item[][];
  reasons: string[];
}

function pushLit(seg: Item[], s: string): void {
  const last = seg[seg.length - 1];
  if (last && last.k === 'lit') last.s += s;
  else seg.push({ k: 'lit', s });
}

/** Split a word's approx text (or a plain path) into segments of items. */
function parseText(text: string, ctx: PathContext, opts: { approx: boolean; glob: boolean; tilde: boolean }): Parsed {
  const reasons: string[] = [];
  let freeStart: string | null = null;
  let i = 0;
  let prefix = '';
  // Tilde forms at the start.
  if (opts.tilde && text.startsWith('~')) {
    let k = 1;
    while (k < text.length && text[k] !== '/') k++;
    const user = text.slice(1, k);
    const h = tildeDir(user, ctx, reasons);
    if (h === null) freeStart = user === '+' ? 'an unknown cwd (~+)' : 'an unknown $OLDPWD (~-)';
    else prefix = h;
    i = k;
  }
  const segs: Item[][] = [];
  let seg: Item[] = [];
  const flush = () => {
    segs.push(seg);
    seg = [];
  };
  const src = prefix + text.slice(i);
  const absolute = freeStart === null && src.startsWith('/');
  const sub = (val: string) => {
    // each run between slashes at once (the same text as character by character)
    let a = 0;
    for (let k = 0; k <= val.length; k++) {
      if (k < val.length && val.charCodeAt(k) !== 47) continue;
      if (k > a) pushLit(seg, val.slice(a, k));
      if (k < val.length) flush();
      a = k + 1;
    }
  };
  for (let j = 0; j < src.length; j++) {
    const c = src[j]!;
    if (c === '/') {
      flush();
      continue;
    }
    if (opts.approx && c === '\\' && j + 1 < src.length) {
      pushLit(seg, src[++j]!);
      continue;
    }
    if (opts.approx && c === '$') {
      if (src.startsWith('$((…))', j)) {
        seg.push({ k: 'num' });
        j += 5;
        continue;
      }
      if (src.startsWith('$(…)', j)) {
        seg.push({ k: 'free', why: 'a command substitution' });
        if (segs.length === 0 && seg.length === 1 && freeStart === null && !absolute) freeStart = 'a command substitution';
        j += 3;
        continue;
      }
      let e = j + 1;
      if (isNameStart(src[e])) while (e < src.length && isNameChar(src[e])) e++;
      else if (e < src.length && src[e] !== '/') e++;
      const name = src.slice(j + 1, e);
      j = e - 1;
      const known = knownVar(name, ctx);
      if (known !== null) {
        if (segs.length === 0 && seg.length === 0 && known.startsWith('/')) {
          // An absolute value at the very start anchors the path.
          return parseText(known + src.slice(e), ctx, { ...opts, tilde: false });
        }
        sub(known);
        continue;
      }
      if (NUMERIC_PARAMS.has(name)) {
        seg.push({ k: 'num' });
        continue;
      }
      const why = name === '' ? 'a `$`' : `$${name}`;
      seg.push({ k: 'free', why });
      if (segs.length === 0 && seg.length === 1 && !absolute && freeStart === null) freeStart = why;
      continue;
    }
    if (opts.glob && (c === '*' || c === '?' || c === '[')) {
      // Reuse the glob tokenizer on the rest of this segment.
      let e = j;
      while (e < src.length && src[e] !== '/' && !(opts.approx && src[e] === '$')) e++;
      const chunk = src.slice(j, e);
      pushGlob(seg, chunk);
      j = e - 1;
      continue;
    }
    // a run of plain characters at once (the same text as character by character)
    let e = j + 1;
    while (e < src.length && plainChar(src.charCodeAt(e), opts.approx, opts.glob)) e++;
    pushLit(seg, e === j + 1 ? c : src.slice(j, e));
    j = e - 1;
  }
  flush();
  if (absolute) segs.shift(); // the empty segment before the first `/`
  return { absolute, freeStart, segs, reasons };
}

/** A character parseText copies as it is: not `/`, and in approx text not `\\` or `$`, in a glob not `*?[`. */
function plainChar(c: number, approx: boolean, glob: boolean): boolean {
  if (c === 47) return false;
  if (approx && (c === 92 || c === 36)) return false;
  return !(glob && (c === 42 || c === 63 || c === 91));
}

/** Tokenise a glob chunk into items (literal characters stay literal). */
function pushGlob(seg: Item[], chunk: string): void {
  for (const t of tokenize(chunk)) {
    if (typeof t === 'string') pushLit(seg, t);
    else seg.push({ k: 'glob', t });
  }
}

function isNameStart(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c === '_');
}
function isNameChar(c: string | undefined): boolean {
  return isNameStart(c) || (c !== undefined && c >= '0' && c <= '9');
}
function stripSlashes(p: string): string {
  let e = p.length;
  while (e > 1 && p.charCodeAt(e - 1) === 47) e--;
  return p.slice(0, e);
}

/** The folder `~user` names, or null when it depends on a cwd we do not know. */
function tildeDir(user: string, ctx: PathContext, reasons: string[]): string | null {
  if (user === '') return knownVar('HOME', ctx) ?? ctx.home;
  if (user === '+') return ctx.cwd;
  if (user === '-') return ctx.oldpwd ?? null;
  const h = homeOf(user, ctx);
  reasons.push(`~${user} is ${h}`);
  return h;
}

/** Where a user's home is: root's is /root; the context's user's is the context home. */
export function homeOf(user: string, ctx: { home: string }): string {
  if (user === 'root') return '/root';
  const h = stripSlashes(ctx.home);
  if (h.slice(h.lastIndexOf('/') + 1) === user) return h;
  return '/home/' + user;
}

function knownVar(name: string, ctx: PathContext): string | null {
  const v = ctx.vars?.get(name);
  if (typeof v === 'string') return v;
  if (v !== undefined) return v.values.length === 1 && !v.glob ? v.values[0]! : null;
  if (name === 'HOME') return ctx.home;
  if (name === 'PWD') return ctx.cwd;
  if (name === 'OLDPWD') return ctx.oldpwd ?? null;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Walking segments: `.`, `..`, magic links; the result is a literal stack, maybe with globs, and
// maybe a free tail.

interface Walked {
  /** Segments from the root, original case. A glob segment holds its items. */
  stack: (string | Item[])[];
  /** Segments after the first free part (the first of them may be partial), or null. */
  tail: Item[][] | null;
  freeWhy: string | null;
  fd?: number;
  reasons: string[];
}

function isNum(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  return true;
}

function segsOf(p: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < p.length) {
    let j = p.indexOf('/', i);
    if (j < 0) j = p.length;
    if (j > i) out.push(p.slice(i, j));
    i = j + 1;
  }
  return out;
}

function walk(parsed: Parsed, ctx: PathContext): Walked {
  const reasons = parsed.reasons;
  let stack: (string | Item[])[] = [];
  let freeWhy: string | null = parsed.freeStart;
  if (freeWhy === null && !parsed.absolute) {
    if (ctx.cwd !== null) stack = segsOf(ctx.cwd);
    else if (ctx.cwdGlob !== undefined) stack = globCwd(ctx.cwdGlob, ctx);
    else freeWhy = 'an unknown cwd';
  }
  if (freeWhy !== null) return { stack, tail: parsed.segs, freeWhy, reasons };
  const segs = parsed.segs;
  for (let i = 0; i < segs.length; i++) {
    const items = segs[i]!;
    const free = items.find((x) => x.k === 'free');
    if (free) return { stack, tail: segs.slice(i), freeWhy: (free as { why: string }).why, reasons };
    const lit = items.length === 1 && items[0]!.k === 'lit' ? items[0]!.s : items.length === 0 ? '' : null;
    if (lit === null) {
      stack.push(items);
      continue;
    }
    if (lit === '' || lit === '.') continue;
    if (lit === '..') {
      if (ctx.fs && stack.length > 0 && stack.every((s) => typeof s === 'string')) {
        const real = ctx.fs.realpath('/' + stack.join('/'));
        if (real) stack = segsOf(real);
      }
      stack.pop();
      continue;
    }
    stack.push(lit);
    // Magic links of /proc and /dev.
    const r = magic(stack, ctx, i === segs.length - 1);
    if (r === null) continue;
    if ('free' in r) return { stack: [], tail: segs.slice(i + 1), freeWhy: r.free, reasons };
    if ('fd' in r) {
      if (i === segs.length - 1) return { stack, tail: null, freeWhy: null, fd: r.fd, reasons };
      return { stack: [], tail: segs.slice(i + 1), freeWhy: `file descriptor ${r.fd}`, reasons };
    }
    reasons.push(r.why);
    stack = r.stack;
  }
  return { stack, tail: null, freeWhy: null, reasons };
}

/** The segments of a glob cwd (`cd /ho*`): literal names, and glob segments as items. */
function globCwd(pattern: string, ctx: PathContext): (string | Item[])[] {
  const p = parseText(pattern, { ...ctx, cwdGlob: undefined }, { approx: true, glob: true, tilde: false });
  const out: (string | Item[])[] = [];
  for (const items of p.segs) {
    const lit = items.length === 1 && items[0]!.k === 'lit' ? items[0]!.s : items.length === 0 ? '' : null;
    if (lit === null) out.push(items);
    else if (lit === '..') out.pop();
    else if (lit !== '' && lit !== '.') out.push(lit);
  }
  return out;
}

type Magic = { stack: string[]; why: string } | { free: string } | { fd: number };

/** /proc/self/cwd, /proc/<pid>/root, /proc/thread-self/…, /dev/fd/N, /dev/stdin… */
function magic(stack: (string | Item[])[], ctx: PathContext, last: boolean): Magic | null {
  const n = stack.length;
  const top = stack[n - 1];
  if (typeof top !== 'string') return null;
  if (stack[0] === 'dev') {
    if (n === 2 && last) {
      if (top === 'stdin') return { fd: 0 };
      if (top === 'stdout') return { fd: 1 };
      if (top === 'stderr') return { fd: 2 };
    }
    if (n === 3 && stack[1] === 'fd' && isNum(top)) return { fd: Number(top) };
    return null;
  }
  if (stack[0] !== 'proc' || n < 3) return null;
  const whoSeg = stack[1];
  const who = typeof whoSeg === 'string' ? whoSeg : '<pid>';
  const self = who === 'self' || who === 'thread-self';
  if (!self && !isNum(who) && typeof whoSeg === 'string') return null;
  // /proc/X/task/T/… behaves like /proc/X/…
  let at = 2;
  if (stack[2] === 'task' && n >= 4) {
    if (n === 4) return null;
    at = 4;
  }
  if (n !== at + 1 && !(n === at + 2 && stack[at] === 'fd')) return null;
  const link = stack[at];
  if (link === 'root') return { stack: [], why: `/proc/${who}/root is /` };
  if (link === 'cwd') {
    if (self && ctx.cwd !== null) return { stack: segsOf(ctx.cwd), why: `/proc/${who}/cwd is the cwd` };
    return { free: self ? 'an unknown cwd (/proc/self/cwd)' : `the cwd of process ${who}` };
  }
  if (link === 'fd' && n === at + 2 && isNum(top)) {
    if (self) return { fd: Number(top) };
    return { free: `a file of process ${who}` };
  }
  if (link === 'exe' || link === 'map_files') return { free: `a file of process ${who}` };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Classification.

/** Home roots a literal lower-case path can sit in, as segment counts. */
function homesOf(shape: readonly Seg[], homeLow: readonly string[]): number[] {
  const out: number[] = [];
  const a = shape.length > 0 ? shape[0]!.lit : undefined;
  if (a === 'home' || a === 'users') {
    if (shape.length >= 2) out.push(2);
  } else if (a === 'root') out.push(1);
  else if (a === 'var' && shape.length > 1 && shape[1]!.lit === 'root') out.push(2);
  if (homeLow.length > 0 && homeLow.length <= shape.length && !out.includes(homeLow.length)) {
    let ok = true;
    for (let i = 0; i < homeLow.length; i++) if (shape[i]!.lit !== homeLow[i]) ok = false;
    if (ok) out.push(homeLow.length);
  }
  return out;
}

/** The same for a glob shape: where could a home root end? */
function homesOfShape(shape: readonly Seg[], homeLow: readonly string[]): number[] {
  const out: number[] = [];
  const n = shape.length;
  if (n >= 2 && (segMeets(shape[0]!, P_HOME) || segMeets(shape[0]!, P_USERS))) out.push(2);
  if (n > 0 && segMeets(shape[0]!, P_ROOT)) out.push(1);
  if (n > 1 && segMeets(shape[0]!, P_VAR) && segMeets(shape[1]!, P_ROOT) && !out.includes(2)) out.push(2);
  if (homeLow.length > 0 && homeLow.length <= n && !out.includes(homeLow.length)) {
    const pats = homePats(homeLow);
    let all = true;
    for (let i = 0; i < pats.length; i++) if (!segMeets(shape[i]!, pats[i]!)) all = false;
    if (all) out.push(homeLow.length);
  }
  return out;
}

/** Literal pattern segments for the home tests above (segMeets reads lit; toks stay empty). */
const litPat = (name: string) => ({ lit: name, toks: [] });
const P_HOME = litPat('home');
const P_USERS = litPat('users');
const P_ROOT = litPat('root');
const P_VAR = litPat('var');
let homePatsOf: readonly string[] | null = null;
let homePatList: { lit: string; toks: never[] }[] = [];
function homePats(homeLow: readonly string[]): { lit: string; toks: never[] }[] {
  if (homePatsOf !== homeLow) {
    homePatList = homeLow.map(litPat);
    homePatsOf = homeLow;
  }
  return homePatList;
}

const lowCache = { home: '', segs: [] as string[] };
function homeSegs(home: string): string[] {
  if (lowCache.home !== home) {
    lowCache.home = home;
    lowCache.segs = segsOf(home.toLowerCase());
  }
  return lowCache.segs;
}

const gateTables = new WeakMap<readonly string[], PathTable>();
function gateTable(files: readonly string[]): PathTable {
  let t = gateTables.get(files);
  if (!t) {
    const rows: TaggedRow[] = [];
    for (const f of files) {
      const low = stripSlashes(f.toLowerCase());
      rows.push({ pat: low, why: `gate configuration (${f})`, tag: 'gate-config' }, { pat: low + '/', why: `gate configuration (${f})`, tag: 'gate-config' });
    }
    t = new PathTable(rows);
    gateTables.set(files, t);
  }
  return t;
}

const CLASS_BITS: Record<PathClass, number> = { protected: 1, credential: 2, critical: 4, outside: 8, device: 16, workspace: 32, 'gate-config': 64, persistence: 128 };
const CLASS_NAMES = Object.keys(CLASS_BITS) as PathClass[];
/** One frozen set per combination of classes, shared by every answer. */
const SETS: (ReadonlySet<PathClass> | undefined)[] = [];
function setFor(mask: number): ReadonlySet<PathClass> {
  let s = SETS[mask];
  if (!s) {
    const m = new Set<PathClass>();
    for (const c of CLASS_NAMES) if (mask & CLASS_BITS[c]) m.add(c);
    s = SETS[mask] = m;
  }
  return s;
}

class Result {
  mask = 0;
  /** Classes from pinned rows (see PathInfo.pinned). */
  pinned = 0;
  why: Partial<Record<PathClass, string>> = {};
  found: string[] = [];
  /** Notes on the spelling, made with the first one (most paths have none). */
  notes: string[] | null = null;
  get classes(): ReadonlySet<PathClass> {
    return setFor(this.mask);
  }
  get reasons(): string[] {
    return this.notes === null ? this.found : this.found.concat(this.notes);
  }
  has(c: PathClass): boolean {
    return (this.mask & CLASS_BITS[c]) !== 0;
  }
  note(x: string): void {
    if (this.notes === null) this.notes = [x];
    else this.notes.push(x);
  }
  /** Add a class without a reason (workspace). */
  mark(c: PathClass): void {
    this.mask |= CLASS_BITS[c];
  }
  add(c: PathClass, why: string): void {
    const b = CLASS_BITS[c];
    if (!(this.mask & b)) {
      this.why[c] = why;
      if (!this.found.includes(why)) this.found.push(why);
    }
    this.mask |= b;
  }
}

/** Classify a shape (literal or glob) against every table. True for a harmless device. */
function classifyShape(shape: Seg[], literal: boolean, ctx: PathContext, r: Result, lowPath: string | null): boolean {
  const homeLow = homeSegs(ctx.home);
  const homes = literal ? homesOf(shape, homeLow) : homesOfShape(shape, homeLow);
  const hits: Compiled[] = [];
  combined.all(shape, homes, literal, hits);
  if (ctx.gateFiles && ctx.gateFiles.length > 0) gateTable(ctx.gateFiles).all(shape, homes, literal, hits, true);
  let critical = false;
  for (const c of hits) {
    const t = c.tag;
    if (t === 'harmless') {
      if (literal) return true;
    } else if (t === 'critical') {
      if (!critical) r.add('critical', c.row.why);
      critical = true;
    } else {
      if (t === 'gate-config') r.add('protected', c.row.why);
      r.add(t as PathClass, c.row.why);
      if (!literal && pins(c, shape, homes)) r.pinned |= CLASS_BITS[t as PathClass] | (t === 'gate-config' ? CLASS_BITS.protected : 0);
    }
  }
  if (!critical) {
    const crit = criticalWhy(shape, literal, homes, ctx, lowPath);
    if (crit) r.add('critical', crit);
  }
  return false;
}

function criticalWhy(shape: Seg[], literal: boolean, homes: number[], ctx: PathContext, lowPath: string | null): string | null {
  if (shape.length === 0) return 'the root directory';
  if (homes.includes(shape.length)) return 'a home directory';
  if (!literal) {
    const c = tables.critical.match(shape, homes, false);
    if (c) return c.row.why;
  }
  if (literal && lowPath !== null) {
    for (const w of lowerDirs(ctx.workspace)) if (isInside(w, lowPath)) return lowPath === w ? 'the workspace root' : 'an ancestor of the workspace';
    if (isInside(lowerHome(ctx.home), lowPath)) return 'an ancestor of the home directory';
  } else {
    for (const w of lowerDirs(ctx.workspace)) if (couldName(shape, w)) return 'the workspace root or an ancestor';
    if (couldName(shape, lowerHome(ctx.home))) return 'the home directory or an ancestor';
    // A glob that expands to everything in a critical folder: `~/*`, `/usr/*`, "$WS"/*.
    const last = shape[shape.length - 1]!;
    if (last.lit === null && wildName(last.toks!)) {
      const parent = shape.slice(0, -1);
      if (parent.every((s) => s.lit !== null)) {
        const lp = '/' + parent.map((s) => s.lit).join('/');
        const r = new Result();
        classifyShape(parent, true, ctx, r, lp);
        if (r.has('critical')) return 'everything in a critical folder';
      } else return 'everything in a folder a glob could name';
    }
  }
  return null;
}

/** Can the shape name this lower-case folder or one of its ancestors? (segMeets against each of its segments) */
function couldName(shape: readonly Seg[], dir: string): boolean {
  const d = segsOf(dir);
  if (d.length < shape.length) return false;
  for (let i = 0; i < shape.length; i++) if (!segMeetsName(shape[i]!, d[i]!)) return false;
  return true;
}

/** The workspace roots in lower case, for the last workspace list seen. */
let lowDirsOf: readonly string[] | null = null;
let lowDirs: readonly string[] = [];
function lowerDirs(dirs: readonly string[]): readonly string[] {
  if (lowDirsOf !== dirs || lowDirs.length !== dirs.length) {
    lowDirs = dirs.map((d) => d.toLowerCase());
    lowDirsOf = dirs;
  }
  return lowDirs;
}

let lowHomeOf = '';
let lowHome = '';
function lowerHome(home: string): string {
  if (lowHomeOf !== home) {
    lowHome = home.toLowerCase();
    lowHomeOf = home;
  }
  return lowHome;
}

/** A glob name that matches (almost) anything: no letter or digit in it (`*`, `.*`, `?*`). */
function wildName(t: readonly Tok[]): boolean {
  return t.every((x) => x === STAR || x === ANY || x === '.' || typeof x === 'object');
}

function lower(items: Item[], dotglob = false): Seg {
  let lit = true;
  for (const x of items) if (x.k !== 'lit') lit = false;
  if (lit) return { lit: items.map((x) => (x as { s: string }).s).join('').toLowerCase(), toks: null };
  const toks: Tok[] = [];
  for (const x of items) {
    if (x.k === 'lit') for (const ch of x.s.toLowerCase()) toks.push(ch);
    else if (x.k === 'glob') toks.push(typeof x.t === 'object' ? { negate: x.t.negate, set: x.t.set.toLowerCase() } : x.t);
    else if (x.k === 'num') toks.push({ negate: false, set: '0-9-' });
    else toks.push(STAR);
  }
  // Free text can start with a dot; a glob only when it spells one (or dotglob is on).
  const dot = dotglob || toks[0] === '.' || items[0]!.k === 'free';
  return { lit: null, toks, dot };
}

function finish(r: Result, extra: { dynamic: boolean; free: boolean; fd?: number; harmless?: boolean }): PathInfo {
  const out: PathInfo = { dynamic: extra.dynamic, free: extra.free, classes: r.classes, why: r.why, reasons: r.reasons };
  if (r.pinned !== 0) out.pinned = setFor(r.pinned);
  if (extra.fd !== undefined) out.fd = extra.fd;
  if (extra.harmless) out.harmless = true;
  return out;
}

function classifyParsed(parsed: Parsed, ctx: PathContext): PathInfo {
  const w = walk(parsed, ctx);
  const r = new Result();
  for (const x of w.reasons) r.note(x);
  if (w.fd !== undefined) {
    r.note(`file descriptor ${w.fd}`);
    return finish(r, { dynamic: true, free: false, fd: w.fd, harmless: w.fd <= 2 });
  }
  if (w.tail !== null) return classifyFree(w, ctx, r);
  const globbed = w.stack.some((s) => typeof s !== 'string');
  if (globbed) {
    classifyGlob(w.stack, ctx, r);
    // The glob's literal folder may be a symlink (`ln -s ~ h; rm -rf h/*`): its target's classes too.
    const linked = ctx.fs ? globThroughLink(w.stack, ctx.fs) : null;
    if (linked) {
      r.note(`symlink: ${linked.from} → ${linked.to}`);
      classifyGlob(linked.stack, ctx, r);
    }
    return finish(r, { dynamic: true, free: false });
  }
  return literalInfo('/' + (w.stack as string[]).join('/'), ctx, r);
}

/** A canonical literal path: its classes, and its symlink target's through the fs port. */
function literalInfo(path: string, ctx: PathContext, r: Result): PathInfo {
  const info = classifyLiteral(path, ctx, r);
  if (info.harmless) return { path, dynamic: false, free: false, harmless: true, classes: r.classes, why: r.why, reasons: r.reasons };
  if (ctx.fs) {
    const target = physical(path, ctx.fs);
    if (target !== null && target !== path) {
      r.note(`symlink: ${path} → ${target}`);
      classifyLiteral(target, ctx, r);
      return { path, target, dynamic: false, free: false, classes: r.classes, why: r.why, reasons: r.reasons };
    }
  }
  return { path, dynamic: false, free: false, classes: r.classes, why: r.why, reasons: r.reasons };
}

function unprivateShape(shape: Seg[]): Seg[] {
  if (shape[0]?.lit === 'private' && ['etc', 'var', 'tmp', 'home'].includes(shape[1]?.lit ?? '')) return shape.slice(1);
  return shape;
}

const HARMLESS = { harmless: true };
const NOT_HARMLESS = { harmless: false };

function insideAny(path: string, dirs: readonly string[]): boolean {
  for (let i = 0; i < dirs.length; i++) if (isInside(path, dirs[i]!)) return true;
  return false;
}

/** Classify a canonical absolute literal path into r. */
function classifyLiteral(path: string, ctx: PathContext, r: Result): { harmless: boolean } {
  const lowPath = path.toLowerCase();
  const shape = literalShape(lowPath);
  if (classifyShape(shape, true, ctx, r, lowPath)) {
    r.note('harmless device');
    return HARMLESS;
  }
  if (insideAny(path, ctx.workspace)) r.mark('workspace');
  else r.add('outside', 'outside the workspace');
  return NOT_HARMLESS;
}

/** A walked stack with glob segments: the classes its shape can reach, and where its folder sits. */
function classifyGlob(stack: (string | Item[])[], ctx: PathContext, r: Result): void {
  const shape = stack.map((s) => (typeof s === 'string' ? { lit: s.toLowerCase(), toks: null } : lower(s, ctx.dotglob)));
  classifyShape(unprivateShape(shape), false, ctx, r, null);
  placeGlob(stack, ctx, r);
}

/** A glob whose literal folder leads elsewhere through the fs port: the stack from the target. */
function globThroughLink(stack: (string | Item[])[], fs: FsPort): { from: string; to: string; stack: (string | Item[])[] } | null {
  const k = stack.findIndex((s) => typeof s !== 'string');
  if (k <= 0) return null;
  const from = '/' + (stack.slice(0, k) as string[]).join('/');
  const to = fs.realpath(from);
  if (!to || to === from) return null;
  return { from, to, stack: [...segsOf(to), ...stack.slice(k)] };
}

/** Where a glob's folder sits: inside the workspace when its literal prefix does. */
function placeGlob(stack: (string | Item[])[], ctx: PathContext, r: Result): void {
  const k = stack.findIndex((s) => typeof s !== 'string');
  const prefix = '/' + (stack.slice(0, k) as string[]).join('/');
  if (ctx.workspace.some((ws) => isInside(prefix, ws))) r.mark('workspace');
  else {
    r.add('outside', 'the glob expands outside the workspace');
    if (ctx.workspace.some((ws) => isInside(ws, prefix))) r.mark('workspace');
  }
}

/** The file a path leads to on disk (symlinks resolved), or null when neither it nor its folder exists. */
function physical(path: string, fs: FsPort): string | null {
  const real = fs.realpath(path);
  if (real) return real;
  const i = path.lastIndexOf('/');
  if (i <= 0) return null;
  const dir = fs.realpath(path.slice(0, i));
  return dir ? (dir === '/' ? '' : dir) + path.slice(i) : null;
}

/** A path with a part that can hold anything: every location class, plus what its tail allows. */
function classifyFree(w: Walked, ctx: PathContext, r: Result): PathInfo {
  const why = `${w.freeWhy} could hold any path`;
  for (const c of ALL_REACHABLE) r.add(c, why);
  if (ctx.workspace.length > 0) r.mark('workspace');
  const tail = w.tail!;
  // The tail after the last free part decides critical and device.
  let lastFree = -1;
  tail.forEach((items, i) => {
    if (items.some((x) => x.k === 'free')) lastFree = i;
  });
  const rest = tail.slice(lastFree + 1).filter((items) => !(items.length === 1 && items[0]!.k === 'lit' && items[0]!.s === '.'));
  const partial = lastFree >= 0 ? tail[lastFree]! : null;
  const partialSeg = partial && !(partial.length === 1) ? lower(partial, true) : null;
  const shape: Seg[] = [];
  if (partialSeg) shape.push(partialSeg);
  for (const items of rest) if (items.length > 0) shape.push(lower(items, ctx.dotglob));
  if (shape.length === 0 || rest.some((items) => items.length === 1 && items[0]!.k === 'lit' && items[0]!.s === '..')) r.add('critical', `${w.freeWhy} could be / or a home`);
  else if (shape.every((s) => s.lit === null && wildName(s.toks!))) r.add('critical', 'a glob directly under a variable');
  else {
    const last = shape[shape.length - 1]!;
    if (last.lit === '.git') r.add('critical', 'could be a .git folder');
    else if (shape.length === 1 && last.lit !== null && TOP_LEVEL.has(last.lit)) r.add('critical', `an empty variable would make it /${last.lit}`);
    else if (shape.length > 1) {
      const c = tables.critical.match(shape, homesOfShape(shape, []), false);
      if (c) r.add('critical', `an empty variable would make it ${c.row.why}`);
    }
  }
  // Device: the tail could name a device below /dev (or the whole word could be one).
  const dev = [{ lit: 'dev', toks: null }, ...shape];
  if (shape.length === 0 || tables.device.match(dev, [], false) || tables.device.match(shape, [], false)) r.add('device', `${w.freeWhy} could name a device`);
  return finish(r, { dynamic: true, free: true });
}

// ---------------------------------------------------------------------------------------------
// Public entry points.

/** Classify a path as a tool gives it: absolute, relative to cwd, or starting with `~`. */
export function classifyPath(p: string, ctx: PathContext, opts: PathOptions = {}): PathInfo {
  let m = memoFor(ctx, opts);
  if (m === null) return classifyPathNow(p, ctx, opts);
  const hit = m.get(p);
  if (hit !== undefined) return hit;
  const info = frozen(classifyPathNow(p, ctx, opts));
  if (memoEntries >= MEMO_MAX) {
    memos.clear();
    memoEntries = 0;
    memoLast = null;
    m = memoFor(ctx, opts)!;
  }
  m.set(p, info);
  memoEntries++;
  return info;
}

// Without an fs port or variables, what classifyPath answers is a pure function of the text, the
// options and the context's cwd, cwd glob, $OLDPWD, dotglob, home, workspace and gate files: a
// bounded memo keeps the answers across decisions (`~/.ssh/id_rsa`, `src`, `.` are seen again and
// again). One map per context (by those fields), cleared when the memo is full. Every answer is
// frozen: nobody may change a PathInfo it was given.
const MEMO_MAX = 2048;
const memos = new Map<string, Map<string, PathInfo>>();
let memoEntries = 0;
/** The map of the last context seen, and the fields it was keyed by. */
let memoLast: Map<string, PathInfo> | null = null;
let memoCwd: string | null = null;
let memoCwdGlob: string | undefined;
let memoOld: string | null = null;
let memoDot = false;
let memoHome = '';
let memoWs: readonly string[] = [];
let memoGate: readonly string[] | undefined;
let memoFlags = 0;

function memoFor(ctx: PathContext, opts: PathOptions): Map<string, PathInfo> | null {
  if (ctx.fs !== undefined || ctx.vars !== undefined) return null;
  const flags = (opts.tilde === false ? 0 : 1) | (opts.glob ? 2 : 0);
  const old = ctx.oldpwd ?? null;
  const dot = ctx.dotglob === true;
  if (memoLast !== null && ctx.cwd === memoCwd && ctx.cwdGlob === memoCwdGlob && old === memoOld && dot === memoDot && ctx.home === memoHome && ctx.workspace === memoWs && ctx.gateFiles === memoGate && flags === memoFlags) return memoLast;
  // (\0 cannot be in a path; a null cwd or $OLDPWD is \u0001, which no absolute path is)
  const key = [flags, dot ? 1 : 0, ctx.cwd ?? '\u0001', ctx.cwdGlob ?? '', old ?? '\u0001', ctx.home, ctx.workspace.join('\0'), ctx.gateFiles === undefined ? '' : ctx.gateFiles.join('\0')].join('\0\0');
  let m = memos.get(key);
  if (m === undefined) memos.set(key, (m = new Map()));
  memoLast = m;
  memoCwd = ctx.cwd;
  memoCwdGlob = ctx.cwdGlob;
  memoOld = old;
  memoDot = dot;
  memoHome = ctx.home;
  memoWs = ctx.workspace;
  memoGate = ctx.gateFiles;
  memoFlags = flags;
  return m;
}

/** A PathInfo nobody can change (its classes are the shared sets of setFor, or a merge's own). */
function frozen(info: PathInfo): PathInfo {
  Object.freeze(info.reasons);
  if (info.why) Object.freeze(info.why);
  return Object.freeze(info);
}

function classifyPathNow(p: string, ctx: PathContext, opts: PathOptions): PathInfo {
  if (simple(p, ctx, opts)) {
    const path = normalizePath(p.charCodeAt(0) === 47 ? p : ctx.cwd + '/' + p);
    if (!path.startsWith('/proc/') && !path.startsWith('/dev/')) return literalInfo(path, ctx, new Result());
  }
  if (opts.glob && hasGlobstar(p)) return globstar(p, ctx, (t, c) => classifyPath(t, c, opts));
  const parsed = parseText(p, ctx, { approx: false, glob: opts.glob ?? false, tilde: opts.tilde ?? true });
  return classifyParsed(parsed, ctx);
}

/** Does a glob hold a `**` segment (any depth of folders, as Glob tools and globstar read it)? */
function hasGlobstar(p: string): boolean {
  return p === '**' || p.startsWith('**/') || p.endsWith('/**') || p.includes('/**/');
}

/**
 * `**` stands for zero or more folders below where it appears: it cannot climb, so the folder
 * before it still places the path. It is judged as zero to three wildcard folders, each able to
 * match a dot folder (Glob tools list hidden files).
 */
function globstar(p: string, ctx: PathContext, one: (text: string, ctx: PathContext) => PathInfo): PathInfo {
  const segs = p.split('/');
  const deep: PathContext = { ...ctx, dotglob: true };
  const variants = [0, 1, 2, 3].map((depth) => {
    const out: string[] = [];
    for (const s of segs) {
      if (s === '**') for (let k = 0; k < depth; k++) out.push('*');
      else out.push(s);
    }
    const t = out.join('/');
    return t === '' || t === '/' ? (p.startsWith('/') ? '/' : '.') : t.endsWith('/') && t.length > 1 ? t.slice(0, -1) : t;
  });
  return mergeInfos(variants.map((v) => one(v, deep)));
}

/** A path the fast route can take: no tilde, no glob, a known cwd, no `..` to resolve on disk. */
function simple(p: string, ctx: PathContext, opts: PathOptions): boolean {
  if (p.length === 0 || (p.charCodeAt(0) === 126 && opts.tilde !== false)) return false;
  if (ctx.cwd === null && p.charCodeAt(0) !== 47) return false;
  if (opts.glob && (p.includes('*') || p.includes('?') || p.includes('['))) return false;
  return !(ctx.fs && p.includes('..'));
}

/** `--name=value` (and `-o=value`): the part a program reads as a path. */
function optionValueStart(text: string): number {
  if (!text.startsWith('-')) return 0;
  const eq = text.indexOf('=');
  if (eq < 0) return 0;
  const dashes = text.startsWith('--') ? 2 : 1;
  if (eq <= dashes) return 0;
  for (let i = dashes; i < eq; i++) {
    const c = text[i];
    if (!isNameChar(c) && c !== '-' && c !== '.') return 0;
  }
  return eq + 1;
}

/**
 * Classify a shell word (engine/shell/types.ts). A word with an option-glued value
 * (`--output=$X`) is classified on the value; `skip` drops a known prefix first (`of=` for dd).
 */
export function classifyWord(word: Word, ctx: PathContext, opts: WordOptions = {}): PathInfo {
  if (word.braces && word.braces.length > 0) return mergeInfos(word.braces.map((b) => classifyWord(b, ctx, opts)));
  if (word.kinds.includes('process') && (word.approx.startsWith('<(') || word.approx.startsWith('>('))) {
    return { dynamic: true, free: false, harmless: true, classes: setFor(0), why: {}, reasons: ['process substitution (a pipe)'] };
  }
  if (word.static) {
    let v = word.value ?? '';
    if (opts.skip && v.startsWith(opts.skip)) v = v.slice(opts.skip.length);
    else v = v.slice(optionValueStart(v));
    return classifyPath(v, ctx, { tilde: false });
  }
  let text = word.approx;
  if (opts.skip && text.startsWith(opts.skip)) text = text.slice(opts.skip.length);
  else text = text.slice(optionValueStart(text));
  let glob = word.kinds.includes('glob');
  const tilde = word.kinds.includes('tilde-user');
  if (glob && hasGlobstar(text)) return globstar(text, ctx, (t, c) => classifyParsed(parseText(t, c, { approx: true, glob: true, tilde }), c));
  let texts = [text];
  if (opts.subs || (ctx.vars && word.params.some((n) => isMulti(ctx.vars!.get(n))))) {
    const alt = substitute(text, ctx, opts.subs ?? []);
    if (alt !== null) {
      texts = alt.texts;
      glob ||= alt.glob;
    }
  }
  const infos = texts.map((t) => classifyParsed(parseText(t, ctx, { approx: true, glob, tilde }), ctx));
  const info = mergeInfos(infos);
  if (infos.length > 1) return info;
  return info.dynamic ? info : { ...info, dynamic: false };
}

function isMulti(v: string | VarValues | undefined): boolean {
  return v !== undefined && typeof v !== 'string' && (v.values.length !== 1 || v.glob === true);
}

/** Backslash-escape what the approx text would read as glob or expansion characters. */
function escapeLiteral(v: string): string {
  let out = '';
  for (const c of v) out += c === '\\' || c === '*' || c === '?' || c === '[' || c === '$' ? '\\' + c : c;
  return out;
}

const MAX_ALTERNATIVES = 64;

/**
 * Put known values into an approx text: several-valued variables and known `$(…)` outputs.
 * Returns every resulting text, or null when there would be too many (the word stays free).
 */
function substitute(text: string, ctx: PathContext, subs: readonly (string | null)[]): { texts: string[]; glob: boolean } | null {
  let texts = [''];
  let glob = false;
  let sub = 0;
  const add = (alts: readonly string[]) => {
    const next: string[] = [];
    for (const t of texts) for (const a of alts) next.push(t + a);
    texts = next;
  };
  for (let j = 0; j < text.length; j++) {
    const c = text[j]!;
    if (c === '\\' && j + 1 < text.length) {
      add([c + text[++j]!]);
      continue;
    }
    if (c !== '$') {
      add([c]);
      continue;
    }
    if (text.startsWith('$((…))', j)) {
      add(['$((…))']);
      j += 5;
      continue;
    }
    if (text.startsWith('$(…)', j)) {
      const out = subs[sub++];
      add([out === undefined || out === null ? '$(…)' : escapeLiteral(trimNewlines(out))]);
      j += 3;
      continue;
    }
    let e = j + 1;
    if (isNameStart(text[e])) while (e < text.length && isNameChar(text[e])) e++;
    else if (e < text.length && text[e] !== '/') e++;
    const name = text.slice(j + 1, e);
    const v = ctx.vars?.get(name);
    if (v !== undefined && typeof v !== 'string' && v.values.length > 0) {
      add(v.values.map((x) => (v.glob ? x : escapeLiteral(x))));
      glob ||= v.glob === true;
    } else add([text.slice(j, e)]);
    j = e - 1;
    if (texts.length > MAX_ALTERNATIVES) return null;
  }
  return { texts, glob };
}

/** Command substitution drops trailing newlines. */
function trimNewlines(s: string): string {
  let e = s.length;
  while (e > 0 && s.charCodeAt(e - 1) === 10) e--;
  return s.slice(0, e);
}

/** Several paths at once (brace alternatives): the union of what they reach. */
export function mergeInfos(infos: readonly PathInfo[]): PathInfo {
  if (infos.length === 1) return infos[0]!;
  const classes = new Set<PathClass>();
  const reasons: string[] = [];
  const why: Partial<Record<PathClass, string>> = {};
  let free = false;
  let pinned: Set<PathClass> | undefined;
  for (const i of infos) {
    for (const c of i.classes) classes.add(c);
    if (i.pinned) for (const c of i.pinned) (pinned ??= new Set()).add(c);
    for (const x of i.reasons) if (!reasons.includes(x)) reasons.push(x);
    for (const k in i.why) why[k as PathClass] ??= i.why[k as PathClass];
    free ||= i.free;
  }
  const out: PathInfo = { dynamic: true, free, classes, why, reasons };
  if (pinned) out.pinned = pinned;
  return out;
}

/** `cd -P DIR`: the physical folder (symlinks resolved through the fs port), or null if unknown. */
export function physicalDir(p: string, ctx: PathContext): string | null {
  const info = classifyPath(p, ctx, { tilde: false });
  if (info.path === undefined) return null;
  return (ctx.fs && ctx.fs.realpath(info.path)) || info.path;
}

/** Does the path info reach a class (dynamic paths: could it)? */
export function reaches(info: PathInfo, c: PathClass): boolean {
  return info.classes.has(c);
}
