// Secret redaction for exported audit rows. Hand-written scans, no backtracking regex.

export const REDACTED = '[REDACTED]';

const KEY_WORDS = [
  'password', 'passwd', 'secret', 'token', 'api_key', 'apikey', 'api-key', 'access_key',
  'access-key', 'private_key', 'private-key', 'client_secret', 'credential', 'auth_token',
];
const TOKEN_PREFIXES = [
  'ghp_', 'gho_', 'ghs_', 'ghu_', 'ghr_', 'github_pat_', 'glpat-', 'xoxb-', 'xoxp-', 'xoxa-', 'xoxs-',
  'xapp-', 'sk-', 'sk_live_', 'sk_test_', 'rk_live_', 'pk_live_', 'AIza', 'npm_', 'hf_', 'pypi-',
  'shpat_', 'SG.', 'dop_v1_', 'glc_',
];
const AWS_PREFIXES = ['AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA', 'ANPA', 'ANVA', 'AIPA'];

function isTokenChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || '_-+/=.~'.includes(c);
}
function isUpperAlnum(s: string): boolean {
  for (const c of s) if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
  return true;
}
function isWordChar(c: string | undefined): boolean {
  return !!c && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_');
}

function isLetter(c: string | undefined): boolean {
  return !!c && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

type Range = [number, number, string];

/** Replace secrets in `text`: key blocks, bearer headers, known token shapes, AWS keys, key=value. */
export function redactSecrets(text: string): string {
  const ranges: Range[] = [];
  const lower = text.toLowerCase();
  // Private key blocks.
  for (let i = lower.indexOf('-----begin'); i >= 0; i = lower.indexOf('-----begin', i + 1)) {
    const headEnd = lower.indexOf('-----', i + 10);
    if (headEnd < 0 || !lower.slice(i, headEnd).includes('private key')) continue;
    const end = lower.indexOf('-----end', headEnd);
    const close = end < 0 ? -1 : lower.indexOf('-----', end + 8);
    const stop = close < 0 ? text.length : close + 5;
    ranges.push([i, stop, '[REDACTED PRIVATE KEY]']);
    i = stop - 1;
  }
  // Token-shaped runs.
  for (let i = 0; i < text.length; ) {
    if (!isTokenChar(text[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j < text.length && isTokenChar(text[j]!)) j++;
    const run = text.slice(i, j);
    if (AWS_PREFIXES.some((p) => run.startsWith(p)) && run.length >= 20 && isUpperAlnum(run.slice(0, 20))) {
      ranges.push([i, i + 20, REDACTED]);
    } else if (TOKEN_PREFIXES.some((p) => run.startsWith(p) && run.length >= p.length + 16)) {
      ranges.push([i, j, REDACTED]);
    } else if (run.startsWith('eyJ') && run.split('.').length >= 3 && run.length > 30) {
      ranges.push([i, j, REDACTED]);
    }
    i = j;
  }
  // Authorization schemes: Bearer / Basic / Token <value>.
  for (const scheme of ['bearer ', 'basic ', 'token ']) {
    for (let i = lower.indexOf(scheme); i >= 0; i = lower.indexOf(scheme, i + 1)) {
      if (isWordChar(text[i - 1])) continue;
      let s = i + scheme.length;
      while (text[s] === ' ') s++;
      let e = s;
      while (e < text.length && isTokenChar(text[e]!)) e++;
      if (e - s >= 8) ranges.push([s, e, REDACTED]);
    }
  }
  // key = value, key: value, "key": "value", --key value.
  for (const kw of KEY_WORDS) {
    for (let i = lower.indexOf(kw); i >= 0; i = lower.indexOf(kw, i + 1)) {
      if (isLetter(text[i - 1])) continue;
      let e = i + kw.length;
      while (isWordChar(text[e]) || text[e] === '-') e++; // rest of a compound key (aws_secret_access_key)
      let s = e;
      if (text[s] === '"' || text[s] === "'") s++;
      while (text[s] === ' ') s++;
      const sep = text[s];
      const flag = text.slice(Math.max(0, i - 2), i) === '--' && sep !== '=' && sep !== ':';
      if (sep === '=' || sep === ':') s++;
      else if (!flag) continue;
      while (text[s] === ' ' || text[s] === '"' || text[s] === "'") s++;
      let v = s;
      while (v < text.length && !' \t\r\n"\',;&)}'.includes(text[v]!)) v++;
      if (v - s >= 4 && !text.slice(s, v).startsWith('[REDACTED')) ranges.push([s, v, REDACTED]);
    }
  }
  // Credentials in URLs: scheme://user:password@host
  for (let i = text.indexOf('://'); i >= 0; i = text.indexOf('://', i + 1)) {
    let at = i + 3;
    while (at < text.length && !' /@\n'.includes(text[at]!)) at++;
    if (text[at] !== '@') continue;
    const colon = text.indexOf(':', i + 3);
    if (colon > 0 && colon < at) ranges.push([colon + 1, at, REDACTED]);
  }
  return apply(text, ranges);
}

function apply(text: string, ranges: Range[]): string {
  if (!ranges.length) return text;
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let pos = 0;
  for (const [s, e, rep] of ranges) {
    if (e <= pos) continue;
    if (s < pos) {
      pos = e; // overlaps a range already replaced
      continue;
    }
    out += text.slice(pos, s) + rep;
    pos = e;
  }
  return out + text.slice(pos);
}
