// Character-level scanner for bash. No regex: charCode scanning, one pass. The parser drives it
// one token at a time and tells it the context (command start, assignment, [[ ]], =~ regex).
// Substitutions ($(…), `…`, <(…)) are parsed recursively through the SubParser callback, so the
// scanner always knows where a word ends, the way bash itself does.
import type { Budget, Issue } from './types.ts';
import type { EscPart, Part, WordNode, ListNode, RedirNode, ParamPart } from './ast.ts';
import { decodeAnsi } from './ansi.ts';
import { NONE, fit } from './ast.ts';

export { fit };

/** Budget counters shared by a parse and every nested parse inside it. */
export interface Shared {
  budget: Budget;
  issues: Issue[];
  tokens: number;
  /** Simple commands parsed so far, and how many the parse may hold: analyze() lists every one of
   *  them, so its command budget applies while parsing (Infinity for the bare tree of parse()). */
  commands: number;
  maxCommands: number;
  /** Where the top-level parse stopped on an error or a budget (source.length when it did not):
   *  nothing after it is in the tree. */
  parsedEnd: number;
  depth: number;
  maxDepth: number;
  /** Work counter: characters and tokens visited (for the linearity property). */
  steps: number;
  /**
   * For replaying a `$(…)` parsed before (see Lexer.dollar): the deepest depth reached on the path
   * that succeeded, and the tokens spent in `$((`/`((` attempts that failed.
   */
  peak: number;
  wasted: number;
  /** Scratch stacks for building word parts and command words (exact-size arrays, no garbage). */
  parts: Scratch<Part>;
  words: Scratch<WordNode>;
  /** The same for the lists of the tree above words (pipeline stages and operators, and-or lists). */
  items: Scratch<unknown>;
}

/**
 * A stack that lists are built on: a builder remembers `n`, pushes, then `take`s its items as
 * an exact-size array and pops them. Builders nest (a substitution inside a word builds its own
 * lists above the word's), so one stack serves a whole parse without per-list garbage.
 */
export class Scratch<T> {
  a: T[] = [];
  n = 0;
  push(x: T): void {
    this.a[this.n++] = x;
  }
  take(base: number): T[] {
    const n = this.n;
    this.n = base;
    if (n === base) return NONE;
    const a = this.a;
    const out = n === base + 1 ? [a[base]!] : a.slice(base, n);
    // drop the references: stale slots of a long-lived stack keep dead nodes alive through
    // every scavenge (measured: 4× slower on one long word)
    for (let i = base; i < n; i++) a[i] = undefined as T;
    return out;
  }
  /** Pop back to `base` without keeping anything (after a failed attempt or an abort). */
  drop(base: number): void {
    for (let i = base; i < this.n; i++) this.a[i] = undefined as T;
    this.n = base;
  }
}

/** Thrown internally to stop a parse; never escapes parse() / analyze(). */
export class Abort {
  readonly kind: 'parse' | 'limit';
  constructor(kind: 'parse' | 'limit') {
    this.kind = kind;
  }
}

export interface SubParser {
  /** Parse a list from the lexer's position up to the matching ')', leaving pos after it. */
  nested(): ListNode;
  /** Parse a separate string (backtick content, already unescaped); spans offset by base. */
  fromString(text: string, base: number): ListNode;
  /** Lexer position before the last token read (nested parses move it too; see Memo). */
  prevEnd: number;
}

// token types
export const EOF = 0;
export const WORD = 1;
export const OP = 2;
export const NEWLINE = 3;
export const REDIR = 4;

// lexing flags
export const F_CMD = 1; // command start: '((' is arithmetic, name=( is an array
export const F_ASSIGN = 2; // name=( is an array (assignment prefix or declaration builtin)
export const F_COND = 4; // inside [[ ]]: < > ( ) are operators
export const F_REGEX = 8; // right-hand side of =~

const SP = 32, TAB = 9, NL = 10, SEMI = 59, AMP = 38, PIPE = 124, LP = 40, RP = 41, LT = 60, GT = 62;
const BS = 92, SQ = 39, DQ = 34, DOL = 36, BT = 96, HASH = 35, LB = 123, RB = 125, LBK = 91, RBK = 93;
const EQ = 61, PLUS = 43, AT = 64, BANG = 33, STAR = 42, QM = 63, MINUS = 45, ZERO = 48, NINE = 57;

// 1 = metacharacter, 2 = needs attention inside a word
const CLS = new Uint8Array(128);
for (const c of [SP, TAB, NL, SEMI, AMP, PIPE, LP, RP, LT, GT]) CLS[c] = 1;
for (const c of [BS, SQ, DQ, DOL, BT, AT, BANG, PLUS, STAR, QM]) CLS[c] = 2;

/**
 * Where the run of characters that only extend a word (class 0, and glob characters not opening
 * an extglob) ends, from p. A small function of its own: it stays optimised while the big
 * scanner is deoptimised and waits to be compiled again (a 64 KiB word is one call of it).
 */
function plainRun(src: string, p: number, end: number): number {
  // most runs are a few characters: a loop; a run still going after 32 is finished by a regex scan
  const stop = p + 32 < end ? p + 32 : end;
  while (p < stop) {
    const ch = src.charCodeAt(p);
    if (ch < 128 && CLS[ch] !== 0) {
      if (ch !== AT && ch !== BANG && ch !== PLUS && ch !== STAR && ch !== QM) break;
      if (p + 1 < end && src.charCodeAt(p + 1) === LP) break;
    }
    p++;
  }
  return p === stop && p < end ? longRun(src, p, end) : p;
}

