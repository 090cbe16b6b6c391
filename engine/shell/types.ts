// What the shell analyser hands to the rest of the engine.
// The parser (lex → parse → AST) produces an Extraction: every simple command bash could run,
// with each word resolved to static or dynamic. Wrappers and carriers (engine/shell/normalize)
// turn those into Invocations, the unit that rules and detectors see.

/** Half-open byte range [start, end) into the analysed source text. */
export interface Span {
  start: number;
  end: number;
}

/** What makes a word dynamic: something bash would only know at run time. */
export type DynamicKind =
  | 'param' // $x, ${x}, ${x:-…}, $1, $@, …
  | 'command' // $(…) or `…`
  | 'arith' // $((…)), $[…]
  | 'glob' // unquoted * ? [ … ] or extglob
  | 'process' // <(…) or >(…) used as a word
  | 'tilde-user'; // ~user (other than ~ and ~/…)

/**
 * A word after resolution.
 * - static: `value` is its exact value after quote removal, backslash and ANSI-C ($'…') decoding,
 *   brace expansion (only when it yields one word) and tilde expansion with the context's home.
 * - dynamic: `value` is absent; `kinds` says why.
 * `approx` is always set: static parts decoded, dynamic parts rendered canonically
 * (`$NAME` for any ${NAME…} / $NAME, `$(…)` for command substitution, `$((…))` for arithmetic),
 * unquoted glob characters kept as written, quoted glob characters escaped with a backslash.
 * So `"$HOME"/x` → approx `$HOME/x`, `~/x` with home /h → value and approx `/h/x`.
 */
export interface Word {
  span: Span;
  raw: string;
  static: boolean;
  value?: string;
  approx: string;
  kinds: DynamicKind[];
  /** Parameter names referenced, e.g. ['HOME', 'IFS']. */
  params: string[];
  /** True when any part of the word was quoted or escaped. */
  quoted: boolean;
  /**
   * For a word that is static except for unquoted glob characters: the literal text before the
   * first glob character (after quote removal and tilde expansion), e.g. `src/` for `src/*.ts`.
   */
  globPrefix?: string;
  /** Stands for the words an unquoted substitution's output splits into (`$(find src)`): any may look like an option. */
  split?: boolean;
  /** Brace expansion that yields several words (`{a,b}`): each alternative, resolved. */
  braces?: Word[];
  /** Nested command lists inside $(…), `…`, <(…), >(…) of this word (their commands are also
   *  listed in Extraction.commands with a context entry). */
  substitutions: number;
}

export interface Assignment {
  span: Span;
  name: string;
  /** null for `a=` with nothing after it (value is the empty string, static). */
  value: Word | null;
  append: boolean; // a+=…
  /** a=(x y z): the array elements. */
  array?: Word[];
  /** a[key]=v: the subscript as a word (static when it is plain text). */
  subscript?: Word;
}

export type RedirectOp =
  | '<'
  | '>'
  | '>>'
  | '>|'
  | '<>'
  | '<&'
  | '>&'
  | '&>'
  | '&>>'
  | '<<'
  | '<<-'
  | '<<<';

export interface Redirect {
  span: Span;
  /** Explicit fd number before the operator (`2>`), or {varname} form as -1. null if none. */
  fd: number | null;
  op: RedirectOp;
  /** The file / fd / here-string word; for heredocs the delimiter word. */
  target: Word;
  heredoc?: {
    /** Body text as written, without the delimiter line. */
    body: string;
    /** Quoted delimiter (<<'EOF'): the body is literal. */
    quoted: boolean;
    /** The body resolved as a double-quoted string would be (static unless it expands). */
    word: Word;
  };
}

/** Where a simple command sits. The outermost entry comes first. */
export type ContextKind =
  | 'cmdsub' // $(…) / `…`
  | 'procsub' // <(…) / >(…)
  | 'subshell' // ( … )
  | 'group' // { …; }
  | 'if'
  | 'loop' // for / while / until / select
  | 'case'
  | 'function' // body of a function definition
  | 'condition' // [[ … ]] or (( … )) operand expansion
  | 'trap' // trap 'payload' SIG
  | 'hook' // PROMPT_COMMAND=…, command_not_found_handle, alias definitions, hash -p
  | 'assignment' // substitution inside an assignment value
  | 'redirect' // substitution inside a redirect target
  | 'heredoc' // substitution inside an unquoted heredoc body
  | 'arith'; // `$(…)` in static text that arithmetic evaluation expands (x='a[$(cmd)]'; (( x )))

export interface ContextEntry {
  kind: ContextKind;
  span: Span;
  /** Function name, trap signal, alias name … */
  name?: string;
}

export interface Pipe {
  /** Same id for every stage of one pipeline. */
  id: number;
  index: number;
  length: number;
  /** `|&`: stderr too. */
  stderr: boolean;
}

export interface SimpleCommand {
  span: Span;
  /** VAR=… prefixes. A command with only assignments has argv = []. */
  env: Assignment[];
  argv: Word[];
  redirects: Redirect[];
  context: ContextEntry[];
  pipe?: Pipe;
  background: boolean;
  /** Runs only depending on an earlier command's status (after && / ||, inside if/while bodies). */
  conditional: boolean;
}

