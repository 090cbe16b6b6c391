// The bash syntax tree produced by engine/shell/parser.ts (documented node by node in docs/shell.md).
// Every node carries `span`, a half-open range into the analysed source. Words keep their raw text,
// so print() can rebuild the source and the tree stays faithful to what was written.
import type { Span } from './types.ts';

/**
 * The one empty array shared by every empty list of the tree and of the Extraction. Millions of
 * separate empty arrays were a large part of the GC work. Its type (never[]) lets nothing be
 * added to it, and it is not frozen: V8 cannot optimise for…of over a frozen array (measured:
 * about 7× slower at a site that also sees plain arrays, ≈ 10 % of a decision). Should anything
 * write to it anyway, noneWritten() tells the engine after the decision, which then fails closed.
 */
export const NONE: never[] = [] as never[];

/** Was NONE written to? Empties it again, so later analyses start clean. */
export function noneWritten(): boolean {
  if (NONE.length === 0) return false;
  NONE.length = 0;
  return true;
}

/**
 * A pushed-into array keeps spare capacity (16+ slots); a tree of millions of small arrays then
 * costs the GC most of the parse. Small arrays are copied to exact size before they are kept.
 */
export function fit<T>(a: T[]): T[] {
  const n = a.length;
  return n === 0 ? (NONE as T[]) : n === 1 ? [a[0]!] : n < 32 ? a.slice() : a;
}

/** One piece of a word, before any expansion. */
export type Part =
  | LitPart
  | EscPart
  | SqPart
  | AnsiPart
  | DqPart
  | ParamPart
  | CmdSubPart
  | ArithPart
  | ProcSubPart
  | ExtGlobPart
  | ArrayPart;

/** Literal text. Unquoted in a word; quoted inside a DqPart or a heredoc body. */
export interface LitPart { type: 'lit'; span: Span; text: string }
/** A backslash-escaped character (the backslash removed). */
export interface EscPart { type: 'esc'; span: Span; text: string }
/** '…' */
export interface SqPart { type: 'sq'; span: Span; text: string }
/** $'…' with its ANSI-C escapes already decoded into `text`. */
export interface AnsiPart { type: 'ansi'; span: Span; text: string }
/** "…" or $"…" (locale). */
export interface DqPart { type: 'dq'; span: Span; locale: boolean; parts: Part[] }
/**
 * $name, $1, $@, ${name}, ${name op operand}, ${#name}, ${!name}.
 * `prefix` is '#' (length), '!' (indirect) or ''. `op` is the operator text ('' when none).
 */
export interface ParamPart {
  type: 'param';
  span: Span;
  name: string;
  braced: boolean;
  prefix: '' | '#' | '!';
  subscript: Part[] | null;
  op: string;
  operand: Part[] | null;
}
/** $(…) or `…`. */
export interface CmdSubPart { type: 'cmdsub'; span: Span; backtick: boolean; body: ListNode }
/** $((…)) or $[…]; `parts` is the expression text with its expansions. */
export interface ArithPart { type: 'arith'; span: Span; bracket: boolean; parts: Part[] }
/** <(…) or >(…). */
export interface ProcSubPart { type: 'procsub'; span: Span; dir: '<' | '>'; body: ListNode }
/** @(…) !(…) +(…) *(…) ?(…) extended glob; `parts` is the inside. */
export interface ExtGlobPart { type: 'extglob'; span: Span; op: string; parts: Part[] }
/** The (…) of a compound assignment a=(x y). */
export interface ArrayPart { type: 'array'; span: Span; items: WordNode[] }

export interface WordNode { type: 'Word'; span: Span; raw: string; parts: Part[] }

export interface AssignNode {
  type: 'Assign';
  span: Span;
  raw: string;
  name: string;
  append: boolean;
  /** a[i]=v: the subscript parts. */
  subscript: Part[] | null;
  /** Value parts after '=' (empty array for `a=`). */
  value: Part[];
  /** a=(…): the elements. */
  array: WordNode[] | null;
}

export interface HeredocNode {
  /** Delimiter after quote removal. */
  delim: string;
  quoted: boolean;
  /** <<- : leading tabs stripped. */
  strip: boolean;
  /** Body as written in the source, without the delimiter line. */
  raw: string;
  /** Body with leading tabs removed for <<- (what the command reads, before expansion). */
  text: string;
  /** Unquoted bodies: the parts (expansions); null for quoted bodies. */
  parts: Part[] | null;
}

export interface RedirNode {
  type: 'Redir';
  span: Span;
  fd: number | null;
  /** {name}> form. */
  fdVar: string | null;
  op: '<' | '>' | '>>' | '>|' | '<>' | '<&' | '>&' | '&>' | '&>>' | '<<' | '<<-' | '<<<';
  target: WordNode;
  heredoc: HeredocNode | null;
}

export interface SimpleNode {
  type: 'Simple';
  span: Span;
  assigns: AssignNode[];
  words: WordNode[];
  redirects: RedirNode[];
}

export interface SubshellNode { type: 'Subshell'; span: Span; body: ListNode; redirects: RedirNode[] }
export interface GroupNode { type: 'Group'; span: Span; body: ListNode; redirects: RedirNode[] }
export interface IfNode {
  type: 'If';
  span: Span;
  clauses: { cond: ListNode; body: ListNode }[];
  elseBody: ListNode | null;
  redirects: RedirNode[];
}
export interface WhileNode { type: 'While'; span: Span; until: boolean; cond: ListNode; body: ListNode; redirects: RedirNode[] }
export interface ForNode {
  type: 'For';
  span: Span;
  select: boolean;
  name: WordNode;
  /** null for `for x; do` (iterates "$@"). */
  words: WordNode[] | null;
  body: ListNode;
  redirects: RedirNode[];
}
export interface ArithForNode { type: 'ArithFor'; span: Span; raw: string; parts: Part[]; body: ListNode; redirects: RedirNode[] }
export interface CaseItem { span: Span; patterns: WordNode[]; body: ListNode; term: ';;' | ';&' | ';;&' | '' }
export interface CaseNode { type: 'Case'; span: Span; word: WordNode; items: CaseItem[]; redirects: RedirNode[] }
export interface FunctionNode { type: 'Function'; span: Span; name: string; body: CommandNode; redirects: RedirNode[] }
/** [[ … ]]: a flat list of operand words and operator tokens. */
export interface CondNode { type: 'Cond'; span: Span; items: (WordNode | { type: 'CondOp'; op: string; span: Span })[]; redirects: RedirNode[] }
/** (( … )) */
export interface ArithNode { type: 'Arith'; span: Span; raw: string; parts: Part[]; redirects: RedirNode[] }

export type CommandNode =
  | SimpleNode
  | SubshellNode
  | GroupNode
  | IfNode
  | WhileNode
  | ForNode
  | ArithForNode
  | CaseNode
  | FunctionNode
  | CondNode
  | ArithNode;

export interface PipelineNode {
  type: 'Pipeline';
  span: Span;
  time: boolean;
  timeP: boolean;
  /** The `time` (and `-p`) keyword words as written, when `time` is present. */
  timeWords?: WordNode[];
  negated: boolean;
  commands: CommandNode[];
  /** ops[i] joins commands[i] and commands[i+1]. */
  ops: ('|' | '|&')[];
}

export interface AndOrNode {
  type: 'AndOr';
  span: Span;
  pipelines: PipelineNode[];
  /** ops[i] joins pipelines[i] and pipelines[i+1]. */
  ops: ('&&' | '||')[];
}

export interface ListItem { andor: AndOrNode; background: boolean }
export interface ListNode { type: 'List'; span: Span; items: ListItem[] }
