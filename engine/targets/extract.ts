// Network targets (host and port) named by a command's invocations.
import type { Invocation, Word, Span } from '../shell/types.ts';
import { normalizeHost } from './scope.ts';
import { HOST_OPTIONS, POSITIONAL, hostOptionTargets, positionalTargets } from './clients.ts';

export interface Target {
  /** Lower-case host name or address; '' for a dynamic target. */
  host: string;
  port: number | null;
  program: string;
  /** The target is an expansion bash resolves at run time. */
  dynamic?: boolean;
  span?: Span;
}

const DEFAULT_PORTS: Record<string, number> = {
  http: 80, https: 443, ftp: 21, ftps: 990, ws: 80, wss: 443, ssh: 22, sftp: 22, scp: 22,
  git: 9418, rsync: 873, telnet: 23, ldap: 389, ldaps: 636, smtp: 25, mysql: 3306,
  postgres: 5432, postgresql: 5432, redis: 6379, mongodb: 27017, 'git+ssh': 22,
};

function toPort(s: string | undefined): number | null {
  if (!s || s.length > 5) return null;
  for (const c of s) if (c < '0' || c > '9') return null;
  const n = Number(s);
  return n > 0 && n < 65536 ? n : null;
}

/** Host and port of a URL or `[user@]host[:port]`; `fallbackPort` when none is written. */
export function parseEndpoint(text: string, fallbackPort: number | null): { host: string; port: number | null } | null {
  let s = text.trim();
  let port = fallbackPort;
  const sep = s.indexOf('://');
  if (sep > 0) {
    const scheme = s.slice(0, sep).toLowerCase();
    port = DEFAULT_PORTS[scheme] ?? fallbackPort;
    s = s.slice(sep + 3);
  }
  let end = s.length;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '/' || s[i] === '?' || s[i] === '#') {
      end = i;
      break;
    }
  }
  let auth = s.slice(0, end);
  const at = auth.lastIndexOf('@');
  if (at >= 0) auth = auth.slice(at + 1);
  let host = auth;
  if (auth.startsWith('[')) {
    const close = auth.indexOf(']');
    if (close < 0) return null;
    host = auth.slice(1, close);
    const p = toPort(auth.slice(close + 2));
    if (p !== null) port = p;
  } else if (auth.split(':').length === 2) {
    const [h, p] = auth.split(':');
    host = h!;
    const n = toPort(p);
    if (n !== null) port = n;
  }
  host = normalizeHost(host.includes(':') ? `[${host}]` : host);
  if (!host || !isHostLike(host)) return null;
  return { host, port };
}

function isHostLike(h: string): boolean {
  if (h.includes(':')) return true; // IPv6
  for (const c of h) {
    const ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c === '-' || c === '.' || c === '_';
    if (!ok) return false;
  }
  return h.length > 0 && h.length <= 253;
}

interface OptSpec {
  short: string; // short options that take a value
  long: string[]; // long options that take a value
}

const SPECS: Record<string, OptSpec> = {
  curl: { short: 'AbcCdDeEFHKmoQrTuUwxXYyz', long: ['url', 'proxy', 'data', 'data-raw', 'data-binary', 'data-urlencode', 'header', 'output', 'user', 'request', 'user-agent', 'referer', 'form', 'cookie', 'cookie-jar', 'config', 'max-time', 'connect-timeout', 'upload-file', 'resolve', 'connect-to', 'cacert', 'cert', 'key', 'retry', 'write-out', 'range', 'proxy-user', 'interface', 'json', 'dump-header'] },
  wget: { short: 'aAdeiIlOoPQRtTUwXY', long: ['output-document', 'output-file', 'directory-prefix', 'header', 'post-data', 'post-file', 'user-agent', 'user', 'password', 'tries', 'timeout', 'execute', 'input-file', 'method', 'body-data', 'level', 'accept', 'reject'] },
  nc: { short: 'eIiOpqsTVwxXM', long: [] },
  nmap: { short: 'pDeSgiT', long: ['script', 'script-args', 'top-ports', 'exclude', 'excludefile', 'max-retries', 'host-timeout', 'source-port', 'data-length', 'min-rate', 'max-rate', 'dns-servers', 'iL', 'oN', 'oX', 'oG', 'oA'] },
  dig: { short: 'bcfkpqtxy', long: [] },
  ssh: { short: 'BbcDEeFIiJLlmOoPpQRSWw', long: [] },
  scp: { short: 'cDFiJloPS', long: [] },
  rsync: { short: 'eBfMT', long: ['rsh', 'port', 'rsync-path', 'exclude', 'include', 'filter', 'files-from', 'password-file', 'log-file', 'temp-dir', 'bwlimit', 'timeout', 'chmod', 'chown'] },
  git: { short: 'Cc', long: ['git-dir', 'work-tree', 'namespace', 'exec-path', 'config-env', 'depth', 'branch', 'origin', 'upload-pack', 'reference', 'template', 'jobs', 'filter', 'separate-git-dir', 'shallow-since', 'shallow-exclude'] },
};
SPECS.ncat = SPECS.nc!;
SPECS.netcat = SPECS.nc!;

