// Recursive-descent bash parser over the Lexer. Synchronous, single pass, no backtracking:
// each token is lexed once, with the context the grammar gives at that point.
// Errors and budgets stop the parse (Abort) after recording an issue; parse() returns whatever
// top-level items were complete, so callers always get a tree plus issues, never an exception.
import type { Budget, Issue } from './types.ts';
import { DEFAULT_BUDGET } from './types.ts';
import { NONE } from './ast.ts';
import type {
  AndOrNode, AssignNode, CaseItem, CommandNode, CondNode, ListItem, ListNode, Part, PipelineNode,
  RedirNode, SimpleNode, WordNode,
} from './ast.ts';
import {
  Abort, EOF, F_ASSIGN, F_CMD, F_COND, F_REGEX, Lexer, NEWLINE, OP, REDIR, Scratch, WORD, heredocDelim,
  fit, isName, isNameChar, isNameStart,
} from './lexer.ts';
import type { Shared, SubParser } from './lexer.ts';

/** Placeholder span of a node whose range is not known yet (never kept in a finished tree). */
const NO_SPAN = Object.freeze({ start: 0, end: 0 });

/**
 * A set of ASCII words, with an early out on the length and the first character (most words of a
 * command are none of them: no hashing of a new string then).
 */
export class WordSet {
  private readonly set: Set<string>;
  private readonly min: number;
  private readonly max: number;
  private readonly first = new Uint8Array(128);
  constructor(words: string[]) {
    this.set = new Set(words);
    this.min = Math.min(...words.map((w) => w.length));
    this.max = Math.max(...words.map((w) => w.length));
    for (const w of words) {
      if (!(w.charCodeAt(0) < 128)) throw new Error(`WordSet: '${w}' does not start with an ASCII character`);
      this.first[w.charCodeAt(0)] = 1;
    }
  }
  has(t: string): boolean {
    const n = t.length;
    if (n > this.max || n < this.min) return false;
    const c = t.charCodeAt(0);
    return c < 128 && this.first[c] === 1 && this.set.has(t);
  }
}

const TERMINATORS = new WordSet(['then', 'elif', 'else', 'fi', 'do', 'done', 'esac', '}']);
/** The declaration builtins (name=( … ) is an array in their arguments). */
export const DECL = new WordSet(['declare', 'typeset', 'export', 'local', 'readonly']);

/** The word's text if it is one unquoted literal (a reserved-word candidate), else null. */
export function plainText(w: WordNode | null): string | null {
  if (!w || w.parts.length !== 1) return null;
  const p = w.parts[0]!;
  return p.type === 'lit' ? p.text : null;
}

/**
 * The scratch stacks of the last finished parse, lent to the next one (a parse leaves them empty;
 * null while lent, so a parse started while another runs gets its own). The counters themselves
 * are a new object per parse: one kept and reset measured slower (its fields then point from the
 * old generation into the young one).
 */
let spareParts: Scratch<Part> | null = null;
let spareWords: Scratch<WordNode> | null = null;
let spareItems: Scratch<unknown> | null = null;

export function newShared(budget?: Partial<Budget>, commands = false): Shared {
  const b = budget ? { ...DEFAULT_BUDGET, ...budget } : DEFAULT_BUDGET;
  const parts = spareParts ?? new Scratch<Part>();
  const words = spareWords ?? new Scratch<WordNode>();
  const items = spareItems ?? new Scratch<unknown>();
  spareParts = spareWords = spareItems = null;
  return {
    budget: b, issues: [], tokens: 0, commands: 0, maxCommands: commands ? b.maxCommands : Infinity, parsedEnd: Infinity, depth: 0, maxDepth: 0, steps: 0,
    peak: 0, wasted: 0, parts, words, items,
  };
}

/** Hand the scratch stacks of a finished parse (nothing of it reads them any more) to the next
 *  one; stacks a huge input grew are let go instead of being kept for ever. */
export function releaseShared(sh: Shared): void {
  sh.parts.drop(0);
  sh.words.drop(0);
  sh.items.drop(0);
  if (sh.parts.a.length <= 4096) spareParts = sh.parts;
  if (sh.words.a.length <= 4096) spareWords = sh.words;
  if (sh.items.a.length <= 4096) spareItems = sh.items;
}

