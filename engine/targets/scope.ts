// Scope: which hosts a run is authorized to touch. An authorized domain covers its subdomains.

/** Lower-case, strip brackets, a trailing dot and any port or path. '' when nothing host-like. */
export function normalizeHost(raw: string): string {
  let s = raw.trim().toLowerCase();
  const scheme = s.indexOf('://');
  if (scheme >= 0) s = s.slice(scheme + 3);
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '/' || s[i] === '?' || s[i] === '#') {
      s = s.slice(0, i);
      break;
    }
  }
  const at = s.lastIndexOf('@');
  if (at >= 0) s = s.slice(at + 1);
  if (s.startsWith('[')) {
    const end = s.indexOf(']');
    return end > 0 ? s.slice(1, end) : '';
  }
  const colons = s.split(':').length - 1;
  if (colons === 1) s = s.slice(0, s.indexOf(':'));
  if (s.startsWith('*.')) s = s.slice(2);
  while (s.endsWith('.')) s = s.slice(0, -1);
  return s;
}

export function parseIPv4(s: string): number | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (p.length < 1 || p.length > 3 || ![...p].every((c) => c >= '0' && c <= '9')) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

export function isIpLiteral(host: string): boolean {
  return parseIPv4(host) !== null || host.includes(':');
}

function inCidr(host: string, cidr: string): boolean {
  const [base, bitsText] = cidr.split('/');
  const ip = parseIPv4(host);
  const net = parseIPv4(base ?? '');
  const bits = Number(bitsText);
  if (ip === null || net === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
  if (bits === 0) return true;
  const size = 2 ** (32 - bits);
  return Math.floor(ip / size) === Math.floor(net / size);
}

/**
 * True when `host` is authorized by `scope`. Entries may be hosts, domains (covering every
 * subdomain), `*.domain`, URLs, IPv4 addresses or IPv4 CIDR blocks. An empty host is never in scope.
 */
export function inScope(host: string, scope: readonly string[]): boolean {
  const h = normalizeHost(host);
  if (!h) return false;
  for (const entry of scope) {
    const e = entry.trim().toLowerCase();
    if (e.includes('/') && !e.includes('://') && parseIPv4(e.split('/')[0] ?? '') !== null) {
      if (inCidr(h, e)) return true;
      continue;
    }
    const d = normalizeHost(e);
    if (!d) continue;
    if (h === d) return true;
    if (!isIpLiteral(d) && !isIpLiteral(h) && h.endsWith('.' + d)) return true;
  }
  return false;
}
