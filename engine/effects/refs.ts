// Files named inside an argument by a convention many programs share, whatever their spec says:
// a `file://` URL (aws, curl, browsers, lwp), `file:PATH` (socat addresses), `man:PATH` (yelp),
// and `@PATH` (curl, httpie, nagios --extra-opts=@FILE: "read the value from this file").
// Each is a read of that file, so a credential named this way is a credential read.
import type { Invocation } from '../shell/types.ts';
import type { Effect } from './types.ts';
import { pathRef, type PathScope } from './paths.ts';

export function namedFileReads(inv: Invocation, sc: PathScope, out: Effect[]): void {
  for (const w of inv.args) {
    if (!w.static) continue;
    const p = namedFile(w.value ?? '');
    if (p !== null) out.push({ kind: 'read', how: `${inv.name} (file named in ${p.how})`, path: pathRef(w, sc, p.path.startsWith('~/') ? sc.home + p.path.slice(1) : p.path), echoes: true });
  }
}

function namedFile(v: string): { path: string; how: string } | null {
  const url = v.indexOf('file://');
  if (url >= 0) return local(v.slice(url + 7), 'a file: URL');
  const eq = v.indexOf('=');
  const at = v[0] === '@' ? 0 : eq >= 0 && v[eq + 1] === '@' ? eq + 1 : -1;
  if (at >= 0) return local(v.slice(at + 1), '@');
  const lower = v.slice(0, 5).toLowerCase();
  if (lower === 'file:') return local(v.slice(5), 'a file: address');
  if (v.startsWith('man:')) return local(v.slice(4), 'a man: URI');
  return null;
}

/** A local path: absolute or in the home folder (a host after file:// is not local). */
function local(p: string, how: string): { path: string; how: string } | null {
  const comma = p.indexOf(',');
  const path = comma >= 0 ? p.slice(0, comma) : p; // socat's file:PATH,options
  return path[0] === '/' || path.startsWith('~/') ? { path, how } : null;
}
