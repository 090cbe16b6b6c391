// Small helpers for resolved words and synthesized ones.
import type { Span, Word, SimpleCommand, Invocation } from '../types.ts';

export function staticWord(value: string, span: Span): Word {
  return { span, raw: value, static: true, value, approx: value, kinds: [], params: [], quoted: false, substitutions: 0 };
}

/** A word standing for run-time input (stdin items of xargs, a file name from find …). */
export function dynamicWord(approx: string, span: Span): Word {
  return { span, raw: approx, static: false, approx, kinds: ['command'], params: [], quoted: false, substitutions: 0 };
}

/** Static value or undefined. */
export function sv(w: Word | undefined): string | undefined {
  return w && w.static ? w.value : undefined;
}

export function basename(p: string): string {
  let end = p.length;
  while (end > 1 && p.charCodeAt(end - 1) === 47) end--;
  const s = p.slice(0, end);
  const i = s.lastIndexOf('/');
  return i < 0 ? s : s.slice(i + 1);
}

/**
 * Could this word turn into an option (start with `-`) at run time?
 * Static words: only if they start with '-'. Dynamic words: unless a static prefix fixes
 * the first character (`src/*.ts`, `x$y`).
 */
export function mayBeFlag(w: Word): boolean {
  if (w.static) return (w.value ?? '').charCodeAt(0) === 45;
  if (w.braces && w.braces.length) return w.braces.some(mayBeFlag);
  const gp = w.globPrefix;
  if (gp !== undefined && gp.length > 0) return gp.charCodeAt(0) === 45;
  // approx starts with a literal character that bash cannot change
  const c = w.approx.charCodeAt(0);
  if (Number.isNaN(c)) return true;
  if (c === 36 /* $ */ || c === 96 /* ` */ || c === 42 || c === 63 || c === 91 || c === 92 || c === 123 || c === 33 || c === 64 || c === 43)
    return true;
  return c === 45;
}

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