export class Parser implements SubParser {
  readonly lx: Lexer;
  sh: Shared;

  constructor(src: string, base: number, sh: Shared, clampEnd = Infinity) {
    this.sh = sh;
    this.lx = new Lexer(src, base, sh, clampEnd);
    this.lx.sub = this;
  }

  /** The same parser on a new top-level source (nothing of the last parse is kept). */
  reset(src: string, sh: Shared): void {
    this.sh = sh;
    this.lx.reset(src, sh);
    this.stoppedAt = -1;
    this.prevEnd = 0;
  }

  /** Where an error or a budget stopped parseProgram (-1: it read the whole input). */
  stoppedAt = -1;

  /** Parse the whole input. Never throws. */
  parseProgram(): ListNode {
    const lx = this.lx;
    const root: ListNode = { type: 'List', span: lx.sp(0, lx.end), items: NONE };
    const sh = this.sh;
    const parts = sh.parts.n;
    const words = sh.words.n;
    const items = sh.items.n;
    try {
      this.advance(F_CMD);
      this.parseListInto(root);
      if (lx.tok() !== EOF) this.unexpected();
    } catch (e) {
      if (!(e instanceof Abort)) throw e;
      sh.parts.drop(parts);
      sh.words.drop(words);
      sh.items.drop(items);
      this.stoppedAt = lx.pos;
    }
    return root;
  }

  // ------------------------------------------------------------ SubParser

  nested(): ListNode {
    const lx = this.lx;
    const s = lx.pos;
    this.enter(s);
    this.advance(F_CMD);
    const list = this.parseList(s);
    if (lx.tok() !== OP || lx.opText() !== ')') this.unexpected("expected ')'");
    this.sh.depth--;
    // pos is already just after ')'
    return list;
  }

  fromString(text: string, base: number): ListNode {
    this.enter(this.lx.pos);
    const p = new Parser(text, base, this.sh, this.lx.clampEnd);
    p.advance(F_CMD);
    const list = p.parseList(0);
    if (p.lx.tok() !== EOF) p.unexpected();
    this.sh.depth--;
    return list;
  }

  // --------------------------------------------------------------- basics

  private enter(at: number): void {
    const sh = this.sh;
    sh.depth++;
    if (sh.depth > sh.maxDepth) sh.maxDepth = sh.depth;
    if (sh.depth > sh.peak) sh.peak = sh.depth;
    if (sh.depth > sh.budget.maxDepth) this.lx.fail(`nesting deeper than ${sh.budget.maxDepth}`, at, at + 1, 'limit');
  }

  /** End (lexer position) of the last consumed token. */
  prevEnd = 0;

  advance(flags: number): void {
    const sh = this.sh;
    this.prevEnd = this.lx.pos;
    if (++sh.tokens > sh.budget.maxTokens) this.lx.fail(`more than ${sh.budget.maxTokens} tokens`, this.lx.pos, this.lx.pos + 1, 'limit');
    this.lx.next(flags);
  }

  private unexpected(what?: string): never {
    const lx = this.lx;
    const tok = lx.tok() === EOF ? 'end of input' : lx.tok() === NEWLINE ? 'newline' : lx.tok() === WORD ? `'${lx.word!.raw}'` : `'${lx.opText()}'`;
    return this.lx.fail(`${what ? what + ', found' : 'unexpected'} ${tok}`, lx.tStart, lx.pos);
  }

  private isWord(text: string): boolean {
    return this.lx.plain === text; // null unless the token is a plain word
  }

  private expectWord(text: string, flags: number): void {
    if (!this.isWord(text)) this.unexpected(`expected '${text}'`);
    this.advance(flags);
  }

  private skipNewlines(flags: number): void {
    while (this.lx.tok() === NEWLINE) this.advance(flags);
  }

  private atListEnd(): boolean {
    const lx = this.lx;
    if (lx.tok() === EOF) return true;
    if (lx.tok() === OP) return lx.opText() === ')' || lx.opText() === ';;' || lx.opText() === ';&' || lx.opText() === ';;&';
    if (lx.tok() === WORD) {
      const t = lx.plain;
      return t !== null && TERMINATORS.has(t);
    }
    return false;
  }

  // ---------------------------------------------------------------- lists