/** The characters of class 1 and 2 but the glob ones: what ends a plain run, or a glob before a '('. */
const RUN_END = /[\t\n ;&|()<>\\'"$`]/g;

/**
 * plainRun's answer by one native scan (a long word is scanned at regex speed). A glob character
 * ends the run only before a '(', which RUN_END finds: the run ends there, or one before.
 */
function longRun(src: string, p: number, end: number): number {
  RUN_END.lastIndex = p;
  const q = RUN_END.test(src) ? RUN_END.lastIndex - 1 : end;
  if (q >= end) return end;
  return q > p && src.charCodeAt(q) === LP && isGlobChar(src.charCodeAt(q - 1)) ? q - 1 : q;
}

function isGlobChar(c: number): boolean {
  return c === AT || c === BANG || c === PLUS || c === STAR || c === QM;
}

/** Where the run of escapes `\x` (not a line continuation) from p ends (p itself starts one). */
function escapeRun(src: string, p: number, end: number): number {
  while (p + 1 < end && src.charCodeAt(p) === BS && src.charCodeAt(p + 1) !== NL) p += src.codePointAt(p + 1)! > 0xffff ? 3 : 2;
  return p;
}

/** The text a run of escapes [p, q) stands for: each escaped character (one or two code units). */
function unescape(src: string, p: number, q: number): string {
  if (q - p > 64) return unescapeLong(src, p, q);
  const pieces: string[] = [];
  let t = '';
  for (let i = p + 1; i < q; ) {
    const len = src.codePointAt(i)! > 0xffff ? 2 : 1;
    const c = len === 1 ? src[i]! : src.slice(i, i + 2);
    if (t.length < 32) t += c;
    else pieces.push(c);
    i += len + 1;
  }
  return pieces.length ? t + pieces.join('') : t;
}

/** unescape for a long run: its code units gathered in one array, made a string a chunk at a time. */
function unescapeLong(src: string, p: number, q: number): string {
  const u = new Uint16Array(q - p);
  let n = 0;
  for (let i = p + 1; i < q; i += 2) {
    u[n++] = src.charCodeAt(i);
    if (src.codePointAt(i)! > 0xffff) u[n++] = src.charCodeAt(++i); // an escaped pair: \ and two units
  }
  let out = '';
  for (let k = 0; k < n; k += 4096) out += String.fromCharCode.apply(null, u.subarray(k, Math.min(n, k + 4096)) as unknown as number[]);
  return out;
}

export function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
export function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= ZERO && c <= NINE);
}
/** A shell variable name: a letter or _, then letters, digits or _. */
export function isName(t: string): boolean {
  if (t.length === 0 || !isNameStart(t.charCodeAt(0))) return false;
  for (let i = 1; i < t.length; i++) if (!isNameChar(t.charCodeAt(i))) return false;
  return true;
}
function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}
function isSpecialParam(c: number): boolean {
  return c === AT || c === STAR || c === HASH || c === QM || c === MINUS || c === DOL || c === BANG;
}

/** Does src[start, pos) read `name=`, `name+=` or `name[…]=`? */
export function isAssignPrefix(src: string, start: number, pos: number): boolean {
  if (pos - start < 2 || src.charCodeAt(pos - 1) !== EQ) return false;
  if (!isNameStart(src.charCodeAt(start))) return false;
  let i = start + 1;
  while (i < pos && isNameChar(src.charCodeAt(i))) i++;
  if (src.charCodeAt(i) === LBK) {
    const close = src.indexOf(']', i);
    if (close < 0 || close >= pos) return false;
    i = close + 1;
  }
  if (src.charCodeAt(i) === PLUS) i++;
  return i === pos - 1;
}

interface Pending { node: RedirNode; delim: string; strip: boolean; quoted: boolean }
export interface Saved {
  pos: number; issues: number; pending: Pending[]; depth: number; parts: number; words: number; items: number;
  tokens: number; wasted: number; peak: number; commands: number;
}
/** A `$(…)` parsed at some position: its part, where it ended and what a re-parse would add. */
interface Memo {
  end: number;
  part: Part;
  /** Where the lexer stood after it. */
  pos: number;
  /** Deepest nesting reached inside, relative to the depth at its start. */
  rel: number;
  /** Tokens and issues a re-parse would add (attempts that failed the first time are skipped then). */
  tokens: number;
  /** Simple commands inside (a replay counts them again). */
  commands: number;
  issues: Issue[];
  /** The parser's prevEnd after it (-1: not moved). Redirect spans read it, so a replay restores it. */
  prevEnd: number;
}

export class Lexer {
  /** Set only here and by reset (a finished top-level lexer is reused: see Parser.reset). */
  src: string;
  pos = 0;
  end: number;
  base: number;
  clampEnd: number;
  sh: Shared;
  sub!: SubParser;
  /** Heredocs waiting for the next newline (NONE when there are none; never pushed into then). */
  pending: Pending[] = NONE;

  // current token
  type = EOF;
  tStart = 0;
  op = '';
  word: WordNode | null = null;
  /** The current word's text when it is one unquoted literal (a reserved-word candidate), else
   *  null (also for every token that is not a word): plainText(word), worked out once per token. */
  plain: string | null = null;
  fd: number | null = null;
  fdVar: string | null = null;
  /** plainText() of the word scanWord returned last (set just before it returns). */
  private lastPlain: string | null = null;

  /** Current token type and operator (methods, so callers re-read them after advancing). */
  tok(): number {
    return this.type;
  }
  opText(): string {
    return this.op;
  }

  constructor(src: string, base: number, sh: Shared, clampEnd = Infinity) {
    this.src = src;
    this.end = src.length;
    this.base = base;
    this.sh = sh;
    this.clampEnd = clampEnd;
  }

  /** Start over on `src` (at offset 0 of the source, unclamped) with every field as new. */
  reset(src: string, sh: Shared): void {
    this.src = src;
    this.pos = 0;
    this.end = src.length;
    this.base = 0;
    this.clampEnd = Infinity;
    this.sh = sh;
    this.pending = NONE;
    this.type = EOF;
    this.tStart = 0;
    this.op = '';
    this.word = null;
    this.plain = null;
    this.lastPlain = null;
    this.fd = null;
    this.fdVar = null;
    this.arithFailed = null;
    this.memo = null;
  }

