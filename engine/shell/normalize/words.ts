// Small helpers for resolved words and synthesized ones.
import type { Span, Word, SimpleCommand, Invocation } from '../types.ts';

export function staticWord(value: string, span: Span): Word {
  return { span, raw: value, static: true, value, approx: value, kinds: [], params: [], quoted: false, substitutions: 0 };
}

/** A word standing for run-time input (stdin items of xargs, a file name from find …). */
export function dynamicWord(approx: string, span: Span): Word {
  return { span, raw: approx, static: false, approx, kinds: ['command'], params: [], quoted: false, substitutions: 0 };
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
  return {
    name: program.static ? basename(program.value ?? '') : '',
    program,
    args: argv.slice(1),
    env: sc.env,
    redirects: sc.redirects,
    via: [],
    source: sc,
  };
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
