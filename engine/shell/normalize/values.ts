// `C='rm -rf ~'; eval "$C"`, `P='import os; …'; python3 -c "$P"`: a name given a static value in the
// same source holds that value where it is expanded as a whole word, so a carrier's payload word
// is that text too. Flow-insensitive, like the pipeline's assigned variants: every static value a
// name gets anywhere is possible, and the word as written (an inherited value) stays possible.
import type { Extraction, Invocation, SimpleCommand, Word } from '../types.ts';
import { basename, quotedWord, staticWord, withArgs, withRedirects } from './words.ts';
import { blankWords } from '../../programs/words.ts';
import { staticOutput } from '../printed.ts';
import { isName } from '../lexer.ts';

const MAX_VALUES = 8;
const DECLARERS = new Set(['export', 'local', 'declare', 'typeset', 'readonly']);
const NAMEREFS = new Set(['local', 'declare', 'typeset']);

/**
 * Static values each name is given in the source: plain and declare/export assignments, array
 * elements (`a=(rm -rf ~)`: `a[@]` holds the words, `a[0]` … each one), `printf -v NAME`,
 * `read NAME <<< WORD`, `set -- WORDS` (`@`, `1` …) and namerefs (`declare -n r=x`: r is x).
 */
/** `declare -n` / `typeset -n` / `local -n`: its NAME=TARGET words make NAME a name for TARGET. */
export function makesNameref(argv: readonly Word[]): boolean {
  const cmd = argv[0]?.static ? argv[0].value! : '';
  return NAMEREFS.has(cmd) && argv.some((w, k) => k > 0 && w.static && w.value!.startsWith('-') && w.value!.includes('n'));
}

export function staticValues(ex: Extraction): Map<string, string[]> | null {
  let out: Map<string, string[]> | null = null;
  let refs: [string, string][] | null = null;
  for (const sc of ex.commands) {
    for (const a of sc.env) {
      if (a.array) {
        if (!a.append && !a.subscript && a.array.every((w) => w.static)) {
          const words = a.array.map((w) => w.value ?? '');
          out = addWords(out, a.name + '[@]', (i) => `${a.name}[${i}]`, words);
          // $a is ${a[0]}
          if (words.length) out = addValue(out, a.name, words[0]!);
        }
        continue;
      }
      if (!a.subscript && !a.append && (a.value === null || a.value.static)) out = addValue(out, a.name, a.value?.value ?? '');
    }
    const first = sc.argv[0];
    if (!first || !first.static) continue;
    const cmd = first.value!;
    if (cmd === 'printf' || cmd === 'read' || cmd === 'set') {
      out = builtinValue(sc, out);
      continue;
    }
    if (!DECLARERS.has(cmd)) continue;
    // -n makes a nameref only for declare, typeset and local (export -n un-exports, and keeps the value)
    const nameref = makesNameref(sc.argv);
    for (let k = 1; k < sc.argv.length; k++) {
      const w = sc.argv[k]!;
      if (!w.static) continue;
      const t = w.value!;
      const eq = t.indexOf('=');
      if (eq > 0 && isName(t.slice(0, eq))) {
        if (nameref) (refs ??= []).push([t.slice(0, eq), t.slice(eq + 1)]);
        else out = addValue(out, t.slice(0, eq), t.slice(eq + 1));
      }
    }
  }
  // a nameref expands as the name it refers to (its values, and its elements)
  if (refs && out) {
    for (const [r, x] of refs) {
      for (const v of out.get(x) ?? []) out = addValue(out, r, v);
      for (const v of out.get(x + '[@]') ?? []) out = addValue(out, r + '[@]', v);
    }
  }
  return out;
}

/** Words joined by NUL: a list of words (array elements, positional parameters). */
const WORDS = String.fromCharCode(0);

