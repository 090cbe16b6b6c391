// Public surface of the bash analyser. analyze() is the entry point for the rest of the engine;
// parse()/print() expose the tree (docs/shell.md documents it node by node).
import type { Budget, Extraction, Issue, ShellContext, Word } from './types.ts';
import type { ListNode } from './ast.ts';
import { parseSource, releaseShared } from './parser.ts';
import { Extractor } from './extract.ts';

export { print } from './print.ts';
export { resolveWord, resolveParts, catHeredocBody, MODE_ARG, MODE_ASSIGN, MODE_QUOTED } from './words.ts';
export { decodeAnsi } from './ansi.ts';
export type * from './ast.ts';

/** Work done by every parse so far (characters and tokens visited); for linearity checks. */
export const workCounter = { steps: 0 };

/**
 * Every simple command bash could run in `source`, with resolved words and context.
 * Never throws: parse errors and exhausted budgets come back as `issues`.
 */
export function analyze(source: string, ctx: ShellContext): Extraction {
  let sh;
  try {
    let r = parseSource(source, ctx.budget, true);
    sh = r.shared;
    let x = new Extractor(sh, ctx.home);
    let out = x.run(r.ast, source);
    if (x.missedSite) {
      // a builtin that evaluates arithmetic, spelled past the text pre-check: read it all again
      workCounter.steps += sh.steps;
      releaseShared(sh);
      r = parseSource(source, ctx.budget, true);
      sh = r.shared;
      x = new Extractor(sh, ctx.home, true);
      out = x.run(r.ast, source);
    }
    // no issue (so no budget stopped it) under the default budget: the tree parse() would give
    const whole = r.issues.length === 0 && ctx.budget === undefined;
    workCounter.steps += sh.steps;
    releaseShared(sh);
    lastTree = whole ? r.ast : null;
    lastOf = whole ? out : null;
    return out;
  } catch (e) {
    const issues: Issue[] = sh ? sh.issues : [];
    issues.push({ kind: 'parse', message: `internal analyser error: ${e instanceof Error ? e.message : String(e)}`, span: { start: 0, end: source.length } });
    return { source, commands: [], functions: [], issues, arith: [], assigned: undefined, stats: { chars: source.length, tokens: 0, maxDepth: 0, commands: 0 } };
  }
}

// The tree of the last analysis (only one is kept, and only until the next analysis or its taking:
// a 64 KiB tree kept alive for a whole decision costs the garbage collector more than a parse).
let lastTree: ListNode | null = null;
let lastOf: Extraction | null = null;

/**
 * The tree analyze() read for `ex`, when `ex` is the last analysis and its parse had no issue
 * under the default budget: the very tree parse() of the same source gives (nothing changes a
 * tree once parsed), so a second reader need not parse again. Taken once (then let go);
 * undefined otherwise.
 */
export function takeTree(ex: Extraction): ListNode | undefined {
  if (lastOf !== ex || lastTree === null) return undefined;
  const t = lastTree;
  lastTree = null;
  lastOf = null;
  return t;
}

export interface ParseOutput {
  ast: ListNode;
  issues: Issue[];
  /** Characters and tokens visited by this parse. */
  steps: number;
}

/** The syntax tree of `source`, plus any issues. Never throws. */
export function parse(source: string, budget?: Partial<Budget>): ParseOutput {
  const r = parseSource(source, budget);
  const steps = r.shared.steps;
  workCounter.steps += steps;
  releaseShared(r.shared);
  return { ast: r.ast, issues: r.issues, steps };
}

/** argv with brace words spread into their alternatives (what bash passes to the program). */
export function flattenBraces(words: Word[]): Word[] {
  const out: Word[] = [];
  for (const w of words) {
    if (w.braces) out.push(...w.braces);
    else out.push(w);
  }
  return out;
}