  /** An offset of this lexer's text as a source offset (base added, clamped like sp). */
  at(i: number): number {
    const o = this.base + i;
    return o < this.clampEnd ? o : this.clampEnd;
  }

  sp(s: number, e: number): { start: number; end: number } {
    const b = this.base;
    if (this.clampEnd === Infinity) return { start: b + s, end: b + e };
    const c = this.clampEnd;
    return { start: Math.min(b + s, c), end: Math.min(b + e, c) };
  }

  fail(message: string, s: number, e: number = s + 1, kind: 'parse' | 'limit' = 'parse'): never {
    this.sh.issues.push({ kind, message, span: this.sp(s, Math.min(e, this.end)) });
    throw new Abort(kind);
  }

  /**
   * Positions where '((' / '$((' did not parse as arithmetic. Remembered so a retry as a
   * subshell / command substitution never tries arithmetic there again (no exponential rescans).
   */
  arithFailed: Set<number> | null = null;

  /**
   * After a failed `$((`/`((` attempt (state already restored to `saved`): remember the position,
   * and count the tokens the attempt spent as wasted (a re-parse of the enclosing text skips them).
   */
  markArithFailed(at: number, saved: Saved): void {
    (this.arithFailed ??= new Set()).add(at);
    this.sh.wasted = saved.wasted + (this.sh.tokens - saved.tokens);
    this.sh.peak = saved.peak;
  }

  /** Parses of `$(…)` by position (see dollar). */
  memo: Map<number, Memo> | null = null;

  save(): Saved {
    const sh = this.sh;
    return {
      pos: this.pos, issues: sh.issues.length, pending: this.pending.slice(), depth: sh.depth, parts: sh.parts.n, words: sh.words.n, items: sh.items.n,
      tokens: sh.tokens, wasted: sh.wasted, peak: sh.peak, commands: sh.commands,
    };
  }

  restore(s: Saved): void {
    const sh = this.sh;
    this.pos = s.pos;
    sh.issues.length = s.issues;
    this.pending = s.pending;
    sh.depth = s.depth;
    sh.commands = s.commands; // a retry parses those commands again
    sh.parts.drop(s.parts);
    sh.words.drop(s.words);
    sh.items.drop(s.items);
  }

  /** Nested word constructs (${…}, $((…)), extglob, [ ]) count toward the depth budget too. */
  private down(at: number): void {
    const sh = this.sh;
    sh.depth++;
    if (sh.depth > sh.maxDepth) sh.maxDepth = sh.depth;
    if (sh.depth > sh.peak) sh.peak = sh.depth;
    if (sh.depth > sh.budget.maxDepth) this.fail(`nesting deeper than ${sh.budget.maxDepth}`, at, at + 1, 'limit');
  }

  private c(i: number): number {
    return i < this.end ? this.src.charCodeAt(i) : -1;
  }

  /** Skip blanks, line continuations and comments (a '#' at a token start). */
  private skipBlanks(): void {
    const src = this.src;
    let p = this.pos;
    const start = p;
    for (;;) {
      if (p >= this.end) break;
      const ch = src.charCodeAt(p);
      if (ch === SP || ch === TAB) p++;
      else if (ch === BS && src.charCodeAt(p + 1) === NL && p + 1 < this.end) p += 2;
      else if (ch === HASH) {
        const nl = src.indexOf('\n', p);
        p = nl < 0 || nl > this.end ? this.end : nl;
      } else break;
    }
    this.sh.steps += p - start;
    this.pos = p;
  }

  next(flags: number): void {
    this.skipBlanks();
    this.word = null;
    this.plain = null;
    this.fd = null;
    this.fdVar = null;
    const p = this.pos;
    this.tStart = p;
    this.sh.steps++;
    if (p >= this.end) {
      this.type = EOF;
      this.op = '';
      if (this.pending.length) {
        const h = this.pending[0]!;
        this.pending = NONE;
        this.fail(`here-document '${h.delim}' has no body`, h.node.span.start - this.base, p);
      }
      return;
    }
    const ch = this.src.charCodeAt(p);
    const n1 = this.c(p + 1);
    const cond = (flags & F_COND) !== 0;
    switch (ch) {
      case NL:
        this.pos = p + 1;
        if (this.pending.length) this.readHeredocs();
        this.type = NEWLINE;
        this.op = '\n';
        this.tStart = p;
        return;
      case SEMI:
        if (n1 === SEMI) return this.setOp(this.c(p + 2) === AMP ? ';;&' : ';;');
        return this.setOp(n1 === AMP ? ';&' : ';');
      case AMP:
        if (n1 === AMP) return this.setOp('&&');
        if (n1 === GT && !cond) return this.setRedir(this.c(p + 2) === GT ? '&>>' : '&>', p);
        return this.setOp('&');
      case PIPE:
        return this.setOp(n1 === PIPE ? '||' : n1 === AMP ? '|&' : '|');
      case LP:
        return this.setOp((flags & F_CMD) !== 0 && n1 === LP && !this.arithFailed?.has(p) ? '((' : '(');
      case RP:
        return this.setOp(')');
      case LT:
        if (n1 === LP) break;
        if (cond) return this.setOp('<');
        if (n1 === LT) {
          const n2 = this.c(p + 2);
          return this.setRedir(n2 === LT ? '<<<' : n2 === MINUS ? '<<-' : '<<', p);
        }
        return this.setRedir(n1 === AMP ? '<&' : n1 === GT ? '<>' : '<', p);
      case GT:
        if (n1 === LP) break;
        if (cond) return this.setOp('>');
        return this.setRedir(n1 === GT ? '>>' : n1 === AMP ? '>&' : n1 === PIPE ? '>|' : '>', p);
      default:
        if (!cond && isDigit(ch)) {
          let q = p + 1;
          while (q < this.end && isDigit(this.src.charCodeAt(q))) q++;
          const d = this.c(q);
          if ((d === LT || d === GT) && this.c(q + 1) !== LP) {
            const fd = q - p > 9 ? -2 : Number(this.src.slice(p, q));
            this.pos = q;
            this.readRedirOp(q);
            this.fd = fd;
            return;
          }
        } else if (!cond && ch === LB && isNameStart(n1)) {
          let q = p + 2;
          while (q < this.end && isNameChar(this.src.charCodeAt(q))) q++;
          const d = this.c(q + 1);
          if (this.c(q) === RB && (d === LT || d === GT) && this.c(q + 2) !== LP) {
            const name = this.src.slice(p + 1, q);
            this.pos = q + 1;
            this.readRedirOp(q + 1);
            this.fd = -1;
            this.fdVar = name;
            return;
          }
        }
    }
    const w = this.scanWord(flags);
    // a nested parse inside the word may have moved the token fields: set them last
    this.type = WORD;
    this.op = '';
    this.tStart = p;
    this.word = w;
    this.plain = this.lastPlain;
    this.fd = null;
    this.fdVar = null;
  }

