// Walk the tree and list every simple command bash could run, in source order (a command before
// the commands inside its own words), each with its resolved words and the context chain that
// leads to it. Payloads that bash parses later (trap, alias, PROMPT_COMMAND) are parsed here too.
import type {
  ArithSite, Assignment, ContextEntry, Extraction, Pipe, Redirect, SimpleCommand, Span, Word,
} from './types.ts';
import type { AssignNode, CommandNode, ListNode, Part, RedirNode, SimpleNode, WordNode } from './ast.ts';
import { NONE } from './ast.ts';
import type { Shared } from './lexer.ts';
import { promptText } from './printed.ts';
import { DECL, parseNested, toAssign } from './parser.ts';
import { MODE_ARG, MODE_ASSIGN, MODE_QUOTED, makeWord, promptOp, resolveParts, resolveWord } from './words.ts';
import { ArithCollector, mayHoldArith, namesSiteBuiltin } from './arith.ts';

interface St {
  ctx: ContextEntry[];
  conditional: boolean;
  background: boolean;
  pipe: Pipe | undefined;
  /** Redirections of enclosing compound commands (they apply to every command inside). */
  redirs: Redirect[];
}

/** Every St has the same shape (fast property access, no spreads on the hot path). */
function mk(ctx: ContextEntry[], conditional: boolean, background: boolean, pipe: Pipe | undefined, redirs: Redirect[]): St {
  return { ctx, conditional, background, pipe, redirs };
}

/** Every SimpleCommand, with every field present in one order (pipe undefined outside a pipeline): one hidden class. */
export function simpleCommand(span: SimpleCommand['span'], env: Assignment[], argv: Word[], redirects: Redirect[], context: ContextEntry[], background: boolean, conditional: boolean, pipe: Pipe | undefined): SimpleCommand {
  return { span, env, argv, redirects, context, background, conditional, pipe };
}

/** The state at the top level (states are never changed: one serves every analysis). */
const TOP: St = mk(NONE, false, false, undefined, NONE);

function push(st: St, entry: ContextEntry, conditional = st.conditional): St {
  return mk([...st.ctx, entry], conditional, st.background, st.pipe, st.redirs);
}

/** The state for commands inside a substitution: own context, no pipe, no outer redirects. */
function inner(st: St, entry: ContextEntry, conditional = st.conditional): St {
  return mk([...st.ctx, entry], conditional, st.background, undefined, NONE);
}

function cond(st: St): St {
  return st.conditional ? st : mk(st.ctx, true, st.background, st.pipe, st.redirs);
}

export class Extractor {
  /** The commands listed so far (the shared empty array until the first: then exact-size at one). */
  private commands: SimpleCommand[] = NONE;
  private functions: string[] = NONE;
  private fnSeen: Set<string> | null = null;
  /** Names bound to a program path by `hash -p`. */
  private hashed: Map<string, Word> | null = null;
  /** `time` keyword words waiting for the first simple command of their pipeline. */
  private timed: WordNode[] | null = null;
  /** Aliases defined so far (name → text), and those being expanded (no recursion). */
  private aliases: Map<string, string> | null = null;
  private activeAliases: Set<string> | null = null;
  private pipeId = 0;
  private stopped = false;
  private readonly sh: Shared;
  private readonly home: string;
  /** Arithmetic sites and the values names get (null when the source cannot hold a site). */
  private ar: ArithCollector | null = null;
  /** `${name@P}` expansions seen, judged once every value is known. */
  private prompts: { name: string; span: Span; st: St }[] | null = null;

  /** Set when a command resolved to a site builtin whose name the text pre-check never saw
   *  (`l''et x`, `r\\ead x`): analyze() then runs again with the collector on. */
  missedSite = false;

  constructor(sh: Shared, home: string, private readonly forceArith = false) {
    this.sh = sh;
    this.home = home;
  }

  private src = '';

