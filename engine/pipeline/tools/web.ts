// WebFetch: domain rules; everything else asks.
import { matchDomain, type Rule } from '../rules/index.ts';
import { result, type CheckResult } from '../result.ts';
import type { CheckEnv } from '../env.ts';

/** `[::ffff:a9fe:a9fe]` and `[::ffff:169.254.169.254]` name an IPv4 host: rules must see it as one. */
export function unmapIPv6(host: string): string {
  if (!host.startsWith('[') || !host.endsWith(']')) return host;
  const inner = host.slice(1, -1);
  if (!inner.startsWith('::ffff:')) return inner;
  const rest = inner.slice(7);
  if (rest.includes('.')) return rest;
  const parts = rest.split(':');
  if (parts.length !== 2) return inner;
  const n = parts.map((p) => parseInt(p, 16));
  if (n.some((x) => Number.isNaN(x) || x > 0xffff)) return inner;
  return [n[0]! >> 8, n[0]! & 255, n[1]! >> 8, n[1]! & 255].join('.');
}

export function hostOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return unmapIPv6(u.hostname.toLowerCase());
  } catch {
    return null;
  }
}

export function checkWebFetch(env: CheckEnv, url: string): CheckResult {
  const host = hostOf(url);
  if (!host) return result('deny', { type: 'input', detail: 'url' }, `WebFetch: "${url}" is not an http(s) URL`);
  const t = env.tracer;
  const find = (b: 'deny' | 'ask' | 'allow'): Rule | undefined =>
    env.rules.content('WebFetch', b).find((r) => r.domain !== undefined && matchDomain(r.domain, host));
  const deny = find('deny');
  if (deny) return t.add('domain rules', 'deny', deny.text), result('deny', { type: 'rule', rule: deny.text, layer: deny.layer }, `${host} matches ${deny.text}`);
  const ask = find('ask');
  if (ask) {
    t.add('domain rules', 'ask', ask.text);
    return result('ask', { type: 'rule', rule: ask.text, layer: ask.layer }, `${host} matches ${ask.text}`, { immune: true, readOnly: true });
  }
  const allow = find('allow');
  if (allow) {
    t.add('domain rules', 'allow', allow.text);
    return result('allow', { type: 'rule', rule: allow.text, layer: allow.layer }, `${host} matches ${allow.text}`, { readOnly: true });
  }
  t.add('domain rules', 'passthrough', `no rule names ${host}`);
  return result('passthrough', { type: 'other', detail: 'no domain rule' }, `no rule allows fetching from ${host}`, { readOnly: true });
}

/** MCP and other tools without content checks: only rules settle them. */
export function checkGeneric(env: CheckEnv, tool: string): CheckResult {
  env.tracer.add('tool check', 'passthrough', `${tool} has no checks of its own`);
  return result('passthrough', { type: 'other', detail: 'no tool check' }, `${tool} needs approval`);
}
