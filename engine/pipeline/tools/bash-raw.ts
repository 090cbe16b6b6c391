// The fallback Bash check: rules against the raw text, split on list operators.
// Used when the analyser cannot fully understand a command (parse error, budget): deny rules
// still fire, and nothing is ever allowed.
import { matchBash, type Rule } from '../rules/index.ts';
import { result, type CheckResult } from '../result.ts';
import type { CheckEnv } from '../env.ts';

/** Split raw text on ; & && || | |& and newlines, outside quotes (best effort). */
export function splitRaw(text: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let q: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (q) {
      cur += c;
      if (c === '\\' && q === '"' && i + 1 < text.length) cur += text[++i];
      else if (c === q) q = null;
      continue;
    }
    if (c === '\\' && i + 1 < text.length) {
      cur += c + text[++i];
      continue;
    }
    if (c === "'" || c === '"') {
      q = c;
      cur += c;
      continue;
    }
    if (c === ';' || c === '&' || c === '|' || c === '\n' || c === '(' || c === ')' || c === '`') {
      if (cur.trim()) parts.push(cur.trim());
      cur = '';
      continue;
    }
    cur += c;
  }
  if (cur.trim()) parts.push(cur.trim());
  return parts;
}

const RAW_WRAPPERS = new Set(['sudo', 'doas', 'env', 'nohup', 'nice', 'time', 'command', 'builtin', 'exec', 'setsid', 'ionice', 'watch', 'xargs', 'stdbuf', 'timeout']);

/** Split a part into words, removing quotes and backslashes (no expansion). */
export function rawWords(part: string): string[] {
  const words: string[] = [];
  let cur = '';
  let has = false;
  for (let i = 0; i < part.length; i++) {
    const c = part[i]!;
    if (c === "'" || c === '"') {
      const end = part.indexOf(c, i + 1);
      const stop = end < 0 ? part.length : end;
      cur += part.slice(i + 1, stop);
      has = true;
      i = stop;
    } else if (c === '\\' && i + 1 < part.length) {
      cur += part[++i];
      has = true;
    } else if (c === ' ' || c === '\t') {
      if (has) words.push(cur);
      cur = '';
      has = false;
    } else {
      cur += c;
      has = true;
    }
  }
  if (has) words.push(cur);
  return words;
}

function isAssignment(w: string): boolean {
  const eq = w.indexOf('=');
  if (eq <= 0) return false;
  for (let i = 0; i < eq; i++) {
    const c = w[i]!;
    const ok = c === '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (i > 0 && c >= '0' && c <= '9');
    if (!ok) return false;
  }
  return true;
}

/** Drop leading VAR=value words, wrappers and their options, aggressively (for deny and ask rules). */
export function stripPrefixes(words: string[]): string[] {
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    if (isAssignment(w) || w.startsWith('-')) i++;
    else if (RAW_WRAPPERS.has(w.slice(w.lastIndexOf('/') + 1))) {
      i++;
      if (w === 'timeout' && i < words.length && !words[i]!.startsWith('-')) i++;
    } else break;
  }
  return words.slice(i);
}

export function rawRuleHit(env: CheckEnv, text: string, behavior: 'deny' | 'ask'): Rule | undefined {
  const rules = env.rules.content('Bash', behavior).filter((r) => r.bash);
  if (!rules.length) return undefined;
  const cands = new Set<string>([text.trim()]);
  for (const p of splitRaw(text)) {
    cands.add(p);
    const words = rawWords(p);
    cands.add(words.join(' '));
    cands.add(stripPrefixes(words).join(' '));
    const base = stripPrefixes(words);
    if (base.length) cands.add([base[0]!.slice(base[0]!.lastIndexOf('/') + 1), ...base.slice(1)].join(' '));
  }
  for (const r of rules) for (const c of cands) if (matchBash(r.bash!, c)) return r;
  return undefined;
}

/** Deny/ask rules over raw text; otherwise ask with the given reason. */
export function checkBashRaw(env: CheckEnv, text: string, why: { type: 'parse' | 'limit' | 'other'; detail: string }, immune: boolean): CheckResult {
  const deny = rawRuleHit(env, text, 'deny');
  if (deny) {
    env.tracer.add('raw deny rules', 'deny', deny.text);
    return result('deny', { type: 'rule', rule: deny.text, layer: deny.layer }, `matches deny rule ${deny.text}`);
  }
  const ask = rawRuleHit(env, text, 'ask');
  if (ask) {
    env.tracer.add('raw ask rules', 'ask', ask.text);
    return result('ask', { type: 'rule', rule: ask.text, layer: ask.layer }, `matches ask rule ${ask.text}`, { immune: true });
  }
  env.tracer.add('fail closed', 'ask', why.detail);
  return result('ask', { type: why.type, detail: why.detail, safety: 'unanalysable' }, why.detail, { immune });
}