  parseList(start: number): ListNode {
    const list: ListNode = { type: 'List', span: this.lx.sp(start, start), items: NONE };
    this.parseListInto(list);
    return list;
  }

  private parseListInto(list: ListNode): void {
    const lx = this.lx;
    for (;;) {
      this.skipNewlines(F_CMD);
      if (this.atListEnd()) break;
      const andor = this.parseAndOr();
      const item: ListItem = { andor, background: false };
      // the first item makes an exact one-slot array (most lists hold one); later ones push
      if (list.items.length === 0) {
        list.span.start = andor.span.start;
        list.items = [item];
      } else list.items.push(item);
      list.span.end = andor.span.end;
      if (lx.tok() === OP && (lx.opText() === ';' || lx.opText() === '&')) {
        item.background = lx.opText() === '&';
        list.span.end = lx.sp(lx.pos, lx.pos).end;
        this.advance(F_CMD);
        continue;
      }
      if (lx.tok() === NEWLINE) continue;
      break;
    }
    if (list.items.length > 1) list.items = fit(list.items);
  }

  private parseAndOr(): AndOrNode {
    const lx = this.lx;
    const first = this.parsePipeline();
    // spans never change once a node is complete, so a lone pipeline lends the and-or its span
    if (!(lx.tok() === OP && (lx.opText() === '&&' || lx.opText() === '||'))) return { type: 'AndOr', span: first.span, pipelines: [first], ops: NONE };
    // pipelines and operators go on the scratch stack in turn (p0 op0 p1 op1 p2 …), then into
    // exact-size arrays (nested parses inside a pipeline build above them)
    const st = this.sh.items;
    const base = st.n;
    st.push(first);
    let end = first.span.end;
    while (lx.tok() === OP && (lx.opText() === '&&' || lx.opText() === '||')) {
      st.push(lx.opText());
      this.advance(F_CMD);
      this.skipNewlines(F_CMD);
      const p = this.parsePipeline();
      st.push(p);
      end = p.span.end;
    }
    const pipelines = every(st, base, 0) as PipelineNode[];
    const ops = every(st, base, 1) as ('&&' | '||')[];
    st.drop(base);
    return { type: 'AndOr', span: { start: first.span.start, end }, pipelines, ops };
  }

  private parsePipeline(): PipelineNode {
    const lx = this.lx;
    const start = lx.at(lx.tStart);
    // the span is made once its end is known (a lone command lends its own)
    const node: PipelineNode = { type: 'Pipeline', span: NO_SPAN, time: false, timeP: false, negated: false, commands: NONE, ops: NONE };
    if (this.isWord('time')) {
      node.time = true;
      node.timeWords = [lx.word!];
      this.advance(F_CMD);
      if (this.isWord('-p')) {
        node.timeP = true;
        node.timeWords.push(lx.word!);
        this.advance(F_CMD);
      }
    }
    while (this.isWord('!')) {
      node.negated = !node.negated;
      this.advance(F_CMD);
    }
    if (node.time && (this.atListEnd() || lx.tok() === NEWLINE || (lx.tok() === OP && (lx.opText() === ';' || lx.opText() === '&')))) {
      node.span = { start, end: lx.at(lx.tStart) };
      return node;
    }
    const first = this.parseCommand();
    if (!(lx.tok() === OP && (lx.opText() === '|' || lx.opText() === '|&'))) {
      node.commands = [first];
      node.span = first.span.start === start ? first.span : { start, end: first.span.end }; // same range: share it
      return node;
    }
    const st = this.sh.items;
    const base = st.n;
    st.push(first);
    let end = first.span.end;
    while (lx.tok() === OP && (lx.opText() === '|' || lx.opText() === '|&')) {
      st.push(lx.opText());
      this.advance(F_CMD);
      this.skipNewlines(F_CMD);
      const c = this.parseCommand();
      st.push(c);
      end = c.span.end;
    }
    node.span = { start, end };
    node.commands = every(st, base, 0) as CommandNode[];
    node.ops = every(st, base, 1) as ('|' | '|&')[];
    st.drop(base);
    return node;
  }

  // ------------------------------------------------------------- commands

