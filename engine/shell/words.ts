// Word resolution: from a word's parts to its static value, or to the dynamic kinds bash would
// only know at run time (see the Word doc comment in types.ts and docs/shell.md).
// Order follows bash: brace expansion, tilde expansion, then the rest; quote removal throughout.
import type { DynamicKind, Issue, Span, Word } from './types.ts';
import type { ListNode, Part, WordNode } from './ast.ts';
import { NONE, fit } from './ast.ts';
import { expandBraces, hasBrace } from './braces.ts';
import type { Cell } from './braces.ts';
import { filterText, staticOutput } from './printed.ts';

/** Longest word brace expansion is tried on (characters before expansion). */
const MAX_BRACE_WORD = 8192;

/** A run of text after quote removal, or one dynamic expansion. */
export interface Seg {
  t: string;
  q: boolean;
  dyn: DynamicKind | null;
  /** How a dynamic segment renders in `approx`; not kept up to date for literal segments. */
  ap: string;
}

export const MODE_ARG = 0; // a command word: brace, tilde (and name=~ forms), glob
export const MODE_ASSIGN = 1; // an assignment value: no brace expansion, tilde also after ':'
export const MODE_QUOTED = 2; // a heredoc body: as inside double quotes

export interface IssueSink {
  issues: Issue[];
}

interface Acc {
  segs: Seg[];
  kinds: DynamicKind[];
  params: string[];
  subs: number;
  quoted: boolean;
  seen?: Set<string>;
}

// Acc lists start as the shared empty array and become exact one-element arrays on first use
// (most words have one segment, one kind, one parameter at most): no 16-slot arrays per word.
function addKind(acc: Acc, k: DynamicKind): void {
  if (acc.kinds.length === 0) acc.kinds = [k];
  else if (!acc.kinds.includes(k)) acc.kinds.push(k);
}
function addParam(acc: Acc, p: string): void {
  if (acc.params.length === 0) acc.params = [p];
  else if (acc.params.length < 16 ? !acc.params.includes(p) : !(acc.seen ??= new Set(acc.params)).has(p)) {
    acc.params.push(p);
    acc.seen?.add(p);
  }
}

function pushSeg(acc: Acc, s: Seg): void {
  if (acc.segs.length === 0) acc.segs = [s];
  else acc.segs.push(s);
}

function pushLit(acc: Acc, t: string, q: boolean): void {
  const last = acc.segs[acc.segs.length - 1];
  if (last && last.dyn === null && last.q === q) {
    last.t += t;
    return;
  }
  pushSeg(acc, { t, q, dyn: null, ap: t });
}

function pushDyn(acc: Acc, k: DynamicKind, ap: string): void {
  addKind(acc, k);
  pushSeg(acc, { t: '', q: false, dyn: k, ap });
}

/** The one simple command without assignments a substitution body holds, else null. */
function soleSimple(list: ListNode) {
  if (list.items.length !== 1) return null;
  const it = list.items[0]!;
  if (it.background || it.andor.pipelines.length !== 1) return null;
  const pl = it.andor.pipelines[0]!;
  if (pl.commands.length !== 1 || pl.negated || pl.time) return null;
  const c = pl.commands[0]!;
  return c.type === 'Simple' && !c.assigns.length ? c : null;
}

/**
 * `$(echo … | base64 -d)`: a pipeline whose first stage prints static text and whose other
 * stages are pure filters (printed.ts filterText) substitutes the filtered text. undefined when
 * the body is not a pipeline, null when the text is not known.
 */
function pipedBody(list: ListNode, home: string): string | null | undefined {
  if (list.items.length !== 1) return undefined;
  const it = list.items[0]!;
  if (it.background || it.andor.pipelines.length !== 1) return undefined;
  const pl = it.andor.pipelines[0]!;
  if (pl.commands.length < 2 || pl.negated || pl.time) return undefined;
  let text: string | null = null;
  for (let i = 0; i < pl.commands.length; i++) {
    const c = pl.commands[i]!;
    if (c.type !== 'Simple' || c.assigns.length || c.redirects.length || !c.words.length) return null;
    const words = staticWords(c.words, home);
    if (!words) return null;
    const name = words[0]!.value;
    text = i > 0 ? filterText(words.map((w) => w.value ?? ''), text!) : name === 'echo' || name === 'printf' ? staticOutput(words, []) : null;
    if (text === null) return null;
  }
  return text === null || text.includes('\0') ? null : chomp(text);
}