  run(ast: ListNode, source: string): Extraction {
    this.src = source;
    // An empty tree (over the size budget, only comments) holds no site: skip scanning its text.
    // After an error or a budget only the text before the stop is in the tree.
    if (ast.items.length > 0 && (this.forceArith || mayHoldArith(this.sh.parsedEnd < source.length ? source.slice(0, this.sh.parsedEnd) : source))) this.ar = new ArithCollector(source);
    this.list(ast, TOP);
    if (this.prompts) this.promptSites();
    const arith = this.ar ? this.arith(TOP) : NONE;
    const assigned = this.ar ? this.ar.assigned() : undefined;
    const sh = this.sh;
    // (a new Extractor per analysis: measured 10-20 % faster than one kept and reset, whose
    // fields then point from the old generation into the young one)
    const commands = this.commands;
    const functions = this.functions;
    const stats = { chars: source.length, tokens: sh.tokens, maxDepth: sh.maxDepth, commands: commands.length };
    // one shape for every extraction (assigned undefined when the source holds no site)
    return { source, commands, functions, issues: sh.issues, arith, assigned, stats };
  }

  /**
   * Judge the arithmetic sites; static text that arithmetic would expand (`a[$(cmd)]`) is parsed
   * as a payload so its commands are listed too (context 'arith'), a few rounds deep.
   */
  private arith(top: St): ArithSite[] {
    const ar = this.ar!;
    const out = ar.finish();
    const overflowed = () => {
      if (ar.overflow) this.sh.issues.push({ kind: 'limit', message: 'too many arithmetic sites or assignments to follow', span: { start: 0, end: this.src.length } });
    };
    for (let round = 0; round < 4; round++) {
      const hidden = ar.takeHidden();
      if (!hidden.length) break;
      for (const h of hidden) this.payload(': ' + h.text, h, top, { kind: 'arith', span: h.span });
      for (const s of ar.finish()) out.push(s);
    }
    overflowed();
    // Code in arithmetic is also an issue, so an analysis nested in a carrier (bash -c '…') carries
    // it out to the decision like any other thing the analyser cannot model.
    const code = out.find((s) => s.safety === 'code');
    if (code) this.sh.issues.push({ kind: 'parse', message: `arithmetic (${code.kind}) can run a command: ${code.why ?? code.text}`, span: code.span });
    return out;
  }

  /**
   * `${x@P}` runs the command substitutions in x's value: each value the source gives x is parsed
   * as the body of an unquoted heredoc (which expands the same way); a value known only at run
   * time is code the analyser cannot see (an issue, so it asks).
   */
  private promptSites(): void {
    const sites = this.prompts!;
    this.prompts = null;
    for (const p of sites) {
      const vals = this.ar?.valuesOf(p.name) ?? null;
      if (vals === null) {
        this.sh.issues.push({ kind: 'parse', message: `\${${p.name}@P} expands a value known only at run time as a prompt, which can run a command`, span: p.span });
        continue;
      }
      for (const v0 of vals) {
        // the prompt's backslash escapes are decoded first (\044 and \$ are `$`), then it is expanded
        const v = promptText(v0);
        if (v.includes('$') || v.includes('`')) this.payload(`: <<GATELAB_PROMPT\n${v}\nGATELAB_PROMPT\n`, p, p.st, { kind: 'cmdsub', span: p.span });
      }
    }
  }

  /** The collector, told which function (if any) the next site sits in. */
  private arFor(st: St): ArithCollector | null {
    const ar = this.ar;
    if (!ar) return null;
    let fn: string | null = null;
    for (let i = st.ctx.length - 1; i >= 0; i--) {
      const e = st.ctx[i]!;
      if (e.kind === 'function') {
        fn = e.name ?? null;
        break;
      }
    }
    ar.fn = fn;
    return ar;
  }

  list(l: ListNode, st: St): void {
    const items = l.items;
    for (let n = 0; n < items.length; n++) {
      const it = items[n]!;
      if (this.stopped) return; // the command budget is spent: nothing after this is listed
      const s = it.background && !st.background ? mk(st.ctx, st.conditional, true, st.pipe, st.redirs) : st;
      const a = it.andor;
      let after: St | null = null; // the state after && / || (one per item, not per pipeline)
      for (let i = 0; i < a.pipelines.length; i++) {
        const p = a.pipelines[i]!;
        const ps = i > 0 ? (after ??= cond(s)) : s;
        if (p.timeWords) this.timed = p.timeWords;
        if (p.commands.length === 0 && p.timeWords) {
          // `time` alone: list it so it is seen
          const argv = p.timeWords.map((w) => resolveWord(w, this.home, this.sh, MODE_ARG));
          this.timed = null;
          this.add(simpleCommand(p.span, [], argv, ps.redirs, ps.ctx, ps.background, ps.conditional, undefined));
        } else if (p.commands.length > 1) {
          const id = ++this.pipeId;
          for (let k = 0; k < p.commands.length; k++) {
            const pipe: Pipe = { id, index: k, length: p.commands.length, stderr: p.ops[k] === '|&' };
            this.cmd(p.commands[k]!, ps, pipe);
          }
        } else if (p.commands.length === 1) this.cmd(p.commands[0]!, ps);
        this.timed = null;
      }
    }
  }

