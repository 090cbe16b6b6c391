// Hand-built shell fixtures and a fake fs port for the seed-system tests.
import type { FsPort } from '../../engine/types.ts';
import type { Word, SimpleCommand, Invocation, Redirect, RedirectOp, ViaStep, Assignment } from '../../engine/shell/types.ts';

export const CWD = '/home/dev/app';
export const HOME = '/home/dev';
export const WORKSPACE = ['/home/dev/app'];

const span = { start: 0, end: 0 };

export function w(value: string): Word {
  return { span, raw: value, static: true, value, approx: value, kinds: [], params: [], quoted: false, substitutions: 0 };
}

export function dyn(approx: string, kind: Word['kinds'][number] = 'param'): Word {
  return { span, raw: approx, static: false, approx, kinds: [kind], params: [approx.replace(/^\$\{?/, '').replace(/\}$/, '')], quoted: false, substitutions: 0 };
}

export function redir(op: RedirectOp, target: string | Word, fd: number | null = null): Redirect {
  return { span, fd, op, target: typeof target === 'string' ? w(target) : target };
}

export function assign(name: string, value: string): Assignment {
  return { span, name, value: w(value), append: false };
}

type Arg = string | Word;
const toWord = (a: Arg) => (typeof a === 'string' ? w(a) : a);

export interface CmdOpts {
  env?: [string, string][];
  redirects?: Redirect[];
  via?: ViaStep[];
  opaque?: Invocation['opaque'];
}

export function sc(argv: Arg[], o: CmdOpts = {}): SimpleCommand {
  return {
    span,
    env: (o.env ?? []).map(([n, v]) => assign(n, v)),
    argv: argv.map(toWord),
    redirects: o.redirects ?? [],
    context: [],
    background: false,
    conditional: false,
  };
}

export function inv(argv: Arg[], o: CmdOpts = {}): Invocation {
  const source = sc(argv, o);
  const program = source.argv[0]!;
  const name = program.static ? program.value!.split('/').pop()! : '';
  return { name, program, args: source.argv.slice(1), env: source.env, redirects: source.redirects, via: o.via ?? [], source, ...(o.opaque ? { opaque: o.opaque } : {}) };
}

/** `a b c` split on spaces (no quoting) into an invocation. */
export function cmd(text: string, o: CmdOpts = {}): Invocation {
  return inv(text.split(' ').filter(Boolean), o);
}

export function wrapper(name: string): ViaStep {
  return { name, kind: 'wrapper', span };
}

/**
 * An in-memory fs port. `links` maps a path to its real path. With `lstat`, stat reports a link
 * as 'symlink' and readFile refuses it, as the Node port does.
 */
export function fakeFs(files: Record<string, string>, links: Record<string, string> = {}, lstat = false): FsPort & { reads: string[] } {
  const dirs = new Set<string>();
  for (const p of Object.keys(files)) {
    const parts = p.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/') || '/');
  }
  const reads: string[] = [];
  const real = (p: string) => links[p] ?? p;
  return {
    reads,
    realpath: (p) => (files[real(p)] !== undefined || dirs.has(real(p)) ? real(p) : null),
    stat: (p) => {
      if (lstat && links[p] !== undefined) return { kind: 'symlink', size: 0 };
      const r = real(p);
      if (files[r] !== undefined) return { kind: 'file', size: files[r]!.length };
      if (dirs.has(r)) return { kind: 'dir', size: 0 };
      return null;
    },
    readFile: (p, max) => {
      reads.push(p);
      if (lstat && links[p] !== undefined) return null;
      const t = files[real(p)];
      if (t === undefined) return null;
      const cap = max ?? Infinity;
      return { text: t.slice(0, cap), truncated: t.length > cap, size: t.length };
    },
  };
}