/** Text without its trailing newlines, as a substitution yields it. */
function chomp(t: string): string {
  let e = t.length;
  while (e > 0 && t.charCodeAt(e - 1) === 10) e--;
  return t.slice(0, e);
}

/** Claude Code's commit-message idiom: $(cat <<'EOF' … EOF) with nothing else. Returns the body. */
export function catHeredocBody(list: ListNode): string | null {
  const c = soleSimple(list);
  if (!c || c.words.length !== 1 || c.redirects.length !== 1) return null;
  const w = c.words[0]!;
  if (w.parts.length !== 1 || w.parts[0]!.type !== 'lit' || w.parts[0]!.text !== 'cat') return null;
  const r = c.redirects[0]!;
  if ((r.op !== '<<' && r.op !== '<<-') || r.fd !== null || !r.heredoc || !r.heredoc.quoted) return null;
  return chomp(r.heredoc.text);
}

/** Builtins that print nothing on stdout (cd only without `-` and without a CDPATH search). */
const SILENT = new Set(['cd', 'true', 'false', ':']);

/** Does this simple command (static words) print nothing on stdout? */
export function printsNothing(argv: readonly Word[]): boolean {
  if (!argv.length || !argv.every((w) => w.static)) return false;
  const name = argv[0]!.value ?? '';
  return SILENT.has(name) && silent(name, argv.slice(1).map((w) => w.value ?? ''));
}

function silent(name: string, args: string[]): boolean {
  if (name !== 'cd') return true;
  const ops = args.filter((a) => !(a.startsWith('-') && a.length > 1 && a !== '--'));
  if (ops.length > 1 || ops[0] === '-') return false;
  // an inherited CDPATH is searched (and the folder printed) only for a relative name without ./ or ../
  const t = ops[0];
  return t === undefined || t.startsWith('/') || t === '.' || t === '..' || t.startsWith('./') || t.startsWith('../');
}

/** `$(echo …)` / `$(printf …)` with static words: the text it substitutes, else null; '' for a builtin that prints nothing. */
function printedBody(list: ListNode, home: string): string | null {
  const piped = pipedBody(list, home);
  if (piped !== undefined) return piped;
  const c = soleSimple(list);
  if (c && c.redirects.length === 1 && c.words.length) return filteredHere(c, home);
  if (!c || c.redirects.length || !c.words.length) return null;
  const w0 = c.words[0]!;
  if (w0.parts.length !== 1 || w0.parts[0]!.type !== 'lit') return null;
  const name = w0.parts[0]!.text;
  if (name !== 'echo' && name !== 'printf' && !SILENT.has(name)) return null;
  const words = staticWords(c.words, home);
  if (!words) return null;
  if (SILENT.has(name)) return silent(name, words.slice(1).map((w) => w.value ?? '')) ? '' : null;
  const t = staticOutput(words, []);
  return t === null || t.includes('\0') ? null : chomp(t);
}

/** The words resolved, when every one is static and one word (no brace expansion), else null. */
function staticWords(nodes: readonly WordNode[], home: string): Word[] | null {
  const out: Word[] = [];
  for (const w of nodes) {
    const r = resolveWord(w, home);
    if (!r.static || r.braces) return null;
    out.push(r);
  }
  return out;
}

/** `$(base64 -d <<< X)`, `<(rev <<'E' … E)`: a pure filter of a static here-string or quoted heredoc. */
function filteredHere(c: NonNullable<ReturnType<typeof soleSimple>>, home: string): string | null {
  const r = c.redirects[0]!;
  if (r.fd !== null && r.fd !== 0) return null;
  let input: string;
  if (r.op === '<<<') {
    const t = resolveWord(r.target, home);
    if (!t.static) return null;
    input = (t.value ?? '') + '\n';
  } else if ((r.op === '<<' || r.op === '<<-') && r.heredoc?.quoted) input = r.heredoc.text;
  else return null;
  const words = staticWords(c.words, home);
  if (!words) return null;
  const t = filterText(words.map((w) => w.value ?? ''), input);
  return t === null || t.includes('\0') ? null : chomp(t);
}

