// The one inspection call a judge may make: a read-only analysis over the frozen packet.
import type { EvidencePacket, InspectionRequest, InspectionResult } from './types.ts';
import { parseEndpoint } from '../targets/extract.ts';
import { parseIPv4 } from '../targets/scope.ts';

const MAX_LINES = 200;
/** Endings of file names, not top-level domains a host list would hold. */
const FILE_ENDINGS = new Set(['txt', 'py', 'md', 'json', 'csv', 'log', 'sh', 'js', 'ts', 'yaml', 'yml', 'html', 'xml', 'conf', 'cfg', 'ini', 'lock', 'toml', 'out', 'bak', 'tmp']);

function isSep(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',' || c === ';' || c === '"' || c === "'" || c === '(' || c === ')' || c === '<' || c === '>';
}

/** Host names and IPv4 addresses that appear in free text (host lists, URLs, CSV columns). */
export function hostsInText(text: string): string[] {
  const out = new Set<string>();
  let i = 0;
  while (i < text.length) {
    while (i < text.length && isSep(text[i]!)) i++;
    let j = i;
    while (j < text.length && !isSep(text[j]!)) j++;
    const tok = text.slice(i, j);
    i = j;
    if (!tok || tok.startsWith('#')) continue;
    const e = parseEndpoint(tok, null);
    if (!e) continue;
    const h = e.host;
    const labels = h.split('.');
    const tld = labels[labels.length - 1]!;
    const alphaTld = tld.length >= 2 && [...tld].every((c) => c >= 'a' && c <= 'z') && !FILE_ENDINGS.has(tld);
    if ((labels.length >= 2 && alphaTld) || parseIPv4(h) !== null) out.add(h);
  }
  return [...out];
}

export function runInspection(packet: EvidencePacket, req: InspectionRequest): InspectionResult {
  switch (req.kind) {
    case 'hosts': {
      const hosts = new Set<string>();
      for (const a of packet.artifacts) if (a.role === 'input') for (const h of hostsInText(a.text)) hosts.add(h);
      return { ok: true, kind: 'hosts', hosts: [...hosts] };
    }
    case 'grep': {
      const lines: string[] = [];
      for (const a of packet.artifacts) {
        for (const line of a.text.split('\n')) {
          if (line.includes(req.pattern) && lines.length < MAX_LINES) lines.push(`${a.path}: ${line}`);
        }
      }
      return { ok: true, kind: 'grep', lines };
    }
    case 'artifact': {
      const a = packet.artifacts.find((x) => x.path === req.path);
      return a ? { ok: true, kind: 'artifact', text: a.text } : { ok: false, kind: 'artifact', error: `no artifact ${req.path}` };
    }
  }
}

/** True when `req` is a well-formed inspection request. */
export function isInspectionRequest(req: unknown): req is InspectionRequest {
  if (!req || typeof req !== 'object') return false;
  const r = req as Record<string, unknown>;
  if (r.kind === 'hosts') return true;
  if (r.kind === 'grep') return typeof r.pattern === 'string' && r.pattern.length > 0;
  if (r.kind === 'artifact') return typeof r.path === 'string';
  return false;
}