  private readRedirOp(q: number): void {
    const d = this.c(q);
    const e = this.c(q + 1);
    if (d === LT) {
      if (e === LT) {
        const f = this.c(q + 2);
        this.setRedir(f === LT ? '<<<' : f === MINUS ? '<<-' : '<<', q);
      } else this.setRedir(e === AMP ? '<&' : e === GT ? '<>' : '<', q);
    } else this.setRedir(e === GT ? '>>' : e === AMP ? '>&' : e === PIPE ? '>|' : '>', q);
  }

  private setOp(op: string): void {
    this.type = OP;
    this.op = op;
    this.pos = this.tStart + op.length;
  }

  private setRedir(op: string, at: number): void {
    this.type = REDIR;
    this.op = op;
    this.pos = at + op.length;
  }

  // ---------------------------------------------------------------- words

  /** The escape `\x` at [at, end): extends `run` (the esc part pushed just before, ending at `at`)
   *  or pushes a new one. Returns the part, so the caller never reads parts back (their shapes vary). */
  private esc(parts: Scratch<Part>, run: EscPart | null, at: number, end: number, text: string): EscPart {
    if (run !== null) {
      run.text += text;
      run.span.end = this.at(end);
      return run;
    }
    const e: EscPart = { type: 'esc', span: this.sp(at, end), text };
    parts.push(e);
    return e;
  }

  scanWord(flags: number): WordNode {
    const src = this.src;
    const start = this.pos;
    const parts = this.sh.parts;
    const base = parts.n;
    let p = start;
    let lit = p;
    let depth = 0;
    const regex = (flags & F_REGEX) !== 0;
    let steps = 0;
    /** Where the esc part pushed last ends (-1: none yet), and that part. */
    let escEnd = -1;
    let run: EscPart | null = null;
    for (;;) {
      if (p >= this.end) break;
      const ch = src.charCodeAt(p);
      steps++;
      const cls = ch < 128 ? CLS[ch] : 0;
      if (cls === 0) {
        const q = plainRun(src, p + 1, this.end);
        steps += q - p - 1;
        p = q;
        continue;
      }
      if (cls === 1) {
        if (regex) {
          if (ch === LP) { depth++; p++; continue; }
          if (ch === RP && depth > 0) { depth--; p++; continue; }
          if (ch === PIPE || (depth > 0 && (ch === SP || ch === TAB))) { p++; continue; }
        }
        if ((ch === LT || ch === GT) && this.c(p + 1) === LP) {
          if (lit < p) parts.push(this.lit(lit, p));
          this.pos = p;
          parts.push(this.procSub());
          p = lit = this.pos;
          continue;
        }
        if (ch === LP && (flags & (F_ASSIGN | F_CMD)) !== 0 && parts.n === base && isAssignPrefix(src, start, p)) {
          parts.push(this.lit(lit, p));
          this.pos = p;
          parts.push(this.arrayPart());
          p = lit = this.pos;
          continue;
        }
        break;
      }
      // cls === 2
      if (ch === BS) {
        if (p + 1 >= this.end) { p++; continue; }
        if (lit < p) parts.push(this.lit(lit, p));
        if (src.charCodeAt(p + 1) === NL) {
          p += 2;
        } else {
          // a run of escapes (\a\b\c) is one esc part: the same text, one object, read in one loop
          const q = escapeRun(src, p, this.end);
          steps += ((q - p) >> 1) - 1;
          run = this.esc(parts, escEnd === p && lit === p ? run : null, p, q, unescape(src, p, q));
          p = q;
          escEnd = p;
        }
        lit = p;
        continue;
      }
      if (ch === AT || ch === BANG || ch === PLUS || ch === STAR || ch === QM) {
        if (this.c(p + 1) !== LP) {
          const q = plainRun(src, p + 1, this.end);
          steps += q - p - 1;
          p = q;
          continue;
        }
        if (lit < p) parts.push(this.lit(lit, p));
        this.pos = p + 2;
        const inner = this.scanNested(RP, false);
        parts.push({ type: 'extglob', span: this.sp(p, this.pos), op: src[p]!, parts: inner });
        p = lit = this.pos;
        continue;
      }
      if (lit < p) parts.push(this.lit(lit, p));
      this.pos = p;
      if (ch === SQ) parts.push(this.single());
      else if (ch === DQ) parts.push(this.double(false));
      else if (ch === BT) parts.push(this.backtick(false));
      else {
        const d = this.dollar(false);
        if (d) parts.push(d);
        else {
          lit = p;
          p++;
          continue;
        }
      }
      p = lit = this.pos;
    }
    if (p === start) this.fail('unexpected character', start); // never loop on an empty word
    this.pos = p;
    this.sh.steps += steps;
    const span = this.sp(start, p);
    const raw = src.slice(start, p);
    // one plain literal (the common case): the part shares the word's text and span
    if (lit === start) {
      this.lastPlain = raw;
      return { type: 'Word', span, raw, parts: [{ type: 'lit', span, text: raw }] };
    }
    if (lit < p) parts.push(this.lit(lit, p));
    const ps = parts.take(base);
    this.lastPlain = ps.length === 1 && ps[0]!.type === 'lit' ? ps[0]!.text : null;
    return { type: 'Word', span, raw, parts: ps };
  }