interface Parsed {
  operands: Word[];
  values: { opt: string; word: Word; text?: string }[];
  flags: string[];
}

function parseArgs(args: Word[], spec: OptSpec): Parsed {
  const p: Parsed = { operands: [], values: [], flags: [] };
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const v = w.static ? w.value! : undefined;
    if (ended || v === undefined || !v.startsWith('-') || v === '-') {
      p.operands.push(w);
      continue;
    }
    if (v === '--') {
      ended = true;
      continue;
    }
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const name = v.slice(2, eq < 0 ? undefined : eq);
      if (eq >= 0) p.values.push({ opt: name, word: w, text: v.slice(eq + 1) });
      else if (spec.long.includes(name) && args[i + 1]) {
        const nw = args[++i]!;
        p.values.push({ opt: name, word: nw, text: nw.static ? nw.value : undefined });
      } else p.flags.push(name);
      continue;
    }
    // nmap-style two-letter options (-iL, -oN) taking a value.
    if (spec.long.includes(v.slice(1)) && args[i + 1]) {
      const nw = args[++i]!;
      p.values.push({ opt: v.slice(1), word: nw, text: nw.static ? nw.value : undefined });
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if (spec.short.includes(c)) {
        if (k + 1 < v.length) p.values.push({ opt: c, word: w, text: v.slice(k + 1) });
        else if (args[i + 1]) {
          const nw = args[++i]!;
          p.values.push({ opt: c, word: nw, text: nw.static ? nw.value : undefined });
        }
        break;
      }
      p.flags.push(c);
    }
  }
  return p;
}

const DNS_WORDS = new Set(['a', 'aaaa', 'any', 'mx', 'ns', 'txt', 'cname', 'soa', 'ptr', 'srv', 'caa', 'axfr', 'ixfr', 'in', 'ch', 'hs', 'dnskey', 'ds', 'naptr', 'spf']);
const GIT_REMOTE_SUBCOMMANDS = new Set(['clone', 'fetch', 'pull', 'push', 'ls-remote', 'remote', 'submodule', 'archive']);

