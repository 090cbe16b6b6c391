// Targets of clients that name their server with options (`mysql -h db -P 3307`) or as
// positional operands (`telnet host 23`, `http POST api.example.com/x`). Facts from each manual.
import type { Invocation, Word, Span } from '../shell/types.ts';

function toPort(s: string | undefined): number | null {
  if (!s || s.length > 5) return null;
  for (const c of s) if (c < '0' || c > '9') return null;
  const n = Number(s);
  return n > 0 && n < 65536 ? n : null;
}

export type Endpoint = (w: Word, text: string | undefined, fallback: number | null) => void;
export type Add = (host: string, port: number | null, span?: Span, dynamic?: boolean) => void;

export interface HostOptionSpec {
  host: string[];
  port: string[];
  /** Options that take a value (so it is not read as an operand). */
  value: string[];
  defaultPort: number | null;
  /** `openssl s_client -connect host:port`: the option holds both. */
  connect?: string[];
  /** Operands are `host[:port]` endpoints too (mongosh, redis-cli -u …). */
  operandHosts?: boolean;
  /** A subcommand the rest applies to (openssl s_client). */
  sub?: string[];
}

export const HOST_OPTIONS: Record<string, HostOptionSpec> = {
  mysql: { host: ['-h', '--host'], port: ['-P', '--port'], value: ['-u', '--user', '-D', '--database', '-e', '--execute', '-S', '--socket', '--defaults-file'], defaultPort: 3306 },
  mariadb: { host: ['-h', '--host'], port: ['-P', '--port'], value: ['-u', '--user', '-D', '--database', '-e', '--execute', '-S', '--socket'], defaultPort: 3306 },
  mysqldump: { host: ['-h', '--host'], port: ['-P', '--port'], value: ['-u', '--user', '-r', '--result-file'], defaultPort: 3306 },
  mysqladmin: { host: ['-h', '--host'], port: ['-P', '--port'], value: ['-u', '--user'], defaultPort: 3306 },
  psql: { host: ['-h', '--host'], port: ['-p', '--port'], value: ['-U', '--username', '-d', '--dbname', '-c', '--command', '-f', '--file', '-o', '--output', '-v', '--set'], defaultPort: 5432 },
  pg_dump: { host: ['-h', '--host'], port: ['-p', '--port'], value: ['-U', '--username', '-d', '--dbname', '-f', '--file', '-t', '-n'], defaultPort: 5432 },
  pg_dumpall: { host: ['-h', '--host'], port: ['-p', '--port'], value: ['-U', '--username', '-f', '--file'], defaultPort: 5432 },
  pg_restore: { host: ['-h', '--host'], port: ['-p', '--port'], value: ['-U', '--username', '-d', '--dbname'], defaultPort: 5432 },
  pg_isready: { host: ['-h', '--host'], port: ['-p', '--port'], value: ['-U', '--username', '-d', '--dbname', '-t', '--timeout'], defaultPort: 5432 },
  'redis-cli': { host: ['-h'], port: ['-p'], value: ['-a', '-n', '--user', '--pass', '-s', '-r', '-i', '-u'], defaultPort: 6379 },
  mongosh: { host: ['--host'], port: ['--port'], value: ['-u', '--username', '-p', '--password', '--eval', '-f', '--file', '--authenticationDatabase'], defaultPort: 27017, operandHosts: true },
  mongo: { host: ['--host'], port: ['--port'], value: ['-u', '--username', '-p', '--password', '--eval', '--authenticationDatabase'], defaultPort: 27017, operandHosts: true },
  mongodump: { host: ['--host', '-h'], port: ['--port'], value: ['-u', '--username', '-p', '--password', '-d', '--db', '-o', '--out', '--uri'], defaultPort: 27017 },
  openssl: { sub: ['s_client', 's_time'], connect: ['-connect'], host: ['-host'], port: ['-port'], value: ['-servername', '-CAfile', '-cert', '-key', '-proxy', '-starttls', '-verify', '-msg'], defaultPort: 443 },
  lftp: { host: [], port: ['-p'], value: ['-u', '-e', '-f', '-c'], defaultPort: 21, operandHosts: true },
};

