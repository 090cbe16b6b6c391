// A policy's rules, indexed once: tool-wide rules per behaviour, content rules per tool.
import type { Pattern } from '../../regex/index.ts';
import { LAYERS, ruleNamesTool, type Rule, type RuleBehavior, type BashMatcher } from './parse.ts';
import { compilePathRule, type PathAnchors } from './paths.ts';

export * from './parse.ts';
export { compilePathRule } from './paths.ts';

const layerRank = (r: Rule) => LAYERS.indexOf(r.layer);

export class RuleSet {
  readonly rules: readonly Rule[];
  private readonly pathCache = new Map<Rule, Map<string, Pattern>>();

  constructor(rules: readonly Rule[]) {
    // Stable sort: managed first … user last. Only which rule is *reported* depends on it.
    this.rules = [...rules].sort((a, b) => layerRank(a) - layerRank(b));
  }

  /** The first tool-wide rule of this behaviour that names the tool. */
  toolWide(tool: string, behavior: RuleBehavior): Rule | undefined {
    return this.rules.find((r) => r.behavior === behavior && r.content === null && !r.param && ruleNamesTool(r, tool));
  }

  /** Content rules for a tool, in report order. */
  content(tool: string, behavior: RuleBehavior): Rule[] {
    return this.rules.filter((r) => r.behavior === behavior && (r.content !== null || r.param) && ruleNamesTool(r, tool));
  }

  /** Read rules also guard Edit/Write (a Read deny blocks writing the same path). */
  pathRules(tools: string[], behavior: RuleBehavior): Rule[] {
    return this.rules.filter((r) => r.behavior === behavior && r.path !== undefined && tools.some((t) => ruleNamesTool(r, t)));
  }

  matchPath(rule: Rule, abs: string, anchors: PathAnchors): boolean {
    let byCtx = this.pathCache.get(rule);
    if (!byCtx) this.pathCache.set(rule, (byCtx = new Map()));
    const key = anchors.cwd + '\0' + anchors.home + '\0' + anchors.policyDir;
    let p = byCtx.get(key);
    if (!p) byCtx.set(key, (p = compilePathRule(rule.path!, rule.behavior, anchors)));
    return p.test(abs);
  }
}

/** Does a rendered command match a Bash rule body? */
export function matchBash(m: BashMatcher, cmd: string): boolean {
  switch (m.kind) {
    case 'exact':
      return cmd === m.text;
    case 'prefix':
      return cmd === m.prefix || cmd.startsWith(m.prefix + ' ');
    case 'wildcard':
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