  private parseCommand(): CommandNode {
    const lx = this.lx;
    const s = lx.tStart;
    let node: CommandNode;
    if (lx.tok() === OP && lx.opText() === '((') {
      const saved = lx.save();
      try {
        lx.pos = s + 2;
        const parts = lx.scanArith();
        node = { type: 'Arith', span: lx.sp(s, lx.pos), raw: lx.src.slice(s + 2, lx.pos - 2), parts, redirects: [] };
        this.advance(0);
        return this.trailingRedirects(node);
      } catch (e) {
        if (!(e instanceof Abort) || e.kind === 'limit') throw e;
        // not arithmetic: a subshell that starts with a subshell, as bash decides
        lx.restore({ ...saved, pos: s });
        lx.markArithFailed(s, saved);
        this.advance(F_CMD);
      }
    }
    if (lx.tok() === OP && lx.opText() === '(') {
      this.enter(s);
      this.advance(F_CMD);
      const body = this.parseList(lx.tStart);
      if (body.items.length === 0) this.unexpected('empty subshell');
      if (lx.tok() !== OP || lx.opText() !== ')') this.unexpected("expected ')'");
      node = { type: 'Subshell', span: lx.sp(s, lx.pos), body, redirects: [] };
      this.sh.depth--;
      this.advance(0);
    } else if (lx.tok() === WORD) {
      const t = lx.plain;
      switch (t) {
        case '{': node = this.parseGroup(); break;
        case 'if': node = this.parseIf(); break;
        case 'while': case 'until': node = this.parseWhile(t === 'until'); break;
        case 'for': case 'select': node = this.parseFor(t === 'select'); break;
        case 'case': node = this.parseCase(); break;
        case 'function': node = this.parseFunctionKeyword(); break;
        case '[[': node = this.parseCond(); break;
        case 'coproc':
          this.sh.issues.push({ kind: 'parse', message: 'coproc is not modelled', span: lx.sp(s, lx.pos) });
          this.advance(F_CMD);
          return this.parseCommand();
        default:
          if (t !== null && TERMINATORS.has(t)) this.unexpected();
          return this.parseSimple();
      }
    } else if (lx.tok() === REDIR) {
      return this.parseSimple();
    } else {
      this.unexpected();
    }
    return this.trailingRedirects(node);
  }

  private trailingRedirects(node: CommandNode): CommandNode {
    const lx = this.lx;
    while (lx.tok() === REDIR) {
      node.redirects.push(this.parseRedirect());
      node.span = { start: node.span.start, end: lx.sp(this.prevEnd, this.prevEnd).start };
    }
    return node;
  }

  private parseGroup(): CommandNode {
    const lx = this.lx;
    const s = lx.tStart;
    this.enter(s);
    this.advance(F_CMD);
    const body = this.parseList(lx.tStart);
    if (body.items.length === 0) this.unexpected('empty group');
    if (!this.isWord('}')) this.unexpected("expected '}'");
    const node: CommandNode = { type: 'Group', span: lx.sp(s, lx.pos), body, redirects: [] };
    this.sh.depth--;
    this.advance(0);
    return node;
  }

  private requireList(start: number, what: string): ListNode {
    const l = this.parseList(start);
    if (l.items.length === 0) this.unexpected(`empty ${what}`);
    return l;
  }

  private parseIf(): CommandNode {
    const lx = this.lx;
    const s = lx.tStart;
    this.enter(s);
    this.advance(F_CMD);
    const clauses: { cond: ListNode; body: ListNode }[] = [];
    let elseBody: ListNode | null = null;
    for (;;) {
      const cond = this.requireList(lx.tStart, 'condition');
      this.expectWord('then', F_CMD);
      const body = this.requireList(lx.tStart, 'then-body');
      clauses.push({ cond, body });
      if (this.isWord('elif')) {
        this.advance(F_CMD);
        continue;
      }
      break;
    }
    if (this.isWord('else')) {
      this.advance(F_CMD);
      elseBody = this.requireList(lx.tStart, 'else-body');
    }
    if (!this.isWord('fi')) this.unexpected("expected 'fi'");
    const node: CommandNode = { type: 'If', span: lx.sp(s, lx.pos), clauses, elseBody, redirects: [] };
    this.sh.depth--;
    this.advance(0);
    return node;
  }

