// The fallback Bash check: rules against the raw text, split on list operators.
// Used when the analyser cannot fully understand a command (parse error, budget): deny rules
// still fire, and nothing is ever allowed.
import { matchBash, type Rule } from '../rules/index.ts';
import { result, type CheckResult } from '../result.ts';
import type { CheckEnv } from '../env.ts';

const BS = 92, SQ = 39, DQ = 34, SP = 32, TAB = 9;

/** Characters that end a part: ; & | newline ( ) and backquote. */
function isSep(c: number): boolean {
  return c === 59 || c === 38 || c === 124 || c === 10 || c === 40 || c === 41 || c === 96;
}

/**
 * Split raw text on ; & && || | |& and newlines, outside quotes (best effort).
 * One pass; each part is one slice of the text (no per-character string building).
 */
export function splitRaw(text: string): string[] {
  const parts: string[] = [];
  const n = text.length;
  let start = 0;
  let q = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (q) {
      if (c === BS && q === DQ && i + 1 < n) i++;
      else if (c === q) q = 0;
      continue;
    }
    if (c === BS && i + 1 < n) {
      i++;
      continue;
    }
    if (c === SQ || c === DQ) {
      q = c;
      continue;
    }
    if (isSep(c)) {
      const part = text.slice(start, i).trim();
      if (part) parts.push(part);
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last) parts.push(last);
  return parts;
}

const RAW_WRAPPERS = new Set(['sudo', 'doas', 'env', 'nohup', 'nice', 'time', 'command', 'builtin', 'exec', 'setsid', 'ionice', 'watch', 'xargs', 'stdbuf', 'timeout']);

/** Split a part into words, removing quotes and backslashes (no expansion). Slices, one pass. */
export function rawWords(part: string): string[] {
  const words: string[] = [];
  const n = part.length;
  let cur = '';
  let has = false;
  let run = 0; // start of the plain run not yet added to cur
  for (let i = 0; i < n; i++) {
    const c = part.charCodeAt(i);
    if (c === SQ || c === DQ) {
      const end = part.indexOf(c === SQ ? "'" : '"', i + 1);
      const stop = end < 0 ? n : end;
      cur += part.slice(run, i) + part.slice(i + 1, stop);
      has = true;
      i = stop;
      run = stop + 1;
    } else if (c === BS && i + 1 < n) {
      cur += part.slice(run, i) + part[i + 1];
      has = true;
      i++;
      run = i + 1;
    } else if (c === SP || c === TAB) {
      if (has) words.push(cur + part.slice(run, i));
      cur = '';
      has = false;
      run = i + 1;
    } else has = true;
  }
  if (has) words.push(cur + part.slice(run, n));
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
    const base = stripPrefixes(words);
    cands.add(base.join(' '));
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