  private lit(s: number, e: number): Part {
    return { type: 'lit', span: this.sp(s, e), text: this.src.slice(s, e) };
  }

  private single(): Part {
    const s = this.pos;
    const close = this.src.indexOf("'", s + 1);
    if (close < 0 || close >= this.end) this.fail('unterminated single quote', s, this.end);
    this.pos = close + 1;
    this.sh.steps += close - s;
    return { type: 'sq', span: this.sp(s, close + 1), text: this.src.slice(s + 1, close) };
  }

  /** "…" (pos at '"') or $"…" (pos at '$'). Also used for heredoc bodies (heredoc=true). */
  private double(locale: boolean): Part {
    const s = this.pos;
    this.pos = s + (locale ? 2 : 1);
    const parts = this.scanQuoted(false);
    return { type: 'dq', span: this.sp(s, this.pos), locale, parts };
  }

  /** Inside "…" (heredoc=false, stops after the closing quote) or an unquoted heredoc body (to end). */
  scanQuoted(heredoc: boolean, strip = false): Part[] {
    const src = this.src;
    const parts = this.sh.parts;
    const base = parts.n;
    let p = this.pos;
    let lit = p;
    let steps = 0;
    let lineStart = true;
    /** Where the esc part pushed last ends (-1: none yet), and that part. */
    let escEnd = -1;
    let run: EscPart | null = null;
    for (;;) {
      if (p >= this.end) {
        if (!heredoc) this.fail('unterminated double quote', this.pos - 1, this.end);
        break;
      }
      const ch = src.charCodeAt(p);
      steps++;
      if (strip && lineStart) {
        lineStart = false;
        if (ch === TAB) {
          if (lit < p) parts.push(this.lit(lit, p));
          while (p < this.end && src.charCodeAt(p) === TAB) p++;
          lit = p;
          continue;
        }
      }
      if (ch === NL) {
        lineStart = true;
        p++;
        continue;
      }
      if (ch === DQ && !heredoc) {
        if (lit < p) parts.push(this.lit(lit, p));
        p++;
        this.pos = p;
        this.sh.steps += steps;
        return parts.take(base);
      }
      if (ch === BS) {
        const n = this.c(p + 1);
        if (n === NL || n === DOL || n === BT || n === BS || (n === DQ && !heredoc)) {
          if (lit < p) parts.push(this.lit(lit, p));
          if (n !== NL) {
            run = this.esc(parts, escEnd === p && lit === p ? run : null, p, p + 2, src[p + 1]!);
            escEnd = p + 2;
          }
          p += 2;
          lit = p;
        } else p += n < 0 ? 1 : 2;
        continue;
      }
      if (ch === DOL || ch === BT) {
        if (lit < p) parts.push(this.lit(lit, p));
        this.pos = p;
        if (ch === BT) parts.push(this.backtick(!heredoc));
        else {
          const d = this.dollar(true);
          if (!d) {
            lit = p;
            p++;
            continue;
          }
          parts.push(d);
        }
        p = lit = this.pos;
        continue;
      }
      p++;
    }
    if (lit < p) parts.push(this.lit(lit, p));
    this.pos = p;
    this.sh.steps += steps;
    return parts.take(base);
  }

  /** The closing quote of a $'…' whose text starts at `from`: the first ' after an even run of backslashes. */
  private ansiEnd(from: number): number {
    const src = this.src;
    for (let q = src.indexOf("'", from); ; q = src.indexOf("'", q + 1)) {
      if (q < 0 || q >= this.end) this.fail("unterminated $'…'", from - 2, this.end);
      let k = q;
      while (k > from && src.charCodeAt(k - 1) === BS) k--;
      if (((q - k) & 1) === 0) return q;
    }
  }

  /** At '$'. Returns null when the '$' is literal. */
  private dollar(inDq: boolean): Part | null {
    const src = this.src;
    const s = this.pos;
    const n = this.c(s + 1);
    if (n === SQ && !inDq) {
      const p = this.ansiEnd(s + 2);
      this.sh.steps += p - s;
      this.pos = p + 1;
      return { type: 'ansi', span: this.sp(s, p + 1), text: decodeAnsi(src.slice(s + 2, p)) };
    }
    if (n === DQ && !inDq) return this.double(true);
    if (n === LP) {
      // A `$(…)` / `$((…))` already parsed at this position (a retry of an enclosing `$((` or
      // `((` as a subshell parses the same text again): replay its result instead of re-parsing,
      // so nested retries stay linear. The replay has exactly the effects a re-parse would have.
      const memo = this.memo?.get(s);
      if (memo !== undefined && memo.end === this.end && this.replay(memo)) return memo.part;
      const sh = this.sh;
      const t0 = sh.tokens, w0 = sh.wasted, i0 = sh.issues.length, d0 = sh.depth, peak0 = sh.peak, c0 = sh.commands;
      const quiet = this.pending.length === 0;
      const sub = this.sub;
      const pe0 = sub.prevEnd;
      sh.peak = d0;
      sub.prevEnd = -1;
      let part: Part;
      let inner = d0;
      let pe = -1;
      try {
        part = this.paren(s);
      } finally {
        inner = sh.peak;
        sh.peak = peak0 > inner ? peak0 : inner;
        pe = sub.prevEnd;
        if (pe === -1) sub.prevEnd = pe0;
      }
      if (quiet && this.pending.length === 0) {
        (this.memo ??= new Map()).set(s, {
          end: this.end, part, pos: this.pos, rel: inner - d0, prevEnd: pe,
          tokens: sh.tokens - t0 - (sh.wasted - w0), commands: sh.commands - c0, issues: sh.issues.length > i0 ? sh.issues.slice(i0) : NONE,
        });
      }
      return part;
    }
    if (n === LBK) {
      this.pos = s + 2;
      const parts = this.scanNested(RBK, false);
      return { type: 'arith', span: this.sp(s, this.pos), bracket: true, parts };
    }
    if (n === LB) return this.braced(inDq);
    if (isNameStart(n)) {
      let p = s + 2;
      while (p < this.end && isNameChar(src.charCodeAt(p))) p++;
      this.pos = p;
      this.sh.steps += p - s;
      return this.param(s, p, src.slice(s + 1, p), false, '', null, '', null);
    }
    if (isDigit(n) || isSpecialParam(n)) {
      this.pos = s + 2;
      return this.param(s, s + 2, src[s + 1]!, false, '', null, '', null);
    }
    return null;
  }

