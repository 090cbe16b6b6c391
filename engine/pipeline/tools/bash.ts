// Bash (interim, until the analyser lands): rules against the raw command; otherwise ask.
import type { CheckEnv } from '../env.ts';
import { result, type CheckResult } from '../result.ts';
import { matchBash } from '../rules/index.ts';
import { checkBashRaw, rawWords } from './bash-raw.ts';
import { isSafeEnvAssignment } from './safe-env.ts';

const META = new Set([';', '&', '|', '<', '>', '(', ')', '$', '`', '\n', '\r', '*', '?', '[', '{', '~', '#', '\\']);

export function checkBash(env: CheckEnv, command: string): CheckResult {
  const r = checkBashRaw(env, command, { type: 'other', detail: 'shell analysis is not available yet' }, false);
  if (r.behavior === 'deny' || r.reason.type === 'rule') return r;
  if (![...command].some((ch) => META.has(ch))) {
    const words = rawWords(command);
    while (words.length && isSafeEnvAssignment(words[0]!)) words.shift();
    const text = words.join(' ');
    const allow = env.rules.content('Bash', 'allow').find((x) => x.bash && matchBash(x.bash, text));
    if (allow) {
      env.tracer.add('allow rules', 'allow', allow.text);
      return result('allow', { type: 'rule', rule: allow.text, layer: allow.layer }, `matches allow rule ${allow.text}`);
    }
  }
  return { ...r, behavior: 'passthrough' };
}