  private parseWhile(until: boolean): CommandNode {
    const lx = this.lx;
    const s = lx.tStart;
    this.enter(s);
    this.advance(F_CMD);
    const cond = this.requireList(lx.tStart, 'condition');
    const body = this.parseDoBody();
    const node: CommandNode = { type: 'While', span: lx.sp(s, lx.pos), until, cond, body, redirects: [] };
    this.sh.depth--;
    this.advance(0);
    return node;
  }

  /** do … done, or { … } (bash accepts both after for/select/while). Leaves the closer current. */
  private parseDoBody(): ListNode {
    const lx = this.lx;
    if (this.isWord('{')) {
      this.advance(F_CMD);
      const body = this.requireList(lx.tStart, 'loop body');
      if (!this.isWord('}')) this.unexpected("expected '}'");
      return body;
    }
    this.expectWord('do', F_CMD);
    const body = this.requireList(lx.tStart, 'loop body');
    if (!this.isWord('done')) this.unexpected("expected 'done'");
    return body;
  }

  private parseFor(select: boolean): CommandNode {
    const lx = this.lx;
    const s = lx.tStart;
    this.enter(s);
    this.advance(select ? 0 : F_CMD);
    if (lx.tok() === OP && lx.opText() === '((') {
      lx.pos = lx.tStart + 2;
      const hs = lx.pos;
      const parts = lx.scanArith();
      const raw = lx.src.slice(hs, lx.pos - 2);
      this.advance(F_CMD);
      if (lx.tok() === OP && lx.opText() === ';') this.advance(F_CMD);
      this.skipNewlines(F_CMD);
      const body = this.parseDoBody();
      const node: CommandNode = { type: 'ArithFor', span: lx.sp(s, lx.pos), raw, parts, body, redirects: [] };
      this.sh.depth--;
      this.advance(0);
      return node;
    }
    if (lx.tok() !== WORD) this.unexpected('expected a name');
    const name = lx.word!;
    const nt = plainText(name);
    if (nt === null || !isName(nt)) this.lx.fail(`'${name.raw}': not a valid identifier`, lx.tStart, lx.pos);
    this.advance(0);
    this.skipNewlines(0);
    let words: WordNode[] | null = null;
    if (this.isWord('in')) {
      words = [];
      this.advance(0);
      while (lx.tok() === WORD) {
        words.push(lx.word!);
        this.advance(0);
      }
      if (lx.tok() === OP && lx.opText() === ';') this.advance(F_CMD);
      else if (lx.tok() !== NEWLINE) this.unexpected();
    } else if (lx.tok() === OP && lx.opText() === ';') this.advance(F_CMD);
    this.skipNewlines(F_CMD);
    const body = this.parseDoBody();
    const node: CommandNode = { type: 'For', span: lx.sp(s, lx.pos), select, name, words, body, redirects: [] };
    this.sh.depth--;
    this.advance(0);
    return node;
  }

  private parseCase(): CommandNode {
    const lx = this.lx;
    const s = lx.tStart;
    this.enter(s);
    this.advance(0);
    if (lx.tok() !== WORD) this.unexpected('expected a word after case');
    const word = lx.word!;
    this.advance(0);
    this.skipNewlines(0);
    this.expectWord('in', 0);
    const items: CaseItem[] = [];
    for (;;) {
      this.skipNewlines(0);
      if (this.isWord('esac')) break;
      const is = lx.tStart;
      if (lx.tok() === OP && lx.opText() === '(') this.advance(0);
      const patterns: WordNode[] = [];
      for (;;) {
        if (lx.tok() !== WORD) this.unexpected('expected a case pattern');
        patterns.push(lx.word!);
        this.advance(0);
        if (lx.tok() === OP && lx.opText() === '|') {
          this.advance(0);
          continue;
        }
        break;
      }
      if (lx.tok() !== OP || lx.opText() !== ')') this.unexpected("expected ')'");
      this.advance(F_CMD);
      const body = this.parseList(lx.tStart);
      let term: CaseItem['term'] = '';
      if (lx.tok() === OP && (lx.opText() === ';;' || lx.opText() === ';&' || lx.opText() === ';;&')) {
        term = lx.opText() as CaseItem['term'];
        items.push({ span: lx.sp(is, lx.pos), patterns, body, term });
        this.advance(0);
        continue;
      }
      items.push({ span: lx.sp(is, lx.tStart), patterns, body, term });
      if (!this.isWord('esac')) this.unexpected("expected 'esac'");
      break;
    }
    const node: CommandNode = { type: 'Case', span: lx.sp(s, lx.pos), word, items, redirects: [] };
    this.sh.depth--;
    this.advance(0);
    return node;
  }

