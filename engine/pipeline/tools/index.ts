// Dispatch to each tool's own check (step 3 of the spine).
import type { CheckEnv } from '../env.ts';
import { result, combine, type CheckResult } from '../result.ts';
import type { Rule } from '../rules/index.ts';
import { checkRead, checkWrite, checkSearch } from './files.ts';
import { checkWebFetch, checkGeneric } from './web.ts';
import { checkBash } from './bash.ts';

/** Deny and ask rules on a secondary parameter, e.g. Bash(run_in_background:true). */
const PARAM_BEHAVIORS = ['deny', 'ask'] as const;

function paramRules(env: CheckEnv, tool: string, input: Record<string, unknown>): CheckResult | null {
  for (const b of PARAM_BEHAVIORS) {
    let hit: Rule | undefined;
    for (const r of env.rules.content(tool, b)) {
      if (r.param && input[r.param.key] !== undefined && String(input[r.param.key]) === r.param.value) {
        hit = r;
        break;
      }
    }
    if (hit) {
      env.tracer.add('parameter rule', b, hit.text);
      return result(b, { type: 'rule', rule: hit.text, layer: hit.layer }, `${tool} matches ${hit.text}`, { immune: b === 'ask' });
    }
  }
  return null;
}

export function checkTool(env: CheckEnv, tool: string, input: Record<string, unknown>): CheckResult {
  const byParam = paramRules(env, tool, input);
  const r = checkOwn(env, tool, input);
  return byParam ? combine(r, byParam) : r;
}

function checkOwn(env: CheckEnv, tool: string, input: Record<string, unknown>): CheckResult {
  switch (tool) {
    case 'Bash':
      return checkBash(env, input.command as string);
    case 'Read':
      return checkRead(env, input.file_path as string);
    case 'Edit':
    case 'Write':
    case 'MultiEdit':
      return checkWrite(env, input.file_path as string);
    case 'NotebookEdit':
      return checkWrite(env, input.notebook_path as string);
    case 'Glob':
    case 'Grep':
      return checkSearch(env, tool, input.path as string | undefined, input.pattern as string | undefined);
    case 'WebFetch':
      return checkWebFetch(env, input.url as string);
    default:
      return checkGeneric(env, tool);
  }
}