  /** `pipe`: the pipeline stage this command is (a simple command takes it as it is: no state per stage). */
  private cmd(c: CommandNode, st0: St, pipe: Pipe | undefined = st0.pipe): void {
    if (this.stopped) return;
    if (c.type === 'Simple') return this.simple(c, st0, pipe);
    let st = st0;
    if (c.redirects.length) {
      const own = c.redirects.map((r) => this.redirect(r));
      st = mk(st0.ctx, st0.conditional, st0.background, pipe, [...own, ...st0.redirs]);
      for (const r of c.redirects) this.redirectSubs(r, st0);
      if (this.arFor(st0)) for (const r of c.redirects) this.ar!.redirect(r);
    } else if (pipe !== st0.pipe) st = mk(st0.ctx, st0.conditional, st0.background, pipe, st0.redirs);
    switch (c.type) {
      case 'Subshell': return this.list(c.body, push(st, { kind: 'subshell', span: c.span }));
      case 'Group': return this.list(c.body, push(st, { kind: 'group', span: c.span }));
      case 'If': {
        const s = push(st, { kind: 'if', span: c.span });
        c.clauses.forEach((cl, i) => {
          this.list(cl.cond, i === 0 ? s : cond(s));
          this.list(cl.body, cond(s));
        });
        if (c.elseBody) this.list(c.elseBody, cond(s));
        return;
      }
      case 'While': {
        const s = push(st, { kind: 'loop', span: c.span });
        this.list(c.cond, s);
        return this.list(c.body, cond(s));
      }
      case 'For': {
        const s = push(st, { kind: 'loop', span: c.span, name: c.name.raw });
        if (c.words) for (const w of c.words) this.parts(w.parts, s);
        this.arFor(st)?.forLoop(c.name, c.words ? c.words.map((w) => resolveWord(w, this.home, undefined, MODE_ARG)) : null, c.words);
        return this.list(c.body, cond(s));
      }
      case 'ArithFor': {
        const s = push(st, { kind: 'loop', span: c.span });
        this.parts(c.parts, inner(s, { kind: 'condition', span: c.span }));
        this.arFor(s)?.arith('for', c.span, c.parts);
        return this.list(c.body, cond(s));
      }
      case 'Case': {
        const s = push(st, { kind: 'case', span: c.span });
        this.parts(c.word.parts, s);
        this.arFor(s)?.words(c.word.parts);
        for (const it of c.items) {
          for (const p of it.patterns) this.parts(p.parts, cond(s));
          if (this.ar) for (const p of it.patterns) this.ar.words(p.parts);
          this.list(it.body, cond(s));
        }
        return;
      }
      case 'Function': {
        this.fnSeen ??= new Set();
        if (!this.fnSeen.has(c.name)) {
          this.fnSeen.add(c.name);
          if (this.functions.length === 0) this.functions = [c.name];
          else this.functions.push(c.name);
        }
        let s = st;
        if (c.name === 'command_not_found_handle') s = push(s, { kind: 'hook', span: c.span, name: c.name }, true);
        s = push(s, { kind: 'function', span: c.span, name: c.name });
        return this.cmd(c.body, s);
      }
      case 'Cond': {
        const s = inner(st, { kind: 'condition', span: c.span });
        for (const it of c.items) if (it.type === 'Word') this.parts(it.parts, s);
        this.arFor(st)?.cond(c);
        if (st.redirs.length) this.emitBare(c.span, st);
        return;
      }
      case 'Arith': {
        this.parts(c.parts, inner(st, { kind: 'condition', span: c.span }));
        this.arFor(st)?.arith('arith', c.span, c.parts);
        if (st.redirs.length) this.emitBare(c.span, st);
        return;
      }
    }
  }