/**
 * printedBody once per substitution body and home: resolving `$(echo "$(echo …)")` resolves the
 * inner words, which resolve the next body in turn, and every nested command is resolved again when
 * it is listed; without this, nesting d deep cost d² resolutions.
 */
const printedMemo = new WeakMap<ListNode, { home: string; text: string | null }>();

function printedOnce(list: ListNode, home: string): string | null {
  const m = printedMemo.get(list);
  if (m !== undefined && m.home === home) return m.text;
  const text = printedBody(list, home);
  printedMemo.set(list, { home, text });
  return text;
}

/** `${x@P}`: prompt expansion of x's value (which runs the substitutions in it). */
export function promptOp(p: Extract<Part, { type: 'param' }>): boolean {
  return p.op === '@' && p.operand?.length === 1 && p.operand[0]!.type === 'lit' && p.operand[0]!.text === 'P';
}

function paramApprox(p: Extract<Part, { type: 'param' }>): string {
  if (p.prefix === '#') return '${#' + p.name + '}';
  return '$' + p.name;
}

/** Kinds, params and substitution counts from text that is not itself part of the value. */
function walkInner(parts: Part[] | null, acc: Acc): void {
  if (!parts) return;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    switch (p.type) {
      case 'dq': walkInner(p.parts, acc); break;
      case 'param':
        addKind(acc, 'param');
        addParam(acc, p.name);
        walkInner(p.subscript, acc);
        walkInner(p.operand, acc);
        break;
      case 'cmdsub': acc.subs++; addKind(acc, 'command'); break;
      case 'procsub': acc.subs++; addKind(acc, 'process'); break;
      case 'arith': addKind(acc, 'arith'); walkInner(p.parts, acc); break;
      case 'extglob': walkInner(p.parts, acc); break;
      case 'array': for (const w of p.items) walkInner(w.parts, acc); break;
      default: break;
    }
  }
}

function collect(parts: Part[], inDq: boolean, acc: Acc, home: string, sink: IssueSink | undefined): void {
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    switch (p.type) {
      case 'lit': pushLit(acc, p.text, inDq); break;
      case 'esc': case 'sq': case 'ansi':
        acc.quoted = true;
        pushLit(acc, p.text, true);
        break;
      case 'dq':
        acc.quoted = true;
        pushLit(acc, '', true);
        collect(p.parts, true, acc, home, sink);
        break;
      case 'param':
        addParam(acc, p.name);
        if (p.prefix === '!') addKind(acc, 'param');
        walkInner(p.subscript, acc);
        walkInner(p.operand, acc);
        // ${x@P} expands x's value as a prompt, running its $(…): counted as a substitution
        if (promptOp(p)) {
          acc.subs++;
          addKind(acc, 'command');
        }
        pushDyn(acc, 'param', paramApprox(p));
        break;
      case 'cmdsub': {
        acc.subs++;
        const body = catHeredocBody(p.body) ?? printedOnce(p.body, home);
        if (body !== null && (inDq || isSplitSafe(body))) pushLit(acc, body, true);
        else pushDyn(acc, 'command', '$(…)');
        break;
      }
      case 'arith':
        walkInner(p.parts, acc);
        pushDyn(acc, 'arith', '$((…))');
        break;
      case 'procsub':
        acc.subs++;
        pushDyn(acc, 'process', p.dir + '(…)');
        break;
      case 'extglob': {
        walkInner(p.parts, acc);
        const inner = resolveParts(p.parts, p.span, '', home, MODE_QUOTED, sink);
        pushDyn(acc, 'glob', p.op + '(' + inner.approx + ')');
        break;
      }
      case 'array': {
        const items = p.items.map((w) => resolveWord(w, home, sink));
        for (const w of p.items) walkInner(w.parts, acc);
        for (const it of items) {
          for (const k of it.kinds) addKind(acc, k);
          for (const n of it.params) addParam(acc, n);
        }
        const text = '(' + items.map((w) => w.approx).join(' ') + ')';
        if (items.every((w) => w.static)) pushLit(acc, text, true);
        else pushSeg(acc, { t: '', q: true, dyn: items.find((w) => !w.static)!.kinds[0] ?? 'param', ap: text });
        break;
      }
    }
  }
}