  private parseFunctionKeyword(): CommandNode {
    const lx = this.lx;
    const s = lx.tStart;
    this.advance(0);
    if (lx.tok() !== WORD) this.unexpected('expected a function name');
    const name = lx.word!;
    this.advance(F_CMD);
    if (lx.tok() === OP && (lx.opText() === '(' || lx.opText() === '((')) {
      if (lx.opText() === '((') this.unexpected();
      this.advance(0);
      if (lx.tok() !== OP || lx.opText() !== ')') this.unexpected("expected ')'");
      this.advance(F_CMD);
    }
    return this.parseFunctionBody(s, name);
  }

  private parseFunctionBody(s: number, nameWord: WordNode): CommandNode {
    const lx = this.lx;
    this.skipNewlines(F_CMD);
    this.enter(s);
    const name = functionName(nameWord);
    if (name === null) this.lx.fail(`'${nameWord.raw}': not a valid function name`, s, s + nameWord.raw.length);
    const body = this.parseCommand();
    if (body.type === 'Simple' || body.type === 'Function') this.lx.fail('function body must be a compound command', s, lx.pos);
    this.sh.depth--;
    return { type: 'Function', span: { start: lx.sp(s, s).start, end: body.span.end }, name, body, redirects: [] };
  }

  private parseCond(): CondNode {
    const lx = this.lx;
    const s = lx.tStart;
    this.enter(s);
    this.advance(F_COND);
    const items: CondNode['items'] = [];
    for (;;) {
      if (lx.tok() === NEWLINE) {
        this.advance(F_COND);
        continue;
      }
      if (lx.tok() === WORD) {
        const t = lx.plain;
        if (t === ']]') break;
        items.push(lx.word!);
        this.advance(t === '=~' ? F_COND | F_REGEX : F_COND);
        continue;
      }
      if (lx.tok() === OP && (lx.opText() === '&&' || lx.opText() === '||' || lx.opText() === '(' || lx.opText() === ')' || lx.opText() === '<' || lx.opText() === '>')) {
        items.push({ type: 'CondOp', op: lx.op, span: lx.sp(lx.tStart, lx.pos) });
        this.advance(F_COND);
        continue;
      }
      this.unexpected("expected ']]'");
    }
    if (items.length === 0) this.unexpected('empty [[ ]]');
    const node: CondNode = { type: 'Cond', span: lx.sp(s, lx.pos), items, redirects: [] };
    this.sh.depth--;
    this.advance(0);
    return node;
  }

  // ------------------------------------------------------- simple command

  private parseSimple(): CommandNode {
    const lx = this.lx;
    const s = lx.tStart;
    // words go on the shared scratch stack (nested parses inside a word build above them)
    const ws = this.sh.words;
    const base = ws.n;
    let assigns: AssignNode[] | null = null;
    let redirects: RedirNode[] | null = null;
    let prefix = true;
    let decl = false;
    let end = s;
    for (;;) {
      if (lx.tok() === REDIR) {
        const r = this.parseRedirect();
        if (redirects === null) redirects = [r];
        else redirects.push(r);
        end = this.prevEnd;
        continue;
      }
      if (lx.tok() !== WORD) break;
      const w = lx.word!;
      end = lx.pos;
      if (prefix) {
        const a = toAssign(w);
        if (a) {
          if (assigns === null) assigns = [a];
          else assigns.push(a);
          this.advance(F_ASSIGN);
          continue;
        }
        prefix = false;
        ws.push(w);
        const t = lx.plain; // plainText(w): w is the current token
        decl = t !== null && DECL.has(t);
        this.advance(decl ? F_ASSIGN : 0);
        if (assigns === null && lx.tok() === OP && lx.opText() === '(') {
          // name() compound-command
          ws.drop(base);
          this.advance(0);
          if (lx.tok() !== OP || lx.opText() !== ')') this.unexpected("expected ')'");
          this.advance(F_CMD);
          return this.parseFunctionBody(s, w);
        }
        continue;
      }
      ws.push(w);
      this.advance(decl ? F_ASSIGN : 0);
    }
    // every simple command is listed by the extraction: past the budget, stop parsing here
    if (++this.sh.commands > this.sh.maxCommands) this.lx.fail(`more than ${this.sh.budget.maxCommands} commands`, s, end, 'limit');
    const node: SimpleNode = {
      type: 'Simple', span: lx.sp(s, end), assigns: assigns ? fit(assigns) : NONE, words: ws.take(base),
      redirects: redirects ? fit(redirects) : NONE,
    };
    if (lx.tok() === OP && (lx.opText() === '(' || lx.opText() === '((')) this.unexpected();
    return node;
  }

