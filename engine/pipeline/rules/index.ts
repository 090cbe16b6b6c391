// A policy's rules, indexed once: tool-wide rules per behaviour, content rules per tool.
import type { Pattern } from '../../regex/index.ts';
import { LAYERS, ruleNamesTool, type Rule, type RuleBehavior, type BashMatcher } from './parse.ts';
import { compilePathRule, pathRuleProbe, type PathAnchors } from './paths.ts';
import { normalizePath } from '../../paths/index.ts';

export * from './parse.ts';
export { compilePathRule } from './paths.ts';

const layerRank = (r: Rule) => LAYERS.indexOf(r.layer);

const NONE: Rule[] = [];

/** From this many rules on, path rules are probed (prefix, literal part) before compiling. */
const PROBE_FROM = 64;

/** Memoise per tool name; arbitrary tool names must not grow the map forever. */
function remember<T>(m: Map<string, T>, key: string, value: T): void {
  if (m.size >= 256) m.clear();
  m.set(key, value);
}

type ByTool<T> = Map<string, T>;

export class RuleSet {
  readonly rules: readonly Rule[];
  /** Does any rule carry a path pattern? (When not, every path rule list is empty.) */
  readonly anyPath: boolean;
  private readonly pathCache = new Map<Rule, Map<string, Pattern>>();
  // Lists by behaviour and tool, built on first use (rules never change after construction).
  // Plain tool-name keys (no concatenation: hashing a fresh key string on every call is slow).
  private readonly wide = { allow: new Map(), ask: new Map(), deny: new Map() } as Record<RuleBehavior, ByTool<Rule | null>>;
  private readonly contentLists = { allow: new Map(), ask: new Map(), deny: new Map() } as Record<RuleBehavior, ByTool<Rule[]>>;
  private readonly pathLists = { allow: new Map(), ask: new Map(), deny: new Map() } as Record<RuleBehavior, ByTool<Rule[]>>;
  private readonly bashLists: Partial<Record<RuleBehavior, Rule[]>> = {};
  /** The compiled path patterns of the last anchors seen (one context at a time, as a rule). */
  private lastAnchors: PathAnchors | null = null;
  private lastCompiled = new Map<Rule, Pattern>();
  private lastProbes = new Map<Rule, { prefix: string; part: string }>();
  /** normalizePath of the few roots (cwd, home, policy folder) the probes of one context share. */
  private roots = new Map<string, string>();
  private readonly normalizeRoot = (p: string): string => {
    let n = this.roots.get(p);
    if (n === undefined) this.roots.set(p, (n = normalizePath(p)));
    return n;
  };

  constructor(rules: readonly Rule[]) {
    // Stable sort: managed first … user last. Only which rule is *reported* depends on it.
    this.rules = [...rules].sort((a, b) => layerRank(a) - layerRank(b));
    this.anyPath = this.rules.some((r) => r.path !== undefined);
  }

  /** The first tool-wide rule of this behaviour that names the tool. */
  toolWide(tool: string, behavior: RuleBehavior): Rule | undefined {
    const m = this.wide[behavior];
    let r = m.get(tool);
    if (r === undefined) {
      r = this.rules.find((x) => x.behavior === behavior && x.content === null && !x.param && ruleNamesTool(x, tool)) ?? null;
      remember(m, tool, r);
    }
    return r ?? undefined;
  }

  /** Content rules for a tool, in report order. The list is shared: do not modify it. */
  content(tool: string, behavior: RuleBehavior): Rule[] {
    const m = this.contentLists[behavior];
    let l = m.get(tool);
    if (!l) remember(m, tool, (l = this.rules.filter((r) => r.behavior === behavior && (r.content !== null || r.param) && ruleNamesTool(r, tool))));
    return l;
  }

  /** Bash content rules with a command matcher, in report order (shared list). */
  bash(behavior: RuleBehavior): Rule[] {
    return (this.bashLists[behavior] ??= this.content('Bash', behavior).filter((r) => r.bash));
  }

  /** Read rules also guard Edit/Write (a Read deny blocks writing the same path). Shared list. */
  pathRules(tools: string[], behavior: RuleBehavior): Rule[] {
    if (!this.anyPath) return NONE;
    const key = tools.length === 1 ? tools[0]! : tools.join('\0');
    const m = this.pathLists[behavior];
    let l = m.get(key);
    if (!l) remember(m, key, (l = this.rules.filter((r) => r.behavior === behavior && r.path !== undefined && tools.some((t) => ruleNamesTool(r, t)))));
    return l;
  }

  matchPath(rule: Rule, abs: string, anchors: PathAnchors): boolean {
    const last = this.lastAnchors;
    if (last !== anchors && !(last && last.cwd === anchors.cwd && last.home === anchors.home && last.policyDir === anchors.policyDir)) {
      this.lastAnchors = anchors;
      this.lastCompiled = new Map();
      this.lastProbes = new Map();
      this.roots = new Map();
    }
    // Large rule sets: a literal prefix and part, checked before any pattern is compiled.
    if (this.rules.length > PROBE_FROM) {
      let probe = this.lastProbes.get(rule);
      if (!probe) this.lastProbes.set(rule, (probe = pathRuleProbe(rule.path!, rule.behavior, anchors, this.normalizeRoot)));
      if (!abs.startsWith(probe.prefix) || !abs.includes(probe.part)) return false;
    }
    let p = this.lastCompiled.get(rule);
    if (!p) {
      let byCtx = this.pathCache.get(rule);
      if (!byCtx) this.pathCache.set(rule, (byCtx = new Map()));
      const key = anchors.cwd + '\0' + anchors.home + '\0' + anchors.policyDir;
      p = byCtx.get(key);
      if (!p) byCtx.set(key, (p = compilePathRule(rule.path!, rule.behavior, anchors)));
      this.lastCompiled.set(rule, p);
    }
    return p.test(abs);
  }
}

/** Does a rendered command match a Bash rule body? */
export function matchBash(m: BashMatcher, cmd: string): boolean {
  switch (m.kind) {
    case 'exact':
      return cmd === m.text;
    case 'prefix': {
      const n = m.prefix.length;
      return cmd.startsWith(m.prefix) && (cmd.length === n || cmd.charCodeAt(n) === 32);
    }
    case 'wildcard':
      if (m.literalTail) {
        const n = m.prefix.length;
        return cmd.startsWith(m.prefix) && (cmd.length === n || cmd.charCodeAt(n) === 32);
      }
      return cmd.startsWith(m.prefix) && m.pattern.test(cmd);
  }
}

/** WebFetch(domain:…): case-insensitive; `*.x.com` matches subdomains only; `*` never crosses dots. */
export function matchDomain(rulePattern: string, host: string): boolean {
  let h = host.toLowerCase();
  if (h.endsWith('.')) h = h.slice(0, -1);
  if (rulePattern.startsWith('*.')) {
    const base = rulePattern.slice(2);
    return h.endsWith('.' + base) && labelsMatch(base, h.slice(h.length - base.length));
  }
  return labelsMatch(rulePattern, h);
}

function labelsMatch(pattern: string, host: string): boolean {
  const p = pattern.split('.');
  const h = host.split('.');
  if (p.length !== h.length) return false;
  return p.every((label, i) => label === '*' || label === h[i]);
}