/** The words under `all` (joined) and each one under its own name (`a[0]`, `1` …). */
function addWords(out: Map<string, string[]> | null, all: string, each: (i: number) => string, words: string[]): Map<string, string[]> {
  let m = addValue(out, all, words.join(WORDS));
  words.forEach((w, i) => {
    m = addValue(m, each(i), w);
  });
  return m;
}

/** `printf -v NAME FORMAT ARGS` (a format of %s only), `read [-r] NAME <<< WORD`, `set -- WORDS`, all static. */
function builtinValue(sc: SimpleCommand, out: Map<string, string[]> | null): Map<string, string[]> | null {
  const a = sc.argv;
  if (!a.every((w) => w.static)) return out;
  const v = a.map((w) => w.value ?? '');
  if (v[0] === 'printf' && v[1] === '-v' && v.length >= 4 && isName(v[2]!)) {
    const parts = v[3]!.split('%s');
    if (parts.some((p) => p.includes('%'))) return out;
    let k = 4;
    const text = parts.map((p, i) => (i === 0 ? p : (v[k++] ?? '') + p)).join('');
    return addValue(out, v[2]!, text);
  }
  if (v[0] === 'read') {
    const names = v.slice(1).filter((x) => x !== '-r');
    const here = sc.redirects.find((r) => r.op === '<<<' && r.target.static);
    if (!here || names.length !== 1 || !isName(names[0]!)) return out;
    return addValue(out, names[0]!, (here.target.value ?? '').split('\n')[0]!.trim());
  }
  // $1 is the first word
  if (v[0] === 'set' && v[1] === '--') return addWords(out, '@', (i) => String(i + 1), v.slice(2));
  return out;
}

function addValue(out: Map<string, string[]> | null, name: string, v: string): Map<string, string[]> {
  out ??= new Map();
  const list = out.get(name) ?? [];
  if (list.length < MAX_VALUES && !list.includes(v)) list.push(v);
  out.set(name, list);
  return out;
}

/** What a print-only command writes once per known value of the names it prints (`echo "$C"`). */
export function printedWith(sc: SimpleCommand, values: Map<string, string[]> | null): string[] {
  if (!values) return [];
  let argvs: Word[][] = [sc.argv];
  let changed = false;
  for (let i = 1; i < sc.argv.length; i++) {
    const n = wholeParam(sc.argv[i]!);
    const vs = n ? values.get(n) : undefined;
    if (!vs) continue;
    changed = true;
    argvs = argvs.flatMap((a) => vs.map((v) => a.map((w, k) => (k === i ? quotedWord(v, w.span) : w))));
    if (argvs.length > MAX_VALUES) return [];
  }
  if (!changed) return [];
  const out: string[] = [];
  for (const a of argvs) {
    const t = staticOutput(a, sc.redirects);
    if (t !== null) out.push(t);
  }
  return out;
}

/** The static values a word that expands one name as a whole can have (none when unknown). */
export function wordValues(w: Word, values: Map<string, string[]>): string[] {
  const n = wholeParam(w);
  return (n !== null ? values.get(n) : undefined) ?? [];
}

/** The name a word expands as a whole (`$x`, `"$x"`, `${x}`; `a[@]`, `a[2]` for array words), or null. */
function wholeParam(w: Word): string | null {
  if (w.static || w.kinds.length !== 1 || w.kinds[0] !== 'param' || w.params.length !== 1) return null;
  const n = w.params[0]!;
  if (w.approx !== '$' + n && w.approx !== '${' + n + '}') return null;
  // an array or its elements, as written: ${a[@]}, "${a[*]}", ${a[2]} (approx shows all as $a)
  const r = w.raw;
  const t = r.length > 1 && r[0] === '"' && r[r.length - 1] === '"' ? r.slice(1, -1) : r;
  if (!t.startsWith('${' + n + '[') || !t.endsWith(']}')) return n;
  const key = t.slice(n.length + 3, -2);
  if (key === '@' || key === '*') return n + '[@]';
  return key.length > 0 && [...key].every((c) => c >= '0' && c <= '9') ? n + '[' + Number(key) + ']' : null;
}