  /** At '$(' or '$((': arithmetic when it closes with '))', else a command substitution. */
  private paren(s: number): Part {
    if (this.c(s + 2) === LP && !this.arithFailed?.has(s)) {
      // $(( is arithmetic unless it does not close with '))'; then, like bash, it is $( ( … ) …).
      const saved = this.save();
      try {
        this.pos = s + 3;
        const parts = this.scanArith();
        return { type: 'arith', span: this.sp(s, this.pos), bracket: false, parts };
      } catch (e) {
        if (!(e instanceof Abort) || e.kind === 'limit') throw e;
        this.restore(saved);
        this.markArithFailed(s, saved);
      }
    }
    this.pos = s + 2;
    const body = this.sub.nested();
    return { type: 'cmdsub', span: this.sp(s, this.pos), backtick: false, body };
  }

  /**
   * Apply a remembered `$(…)` parse: the tokens, depth and issues a re-parse would add, then jump
   * past it. False (parse it for real) when a re-parse would exceed a budget, so the limit issue
   * comes from the same place, or when heredocs are pending (a re-parse would read them).
   */
  private replay(m: Memo): boolean {
    const sh = this.sh;
    const deepest = sh.depth + m.rel;
    if (this.pending.length !== 0 || deepest > sh.budget.maxDepth || sh.tokens + m.tokens > sh.budget.maxTokens || sh.commands + m.commands > sh.maxCommands) return false;
    sh.tokens += m.tokens;
    sh.commands += m.commands;
    if (deepest > sh.maxDepth) sh.maxDepth = deepest;
    if (deepest > sh.peak) sh.peak = deepest;
    for (const i of m.issues) sh.issues.push(i);
    if (m.prevEnd !== -1) this.sub.prevEnd = m.prevEnd;
    this.pos = m.pos;
    return true;
  }

  private param(
    s: number, e: number, name: string, braced: boolean, prefix: '' | '#' | '!',
    subscript: Part[] | null, op: string, operand: Part[] | null,
  ): ParamPart {
    // each expansion counts as a token: a word of 20,000 `$x` is as much work as 20,000 words
    const sh = this.sh;
    if (++sh.tokens > sh.budget.maxTokens) this.fail(`more than ${sh.budget.maxTokens} tokens`, s, e, 'limit');
    return { type: 'param', span: this.sp(s, e), name, braced, prefix, subscript, op, operand };
  }

  /** ${…} */
  private braced(inDq: boolean): Part {
    this.down(this.pos);
    const part = this.bracedInner(inDq);
    this.sh.depth--;
    return part;
  }

  private bracedInner(inDq: boolean): Part {
    const src = this.src;
    const s = this.pos;
    let p = s + 2;
    let prefix: '' | '#' | '!' = '';
    const c0 = this.c(p);
    const c1 = this.c(p + 1);
    if ((c0 === HASH || c0 === BANG) && c1 !== RB && (isNameChar(c1) || isSpecialParam(c1))) {
      prefix = c0 === HASH ? '#' : '!';
      p++;
    }
    const ns = p;
    const c = this.c(p);
    if (isNameStart(c)) {
      while (p < this.end && isNameChar(src.charCodeAt(p))) p++;
    } else if (isDigit(c)) {
      while (p < this.end && isDigit(src.charCodeAt(p))) p++;
    } else if (isSpecialParam(c)) p++;
    else this.fail('bad substitution', s, p + 1);
    const name = src.slice(ns, p);
    let subscript: Part[] | null = null;
    if (this.c(p) === LBK) {
      this.pos = p + 1;
      subscript = this.scanNested(RBK, inDq);
      p = this.pos;
    }
    if (this.c(p) === RB) {
      this.pos = p + 1;
      return this.param(s, p + 1, name, true, prefix, subscript, '', null);
    }
    const o = this.c(p);
    let op = '';
    if (o === 58 /* : */) {
      const o2 = this.c(p + 1);
      op = o2 === MINUS || o2 === EQ || o2 === QM || o2 === PLUS ? src.slice(p, p + 2) : ':';
    } else if (o === MINUS || o === EQ || o === QM || o === PLUS) op = src[p]!;
    else if (o === HASH || o === 37 /* % */ || o === 94 /* ^ */ || o === 44 /* , */) {
      op = this.c(p + 1) === o ? src.slice(p, p + 2) : src[p]!;
    } else if (o === 47 /* / */) {
      const o2 = this.c(p + 1);
      op = o2 === 47 || o2 === HASH || o2 === 37 ? src.slice(p, p + 2) : '/';
    } else if (o === AT || ((o === STAR) && prefix === '!')) op = src[p]!;
    else this.fail('bad substitution', s, p + 1);
    this.pos = p + op.length;
    const operand = this.scanOperand(inDq);
    return this.param(s, this.pos, name, true, prefix, subscript, op, operand);
  }