/** An unquoted substitution result is split and globbed: only plain text stays one word. */
function isSplitSafe(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 42 || c === 63 || c === 91) return false;
  }
  return s.length > 0;
}

const NEEDS_WORK = new Uint8Array(128);
for (const ch of '{~*?[') NEEDS_WORK[ch.charCodeAt(0)] = 1;

/** Does an unquoted literal hold a brace, tilde or glob character? (a loop; native searches when long) */
function needsWork(t: string): boolean {
  if (t.length > 32) return t.includes('{') || t.includes('~') || t.includes('*') || t.includes('?') || t.includes('[');
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 128 && NEEDS_WORK[c] === 1) return true;
  }
  return false;
}

/**
 * Every Word the analyser makes, with every field present in one order (value undefined for a
 * dynamic word; globPrefix, split and braces undefined until set), so they share one hidden class.
 */
export function makeWord(span: Span, raw: string, isStatic: boolean, value: string | undefined, approx: string, kinds: DynamicKind[], params: string[], quoted: boolean, substitutions: number): Word {
  return { span, raw, static: isStatic, value, approx, kinds, params, quoted, globPrefix: undefined, split: undefined, braces: undefined, substitutions };
}

/** A static word that is its text, placed at `span` (a synthesized argument). */
export function staticWord(value: string, span: Span): Word {
  return makeWord(span, value, true, value, value, [], [], false, 0);
}

/** A copy of a word (change its fields after): the same class, where a spread makes one of its own. */
export function copyWord(w: Word): Word {
  const c = makeWord(w.span, w.raw, w.static, w.value, w.approx, w.kinds, w.params, w.quoted, w.substitutions);
  c.globPrefix = w.globPrefix;
  c.split = w.split;
  c.braces = w.braces;
  return c;
}

/** Resolve a word of a command (argv, redirect target, for-list, case word). */
export function resolveWord(w: WordNode, home: string, sink?: IssueSink, mode: number = MODE_ARG): Word {
  const parts = w.parts;
  if (parts.length === 1 && parts[0]!.type === 'lit' && mode !== MODE_QUOTED) {
    const t = parts[0].text;
    if (!needsWork(t)) return makeWord(w.span, w.raw, true, t, t, NONE, NONE, false, 0);
  } else if (parts.length === 1 && mode !== MODE_QUOTED) {
    // one quoted literal ('…', $'…', or "…" without expansions): its text, nothing to expand
    const p = parts[0]!;
    if (p.type === 'sq' || p.type === 'ansi') return quotedLiteral(w.span, w.raw, p.text);
    if (p.type === 'dq') {
      let t = '';
      for (let k = 0; k < p.parts.length; k++) {
        const q = p.parts[k]!;
        if (q.type !== 'lit' && q.type !== 'esc') return resolveParts(parts, w.span, w.raw, home, mode, sink);
        t += q.text;
      }
      return quotedLiteral(w.span, w.raw, t);
    }
  }
  return resolveParts(parts, w.span, w.raw, home, mode, sink);
}

/** The Word of quoted text alone, as finish() makes it (the same fields in the same order). */
function quotedLiteral(span: Span, raw: string, t: string): Word {
  return makeWord(span, raw, true, t, escapeGlob(t), NONE, NONE, true, 0);
}