/**
 * `x=rm; $x -rf ~`: the invocation once per known value of a program word that expands one name
 * (unquoted, the value splits into words at blanks; a value with glob characters is left out).
 * The dynamic invocation stays as it is; these are checked beside it.
 */
export function programVariants(inv: Invocation, values: Map<string, string[]>): Invocation[] | null {
  const n = wholeParam(inv.program);
  const vs = n ? values.get(n) : undefined;
  if (!vs) return null;
  let out: Invocation[] | null = null;
  const span = inv.program.span;
  for (const v of vs) {
    // a list of words (an array, "$@") keeps each word whole
    const words = v.includes(WORDS) ? v.split(WORDS) : inv.program.quoted ? [v] : blankWords(v);
    if (!words.length || words.some((w) => w.includes('*') || w.includes('?') || w.includes('['))) continue;
    const program = staticWord(words[0]!, span);
    const args = words.length > 1 ? [...words.slice(1).map((w) => staticWord(w, span)), ...inv.args] : inv.args.slice();
    const c = withArgs(inv, args);
    c.name = basename(words[0]!);
    c.program = program;
    (out ??= []).push(c);
  }
  return out;
}

/** The invocation once per known value of the names its arguments (and here-strings) expand as whole words, or null. */
export function valueVariants(inv: Invocation, values: Map<string, string[]>): Invocation[] | null {
  let out: Invocation[] | null = null;
  for (let i = 0; i < inv.args.length; i++) {
    const n = wholeParam(inv.args[i]!);
    const vs = n ? values.get(n) : undefined;
    if (!vs) continue;
    // more than MAX_VALUES variants: keep the ones so far (counted before any is built)
    if ((out ? out.length : 1) * vs.length > MAX_VALUES) return out;
    const next: Invocation[] = [];
    for (const x of out ?? [inv]) {
      for (const v of vs) {
        const args = x.args.slice();
        args[i] = quotedWord(v, x.args[i]!.span);
        next.push(withArgs(x, args));
      }
    }
    out = next;
  }
  // a here-string is the program's stdin: `bash <<< "$C"`, `python3 <<< "$C"`
  for (let i = 0; i < inv.redirects.length; i++) {
    const r = inv.redirects[i]!;
    const n = r.op === '<<<' ? wholeParam(r.target) : null;
    const vs = n ? values.get(n) : undefined;
    if (!vs) continue;
    if ((out ? out.length : 1) * vs.length > MAX_VALUES) return out;
    const next: Invocation[] = [];
    for (const x of out ?? [inv]) {
      for (const v of vs) {
        const redirects = x.redirects.slice();
        redirects[i] = { ...r, target: quotedWord(v, r.target.span) };
        next.push(withRedirects(x, redirects));
      }
    }
    out = next;
  }
  return out;
}

// `f() { wc -l "$1"; }; f notes.txt`: a function's positional parameters are the words of its call.
// When every run of the function is a call this source shows with static words, the body is judged
// once per call with $1 … $9, $@, $* and $# replaced; a body word that uses them otherwise, a call
// with a dynamic word, or any other mention of the name (trap f, bash -c f, export -f f, a dynamic
// command name) keeps the body as written, where they could hold anything.

const MAX_CALLS = 8;
const SHIFTERS = new Set(['shift', 'set', 'getopts']);
const SEPARATORS = ' \t\n;&|()`\'"$<>{}=';

function innermostFunction(sc: SimpleCommand): string | null {
  let name: string | null = null;
  let n = 0;
  for (const e of sc.context) if (e.kind === 'function') (name = e.name ?? null), n++;
  return n === 1 ? name : null;
}