  private parseRedirect(): RedirNode {
    const lx = this.lx;
    const s = lx.tStart;
    const op = lx.opText() as RedirNode['op'];
    const fd = lx.fd;
    const fdVar = lx.fdVar;
    this.advance(0);
    if (lx.tok() !== WORD) this.unexpected(`expected a word after '${op}'`);
    const target = lx.word!;
    const node: RedirNode = { type: 'Redir', span: lx.sp(s, lx.pos), fd, fdVar, op, target, heredoc: null };
    if (op === '<<' || op === '<<-') {
      const { delim, quoted } = heredocDelim(target);
      lx.addHeredoc(node, delim, op === '<<-', quoted);
    }
    this.advance(0);
    return node;
  }
}


/**
 * Of the stack from `base` up, pushed as item op item op … item: every second entry from
 * `base + first` (first 0: the items, 1: the operators between them), as an exact-size array.
 */
function every(st: Scratch<unknown>, base: number, first: number): unknown[] {
  const a = st.a;
  const n = (st.n - base - first + 1) >> 1;
  const out = new Array<unknown>(n);
  for (let i = 0; i < n; i++) out[i] = a[base + first + 2 * i];
  return out;
}

/** Function names: any word without quotes or expansions (bash accepts most characters). */
function functionName(w: WordNode): string | null {
  let out = '';
  for (const p of w.parts) {
    if (p.type !== 'lit') return null;
    out += p.text;
  }
  return out.length ? out : null;
}

/** name=value, name+=value, name[sub]=value; null when the word is not an assignment. */
export function toAssign(w: WordNode): AssignNode | null {
  const p0 = w.parts[0];
  if (!p0 || p0.type !== 'lit') return null;
  const t = p0.text;
  if (!isNameStart(t.charCodeAt(0)) || (t.indexOf('=') < 0 && t.indexOf('[') < 0)) return null;
  let i = 1;
  while (i < t.length && isNameChar(t.charCodeAt(i))) i++;
  const name = t.slice(0, i);
  let subscript: Part[] | null = null;
  let rest: Part[];
  let k: number; // index into parts of the part holding '='
  let at: number; // offset in that part's text just after '=' (or '+=')
  let append = false;
  if (t.charCodeAt(i) === 91 /* [ */) {
    // find ']' followed by '=' or '+=' in a later literal, balancing brackets
    let depth = 0;
    let found = -1;
    let pi = 0;
    let off = i + 1;
    subscript = [];
    const subStart = i + 1;
    outer: for (; pi < w.parts.length; pi++) {
      const p = w.parts[pi]!;
      if (p.type !== 'lit') {
        if (pi > 0) subscript.push(p);
        off = 0;
        continue;
      }
      const text = p.text;
      const from = pi === 0 ? off : 0;
      for (let j = from; j < text.length; j++) {
        const ch = text.charCodeAt(j);
        if (ch === 91) depth++;
        else if (ch === 93) {
          if (depth > 0) { depth--; continue; }
          const after = text.slice(j + 1, j + 3);
          if (after[0] === '=' || after === '+=') {
            found = j;
            const seg = text.slice(pi === 0 ? subStart : 0, j);
            if (seg) subscript.push({ type: 'lit', span: p.span, text: seg });
            append = after[0] === '+';
            at = j + (append ? 3 : 2);
            break outer;
          }
          return null;
        }
      }
      const seg = text.slice(pi === 0 ? subStart : 0);
      if (seg) subscript.push({ type: 'lit', span: p.span, text: seg });
    }
    if (found < 0) return null;
    k = pi;
  } else {
    if (t.charCodeAt(i) === 43 /* + */ && t.charCodeAt(i + 1) === 61) {
      append = true;
      at = i + 2;
    } else if (t.charCodeAt(i) === 61) at = i + 1;
    else return null;
    k = 0;
  }
  const pk = w.parts[k] as { type: 'lit'; span: { start: number; end: number }; text: string };
  rest = [];
  const tail = pk.text.slice(at!);
  if (tail) rest.push({ type: 'lit', span: { start: pk.span.start + at!, end: pk.span.end }, text: tail });
  for (let j = k + 1; j < w.parts.length; j++) rest.push(w.parts[j]!);
  let array = null;
  if (rest.length === 1 && rest[0]!.type === 'array') {
    array = rest[0]!.items;
    rest = [];
  }
  return { type: 'Assign', span: w.span, raw: w.raw, name, append, subscript, value: rest, array };
}