  /** A [[ ]] or (( )) with redirections: listed as a command with no argv so the files are seen. */
  private emitBare(span: { start: number; end: number }, st: St): void {
    this.add(simpleCommand(span, [], [], st.redirs, st.ctx, st.background, st.conditional, st.pipe ? st.pipe : undefined));
  }

  private add(cmd: SimpleCommand): boolean {
    if (this.commands.length >= this.sh.budget.maxCommands) {
      if (!this.stopped) {
        this.stopped = true;
        this.sh.issues.push({ kind: 'limit', message: `more than ${this.sh.budget.maxCommands} commands`, span: cmd.span });
      }
      return false;
    }
    if (this.commands.length === 0) this.commands = [cmd];
    else this.commands.push(cmd);
    return true;
  }

  private simple(c: SimpleNode, st: St, pipe: Pipe | undefined): void {
    const env = c.assigns.length ? this.assignments(c.assigns) : NONE;
    const own = c.words.length ? this.resolveAll(c.words) : NONE;
    let argv = own;
    let words = c.words;
    if (this.timed) {
      // the `time` keyword of this pipeline reads as a wrapper on its first command
      words = [...this.timed, ...c.words];
      argv = [...this.timed.map((w) => resolveWord(w, this.home, this.sh, MODE_ARG)), ...own];
      this.timed = null;
    }
    let redirects: Redirect[] = c.redirects.length ? this.redirects(c.redirects) : NONE;
    if (st.redirs.length) redirects = redirects.concat(st.redirs);
    const cmd = simpleCommand(c.span, env, argv, redirects, st.ctx, st.background, st.conditional, pipe ? pipe : undefined);
    if (!this.add(cmd)) return;
    if (this.ar) this.arFor(st)!.simple(c, own);
    else if (!this.missedSite && namesSiteBuiltin(own)) this.missedSite = true;
    // substitutions inside the command's own words
    for (let k = 0; k < c.assigns.length; k++) {
      const a = c.assigns[k]!;
      if (!hasSub(a.subscript) && !hasSub(a.value) && !(a.array && a.array.some((w) => hasSub(w.parts)))) continue;
      const s = inner(st, { kind: 'assignment', span: a.span, name: a.name });
      this.parts(a.subscript, s);
      this.parts(a.value, s);
      if (a.array) for (const w of a.array) this.parts(w.parts, s);
    }
    let sub: St | null = null;
    for (let i = 0; i < argv.length; i++) {
      if (argv[i]!.substitutions === 0) continue;
      sub ??= mk(st.ctx, st.conditional, st.background, undefined, NONE);
      this.parts(words[i]!.parts, sub);
    }
    for (let k = 0; k < c.redirects.length; k++) this.redirectSubs(c.redirects[k]!, st);
    const name = own[0]?.value;
    if (env.length || name === 'trap' || name === 'alias' || (name !== undefined && DECL.has(name))) this.hooks(c, env, own, st);
    if (this.aliases && name !== undefined && !own[0]!.quoted) this.expandAlias(name, c, st);
    if (name === 'hash') this.hash(own);
    else if (this.hashed && name !== undefined && !name.includes('/')) {
      const path = this.hashed.get(name);
      if (path) {
        // `hash -p PATH NAME` made NAME run PATH: list that command too
        this.add(simpleCommand(cmd.span, cmd.env, [path, ...argv.slice(argv.length - own.length + 1)], cmd.redirects, [...st.ctx, { kind: 'hook', span: c.span, name }], cmd.background, cmd.conditional, cmd.pipe));
      }
    }
  }

  /** Resolved words, assignments and redirects of a list of nodes (exact-size arrays, no closures). */
  private resolveAll(ws: WordNode[]): Word[] {
    const out = new Array<Word>(ws.length);
    for (let i = 0; i < ws.length; i++) out[i] = resolveWord(ws[i]!, this.home, this.sh, MODE_ARG);
    return out;
  }

  private assignments(as: AssignNode[]): Assignment[] {
    const out = new Array<Assignment>(as.length);
    for (let i = 0; i < as.length; i++) out[i] = this.assignment(as[i]!);
    return out;
  }

