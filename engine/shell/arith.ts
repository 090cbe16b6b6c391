// Arithmetic contexts: every place bash evaluates text as an arithmetic expression, and whether the
// text that reaches it could run a command. Bash evaluates a name's value recursively and expands
// `$(…)` inside array subscripts, so `x='a[$(id)]'; (( x ))` runs id. Each behaviour used here was
// checked with bash 5.2 (docs/shell.md, "Arithmetic contexts", lists them).
// The collector is fed by the Extractor while it walks the tree; finish() judges every site with
// the values assigned anywhere in the same source (flow-insensitive: every value a name is given
// anywhere counts), and returns the sites for Extraction.arith.
import type { ArithSite, ArithSiteKind, Span, Word } from './types.ts';
import type { AssignNode, CondNode, ListNode, Part, RedirNode, SimpleNode, WordNode } from './ast.ts';
import { NONE } from './ast.ts';
import { toAssign, plainText } from './parser.ts';

/** The texts an arithmetic site needs one of (anywhere, even inside a longer word). */
const TRIGGER = /\(\(|\[|\$\{|let|local|declare|typeset|test|read|printf|unset/;

/**
 * Could `source` hold an arithmetic site? (a cheap pre-check; false means none can exist.) Text
 * without any of `((`, `[` (also `$[`), `${`, let, declare, typeset, local, read, printf, unset or
 * test cannot reach a site at all; one native regex scan looks for all of them at once (measured:
 * ≈ 5× faster than a per-character table loop on long text, and no slower on short).
 */
export function mayHoldArith(source: string): boolean {
  return TRIGGER.test(source);
}

/** Parameters bash always sets to a number. */
const NUMERIC_PARAMS = new Set([
  '#', '?', '$', '!', 'RANDOM', 'SRANDOM', 'LINENO', 'SECONDS', 'EPOCHSECONDS', 'BASHPID', 'PPID', 'UID', 'EUID',
  'OPTIND', 'HISTCMD',
]);

/** The most candidate values one text may expand to before it counts as unknown. */
const MAX_VALUES = 32;
/** Characters the judging may produce in all (values are concatenated); past it, text is unknown. */
const MAX_WORK = 256 * 1024;
/** Name values followed inside values (x=y, y=z …). */
const MAX_NAME_DEPTH = 12;
/** Sites and values kept per source; past them the collector stops and says so (a limit). */
const MAX_SITES = 1000;
const MAX_EVENTS = 2000;

interface RawSite {
  kind: ArithSiteKind;
  span: Span;
  /** 'expr': evaluated as an expression; 'name': used as a variable name (a subscript is evaluated). */
  as: 'expr' | 'name';
  parts: Part[] | null;
  /** Precomputed candidates (for-loop words, indirect names); used instead of parts when set. */
  values?: string[] | null;
  /** For 'indirect': the name whose value is the name used. */
  ref?: string;
  /** The function the site sits in (its $1 … come from the calls of that function). */
  fn: string | null;
}

/** A value given to a name: its parts, or null when bash only knows it at run time. */
interface Event {
  name: string;
  span: Span;
  parts: Part[] | null;
  values?: string[] | null;
  /** a+=v: the appended text (what arithmetic evaluates for a name declared -i). */
  appended?: Part[];
}

type Vals = string[] | null;

const DECL = new Set(['declare', 'typeset', 'local', 'export', 'readonly']);
const INT_DECL = new Set(['declare', 'typeset', 'local']);
const COND_NUM = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
const READ_OPTS_WITH_VALUE = new Set(['d', 'i', 'n', 'N', 'p', 't', 'u', 'a']);

export class ArithCollector {
  private readonly raw: RawSite[] = [];
  private readonly events: Event[] = [];
  /** Names declared -i, and names declared -A (made on first use: most sources have none). */
  private integer: Set<string> | null = null;
  private assoc: Set<string> | null = null;
  private readonly source: string;
  private byName: Map<string, Event[]> | null = null;
  private memo: Map<string, Vals | 'busy'> | null = null;
  private work = 0;
  private why = '';
  /** Sites and events already judged (finish() is called again after hidden payloads are listed). */
  private judged = 0;
  private eventsSeen = 0;
  /** Static texts that arithmetic would expand (`$(…)` in a subscript), by text. */
  private hidden: Map<string, Span> | null = null;
  private site0: Span | null = null;
  /**
   * Values reached through names that were judged harmless during the current judge(), with the
   * deepest level at which they were (harmless there is harmless at any shallower level: only
   * the depth limit depends on the level). Names whose values name each other (`x0='x1+y1'`,
   * `y0='x1+y1'` …) reach the same values along exponentially many paths; each is judged once.
   * A value that is not harmless ends the judging, so only harmless ones are kept.
   */
  private okAt: Map<string, number> | null = null;
  /** The first characters of the names given a value (1 each), for that many events; a name
   *  starting otherwise has no value here. Null: some name starts with a non-ASCII character. */
  private firsts: Uint8Array | null = null;
  private firstsOf = -1;
  /** Set when MAX_SITES or MAX_EVENTS was reached: the Extractor reports a limit. */
  overflow = false;
  /** The function the Extractor is inside now (set before each call). */
  fn: string | null = null;
  private callCount = 0;
  /** Functions (or '' for the top level) whose positional parameters change (shift, set --). */
  private shifted: Set<string> | null = null;
  private siteFn: string | null = null;
  /** Every command's argv and where its arguments start (argv[from - 1] is the command name): a
   *  function's $1 … come from its calls, and a function named in another command's arguments may
   *  be called with unseen arguments. Read only when a site needs a function's $1 …. */
  private calls: { argv: Word[]; from: number }[] = [];

  constructor(source: string) {
    this.source = source;
  }

  // ------------------------------------------------------------ feeding

  /** A simple command; `argv` are its resolved words (for the command name and options). */
  simple(c: SimpleNode, argv: Word[]): void {
    // indexed loops: these are often the frozen NONE, which for…of cannot iterate without allocating
    for (let k = 0; k < c.assigns.length; k++) this.assign(c.assigns[k]!, true);
    for (let k = 0; k < c.words.length; k++) this.walk(c.words[k]!.parts);
    for (let k = 0; k < c.redirects.length; k++) this.redirect(c.redirects[k]!);
    let i = 0;
    while (i < argv.length && (argv[i]!.value === 'builtin' || argv[i]!.value === 'command')) i++;
    const name = argv[i]?.value;
    if (name === undefined) return;
    if (this.callCount < MAX_EVENTS) {
      this.callCount++;
      this.calls.push({ argv, from: i + 1 });
    }
    if (name === 'shift' || name === 'set') (this.shifted ??= new Set()).add(this.fn ?? '');
    if (!SITE_BUILTINS.has(name)) return;
    const words = c.words.slice(i + 1);
    const args = argv.slice(i + 1);
    if (name === 'let') {
      for (const w of words) this.site('let', w.span, 'expr', w.parts);
    } else if (DECL.has(name)) this.declare(name, words, args);
    else if (name === 'test' || name === '[') {
      for (let k = 0; k + 1 < args.length; k++) if (args[k]!.value === '-v') this.site('test-v', words[k + 1]!.span, 'name', words[k + 1]!.parts);
    } else if (name === 'printf') {
      for (let k = 0; k + 1 < args.length; k++) {
        const v = args[k]!.value;
        if (v === '--' || (v !== undefined && !v.startsWith('-'))) break;
        if (v === '-v') this.nameTarget('printf-v', words[k + 1]!);
      }
    } else if (name === 'read') this.read(words, args);
    else if (name === 'unset') {
      let fns = false;
      for (let k = 0; k < args.length; k++) {
        const v = args[k]!.value;
        if (v !== undefined && v.startsWith('-') && v.length > 1) { if (v.includes('f')) fns = true; continue; }
        if (!fns) this.site('unset', words[k]!.span, 'name', words[k]!.parts);
      }
    } else if (name === 'mapfile' || name === 'readarray' || name === 'getopts' || name === 'wait') {
      // names these fill get run-time values (no arithmetic on the name itself: checked with bash)
      const last = words[words.length - 1];
      if (last && args.length > 1) this.dynamic(plainName(last), last.span);
      if (name === 'getopts') this.dynamic('OPTARG', c.span);
      if (name === 'mapfile' || name === 'readarray') this.dynamic('MAPFILE', c.span);
    }
  }

  /** [[ … ]]: -eq … operands are arithmetic, -v takes a name, =~ fills BASH_REMATCH. */
  cond(c: CondNode): void {
    const items = c.items;
    for (let k = 0; k < items.length; k++) {
      const it = items[k]!;
      if (it.type !== 'Word') continue;
      this.walk(it.parts);
      const t = plainText(it);
      if (t !== null && COND_NUM.has(t)) {
        const l = items[k - 1];
        const r = items[k + 1];
        if (l && l.type === 'Word') this.site('cond', l.span, 'expr', l.parts);
        if (r && r.type === 'Word') this.site('cond', r.span, 'expr', r.parts);
      } else if (t === '-v') {
        const r = items[k + 1];
        if (r && r.type === 'Word') this.site('test-v', r.span, 'name', r.parts);
      } else if (t === '=~') this.dynamic('BASH_REMATCH', c.span);
    }
  }

  /** (( … )) and for (( … )). */
  arith(kind: 'arith' | 'for', span: Span, parts: Part[]): void {
    this.site(kind, span, 'expr', parts);
    this.walk(parts);
  }

  /** for NAME in WORDS: the name takes each word's value. */
  forLoop(name: WordNode, words: Word[] | null, nodes: WordNode[] | null): void {
    const n = plainText(name);
    if (nodes) for (const w of nodes) this.walk(w.parts);
    if (n === null) return;
    if (words === null) return this.dynamic(n, name.span);
    const vals: string[] = [];
    for (const w of words) {
      const alts = w.braces ?? [w];
      for (const a of alts) {
        if (!a.static || vals.length >= MAX_VALUES) return this.dynamic(n, name.span);
        vals.push(a.value!);
      }
    }
    this.event({ name: n, span: name.span, parts: null, values: vals });
  }

  /** Any other words bash expands (case words and patterns, redirect targets of compounds). */
  words(parts: Part[]): void {
    this.walk(parts);
  }

  redirect(r: RedirNode): void {
    if (r.op !== '<<' && r.op !== '<<-') this.walk(r.target.parts);
    if (r.heredoc?.parts) this.walk(r.heredoc.parts);
  }

  // ---------------------------------------------------------- builtins

  private declare(name: string, words: WordNode[], args: Word[]): void {
    let integer = false;
    let nameref = false;
    let assoc = false;
    for (let k = 0; k < args.length; k++) {
      const v = args[k]!.value;
      const w = words[k]!;
      if (v !== undefined && (v.startsWith('-') || v.startsWith('+')) && v.length > 1 && !v.includes('=')) {
        if (v === '--') continue;
        const on = v[0] === '-';
        if (INT_DECL.has(name) && v.includes('i')) integer = on;
        if (v.includes('n')) nameref = on && name !== 'export';
        if (v.includes('A')) assoc = on;
        continue;
      }
      const a = toAssign(w);
      if (a) {
        if (assoc) (this.assoc ??= new Set()).add(a.name);
        if (integer) (this.integer ??= new Set()).add(a.name);
        if (nameref) this.site('nameref', w.span, 'name', a.value);
        if (name === 'export' || name === 'readonly') {
          // bash takes these names literally (a subscript there is an error, checked with bash)
          this.assign({ ...a, subscript: null }, false);
        } else this.assign(a, false);
        continue;
      }
      const n = plainName(w);
      if (n !== null) {
        if (assoc) (this.assoc ??= new Set()).add(n);
        if (integer) (this.integer ??= new Set()).add(n);
      }
      if (name !== 'export' && name !== 'readonly') this.site('declare', w.span, 'name', w.parts);
    }
  }

  private read(words: WordNode[], args: Word[]): void {
    let names = 0;
    for (let k = 0; k < args.length; k++) {
      const v = args[k]!.value;
      if (v !== undefined && v.startsWith('-') && v.length > 1 && names === 0) {
        if (v === '--') continue;
        const opt = v[v.length - 1]!;
        if (READ_OPTS_WITH_VALUE.has(opt) && v.length === 2) {
          if (opt === 'a' && words[k + 1]) this.dynamic(plainName(words[k + 1]!), words[k + 1]!.span);
          k++;
        }
        continue;
      }
      names++;
      this.nameTarget('read', words[k]!);
    }
    if (names === 0) this.dynamic('REPLY', words[0]?.span ?? { start: 0, end: 0 });
  }

  /** A word naming a variable that gets a run-time value (read NAME, printf -v NAME). */
  private nameTarget(kind: ArithSiteKind, w: WordNode): void {
    this.site(kind, w.span, 'name', w.parts);
    this.dynamic(plainName(w), w.span);
  }

  /** name=value; `walk` when its parts were not walked with the command's words already. */
  private assign(a: AssignNode, walk: boolean): void {
    if (a.subscript && !this.assoc?.has(a.name)) this.site('subscript', a.span, 'expr', a.subscript);
    if (walk) this.walk(a.subscript);
    if (a.array) {
      for (const item of a.array) {
        if (walk) this.walk(item.parts);
        const key = keyOf(item);
        if (key) {
          if (!this.assoc?.has(a.name)) this.site('subscript', item.span, 'expr', key.parts);
          this.event({ name: a.name, span: item.span, parts: key.value });
        } else this.event({ name: a.name, span: item.span, parts: item.parts });
      }
      return;
    }
    if (walk) this.walk(a.value);
    // a+=v appends to a value this analysis does not track in order: unknown
    this.event(a.append ? { name: a.name, span: a.span, parts: null, appended: a.value } : { name: a.name, span: a.span, parts: a.value });
  }

  private event(e: Event): void {
    if (this.events.length >= MAX_EVENTS) {
      this.overflow = true;
      return;
    }
    this.events.push(e);
  }

  private dynamic(name: string | null, span: Span): void {
    if (name !== null) this.event({ name, span, parts: null });
  }

  private site(kind: ArithSiteKind, span: Span, as: 'expr' | 'name', parts: Part[] | null): void {
    if (this.raw.length >= MAX_SITES) {
      this.overflow = true;
      return;
    }
    this.raw.push({ kind, span, as, parts, fn: this.fn });
  }

  /** Arithmetic inside words: $(( )), $[ ], subscripts, ${x:off:len}, ${!x}, ${x:=v}. */
  private walk(parts: Part[] | null): void {
    if (!parts) return;
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k]!;
      switch (p.type) {
        case 'arith':
          this.site('arith', p.span, 'expr', p.parts);
          this.walk(p.parts);
          break;
        case 'dq': case 'extglob':
          this.walk(p.parts);
          break;
        case 'array':
          for (const w of p.items) this.walk(w.parts);
          break;
        case 'param': {
          const sub = p.subscript;
          if (sub && !isAllSubscript(sub) && !this.assoc?.has(p.name)) this.site('subscript', p.span, 'expr', sub);
          this.walk(sub);
          if (p.op === ':' && p.operand) this.site('substring', p.span, 'expr', p.operand);
          if (p.prefix === '!' && !sub && p.op === '') this.raw.push({ kind: 'indirect', span: p.span, as: 'name', parts: null, ref: p.name, fn: this.fn });
          if ((p.op === ':=' || p.op === '=') && p.operand) this.event({ name: p.name, span: p.span, parts: p.operand });
          this.walk(p.operand);
          break;
        }
        default:
          break;
      }
    }
  }

  // ------------------------------------------------------------ judging

  /**
   * Judge the sites collected since the last call. Names declared -i count everywhere, so the
   * integer sites are added here, once every event is known.
   */
  finish(): ArithSite[] {
    if (this.eventsSeen !== this.events.length) {
      this.byName = null;
      this.memo = null;
    }
    // an assignment to a name declared -i anywhere is evaluated as arithmetic
    for (let k = this.eventsSeen; k < this.events.length; k++) {
      const e = this.events[k]!;
      if (!this.integer?.has(e.name)) continue;
      if (e.appended) this.raw.push({ kind: 'integer', span: e.span, as: 'expr', parts: e.appended, fn: null });
      else this.raw.push({ kind: 'integer', span: e.span, as: 'expr', parts: e.parts, fn: null, ...(e.values !== undefined ? { values: e.values } : {}) });
    }
    this.eventsSeen = this.events.length;
    const out: ArithSite[] = [];
    for (; this.judged < this.raw.length; this.judged++) out.push(this.judge(this.raw[this.judged]!));
    return out;
  }

  /**
   * Every name given a value in the source: its values, or null when one is only known at run
   * time (names declared -i hold numbers). Call after finish().
   */
  assigned(): Record<string, string[] | null> {
    const out: Record<string, string[] | null> = {};
    for (const e of this.events) {
      if (Object.prototype.hasOwnProperty.call(out, e.name)) continue;
      out[e.name] = this.integer?.has(e.name) ? ['0'] : (this.values(e.name) ?? null);
    }
    return out;
  }

  /** The values `name` (or a positional) may hold here, or null when one is only known at run time or it is never set. */
  valuesOf(name: string): string[] | null {
    this.why = '';
    const v = this.param(name);
    return v === null || v === undefined ? null : [...v];
  }

  /**
   * Static texts holding `$(…)` or `` `…` `` that a site would expand, with the site's span, and
   * forgets them: the Extractor parses each as a payload, so the commands they run are checked
   * like any other (`x='a[$(rm -rf ~)]'; (( x ))` runs rm).
   */
  takeHidden(): { text: string; span: Span }[] {
    const h = this.hidden;
    if (h === null || h.size === 0) return NONE;
    const out = [...h].map(([text, span]) => ({ text, span }));
    h.clear();
    return out;
  }

  private judge(r: RawSite): ArithSite {
    const text = this.source.slice(r.span.start, r.span.end);
    this.site0 = r.span;
    this.siteFn = r.fn;
    this.why = '';
    this.okAt = null;
    let vals: Vals;
    if (r.kind === 'indirect') vals = this.param(r.ref!);
    else if (r.values !== undefined) vals = r.values;
    else if (r.parts === null) {
      vals = null;
      this.why ||= 'the value is only known at run time';
    } else vals = this.expand(r.parts);
    if (vals === null) return { kind: r.kind, span: r.span, text, safety: 'code', why: this.why || 'the text is only known at run time' };
    let safety: ArithSite['safety'] = 'expr';
    for (const v of vals) {
      const bad = r.as === 'name' ? this.checkName(v) : this.checkExpr(v, 0);
      if (bad !== null) return { kind: r.kind, span: r.span, text: vals.length === 1 ? v : text, safety: 'code', why: bad };
      const t = v.trim();
      const s = isNumber(t) || t === '' ? 'number' : isName(t) ? 'name' : 'expr';
      if (vals.length === 1) safety = s;
    }
    return { kind: r.kind, span: r.span, text: vals.length === 1 ? vals[0]! : text, safety };
  }

  /** Used as a variable name: only a subscript is evaluated (and expanded first). */
  private checkName(v: string): string | null {
    const open = v.indexOf('[');
    if (open < 0) return null;
    const close = v.lastIndexOf(']');
    return this.checkExpr(v.slice(open + 1, close > open ? close : v.length), 0);
  }

  /** null when evaluating `v` as arithmetic cannot run a command; else why it can. */
  private checkExpr(v: string, depth: number): string | null {
    if (depth > MAX_NAME_DEPTH) return 'names refer to names too deeply to follow';
    if (depth > 0 && this.okAt !== null) {
      const ok = this.okAt.get(v);
      if (ok !== undefined && ok >= depth) return null;
    }
    const n = v.length;
    for (let i = 0; i < n; i++) {
      const c = v.charCodeAt(i);
      if (c === 36 || c === 96 || c === 92) {
        if (this.site0 && (v.includes('$(') || v.includes('`'))) {
          const h = (this.hidden ??= new Map());
          if (!h.has(v) && h.size < 16) h.set(v, this.site0);
        }
        return `'${clip(v)}' holds an expansion that arithmetic evaluation runs`;
      }
      if (c === 39 || c === 34) return `'${clip(v)}' holds quotes that arithmetic evaluation removes`;
    }
    // no name is given a value in this source: every name is a plain one
    if (this.events.length === 0) return null;
    if (this.firstsOf !== this.events.length) {
      let f: Uint8Array | null = new Uint8Array(128);
      for (const e of this.events) {
        const c = e.name.charCodeAt(0);
        if (c < 128) f[c] = 1;
        else f = null;
        if (f === null) break;
      }
      this.firsts = f;
      this.firstsOf = this.events.length;
    }
    const firsts = this.firsts;
    let i = 0;
    // a name judged harmless just before (`a+1*a+1*…`): the same answer again
    let last = '';
    while (i < n) {
      const c = v.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        // a number, possibly 0x1f or 16#ff: its letters are digits, not names
        while (i < n && (isWordCode(v.charCodeAt(i)) || v.charCodeAt(i) === 35 || v.charCodeAt(i) === 64)) i++;
        continue;
      }
      if (!isNameStartCode(c)) { i++; continue; }
      let j = i + 1;
      while (j < n && isWordCode(v.charCodeAt(j))) j++;
      // no name given a value starts so: a plain name (not even cut out of the text)
      if (firsts !== null && c < 128 && firsts[c] === 0) {
        i = j;
        continue;
      }
      const name = v.slice(i, j);
      i = j;
      if (name === last || this.integer?.has(name)) continue;
      const vals = this.values(name);
      if (vals === undefined) {
        last = name;
        continue; // not set in this source: a plain name
      }
      if (vals === null) return `${name} gets a value only known at run time, and arithmetic evaluates it`;
      for (const x of vals) {
        const bad = this.checkExpr(x, depth + 1);
        if (bad !== null) return `${name} = '${clip(x)}': ${bad}`;
      }
      last = name;
    }
    if (depth > 0) {
      const m = (this.okAt ??= new Map());
      const ok = m.get(v);
      if (ok === undefined || ok < depth) m.set(v, depth);
    }
    return null;
  }

  /** Every value given to `name` in this source; undefined if none, null if one is unknown. */
  private values(name: string): Vals | undefined {
    if (!this.byName) {
      this.byName = new Map();
      for (const e of this.events) {
        const l = this.byName.get(e.name);
        if (l) l.push(e);
        else this.byName.set(e.name, [e]);
      }
    }
    const evs = this.byName.get(name);
    if (!evs) return undefined;
    const memo = (this.memo ??= new Map());
    const m = memo.get(name);
    if (m === 'busy') return null; // x=$x…: circular
    if (m !== undefined) return m;
    memo.set(name, 'busy');
    let out: string[] | null = [];
    for (const e of evs) {
      const v = e.values !== undefined ? e.values : e.parts === null ? null : this.expand(e.parts);
      if (v === null || out.length + v.length > MAX_VALUES) { out = null; break; }
      for (const x of v) out.push(x);
    }
    memo.set(name, out);
    return out;
  }

  /** $name as a candidate list: numeric parameters give a number, unknown ones null. */
  private param(name: string): Vals {
    if (NUMERIC_PARAMS.has(name) || this.integer?.has(name)) return ['0'];
    if (name.length === 1 && name >= '1' && name <= '9') return this.positional(Number(name));
    const v = this.values(name);
    if (v === undefined) {
      this.why ||= `$${name} is not set in this command, so its text is unknown`;
      return null;
    }
    if (v === null) this.why ||= `$${name} gets a value only known at run time`;
    return v;
  }

  /**
   * $1 … $9: at the top level of `bash -c` they are empty (the gate's command gets no arguments);
   * inside a function, the words every call of it passes (a number for $((…))). After shift or
   * set -- they are unknown.
   */
  private positional(n: number): Vals {
    const fn = this.siteFn;
    if (this.shifted?.has(fn ?? '')) {
      this.why ||= `$${n} changes with shift or set, so its text is unknown`;
      return null;
    }
    if (fn === null) return [''];
    // named in another command's arguments (eval 'f …', trap f, export -f f): called where we cannot see
    if (this.calls.some((m) => mentioned(m.argv, m.from, fn))) {
      this.why ||= `${fn} is also called where its arguments cannot be seen`;
      return null;
    }
    const out: string[] = [];
    for (const { argv, from } of this.calls) {
      if (argv[from - 1]!.value !== fn) continue;
      const w = argv[from + n - 1]; // its n-th argument
      if (w === undefined) out.push('');
      else if (w.static) out.push(w.value!);
      else if (w.approx === '$((…))') out.push('0'); // one $(( … )): a number (its own site is judged apart)
      else {
        this.why ||= `$${n} of ${fn} is only known at run time in one of its calls`;
        return null;
      }
      if (out.length > MAX_VALUES) {
        this.why ||= 'too many possible values';
        return null;
      }
    }
    return out;
  }

  /** The texts `parts` can expand to (after quote removal), or null when one is unknown. */
  private expand(parts: Part[]): Vals {
    let acc: string[] = [''];
    for (const p of parts) {
      let add: Vals;
      switch (p.type) {
        case 'lit': case 'esc': case 'sq': case 'ansi': add = [p.text]; break;
        case 'dq': add = this.expand(p.parts); break;
        case 'arith': add = ['0']; break; // its result is a number (the expression is its own site)
        case 'param':
          if (p.prefix === '#') add = ['0'];
          else if (p.prefix === '!') { this.why ||= 'an indirect expansion is only known at run time'; add = null; }
          else if (p.op === '') add = this.param(p.name);
          else if ((p.op === ':-' || p.op === '-' || p.op === ':=' || p.op === '=') && p.operand) {
            const a = this.param(p.name);
            const b = a === null ? null : this.expand(p.operand);
            add = a === null || b === null ? null : a.concat(b);
          } else { this.why ||= `\${${p.name}${p.op}…} is only known at run time`; add = null; }
          break;
        case 'cmdsub':
          if (numericOutput(p.body)) add = ['0'];
          else {
            this.why ||= 'a command substitution’s output is only known at run time';
            add = null;
          }
          break;
        default:
          this.why ||= 'the text is only known at run time';
          add = null;
      }
      if (add === null) return null;
      if (acc.length * add.length > MAX_VALUES) { this.why ||= 'too many possible values'; return null; }
      const next: string[] = [];
      for (const x of acc) {
        for (const y of add) {
          this.work += x.length + y.length;
          if (this.work > MAX_WORK) { this.why ||= 'the values are too large to follow'; return null; }
          next.push(x + y);
        }
      }
      acc = next;
    }
    return acc;
  }
}

/** Builtins whose arguments hold sites or name what gets assigned (see simple()). */
const SITE_BUILTINS = new Set([...DECL, 'let', 'test', '[', 'printf', 'read', 'unset', 'mapfile', 'readarray', 'getopts', 'wait']);

/**
 * Does the command run a site builtin whose name holds one of the pre-check's trigger texts?
 * Asked only where mayHoldArith said no: then the name was spelled so the text never shows it
 * (quotes, escapes, `$'…'`, braces), and the source must be read again with the collector on.
 */
export function namesSiteBuiltin(argv: Word[]): boolean {
  let i = 0;
  while (i < argv.length && (argv[i]!.value === 'builtin' || argv[i]!.value === 'command')) i++;
  const name = argv[i]?.value;
  return name !== undefined && SITE_BUILTINS.has(name) && TRIGGER.test(name);
}

/** Does an argument from `from` on hold the text `fn`? */
function mentioned(argv: Word[], from: number, fn: string): boolean {
  for (let k = from; k < argv.length; k++) if ((argv[k]!.value ?? argv[k]!.approx).includes(fn)) return true;
  return false;
}

/** Programs whose output is only a count: `wc -l < f`, `… | wc -c`, `nproc` (options, no file operands). */
const COUNTERS: Record<string, Set<string>> = {
  wc: new Set(['-l', '-c', '-w', '-m', '-L', '--lines', '--bytes', '--words', '--chars', '--max-line-length']),
  nproc: new Set(['--all']),
};

/** Does the substitution print only a number (so arithmetic on it cannot run anything)? */
function numericOutput(list: ListNode): boolean {
  if (list.items.length !== 1) return false;
  const a = list.items[0]!.andor;
  if (a.pipelines.length !== 1) return false;
  const cmds = a.pipelines[0]!.commands;
  const last = cmds[cmds.length - 1];
  if (!last || last.type !== 'Simple' || last.assigns.length || !last.words.length) return false;
  const opts = COUNTERS[plainText(last.words[0]!) ?? ''];
  if (!opts) return false;
  for (let i = 1; i < last.words.length; i++) if (!opts.has(plainText(last.words[i]!) ?? '')) return false;
  return true;
}

/** `[key]=value` in a compound assignment: the key's parts and the value's parts. */
function keyOf(item: WordNode): { parts: Part[]; value: Part[] | null } | null {
  const p0 = item.parts[0];
  if (!p0 || p0.type !== 'lit' || !p0.text.startsWith('[')) return null;
  const key: Part[] = [];
  for (let i = 0; i < item.parts.length; i++) {
    const p = item.parts[i]!;
    if (p.type === 'lit') {
      const text = i === 0 ? p.text.slice(1) : p.text;
      const end = text.indexOf(']=');
      if (end >= 0) {
        if (end > 0) key.push({ type: 'lit', span: p.span, text: text.slice(0, end) });
        const rest = text.slice(end + 2);
        const value: Part[] = rest ? [{ type: 'lit', span: p.span, text: rest }] : [];
        for (let k = i + 1; k < item.parts.length; k++) value.push(item.parts[k]!);
        return { parts: key, value };
      }
      if (text) key.push({ type: 'lit', span: p.span, text });
    } else key.push(p);
  }
  return null;
}

function isAllSubscript(sub: Part[]): boolean {
  return sub.length === 1 && sub[0]!.type === 'lit' && (sub[0]!.text === '@' || sub[0]!.text === '*');
}

function plainName(w: WordNode): string | null {
  const t = plainText(w);
  if (t === null) return null;
  const b = t.indexOf('[');
  const n = b < 0 ? t : t.slice(0, b);
  return isName(n) ? n : null;
}

function isNameStartCode(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
function isWordCode(c: number): boolean {
  return isNameStartCode(c) || (c >= 48 && c <= 57);
}
function isName(t: string): boolean {
  if (!t.length || !isNameStartCode(t.charCodeAt(0))) return false;
  for (let i = 1; i < t.length; i++) if (!isWordCode(t.charCodeAt(i))) return false;
  return true;
}
/** Decimal, 0x…, 0…, base#digits, with an optional sign. */
function isNumber(t: string): boolean {
  const s = t[0] === '-' || t[0] === '+' ? t.slice(1) : t;
  if (!s.length || s.charCodeAt(0) < 48 || s.charCodeAt(0) > 57) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!isWordCode(c) && c !== 35 && c !== 64) return false;
  }
  return true;
}
function clip(s: string): string {
  return s.length > 60 ? s.slice(0, 57) + '…' : s;
}
