// The Bash check's work budget (contract §2: budgets count work, never time). Every check of an
// invocation costs units before it runs: one per check (the invocation itself, each loop value,
// each assigned value, each other cwd a failed cd may have left), one more per two words (each
// word may be a path the checks classify, the bulk of a check's work), two more per glob word
// (or word of piped items, matched against the path tables) and one per 16 path separators
// (what path classes walk). When the next invocation would overspend, checking stops there: like
// the analyser's own budgets, that is a `limit` and the decision is at least ask.
import type { Extraction, Invocation, Word } from '../../shell/types.ts';
import { DEFAULT_BUDGET } from '../../shell/types.ts';
import { synthetic } from '../../effects/paths.ts';
import { leastLoopChecks, type Bindings } from './loops.ts';

/**
 * Units for one decision, set from what they cost: the search of lab/bench/search.ts measured
 * 256 units at 6–8 ms on a busy 2-core VM (≈ 25 µs a unit), over the 5 ms a worst input may take;
 * 128 is ≈ 3 ms with room for a loaded machine. Above 100 plain commands and far above any real
 * command; a cd chain (each cd may fail, so later commands are also judged from where the shell
 * was), a long let, a 64 KiB glob path, 128 commands of two paths each spend it.
 */
export const CHECK_UNITS = 128;
/** Words (arguments and redirections) and path separators that cost one more unit per check:
 *  one invocation of 512 words spends it all. */
const WORDS_PER_UNIT = 2;
const SLASHES_PER_UNIT = 16;
/** Units a glob word (or a word of piped items) adds to a check: matching it against the path tables costs about that. */
const GLOB_UNITS = 2;

export class CheckBudget {
  used = 0;
  /** Why checking stopped (a limit issue's message), once it has. */
  over: string | null = null;
  constructor(readonly units = CHECK_UNITS) {}

  /** Take the units of `checks` checks of `inv`; false (and `over` set) when they do not fit. */
  take(inv: Invocation, checks: number): boolean {
    const cost = checks * unitsOf(inv);
    if (this.used + cost > this.units) {
      this.over = this.message();
      return false;
    }
    this.used += cost;
    return true;
  }

  /** The limit's message. */
  message(): string {
    return `more than ${this.units} units of check work (commands, their variants and other cwds, long words)`;
  }
}

/** The units of one check of an invocation. */
function unitsOf(inv: Invocation): number {
  let slashes = 0;
  let globs = 0;
  for (const w of inv.args) {
    slashes += count47(w.raw);
    if (globLike(w)) globs++;
  }
  for (const r of inv.redirects) {
    slashes += count47(r.target.raw);
    if (globLike(r.target)) globs++;
  }
  return 1 + Math.floor((inv.args.length + inv.redirects.length) / WORDS_PER_UNIT) + GLOB_UNITS * globs + Math.floor(slashes / SLASHES_PER_UNIT);
}

/**
 * A floor under the units every check of `inv` costs, known before the normaliser's last passes
 * (pipe items, while-read lines, lister substitutions) turn a dynamic word into a glob: those
 * passes keep the number of words and every static word. Every invocation is checked at least
 * once, so once the floors of the invocations made so far pass CHECK_UNITS, checking surely stops
 * before any later one and the normaliser need not make them (normalize's `stop`).
 */
export function leastUnits(inv: Invocation): number {
  let slashes = 0;
  for (const w of inv.args) if (w.static) slashes += count47(w.raw);
  for (const r of inv.redirects) if (r.target.static) slashes += count47(r.target.raw);
  return 1 + Math.floor((inv.args.length + inv.redirects.length) / WORDS_PER_UNIT) + Math.floor(slashes / SLASHES_PER_UNIT);
}

/**
 * The normaliser's stop for one decision (normalize's `stop`): an invocation costs at least its
 * floor of units once per loop value it is surely checked with (leastLoopChecks).
 */
export class CheckFloor {
  readonly units = CHECK_UNITS;
  constructor(private readonly loops: Bindings | null) {}

  cost(inv: Invocation): number {
    const u = leastUnits(inv);
    return this.loops === null || !inv.source.context.length ? u : u * leastLoopChecks(inv, this.loops);
  }
}

/** A glob, or piped items standing for a lister's paths: classified as every path it may match. */
function globLike(w: Word): boolean {
  return !w.static && (w.kinds.includes('glob') || synthetic(w));
}

function count47(s: string): number {
  let n = 0;
  for (let i = s.indexOf('/'); i >= 0; i = s.indexOf('/', i + 1)) n++;
  return n;
}

/**
 * Did the analyser read the whole text? Not when it stopped at one of its budgets (the 201st
 * command; the token, depth or size budget, where a second parse would stop too). Then the rest
 * of the text is not analysed for values either: names assigned and loop values are followed
 * only in a text analysed whole (the decision is a `limit` ask anyway).
 */
export function analysedWhole(ex: Extraction): boolean {
  const s = ex.stats;
  const b = DEFAULT_BUDGET;
  if (s.chars > b.maxChars || s.tokens > b.maxTokens || s.maxDepth > b.maxDepth) return false;
  return !(s.commands >= b.maxCommands && ex.issues.some((i) => i.kind === 'limit'));
}