  private redirects(rs: RedirNode[]): Redirect[] {
    const out = new Array<Redirect>(rs.length);
    for (let i = 0; i < rs.length; i++) out[i] = this.redirect(rs[i]!);
    return out;
  }

  /** Remember `hash -p PATH NAME…` so later calls to NAME are also listed as PATH. */
  private hash(argv: Word[]): void {
    for (let i = 1; i < argv.length; i++) {
      const v = argv[i]!.value;
      if (v === '-r') this.hashed = null;
      if (v !== '-p') continue;
      const path = argv[i + 1];
      if (!path) return;
      for (let k = i + 2; k < argv.length; k++) {
        const n = argv[k]!.value;
        if (n === undefined) {
          this.dynamicPayload('hash -p name', argv[k]!);
          continue;
        }
        (this.hashed ??= new Map()).set(n, path);
      }
      return;
    }
  }

  /**
   * A call to a name defined by `alias` earlier in the script: also list the commands of the
   * alias text followed by the rest of the call, as bash would run them with expand_aliases.
   */
  private expandAlias(name: string, c: SimpleNode, st: St): void {
    const value = this.aliases!.get(name);
    if (value === undefined || this.activeAliases?.has(name)) return;
    let text = value;
    for (let i = 1; i < c.words.length; i++) text += ' ' + c.words[i]!.raw;
    for (const r of c.redirects) {
      if (r.op === '<<' || r.op === '<<-') continue;
      text += ' ' + (r.fdVar !== null ? `{${r.fdVar}}` : r.fd !== null ? String(r.fd) : '') + r.op + ' ' + r.target.raw;
    }
    const active = (this.activeAliases ??= new Set());
    active.add(name);
    try {
      this.payload(text, c.words[0]!, st, { kind: 'hook', span: c.span, name });
    } finally {
      active.delete(name);
    }
  }

  private redirectSubs(r: RedirNode, st: St): void {
    if (r.op !== '<<' && r.op !== '<<-' && hasSub(r.target.parts)) this.parts(r.target.parts, inner(st, { kind: 'redirect', span: r.span }));
    if (r.heredoc?.parts && hasSub(r.heredoc.parts)) this.parts(r.heredoc.parts, inner(st, { kind: 'heredoc', span: r.span }));
  }

