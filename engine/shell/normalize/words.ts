// Small helpers for resolved words and synthesized ones.
import type { Span, Word, SimpleCommand, Invocation } from '../types.ts';
import { copyWord, makeWord, staticWord } from '../words.ts';
export { copyWord, makeWord, staticWord };

/** A static word as a quoted value gives it (x="$v" with a known value). */
export function quotedWord(value: string, span: Span): Word {
  const w = staticWord(value, span);
  w.quoted = true;
  return w;
}

/** A word standing for run-time input (stdin items of xargs, a file name from find …). */
export function dynamicWord(approx: string, span: Span): Word {
  return makeWord(span, approx, false, undefined, approx, ['command'], [], false, 0);
}

// sv, basename and mayBeFlag live with the program facts, which use them too.
import { sv, basename, mayBeFlag } from '../../programs/words.ts';
export { sv, basename, mayBeFlag };

/** Brace expansion that yields several words (`{rm,-rf,/}`, `r{m,}`) becomes those words, as bash does. */
export function expandArgv(argv: Word[]): Word[] {
  let out: Word[] | null = null;
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i];
    if (w.braces && w.braces.length > 1 && w.braces.length <= 256) {
      if (!out) out = argv.slice(0, i);
      out.push(...w.braces);
    } else if (out) out.push(w);
  }
  return out ?? argv;
}

export function invocationFrom(sc: SimpleCommand): Invocation {
  const argv = expandArgv(sc.argv);
  const program = argv.length ? argv[0] : staticWord('', sc.span);
  return invocation(program.static ? basename(program.value ?? '') : '', program, argv.slice(1), sc.env, sc.redirects, [], sc);
}

/**
 * Every invocation the analyser makes, with every field present in one order (chdir and opaque
 * undefined when unset), so they all share one hidden class; a copy is made here too, not by a
 * spread (a spread makes a class of its own).
 */
export function invocation(name: string, program: Word, args: Word[], env: Invocation['env'], redirects: Invocation['redirects'], via: Invocation['via'], source: SimpleCommand, chdir?: Word, opaque?: Invocation['opaque']): Invocation {
  return { name, program, args, env, redirects, via, source, chdir, opaque };
}

/** A copy of `inv` (change its fields after). */
export function copyInv(inv: Invocation): Invocation {
  return { name: inv.name, program: inv.program, args: inv.args, env: inv.env, redirects: inv.redirects, via: inv.via, source: inv.source, chdir: inv.chdir, opaque: inv.opaque };
}

/** A copy of `inv` with other redirects. */
export function withRedirects(inv: Invocation, redirects: Invocation['redirects']): Invocation {
  const c = copyInv(inv);
  c.redirects = redirects;
  return c;
}

/** A copy of `inv` with other args. */
export function withArgs(inv: Invocation, args: Word[]): Invocation {
  const c = copyInv(inv);
  c.args = args;
  return c;
}

const SYSTEM_DIRS = new Set(['/bin', '/usr/bin', '/usr/local/bin', '/sbin', '/usr/sbin', '/usr/local/sbin', '/opt/homebrew/bin', '/usr/libexec']);

/** A program word that names the real tool: a bare name or a path in a system directory (not `./bash`). */
export function systemProgram(w: Word): boolean {
  if (!w.static) return false;
  const v = w.value ?? '';
  const i = v.lastIndexOf('/');
  if (i < 0) return true;
  return SYSTEM_DIRS.has(v.slice(0, i) || '/');
}