let spareParser: Parser | null = null;

export interface ParseResult {
  ast: ListNode;
  issues: Issue[];
  shared: Shared;
}

/**
 * Parse `source` into a tree. Never throws: problems come back as issues. `commands`: stop at the
 * command budget while parsing (analyze lists every simple command, so more than the budget is a
 * limit whatever follows; the bare tree of parse() has no such budget).
 */
export function parseSource(source: string, budget?: Partial<Budget>, commands = false): ParseResult {
  const sh = newShared(budget, commands);
  if (source.length > sh.budget.maxChars) {
    sh.issues.push({ kind: 'limit', message: `input longer than ${sh.budget.maxChars} characters`, span: { start: 0, end: source.length } });
    return { ast: { type: 'List', span: { start: 0, end: 0 }, items: [] }, issues: sh.issues, shared: sh };
  }
  const bad = damagedAt(source);
  if (bad >= 0) {
    // bash would see different bytes than this text shows: judge nothing silently repaired
    sh.issues.push({ kind: 'input', message: 'the command is not valid UTF-8 (a replacement character or a lone surrogate)', span: { start: bad, end: bad + 1 } });
  }
  let ast: ListNode;
  sh.parsedEnd = source.length;
  try {
    // the top-level parser of the last parse is reused (parses never run inside each other's
    // top level, but take it off the shelf anyway so one that did would make its own)
    let p = spareParser;
    spareParser = null;
    if (p === null) p = new Parser(source, 0, sh);
    else p.reset(source, sh);
    ast = p.parseProgram();
    if (p.stoppedAt >= 0) sh.parsedEnd = Math.min(source.length, p.stoppedAt + 1);
    p.reset('', sh); // let go of the source and the tree
    spareParser = p;
  } catch (e) {
    sh.issues.push({ kind: 'parse', message: `internal parser error: ${e instanceof Error ? e.message : String(e)}`, span: { start: 0, end: source.length } });
    ast = { type: 'List', span: { start: 0, end: 0 }, items: [] };
  }
  return { ast, issues: sh.issues, shared: sh };
}

/**
 * Where the text holds U+FFFD (what a decoder puts for invalid UTF-8) or a lone surrogate (which
 * has no UTF-8 form); -1 when it holds neither.
 */
export function damagedAt(s: string): number {
  const r = s.indexOf('\uFFFD');
  if (r >= 0) return r;
  const wf = (s as { isWellFormed?: () => boolean }).isWellFormed;
  if (wf && wf.call(s)) return -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { i++; continue; }
    }
    return i;
  }
  return -1;
}

/** Parse a payload string (trap, alias, PROMPT_COMMAND …) inside an existing budget. */
export function parseNested(text: string, base: number, clampEnd: number, sh: Shared): ListNode {
  const saved = sh.depth;
  sh.depth++;
  if (sh.depth > sh.maxDepth) sh.maxDepth = sh.depth;
  try {
    if (sh.depth > sh.budget.maxDepth) {
      sh.issues.push({ kind: 'limit', message: `nesting deeper than ${sh.budget.maxDepth}`, span: { start: base, end: clampEnd } });
      return { type: 'List', span: { start: base, end: base }, items: [] };
    }
    return new Parser(text, base, sh, clampEnd).parseProgram();
  } finally {
    sh.depth = saved;
  }
}