  /** Operand of ${x op operand}, up to the matching '}'. */
  private scanOperand(inDq: boolean): Part[] {
    const src = this.src;
    const parts = this.sh.parts;
    const base = parts.n;
    const start = this.pos;
    let p = start;
    let lit = p;
    let depth = 0;
    let steps = 0;
    for (;;) {
      if (p >= this.end) this.fail('unterminated ${', start - 2, this.end);
      const ch = src.charCodeAt(p);
      steps++;
      if (ch === RB) {
        if (depth === 0) break;
        depth--;
        p++;
        continue;
      }
      if (ch === LB) { depth++; p++; continue; }
      if (ch === BS) {
        if (lit < p) parts.push(this.lit(lit, p));
        if (this.c(p + 1) !== NL && p + 1 < this.end) parts.push({ type: 'esc', span: this.sp(p, p + 2), text: src[p + 1]! });
        p += 2;
        lit = p;
        continue;
      }
      if ((ch === SQ && !inDq) || ch === DQ || ch === DOL || ch === BT) {
        if (lit < p) parts.push(this.lit(lit, p));
        this.pos = p;
        if (ch === SQ) parts.push(this.single());
        else if (ch === DQ) parts.push(this.double(false));
        else if (ch === BT) parts.push(this.backtick(inDq));
        else {
          const d = this.dollar(inDq);
          if (!d) { lit = p; p++; continue; }
          parts.push(d);
        }
        p = lit = this.pos;
        continue;
      }
      p++;
    }
    if (lit < p) parts.push(this.lit(lit, p));
    this.pos = p + 1;
    this.sh.steps += steps;
    return parts.take(base);
  }

  /** Arithmetic text after '((' or '$((' up to the matching '))'. */
  scanArith(): Part[] {
    const parts = this.scanNested(RP, false, true);
    if (this.c(this.pos) !== RP) this.fail("arithmetic expression: expected '))'", this.pos - 1, this.pos + 1);
    this.pos++;
    return parts;
  }

  /**
   * Text with expansions up to the matching `close` (')' or ']'), balancing ( and [ on the way.
   * Quotes and substitutions are scanned as in a word; whitespace and newlines are literal.
   */
  private scanNested(close: number, inDq: boolean, arith = false): Part[] {
    this.down(this.pos);
    const parts = this.scanNestedInner(close, inDq, arith);
    this.sh.depth--;
    return parts;
  }

  private scanNestedInner(close: number, inDq: boolean, arith: boolean): Part[] {
    const src = this.src;
    const parts = this.sh.parts;
    const base = parts.n;
    const start = this.pos;
    let p = start;
    let lit = p;
    let depth = 0;
    let steps = 0;
    const open = close === RP ? LP : LBK;
    for (;;) {
      if (p >= this.end) this.fail(arith ? 'unterminated arithmetic expression' : 'unterminated bracket', start - 1, this.end);
      const ch = src.charCodeAt(p);
      steps++;
      if (ch === close) {
        if (depth === 0) break;
        depth--;
        p++;
        continue;
      }
      if (ch === open) {
        // nested ( or [ count toward the depth budget like any other nesting
        if (++depth + this.sh.depth > this.sh.budget.maxDepth) this.fail(`nesting deeper than ${this.sh.budget.maxDepth}`, p, p + 1, 'limit');
        if (depth + this.sh.depth > this.sh.maxDepth) this.sh.maxDepth = depth + this.sh.depth;
        if (depth + this.sh.depth > this.sh.peak) this.sh.peak = depth + this.sh.depth;
        p++;
        continue;
      }
      if (ch === BS) {
        if (lit < p) parts.push(this.lit(lit, p));
        if (this.c(p + 1) !== NL && p + 1 < this.end) parts.push({ type: 'esc', span: this.sp(p, p + 2), text: src[p + 1]! });
        p += 2;
        lit = p;
        continue;
      }
      if ((ch === SQ && !inDq) || ch === DQ || ch === DOL || ch === BT) {
        if (lit < p) parts.push(this.lit(lit, p));
        this.pos = p;
        if (ch === SQ) parts.push(this.single());
        else if (ch === DQ) parts.push(this.double(false));
        else if (ch === BT) parts.push(this.backtick(inDq));
        else {
          const d = this.dollar(inDq);
          if (!d) { lit = p; p++; continue; }
          parts.push(d);
        }
        p = lit = this.pos;
        continue;
      }
      p++;
    }
    if (lit < p) parts.push(this.lit(lit, p));
    this.pos = p + 1; // after the closer (for arithmetic: at the second ')')
    this.sh.steps += steps;
    return parts.take(base);
  }

  /** `…` : find the end, undo the backslash escapes bash applies, parse the result. */
  private backtick(inDq: boolean): Part {
    const src = this.src;
    const s = this.pos;
    let p = s + 1;
    let seg = p;
    let text = '';
    for (;;) {
      if (p >= this.end) this.fail('unterminated backquote', s, this.end);
      const ch = src.charCodeAt(p);
      if (ch === BT) break;
      if (ch === BS) {
        const n = this.c(p + 1);
        if (n === DOL || n === BT || n === BS || (inDq && n === DQ)) {
          text += src.slice(seg, p);
          seg = p + 1;
        }
        p += 2;
        continue;
      }
      p++;
    }
    text += src.slice(seg, p);
    this.sh.steps += p - s;
    this.pos = p + 1;
    const body = this.sub.fromString(text, this.base + s + 1);
    return { type: 'cmdsub', span: this.sp(s, p + 1), backtick: true, body };
  }