/** The static argument lists of each function's calls, or null for a function that may run otherwise. */
export function functionCalls(ex: Extraction): Map<string, string[][] | null> {
  const out = new Map<string, string[][] | null>();
  if (!ex.functions.length) return out;
  for (const f of ex.functions) out.set(f, []);
  const bail = (f: string) => out.set(f, null);
  const mentions = (text: string): void => {
    let tok = '';
    for (let i = 0; i <= text.length; i++) {
      const c = text[i];
      if (c === undefined || SEPARATORS.includes(c)) {
        if (out.has(tok)) bail(tok);
        tok = '';
      } else tok += c;
    }
  };
  for (const sc of ex.commands) {
    const inside = sc.context.some((e) => e.kind === 'function') ? innermostFunction(sc) : undefined;
    if (inside === null) for (const f of ex.functions) bail(f); // nested definitions
    const head = sc.argv[0];
    if (head && !head.static) for (const f of ex.functions) bail(f);
    const name = head?.static ? head.value! : '';
    if (inside && SHIFTERS.has(name)) bail(inside);
    const calls = out.get(name);
    if (calls) {
      if (sc.argv.slice(1).every((w) => w.static) && calls.length < MAX_CALLS) calls.push(sc.argv.slice(1).map((w) => w.value!));
      else bail(name);
    }
    for (const w of sc.argv.slice(1)) mentions(w.static ? w.value! : w.approx);
    for (const a of sc.env) if (a.value) mentions(a.value.static ? a.value.value! : a.value.approx);
    for (const r of sc.redirects) mentions(r.target.static ? r.target.value! : r.target.approx);
  }
  for (const [f, c] of out) if (c && !c.length) out.set(f, null);
  return out;
}

/** Words a positional word becomes for a call's arguments; null when it is not one whole. */
function positional(w: Word, args: string[]): Word[] | null {
  const n = w.params[0]!;
  if (w.params.length !== 1 || w.kinds.length !== 1 || w.kinds[0] !== 'param') return null;
  if (w.approx !== '$' + n && w.approx !== '${' + n + '}') return null;
  const word = (v: string) => quotedWord(v, w.span);
  if (n === '#') return [word(String(args.length))];
  if (n === '@' || (n === '*' && !w.quoted)) return args.map(word);
  if (n === '*') return [word(args.join(' '))];
  if (n.length === 1 && n >= '1' && n <= '9') {
    const v = args[Number(n) - 1];
    return v === undefined ? (w.quoted ? [word('')] : []) : [word(v)];
  }
  return null;
}

function usesPositional(w: Word): boolean {
  for (const p of w.params) if (p === '@' || p === '*' || p === '#' || (p.length >= 1 && p[0]! >= '0' && p[0]! <= '9')) return true;
  return false;
}

/** A function body's invocation once per call, its positional words replaced; null to keep it as written. */
export function positionalVariants(inv: Invocation, calls: Map<string, string[][] | null>): Invocation[] | null {
  const sc = inv.source;
  if (!sc.context.some((e) => e.kind === 'function')) return null;
  const f = innermostFunction(sc);
  const list = f ? calls.get(f) : null;
  if (!list) return null;
  if (!inv.args.some(usesPositional) && !inv.redirects.some((r) => usesPositional(r.target)) && !usesPositional(inv.program)) return null;
  if (usesPositional(inv.program)) return null;
  const out: Invocation[] = [];
  for (const call of list) {
    const args: Word[] = [];
    for (const w of inv.args) {
      if (!usesPositional(w)) {
        args.push(w);
        continue;
      }
      const got = positional(w, call);
      if (!got) return null;
      args.push(...got);
    }
    const redirects = [];
    for (const r of inv.redirects) {
      if (!usesPositional(r.target)) {
        redirects.push(r);
        continue;
      }
      const got = positional(r.target, call);
      if (!got || got.length !== 1) return null;
      redirects.push({ ...r, target: got[0]! });
    }
    const c = withArgs(inv, args);
    c.redirects = redirects;
    out.push(c);
  }
  return out;
}
