// Per-rule examples (`match` / `not_match`), checked when a policy loads, as Codex does.
import type { Policy } from './policy.ts';
import { PolicyError } from './policy.ts';
import type { EngineState } from './decide.ts';
import { ruleMatchesCall } from './tools/matching.ts';

export function checkExamples(state: EngineState, policy: Policy): void {
  for (const ex of policy.examples) {
    const where = ex.rule.where ?? policy.name + ':1';
    const cut = where.lastIndexOf(':');
    const file = where.slice(0, cut);
    const line = where.slice(cut + 1);
    for (const m of ex.match) {
      if (!ruleMatchesCall(state, ex.rule, m)) {
        throw new PolicyError(`example "${m}" should match ${ex.rule.text} but does not`, file, Number(line), 1, 'examples.match');
      }
    }
    for (const m of ex.notMatch) {
      if (ruleMatchesCall(state, ex.rule, m)) {
        throw new PolicyError(`example "${m}" should not match ${ex.rule.text} but does`, file, Number(line), 1, 'examples.not_match');
      }
    }
  }
}