  /** Commands inside substitutions of some text. `cond` marks [[ ]] / (( )) operands. */
  private parts(parts: Part[] | null, st: St): void {
    if (!parts) return;
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k]!;
      switch (p.type) {
        case 'cmdsub': this.list(p.body, inner(st, { kind: 'cmdsub', span: p.span })); break;
        case 'procsub': this.list(p.body, inner(st, { kind: 'procsub', span: p.span })); break;
        case 'dq': case 'extglob': case 'arith': this.parts(p.parts, st); break;
        case 'param':
          this.parts(p.subscript, st);
          this.parts(p.operand, st);
          // ${x@P}: the value is expanded as a prompt string, whose $(…) and `…` run
          if (promptOp(p)) (this.prompts ??= []).push({ name: p.name, span: p.span, st });
          break;
        case 'array': for (const w of p.items) this.parts(w.parts, st); break;
        default: break;
      }
    }
  }

  private assignment(a: AssignNode): Assignment {
    const out: Assignment = { span: a.span, name: a.name, value: null, append: a.append };
    if (a.subscript) out.subscript = resolveParts(a.subscript, a.span, '', this.home, MODE_ASSIGN, this.sh);
    if (a.array) out.array = a.array.map((w) => resolveWord(w, this.home, this.sh, MODE_ARG));
    else if (a.value.length) {
      const vs = a.value[0]!.span.start;
      out.value = resolveParts(a.value, { start: vs, end: a.span.end }, a.raw.slice(Math.max(0, vs - a.span.start)), this.home, MODE_ASSIGN, this.sh);
    }
    return out;
  }

  private redirect(r: RedirNode): Redirect {
    const out: Redirect = { span: r.span, fd: r.fdVar !== null ? -1 : r.fd, op: r.op, target: resolveWord(r.target, this.home, this.sh, MODE_ARG) };
    const h = r.heredoc;
    if (h) {
      const word: Word = h.parts
        ? resolveParts(h.parts, r.span, h.raw, this.home, MODE_QUOTED, this.sh)
        : makeWord(r.span, h.raw, true, h.text, h.text, [], [], true, 0);
      out.heredoc = { body: h.text, quoted: h.quoted, word };
    }
    return out;
  }

  // ---------------------------------------------------------------- hooks

  private payload(text: string, w: { span: { start: number; end: number } }, st: St, entry: ContextEntry): void {
    if (this.stopped) return; // nothing after the command budget is listed: do not parse it
    // the payload's parse may add what the budget has left after the commands listed so far
    const sh = this.sh;
    sh.commands = this.commands.length;
    const issues = sh.issues.length;
    const ast = parseNested(text, w.span.start, w.span.end, sh);
    this.list(ast, inner(st, entry, true));
    if (sh.commands > sh.maxCommands && sh.issues.length > issues) this.stopped = true;
  }

  private dynamicPayload(what: string, w: { span: { start: number; end: number } }): void {
    this.sh.issues.push({ kind: 'parse', message: `${what} is not static`, span: w.span });
  }

  private hookAssign(a: Assignment, st: St): void {
    if (a.name !== 'PROMPT_COMMAND') return;
    const entry: ContextEntry = { kind: 'hook', span: a.span, name: 'PROMPT_COMMAND' };
    const vals = a.array ?? (a.value ? [a.value] : []);
    for (const v of vals) {
      if (v.static) this.payload(v.value!, v, st, entry);
      else this.dynamicPayload('PROMPT_COMMAND value', v);
    }
  }

  private hooks(c: SimpleNode, env: Assignment[], argv: Word[], st: St): void {
    for (const a of env) this.hookAssign(a, st);
    const name = argv[0]?.value;
    if (name === undefined) return;
    if (name === 'trap') return this.trap(argv, st);
    if (name === 'alias') {
      for (const w of argv.slice(1)) {
        if (!w.static) {
          if (w.approx.includes('=')) this.dynamicPayload('alias definition', w);
          continue;
        }
        const eq = w.value!.indexOf('=');
        if (eq > 0) {
          const alias = w.value!.slice(0, eq);
          this.payload(w.value!.slice(eq + 1), w, st, { kind: 'hook', span: w.span, name: alias });
          (this.aliases ??= new Map()).set(alias, w.value!.slice(eq + 1));
        }
      }
      return;
    }
    if (DECL.has(name)) {
      for (let i = 1; i < c.words.length; i++) {
        const a = toAssign(c.words[i]!);
        if (a && a.name === 'PROMPT_COMMAND') this.hookAssign(this.assignment(a), st);
        else if (!argv[i]!.static && argv[i]!.approx.startsWith('PROMPT_COMMAND')) this.dynamicPayload('PROMPT_COMMAND value', argv[i]!);
      }
    }
  }

  private trap(argv: Word[], st: St): void {
    let i = 1;
    if (argv[i]?.value === '--') i++;
    const first = argv[i];
    if (!first) return;
    if (first.static && (first.value === '-p' || first.value === '-l' || first.value === '-P')) return;
    if (argv.length - i < 2) return; // `trap SIG`: reset
    if (first.static && (first.value === '-' || isDigits(first.value!))) return;
    const signals = argv.slice(i + 1).map((w) => w.approx).join(' ');
    if (!first.static) return this.dynamicPayload('trap action', first);
    this.payload(first.value!, first, st, { kind: 'trap', span: first.span, name: signals });
  }
}

/** Does any part hold a $(…), `…` or <(…) (something parts() would list commands from)? */
function hasSub(parts: Part[] | null): boolean {
  if (!parts) return false;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    switch (p.type) {
      case 'cmdsub': case 'procsub': return true;
      case 'dq': case 'extglob': case 'arith': if (hasSub(p.parts)) return true; break;
      case 'param': if (promptOp(p) || hasSub(p.subscript) || hasSub(p.operand)) return true; break;
      case 'array': for (const w of p.items) if (hasSub(w.parts)) return true; break;
      default: break;
    }
  }
  return false;
}

function isDigits(s: string): boolean {
  if (!s.length) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