/** Every network target the invocations name. */
export function extractTargets(invocations: readonly Invocation[]): Target[] {
  const out: Target[] = [];
  const seen = new Set<string>();
  for (const inv of invocations) {
    const add = (host: string, port: number | null, span?: Span, dynamic = false) => {
      const key = `${dynamic ? '$' + (span?.start ?? 0) : host}:${port}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push(dynamic ? { host: '', port, program: inv.name, dynamic, span } : { host, port, program: inv.name, span });
    };
    const endpoint = (w: Word, text: string | undefined, fallback: number | null) => {
      if (text === undefined) return add('', fallback, w.span, true);
      const e = parseEndpoint(text, fallback);
      if (e) add(e.host, e.port, w.span);
    };
    // URLs in any argument.
    for (const w of inv.args) {
      if (!w.static) continue;
      const v = w.value!;
      const i = v.indexOf('://');
      if (i > 0) {
        let s = i - 1;
        while (s > 0 && isSchemeChar(v[s - 1]!)) s--;
        endpoint(w, v.slice(s), null);
      }
    }
    if (Object.hasOwn(HOST_OPTIONS, inv.name)) {
      hostOptionTargets(inv, HOST_OPTIONS[inv.name]!, endpoint, add);
      continue;
    }
    if (Object.hasOwn(POSITIONAL, inv.name)) {
      positionalTargets(inv, POSITIONAL[inv.name]!, endpoint);
      continue;
    }
    const spec = Object.hasOwn(SPECS, inv.name) ? SPECS[inv.name] : undefined;
    if (!spec && inv.name !== 'agent-browser' && inv.name !== 'host' && inv.name !== 'nslookup') continue;
    const p = spec ? parseArgs(inv.args, spec) : { operands: inv.args.slice(), values: [], flags: [] };
    const text = (w: Word) => (w.static ? w.value : undefined);
    switch (inv.name) {
      case 'curl':
      case 'wget':
        for (const w of p.operands) endpoint(w, text(w), 80);
        for (const v of p.values) if (v.opt === 'url' || v.opt === 'x' || v.opt === 'proxy') endpoint(v.word, v.text, 1080);
        break;
      case 'nc':
      case 'ncat':
      case 'netcat': {
        if (p.flags.includes('l') || p.flags.includes('listen')) break;
        const [h, port] = p.operands;
        if (h) endpoint(h, text(h), port && text(port) ? toPort(text(port)!.split('-')[0]) : null);
        break;
      }
      case 'nmap': {
        const pv = p.values.find((v) => v.opt === 'p')?.text;
        const port = toPort(pv);
        for (const w of p.operands) {
          const t = text(w);
          if (t === undefined) add('', port, w.span, true);
          else add(t.toLowerCase(), port, w.span);
        }
        break;
      }
      case 'dig':
        for (const w of p.operands) {
          const t = text(w);
          if (t === undefined) add('', null, w.span, true);
          else if (t.startsWith('@')) endpoint(w, t.slice(1), 53);
          else if (!t.startsWith('+') && !DNS_WORDS.has(t.toLowerCase())) endpoint(w, t, null);
        }
        for (const v of p.values) if (v.opt === 'x' || v.opt === 'q') endpoint(v.word, v.text, null);
        break;
      case 'host':
      case 'nslookup': {
        const ops = p.operands.filter((w) => !(text(w) ?? '').startsWith('-'));
        if (ops[0]) endpoint(ops[0], text(ops[0]), null);
        if (ops[1]) endpoint(ops[1], text(ops[1]), 53);
        break;
      }
      case 'ssh': {
        const port = toPort(p.values.find((v) => v.opt === 'p')?.text) ?? 22;
        for (const v of p.values) {
          if (v.opt === 'J') for (const j of (v.text ?? '').split(',')) if (j) endpoint(v.word, j, 22);
        }
        const d = p.operands[0];
        if (d) endpoint(d, text(d), port);
        break;
      }
      case 'scp':
      case 'rsync': {
        const portText = p.values.find((v) => v.opt === 'P' || v.opt === 'port')?.text;
        const port = toPort(portText) ?? (inv.name === 'scp' ? 22 : null);
        for (const w of p.operands) {
          const t = text(w);
          if (t === undefined) {
            add('', port, w.span, true);
            continue;
          }
          if (t.includes('://')) continue; // handled as a URL
          const remote = remoteSpec(t);
          if (remote) endpoint(w, remote.host, remote.daemon ? 873 : port ?? 22);
        }
        break;
      }
      case 'git': {
        const sub = p.operands[0] ? text(p.operands[0]) : undefined;
        if (!sub || !GIT_REMOTE_SUBCOMMANDS.has(sub)) break;
        for (const w of p.operands.slice(1)) {
          const t = text(w);
          if (t === undefined || t.includes('://')) continue;
          const remote = remoteSpec(t);
          if (remote && t.indexOf('@') >= 0 && t.indexOf('@') < t.indexOf(':')) endpoint(w, remote.host, 22);
        }
        break;
      }
      case 'agent-browser': {
        const ops = p.operands.filter((w) => !(text(w) ?? '').startsWith('-'));
        const verb = ops[0] ? text(ops[0]) : undefined;
        if ((verb === 'open' || verb === 'goto' || verb === 'navigate') && ops[1]) {
          const t = text(ops[1]);
          if (t === undefined || !t.includes('://')) endpoint(ops[1], t, 443);
        }
        break;
      }
    }
  }
  return out;
}

function isSchemeChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '+' || c === '-' || c === '.';
}

/** The host part of an scp-like remote (`[user@]host:path`, `host::module`), or null for a local path. */
function remoteSpec(t: string): { host: string; daemon: boolean } | null {
  if (t.startsWith('[')) return null;
  const colon = t.indexOf(':');
  if (colon <= 0) return null;
  const slash = t.indexOf('/');
  if (slash >= 0 && slash < colon) return null;
  return { host: t.slice(0, colon), daemon: t.slice(colon, colon + 2) === '::' };
}

