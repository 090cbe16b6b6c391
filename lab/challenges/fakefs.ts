// A small in-memory file system for checks (the engine's fs port): files, dirs and symlinks.
import type { FsPort } from '../../engine/index.ts';

export interface FakeFsSpec {
  files?: Record<string, string>;
  dirs?: string[];
  symlinks?: Record<string, string>;
}

function norm(p: string): string {
  const out: string[] = [];
  for (const s of p.split('/')) {
    if (!s || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  return '/' + out.join('/');
}

export function fakeFs(spec: FakeFsSpec): FsPort {
  const files = new Map(Object.entries(spec.files ?? {}).map(([k, v]) => [norm(k), v]));
  const links = new Map(Object.entries(spec.symlinks ?? {}).map(([k, v]) => [norm(k), v]));
  const dirs = new Set((spec.dirs ?? []).map(norm));
  const realpath = (p: string): string | null => {
    let parts = norm(p).split('/').filter(Boolean);
    let done = '';
    for (let hops = 0, i = 0; i < parts.length; i++) {
      const next = `${done}/${parts[i]}`;
      const target = links.get(next);
      if (target !== undefined) {
        if (++hops > 40) return null;
        const base = target.startsWith('/') ? target : `${done}/${target}`;
        parts = [...norm(base).split('/').filter(Boolean), ...parts.slice(i + 1)];
        done = '';
        i = -1;
        continue;
      }
      done = next;
    }
    return done || '/';
  };
  return {
    realpath,
    readFile(p, maxBytes = 1 << 20) {
      const r = realpath(p);
      const text = r === null ? undefined : files.get(r);
      if (text === undefined) return null;
      return { text: text.slice(0, maxBytes), truncated: text.length > maxBytes, size: text.length };
    },
    stat(p) {
      const n = norm(p);
      if (links.has(n)) return { kind: 'symlink', size: 0 };
      const r = realpath(n);
      if (r === null) return null;
      if (files.has(r)) return { kind: 'file', size: files.get(r)!.length };
      if (dirs.has(r) || [...files.keys(), ...dirs].some((f) => f.startsWith(r + '/'))) return { kind: 'dir', size: 0 };
      return null;
    },
  };
}
