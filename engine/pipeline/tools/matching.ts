// "Does this rule decide this example?" — used by per-rule policy examples.
import type { Rule } from '../rules/index.ts';
import { RuleSet } from '../rules/index.ts';
import { evaluate, type EngineState } from '../decide.ts';

function callFor(rule: Rule, example: string): { tool: string; input: Record<string, unknown> } {
  const tool = rule.toolPattern ? 'Bash' : rule.tool;
  switch (tool) {
    case 'Bash':
      return { tool, input: { command: example } };
    case 'WebFetch':
      return { tool, input: { url: example.includes('://') ? example : `https://${example}/` } };
    case 'Glob':
    case 'Grep':
      return { tool, input: { pattern: '*', path: example } };
    case 'NotebookEdit':
      return { tool, input: { notebook_path: example } };
    default:
      return { tool, input: rule.path !== undefined ? { file_path: example } : {} };
  }
}

/** Evaluate the example under a policy that holds only this rule and no detectors. */
export function ruleMatchesCall(state: EngineState, rule: Rule, example: string): boolean {
  const only: EngineState = { policy: state.policy, rules: new RuleSet([rule]), detectors: [] };
  // A policy loaded by a relative file name has a relative folder; the context needs an absolute cwd.
  const dir = state.policy.dir.startsWith('/') ? state.policy.dir : '/' + state.policy.dir;
  const d = evaluate(only, callFor(rule, example), { cwd: dir, home: '/home/user', mode: 'default' }, false);
  if (rule.behavior === 'allow') return d.behavior === 'allow' && d.reason.type !== 'readOnly' && d.reason.type !== 'workingDir';
  return d.reason.rule === rule.text || (d.behavior === rule.behavior && d.reason.type === 'subcommandResults');
}