export function resolveParts(parts: Part[], span: Span, raw: string, home: string, mode: number, sink?: IssueSink): Word {
  const acc: Acc = { segs: NONE, kinds: NONE, params: NONE, subs: 0, quoted: false };
  collect(parts, mode === MODE_QUOTED, acc, home, sink);
  if (mode === MODE_ARG && hasBrace(acc.segs)) {
    let size = 0;
    for (const sg of acc.segs) size += sg.t.length;
    if (size > MAX_BRACE_WORD) {
      // no agent writes an unquoted brace word this long: a limit, before a cell is built
      sink?.issues.push({ kind: 'limit', message: `brace expansion of a word longer than ${MAX_BRACE_WORD} characters`, span });
      return finish(acc, span, raw, home, mode);
    }
    const cells: Cell[] = [];
    for (const s of acc.segs) {
      if (s.dyn !== null) cells.push({ c: '', q: s.q, d: s });
      else for (const ch of s.t) cells.push({ c: ch, q: s.q, d: null });
    }
    const alts = expandBraces(cells, sink, span);
    if (alts.length > 1) {
      const words = alts.map((cs) => {
        const sub: Acc = { segs: cellsToSegs(cs), kinds: NONE, params: acc.params.length ? [...acc.params] : NONE, subs: acc.subs, quoted: acc.quoted };
        let anyDyn = false;
        for (const s of sub.segs) {
          if (s.dyn) {
            addKind(sub, s.dyn);
            anyDyn = true;
          }
        }
        if (anyDyn) for (const k of acc.kinds) addKind(sub, k);
        return finish(sub, span, raw, home, mode);
      });
      const kinds: DynamicKind[] = [];
      for (const w of words) for (const k of w.kinds) if (!kinds.includes(k)) kinds.push(k);
      const word = makeWord(span, raw, false, undefined, acc.segs.map(approxOf).join(''), fit(kinds), fit(acc.params), acc.quoted, acc.subs);
      word.braces = words;
      return word;
    }
  }
  return finish(acc, span, raw, home, mode);
}

function cellsToSegs(cells: Cell[]): Seg[] {
  const out: Seg[] = [];
  const n = cells.length;
  let k = 0;
  while (k < n) {
    const c = cells[k++]!;
    if (c.d) {
      out.push(c.d); // always dynamic: a run of characters never merges into it
      continue;
    }
    // one run of characters with the same quoting becomes one segment
    const q = c.q;
    let t = c.c;
    while (k < n) {
      const e = cells[k]!;
      if (e.d !== null || e.q !== q) break;
      t += e.c;
      k++;
    }
    out.push({ t, q, dyn: null, ap: t });
  }
  return out;
}

function approxOf(s: Seg): string {
  if (s.dyn !== null) return s.ap;
  if (!s.q) return s.t;
  return escapeGlob(s.t);
}

const GLOB_CHAR = /[*?[]/g;

/** Quoted text in `approx`: each glob character escaped with a backslash. */
function escapeGlob(t: string): string {
  if (t.length > 32) return t.replace(GLOB_CHAR, '\\$&');
  let out = '';
  let last = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 42 || c === 63 || c === 91) {
      out += t.slice(last, i) + '\\';
      last = i;
    }
  }
  return out + t.slice(last);
}

/** Offset just after `name=` / `name+=` at the start of an unquoted literal, else -1. */
function assignEq(t: string): number {
  const c0 = t.charCodeAt(0);
  if (!((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122) || c0 === 95)) return -1;
  let i = 1;
  for (; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (c >= 48 && c <= 57))) break;
  }
  if (t.charCodeAt(i) === 43) i++;
  return t.charCodeAt(i) === 61 ? i + 1 : -1;
}

