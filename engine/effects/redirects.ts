// Redirections are effects of the same kind as a program's own: `>` writes, `<` reads.
import type { Redirect } from '../shell/types.ts';
import type { Effect } from './types.ts';
import { pathRef, type PathScope } from './paths.ts';
import { isBlockDevice } from './devices.ts';

/** `redirect OP` for each file operator, made once. */
const HOW: ReadonlyMap<string, string> = new Map(['>', '>|', '&>', '>>', '&>>', '<>', '<', '>&', '<&'].map((op) => [op, `redirect ${op}`]));

/** Targets that name a stream, not a file. */
const STREAMS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/stdin', '/dev/tty', '/dev/zero', '/dev/full']);

function isFdWord(v: string): boolean {
  if (v === '-') return true;
  const s = v.endsWith('-') ? v.slice(0, -1) : v;
  if (!s.length) return false;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  return true;
}

/** The effects of one redirection, appended to `out`. */
export function redirectEffects(r: Redirect, sc: PathScope, out: Effect[]): void {
  const op = r.op;
  if (op === '<<' || op === '<<-' || op === '<<<') return;
  let write: Effect['create'] | undefined;
  let read = false;
  switch (op) {
    case '>':
    case '>|':
    case '&>':
      write = 'truncate';
      break;
    case '>>':
    case '&>>':
      write = 'append';
      break;
    case '<>':
      write = 'create';
      read = true;
      break;
    case '<':
      read = true;
      break;
    case '>&':
    case '<&':
      // `>&word` with a word that is not a number or `-` is `&>word`: a file write.
      if (r.target.static && isFdWord(r.target.value!)) return;
      if (!r.target.static && r.target.kinds.every((k) => k === 'param') && r.target.approx.startsWith('$') && r.fd !== null) {
        // `2>&$fd`: most likely a descriptor, but it could be a file name: treat as a write.
      }
      if (op === '>&') write = 'truncate';
      else read = true;
      break;
  }
  const t = r.target;
  // `> >(cmd)` / `< <(cmd)`: a pipe to a command that is analysed on its own.
  if (!t.static && t.kinds.length > 0 && t.kinds.every((k) => k === 'process')) return;
  const v = t.static ? t.value! : undefined;
  if (v !== undefined && (STREAMS.has(v) || v.startsWith('/dev/fd/'))) return;
  if (v !== undefined && (v.startsWith('/dev/tcp/') || v.startsWith('/dev/udp/'))) {
    const host = v.slice(9);
    out.push({ kind: 'network', how: `redirect ${op}`, host, direction: write && read ? 'both' : write ? 'out' : 'in', word: t });
    return;
  }
  const how = HOW.get(op) ?? `redirect ${op}`;
  const path = pathRef(t, sc);
  if (path.abs !== null && isBlockDevice(path.abs)) {
    if (write) out.push({ kind: 'device', how, path, create: write });
    if (read) out.push({ kind: 'read', how, path });
    return;
  }
  if (read) out.push({ kind: 'read', how, path });
  if (write) out.push({ kind: 'write', how, path, create: write });
}