/** Something the analyser could not fully model. Any issue makes the decision at least ask. */
export interface Issue {
  /** parse: not understood; limit: a work budget ran out; input: the text itself is damaged
   *  (invalid UTF-8 shown as U+FFFD, a lone surrogate). */
  kind: 'parse' | 'limit' | 'input';
  message: string;
  span: Span;
}

export interface Extraction {
  source: string;
  commands: SimpleCommand[];
  /** Function names defined anywhere in the source. Calls to them are still listed as commands. */
  functions: string[];
  issues: Issue[];
  /**
   * Every place bash evaluates text as arithmetic (see ArithSite), in source order. Set by
   * analyze(); absent only on Extractions built by hand.
   */
  arith?: ArithSite[];
  /**
   * Names given a value anywhere in the source (when it can hold arithmetic): their values, or
   * null when one is only known at run time (`read x`, `x=$(cmd)`).
   */
  assigned?: Record<string, string[] | null>;
  /** Budget counters actually used (for explain and benchmarks). */
  stats: { chars: number; tokens: number; maxDepth: number; commands: number };
}

/** What makes bash evaluate a text as arithmetic (docs/shell.md, "Arithmetic contexts"). */
export type ArithSiteKind =
  | 'arith' // (( … )), $(( … )), $[ … ]
  | 'for' // for (( …; …; … ))
  | 'let' // each argument of let
  | 'subscript' // a[i]=…, ${a[i]}, ${#a[i]}, ${!a[i]}, a=([i]=…) on an indexed array
  | 'substring' // ${x:off:len}, ${a[@]:off:len}
  | 'integer' // any assignment to a name declared -i (declare/typeset/local), read/printf -v into it
  | 'cond' // [[ a -eq b ]] and -ne -lt -le -gt -ge operands (test / [ do not evaluate them)
  | 'test-v' // [[ -v NAME ]], test -v NAME, [ -v NAME ]: NAME's subscript
  | 'printf-v' // printf -v NAME
  | 'read' // read NAME
  | 'unset' // unset NAME
  | 'declare' // declare/typeset/local NAME (no '='): NAME's subscript
  | 'nameref' // declare -n r=NAME: NAME used as a name later
  | 'indirect'; // ${!x}: x's value used as a name

/**
 * One place where bash evaluates arithmetic, with the text that reaches it. `safety`:
 * - number: a static number; name: a plain variable name (its value, if set in the same source,
 *   was followed and is safe); expr: a static expression whose names are all safe.
 * - code: the text is only known at run time, or holds `$`, `` ` `` or quotes that arithmetic
 *   evaluation would expand in a subscript: running it can run any command.
 * For 'name' contexts (test-v, read, unset …) only a subscript `NAME[…]` is evaluated.
 */
export interface ArithSite {
  kind: ArithSiteKind;
  span: Span;
  /** The text bash evaluates (after expansion, when it is known), else the source text. */
  text: string;
  safety: 'number' | 'name' | 'expr' | 'code';
  /** Why the text is code. */
  why?: string;
}

export interface Budget {
  maxChars: number;
  maxTokens: number;
  maxDepth: number;
  maxCommands: number;
}

/**
 * Work budgets (never time): a 64 KiB input, 4,096 tokens, nesting 64 deep, 200 simple commands.
 * Brace expansion has its own (engine/shell/braces.ts), counted before anything is built. Any
 * budget that runs out is a `limit` issue, and the decision is at least ask.
 */
export const DEFAULT_BUDGET: Budget = {
  maxChars: 64 * 1024,
  maxTokens: 4_096,
  maxDepth: 64,
  maxCommands: 200,
};

export interface ShellContext {
  home: string;
  budget?: Partial<Budget>;
}

// ---- Normalisation (engine/shell/normalize): wrappers unwrapped, carriers opened ----

/** One step of unwrapping or carrier opening that led to an invocation. */
export interface ViaStep {
  /** Wrapper or carrier program as written (e.g. 'sudo', 'bash -c', 'find -exec', 'git -c core.pager'). */
  name: string;
  kind: 'wrapper' | 'carrier';
  span: Span;
}

/**
 * A program invocation as rules and detectors see it: the effective program after wrappers,
 * with its parsed argv. Carrier payloads that are static shell are parsed and yield their own
 * invocations (with `via` naming the carrier); payloads that are dynamic or another language
 * yield an Opaque marker instead.
 */
export interface Invocation {
  /** Program basename after quote removal ('rm' for `/bin/rm`, `\rm`, `r''m`). '' if dynamic. */
  name: string;
  /** The program word as resolved (keeps an absolute path for identity checks). */
  program: Word;
  /** Arguments after the program word. */
  args: Word[];
  /** All env assignments that apply (prefixes and env VAR=… wrappers). */
  env: Assignment[];
  redirects: Redirect[];
  via: ViaStep[];
  /** The simple command this came from (for spans, context and pipes). */
  source: SimpleCommand;
  /** Extra effective cwd changes from wrappers (`sudo -D`, `env -C`, `git -C` is not this). */
  chdir?: Word;
  /** Set when this invocation is a carrier whose payload could not be analysed. assigned: the
   *  payload's variables are given static values in this source, opened on their own. runsInput:
   *  language code whose shell calls take text known only at run time (`system $_`); fed by a
   *  download, it runs the download. */
  opaque?: { carrier: string; reason: 'dynamic' | 'language' | 'network' | 'stdin' | 'depth'; language?: string; payload?: string; assigned?: boolean; runsInput?: boolean };
}
