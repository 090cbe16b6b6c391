// A command spec as describe() reads it: every field in one fixed shape, made once per spec on
// first use. Specs are written as data in many shapes (and some get their grammar on first use),
// so reading them field by field on every call is slow; a plan is read like a plain struct.
import type { CommandSpec, Grammar, HookContext, OperandToken, OptionDef } from './types.ts';

export class Plan {
  readonly spec: CommandSpec;
  readonly grammar: Grammar;
  readonly short: Map<string, OptionDef>;
  /** Short options by character code (ASCII only; other characters go through `short`). */
  readonly shortCodes: (OptionDef | undefined)[];
  readonly long: Map<string, OptionDef>;
  readonly singleDash: boolean;
  readonly numeric: string | undefined;
  readonly pure: boolean;
  /** Any of projectCode, copies, walksCwd, destructive, network, installs, pager is set. */
  readonly marks: boolean;
  readonly projectCode: boolean;
  readonly copies: boolean;
  readonly walksCwd: boolean;
  readonly destructive: string | undefined;
  readonly network: boolean;
  readonly installs: boolean;
  readonly pager: boolean;
  readonly bundleFirst: boolean;
  readonly loose: boolean;
  readonly keepDashDash: boolean;
  readonly plusOptions: boolean;
  readonly subs: Map<string, CommandSpec> | undefined;
  readonly aliases: Map<string, string> | undefined;
  readonly subPrefix: boolean;
  readonly subOpen: boolean;
  readonly subRequired: boolean;
  readonly hook: ((ctx: HookContext) => void) | undefined;
  readonly stdin: 'code' | 'data' | 'none' | undefined;
  readonly stdinLanguage: string | undefined;
  readonly startsShell: string[][] | undefined;
  readonly shellOption: string | undefined;
  readonly writesStdout: boolean | undefined;
  readonly operands: OperandToken[];
  readonly alt: { when: string[][]; operands: OperandToken[] }[];
  /** How many operands the default layout's tokens from k on need. */
  readonly need: number[];
  /** A layout chosen with no option at all (an empty condition): layouts are tried even then. */
  readonly altFree: boolean;
  /** Stop at the first operand(s) and take the rest as operands. */
  readonly stopAtOperand: boolean;
  readonly stopCount: number;
  /** Sub-plans by canonical subcommand, made on first use. */
  readonly subPlans: Map<string, Plan> = new Map();
  /** Options that could matter unseen (see describe.ts, relevantOf), on first use. */
  relevant: { flags: string[]; always: boolean } | undefined = undefined;

  constructor(c: CommandSpec) {
    const g = c.grammar;
    this.spec = c;
    this.grammar = g;
    this.short = g.short;
    this.shortCodes = new Array<OptionDef | undefined>(128).fill(undefined);
    for (const [k, d] of g.short) if (k.length === 1 && k.charCodeAt(0) < 128) this.shortCodes[k.charCodeAt(0)] = d;
    this.long = g.long;
    this.singleDash = !!g.singleDash;
    this.numeric = g.numeric;
    this.pure = c.pure;
    this.projectCode = !!c.projectCode;
    this.copies = !!c.copies;
    this.walksCwd = !!c.walksCwd;
    this.destructive = c.destructive || undefined;
    this.network = !!c.network;
    this.installs = !!c.installs;
    this.pager = !!c.pager;
    this.marks = this.projectCode || this.copies || this.walksCwd || this.destructive !== undefined || this.network || this.installs || this.pager;
    this.bundleFirst = !!c.bundleFirst;
    this.loose = !!c.loose;
    this.keepDashDash = !!c.keepDashDash;
    this.plusOptions = !!c.plusOptions;
    this.subs = c.subs;
    this.aliases = c.aliases;
    this.subPrefix = !!c.subPrefix;
    this.subOpen = !!c.subOpen;
    this.subRequired = !!c.subRequired;
    this.hook = c.hook;
    this.stdin = c.stdin || undefined;
    this.stdinLanguage = c.stdinLanguage || undefined;
    this.startsShell = c.startsShell;
    this.shellOption = c.shellOption;
    this.writesStdout = c.writesStdout;
    this.operands = c.operands;
    this.alt = c.alt;
    this.need = needsOf(c.operands);
    this.altFree = c.alt.some((a) => a.when.some((all) => all.length === 0));
    this.stopAtOperand = g.posix || !!c.subs;
    this.stopCount = c.subs ? 1 : (c.stopAfter ?? 1);
  }
}

const PLANS = new WeakMap<CommandSpec, Plan>();

export function planOf(c: CommandSpec): Plan {
  let p = PLANS.get(c);
  if (p === undefined) {
    p = new Plan(c);
    PLANS.set(c, p);
  }
  return p;
}

/** The short option named by character `k` of `v` (as `p.short.get(v[k])`). */
export function shortAt(p: Plan, v: string, k: number): OptionDef | undefined {
  const code = v.charCodeAt(k);
  return code < 128 ? p.shortCodes[code] : p.short.get(v[k]);
}

/** The plan of subcommand `canon` of `p` (whose subs hold it). */
export function subPlan(p: Plan, canon: string, sub: CommandSpec): Plan {
  let s = p.subPlans.get(canon);
  if (s === undefined) {
    s = planOf(sub);
    p.subPlans.set(canon, s);
  }
  return s;
}


// Per operand layout of a spec (data, so computed once): how many operands the tokens from k on need.
const NEEDS = new WeakMap<readonly OperandToken[], number[]>();
export function needsOf(tokens: readonly OperandToken[]): number[] {
  let need = NEEDS.get(tokens);
  if (!need) {
    need = new Array(tokens.length + 1).fill(0);
    for (let k = tokens.length - 1; k >= 0; k--) need[k] = need[k + 1] + (tokens[k].count === '' || tokens[k].count === '+' ? 1 : 0);
    NEEDS.set(tokens, need);
  }
  return need;
}