function tilde(acc: Acc, home: string, mode: number): Seg[] {
  const segs = acc.segs;
  const first = segs[0];
  if (!first) return segs;
  // most words hold no unquoted '~': nothing to expand, nothing to copy
  let any = false;
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    if (s.dyn === null && !s.q && s.t.indexOf('~') >= 0) {
      any = true;
      break;
    }
  }
  if (!any) return segs;
  let colon = mode === MODE_ASSIGN;
  let eqAt = -1;
  if (mode === MODE_ARG && first.dyn === null && !first.q) {
    eqAt = assignEq(first.t);
    if (eqAt >= 0) colon = true;
  }
  let touched = false;
  const out: Seg[] = [];
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    if (s.dyn !== null || s.q || s.t.indexOf('~') < 0) {
      out.push(s);
      continue;
    }
    const t = s.t;
    let last = 0;
    for (let j = t.indexOf('~'); j >= 0 && j < t.length; j = t.indexOf('~', j + 1)) {
      const atStart = (i === 0 && j === 0) || (i === 0 && j === eqAt) || (colon && j > 0 && t.charCodeAt(j - 1) === 58 && (i > 0 || j > eqAt));
      if (!atStart) continue;
      let k = j + 1;
      while (k < t.length && t.charCodeAt(k) !== 47 && !(colon && t.charCodeAt(k) === 58)) k++;
      if (k === t.length && i < segs.length - 1) continue; // prefix runs into quoted or expanded text
      const user = t.slice(j + 1, k);
      if (j > last) out.push({ t: t.slice(last, j), q: false, dyn: null, ap: t.slice(last, j) });
      if (user === '') out.push({ t: home, q: true, dyn: null, ap: home });
      else if (user === '+' || user === '-') {
        const name = user === '+' ? 'PWD' : 'OLDPWD';
        addParam(acc, name);
        addKind(acc, 'param');
        out.push({ t: '', q: false, dyn: 'param', ap: '$' + name });
      } else {
        addKind(acc, 'tilde-user');
        out.push({ t: '', q: false, dyn: 'tilde-user', ap: '~' + user });
      }
      touched = true;
      last = k;
      j = k - 1;
    }
    if (last === 0) out.push(s);
    else if (last < t.length) out.push({ t: t.slice(last), q: false, dyn: null, ap: t.slice(last) });
  }
  return touched ? out : segs;
}

/** Offset in the value of the last unquoted ']' of the literal segments, or -1. */
function lastUnquotedClose(segs: Seg[]): number {
  let lastClose = -1;
  let off = 0;
  for (let k = 0; k < segs.length; k++) {
    const s = segs[k]!;
    if (s.dyn === null && !s.q) {
      const k = s.t.lastIndexOf(']');
      if (k >= 0) lastClose = off + k;
    }
    off += s.dyn === null ? s.t.length : 0;
  }
  return lastClose;
}

function finish(acc: Acc, span: Span, raw: string, home: string, mode: number): Word {
  const segs = mode === MODE_QUOTED ? acc.segs : tilde(acc, home, mode);
  let value = '';
  let approx = '';
  let dynamic = false;
  let globAt = -1; // offset in value of the first unquoted glob character
  let otherDyn = false;
  // a '[' only globs when an unquoted ']' follows somewhere later (worked out at the first
  // unquoted '[': most words have none)
  let lastClose = -2;
  for (let k = 0; k < segs.length; k++) {
    const s = segs[k]!;
    if (s.dyn !== null) {
      dynamic = true;
      if (s.dyn === 'glob') {
        if (globAt < 0) globAt = value.length;
      } else otherDyn = true;
      approx += s.ap;
      continue;
    }
    const t = s.t;
    // a long literal without any glob character needs no look at each character
    if (!s.q && mode !== MODE_QUOTED && globAt < 0 && (t.length <= 32 || t.includes('*') || t.includes('?') || t.includes('['))) {
      for (let i = 0; i < t.length; i++) {
        const c = t.charCodeAt(i);
        if (c === 91 && lastClose === -2) lastClose = lastUnquotedClose(segs);
        if (c === 42 || c === 63 || (c === 91 && value.length + i < lastClose)) {
          globAt = value.length + i;
          break;
        }
      }
    }
    value += s.t;
    approx += approxOf(s);
  }
  if (globAt >= 0) addKind(acc, 'glob');
  const isStatic = !dynamic && globAt < 0;
  const word = makeWord(span, raw, isStatic, isStatic ? value : undefined, approx, fit(acc.kinds), fit(acc.params), acc.quoted, acc.subs);
  if (!isStatic && globAt >= 0 && !otherDyn) word.globPrefix = value.slice(0, globAt);
  return word;
}