  private procSub(): Part {
    const s = this.pos;
    const dir = this.src[s] === '<' ? '<' : '>';
    this.pos = s + 2;
    const body = this.sub.nested();
    return { type: 'procsub', span: this.sp(s, this.pos), dir, body };
  }

  /** a=( … ): pos at '('. */
  private arrayPart(): Part {
    const s = this.pos;
    this.pos = s + 1;
    const items: WordNode[] = [];
    for (;;) {
      this.skipBlanks();
      const ch = this.c(this.pos);
      if (ch === NL) { this.pos++; continue; }
      if (ch === RP) { this.pos++; break; }
      if (ch < 0) this.fail('unterminated array assignment', s, this.end);
      if (ch < 128 && CLS[ch] === 1 && !((ch === LT || ch === GT) && this.c(this.pos + 1) === LP)) {
        this.fail('unexpected token in array assignment', this.pos);
      }
      // each item is a word: it counts as a token
      const sh = this.sh;
      if (++sh.tokens > sh.budget.maxTokens) this.fail(`more than ${sh.budget.maxTokens} tokens`, this.pos, this.pos + 1, 'limit');
      items.push(this.scanWord(0));
    }
    return { type: 'array', span: this.sp(s, this.pos), items: fit(items) };
  }

  // ------------------------------------------------------------- heredocs

  /** A heredoc line joined across backslash-newlines: its text and where the next line starts. */
  private logicalLine(from: number): { text: string; next: number } {
    const src = this.src;
    let text = '';
    let p = from;
    for (;;) {
      let nl = src.indexOf('\n', p);
      if (nl < 0 || nl > this.end) nl = this.end;
      this.sh.steps += nl - p + 1;
      if (endsInContinuation(src, p, nl) && nl < this.end) {
        text += src.slice(p, nl - 1);
        p = nl + 1;
        continue;
      }
      text += src.slice(p, nl);
      return { text, next: nl < this.end ? nl + 1 : nl };
    }
  }

  addHeredoc(node: RedirNode, delim: string, strip: boolean, quoted: boolean): void {
    const h = { node, delim, strip, quoted };
    if (this.pending.length === 0) this.pending = [h]; // exact size: most lines have one heredoc
    else this.pending.push(h);
  }

  /** Called right after a newline token: read every pending here-document body in order. */
  private readHeredocs(): void {
    const list = this.pending;
    this.pending = NONE;
    const src = this.src;
    for (const h of list) {
      const bodyStart = this.pos;
      let p = bodyStart;
      let bodyEnd = -1;
      let after = this.end;
      const dl = h.delim.length;
      while (p < this.end) {
        let nl = src.indexOf('\n', p);
        if (nl < 0 || nl > this.end) nl = this.end;
        let q = p;
        if (h.strip) while (q < nl && src.charCodeAt(q) === TAB) q++;
        this.sh.steps += nl - p + 1;
        if (!h.quoted && endsInContinuation(src, q, nl)) {
          // unquoted bodies: bash joins backslash-newline lines before looking for the delimiter
          const line = this.logicalLine(q);
          if (line.text === h.delim) {
            bodyEnd = p;
            after = line.next;
            break;
          }
          p = line.next;
          continue;
        }
        if (nl - q === dl && src.startsWith(h.delim, q)) {
          bodyEnd = p;
          after = nl < this.end ? nl + 1 : nl;
          break;
        }
        p = nl + 1;
      }
      if (bodyEnd < 0) {
        this.sh.issues.push({
          kind: 'parse',
          message: `here-document delimited by end of input (wanted '${h.delim}')`,
          span: this.sp(bodyStart, this.end),
        });
        bodyEnd = this.end;
        after = this.end;
      }
      const raw = src.slice(bodyStart, bodyEnd);
      let text = raw;
      if (h.strip) text = stripTabs(raw);
      let parts: Part[] | null = null;
      if (!h.quoted) {
        const savedEnd = this.end;
        this.pos = bodyStart;
        this.end = bodyEnd;
        try {
          parts = this.scanQuoted(true, h.strip);
        } finally {
          this.end = savedEnd;
        }
      }
      h.node.heredoc = { delim: h.delim, quoted: h.quoted, strip: h.strip, raw, text, parts };
      this.pos = after;
    }
  }
}

/** Does src[from, nl) end in an unescaped backslash (a line continuation)? */
function endsInContinuation(src: string, from: number, nl: number): boolean {
  if (nl <= from || src.charCodeAt(nl - 1) !== BS) return false;
  let i = from;
  while (i < nl) i += src.charCodeAt(i) === BS ? 2 : 1;
  return i === nl + 1;
}

function stripTabs(s: string): string {
  let out = '';
  let i = 0;
  const n = s.length;
  while (i < n) {
    while (i < n && s.charCodeAt(i) === TAB) i++;
    let nl = s.indexOf('\n', i);
    if (nl < 0) nl = n - 1;
    out += s.slice(i, nl + 1);
    i = nl + 1;
  }
  return out;
}

/** Delimiter word of a heredoc: its text after quote removal, and whether any quoting was used. */
export function heredocDelim(w: WordNode): { delim: string; quoted: boolean } {
  let delim = '';
  let quoted = false;
  for (const p of w.parts) {
    switch (p.type) {
      case 'lit': delim += p.text; break;
      case 'esc': case 'sq': case 'ansi': delim += p.text; quoted = true; break;
      case 'dq': quoted = true; delim += rawOf(w, p.span).slice(p.locale ? 2 : 1, -1); break;
      default: delim += rawOf(w, p.span);
    }
  }
  return { delim, quoted };
}

function rawOf(w: WordNode, s: { start: number; end: number }): string {
  return w.raw.slice(s.start - w.span.start, s.end - w.span.start);
}