export function hostOptionTargets(inv: Invocation, spec: HostOptionSpec, endpoint: Endpoint, add: Add): void {
  const args = inv.args;
  if (spec.sub) {
    const first = args[0];
    if (!first?.static || !spec.sub.includes(first.value!)) return;
  }
  let host: { w: Word; text: string | undefined } | null = null;
  let port: number | null = null;
  const operands: Word[] = [];
  const valueOf = (i: number, opt: string): { text: string | undefined; w: Word; next: number } | null => {
    const w = args[i]!;
    const v = w.value!;
    if (v === opt) return args[i + 1] ? { text: args[i + 1]!.static ? args[i + 1]!.value : undefined, w: args[i + 1]!, next: i + 1 } : null;
    if (opt.startsWith('--') && v.startsWith(opt + '=')) return { text: v.slice(opt.length + 1), w, next: i };
    if (!opt.startsWith('--') && opt.length === 2 && v.startsWith(opt) && v.length > 2 && !v.startsWith('--')) return { text: v.slice(2), w, next: i };
    return null;
  };
  for (let i = spec.sub ? 1 : 0; i < args.length; i++) {
    const w = args[i]!;
    if (!w.static) {
      operands.push(w);
      continue;
    }
    let matched = false;
    for (const opt of spec.connect ?? []) {
      const r = valueOf(i, opt);
      if (r) {
        if (r.text === undefined) add('', spec.defaultPort, r.w.span, true);
        else endpoint(r.w, r.text, spec.defaultPort);
        i = r.next;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    for (const opt of spec.host) {
      const r = valueOf(i, opt);
      if (r) {
        host = { w: r.w, text: r.text };
        i = r.next;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    for (const opt of spec.port) {
      const r = valueOf(i, opt);
      if (r) {
        port = toPort(r.text);
        i = r.next;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const v = w.value!;
    if (spec.value.some((o) => v === o)) i++;
    else if (!v.startsWith('-')) operands.push(w);
  }
  if (host) {
    if (host.text === undefined) add('', port ?? spec.defaultPort, host.w.span, true);
    else if (host.text.startsWith('/')) return; // a Unix socket directory (psql -h /run/postgresql)
    else endpoint(host.w, host.text.includes('://') ? host.text : host.text, port ?? spec.defaultPort);
  }
  if (spec.operandHosts) {
    for (const w of operands) {
      if (!w.static) {
        add('', port ?? spec.defaultPort, w.span, true);
        continue;
      }
      const t = w.value!;
      if (t.includes('://')) continue; // handled as a URL
      // mongosh host[:port]/db, lftp host.
      endpoint(w, t.split('/')[0]!, port ?? spec.defaultPort);
    }
  }
  // psql "host=db.example port=5433 dbname=x" (a conninfo string).
  for (const w of operands) {
    if (!w.static || !w.value!.includes('host=')) continue;
    const kv = new Map(w.value!.split(' ').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as [string, string]));
    const h = kv.get('host');
    if (h && !h.startsWith('/')) endpoint(w, h, toPort(kv.get('port')) ?? spec.defaultPort);
  }
}

/** Clients whose operands are `host [port]` (telnet, ftp) or `[METHOD] URL` (httpie). */
export interface PositionalSpec {
  /** Options that take a value. */
  value: string[];
  defaultPort: number | null;
  /** The operand after the host is its port. */
  portOperand?: boolean;
  /** httpie: an optional METHOD first, and a URL without a scheme (`:3000/x`, `host/path`). */
  httpie?: boolean;
  /** sftp: `[user@]host[:path]`. */
  remote?: boolean;
}

export const POSITIONAL: Record<string, PositionalSpec> = {
  telnet: { value: ['-l', '-n', '-e', '-b', '-S', '-X'], defaultPort: 23, portOperand: true },
  ftp: { value: ['-P', '-o', '-q', '-r', '-s', '-T', '-u'], defaultPort: 21, portOperand: true },
  tftp: { value: ['-m', '-c', '-l', '-r', '-B'], defaultPort: 69, portOperand: true },
  sftp: { value: ['-P', '-i', '-o', '-F', '-J', '-b', '-B', '-c', '-D', '-l', '-R', '-S', '-s', '-X'], defaultPort: 22, remote: true },
  http: { value: ['-a', '--auth', '-A', '--auth-type', '--session', '--session-read-only', '-o', '--output', '--verify', '--cert', '--cert-key', '--proxy', '--timeout', '--pretty', '-s', '--style', '-p', '--print', '--max-redirects', '--default-scheme'], defaultPort: 80, httpie: true },
  https: { value: ['-a', '--auth', '-A', '--auth-type', '--session', '--session-read-only', '-o', '--output', '--verify', '--cert', '--cert-key', '--proxy', '--timeout', '--pretty', '-s', '--style', '-p', '--print', '--max-redirects'], defaultPort: 443, httpie: true },
};
POSITIONAL.xh = POSITIONAL.http!;
POSITIONAL.xhs = POSITIONAL.https!;

export function positionalTargets(inv: Invocation, spec: PositionalSpec, endpoint: Endpoint): void {
  const ops: Word[] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const w = inv.args[i]!;
    const v = w.static ? w.value! : undefined;
    if (v !== undefined && v.startsWith('-') && v !== '-') {
      if (spec.value.includes(v)) i++;
      continue;
    }
    ops.push(w);
  }
  let k = 0;
  if (spec.httpie && ops[0]?.static && [...ops[0].value!].every((c) => c >= 'A' && c <= 'Z') && ops.length > 1) k = 1;
  const hostWord = ops[k];
  if (!hostWord) return;
  const text = hostWord.static ? hostWord.value! : undefined;
  if (text === undefined) return endpoint(hostWord, undefined, spec.defaultPort);
  if (text.includes('://')) return; // handled as a URL
  if (spec.httpie) {
    // `:3000/x` is localhost; otherwise the scheme is implied.
    const t = text.startsWith(':') ? 'localhost' + text : text;
    return endpoint(hostWord, t, spec.defaultPort);
  }
  if (spec.remote) {
    const at = text.lastIndexOf('@');
    const rest = at >= 0 ? text.slice(at + 1) : text;
    const colon = rest.indexOf(':');
    return endpoint(hostWord, colon > 0 ? rest.slice(0, colon) : rest, spec.defaultPort);
  }
  const portWord = spec.portOperand ? ops[k + 1] : undefined;
  const port = portWord?.static ? toPort(portWord.value!) : null;
  endpoint(hostWord, text, port ?? spec.defaultPort);
}
