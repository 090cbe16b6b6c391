// Small helpers over resolved words (kept here so engine/programs depends only on shell/types).
import type { Word } from '../shell/types.ts';
import type { ArgFact } from './types.ts';

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

/** `s` as one single-quoted shell word (`'` written as `'\\''`). */
export function shellQuote(s: string): string {
  return "'" + s.split("'").join("'\\''") + "'";
}

const DIR_VARS = ['$HOME', '${HOME}', '$PWD', '${PWD}'];

/**
 * Does the word start with `$HOME` or `$PWD` (`~+` too), as a whole name? Bash keeps both
 * absolute, so the word begins with `/`: never an option. (A command that gives either a value
 * known only at run time asks on its own: pipeline/tools/cwd.ts, dirVarsReassigned.)
 */
export function startsAtDirVar(w: Word): boolean {
  const a = w.approx;
  if (a.charCodeAt(0) !== 36 || !DIR_VARS.some((v) => a.startsWith(v) && (a.length === v.length || a.charCodeAt(v.length) === 47))) return false;
  // As written too: `${HOME/x/-y}` and `${PWD#/}` share the approx, not the first character.
  const r = w.raw.charCodeAt(0) === 34 ? w.raw.slice(1) : w.raw;
  for (const v of [...DIR_VARS, '~+']) {
    if (!r.startsWith(v)) continue;
    const c = r.charCodeAt(v.length);
    if (Number.isNaN(c) || c === 47 || c === 34) return true;
  }
  return false;
}

/** Could this word start with `-` at run time? (A static prefix that fixes the first character says no.) */
export function mayBeFlag(w: Word): boolean {
  if (w.static) return (w.value ?? '').charCodeAt(0) === 45;
  if (w.split) return true;
  if (startsAtDirVar(w)) return false;
  if (w.braces && w.braces.length) return w.braces.some(mayBeFlag);
  const gp = w.globPrefix;
  if (gp !== undefined && gp.length > 0) return gp.charCodeAt(0) === 45;
  const c = w.approx.charCodeAt(0);
  if (Number.isNaN(c)) return true;
  // $ ` * ? [ \ { : the first character is only known at run time; ! @ + only start a pattern before `(`
  if (c === 36 || c === 96 || c === 42 || c === 63 || c === 91 || c === 92 || c === 123) return true;
  if (c === 33 || c === 64 || c === 43) return w.approx.charCodeAt(1) === 40 || w.raw.charCodeAt(0) !== c;
  return c === 45;
}

/** The text a word stands for: its value when static, else its canonical approximation. */
export function textOf(w: Word): string {
  return w.static ? (w.value ?? '') : w.approx;
}

/** A text's words split at blanks as unquoted expansion and xargs split them: space, tab and
 *  newline (IFS), not a carriage return (`fields` splits there too). */
export function blankWords(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const ch of s) {
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (cur) out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/** Split on blanks (space, tab, newline, carriage return) without a regex. */
export function fields(s: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 32;
    const blank = c === 32 || c === 9 || c === 10 || c === 13;
    if (blank) {
      if (start >= 0) out.push(s.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
  }
  return out;
}

/**
 * The value is the arg's text `t` from index k on (`@FILE`, `name=@FILE`): `text` when the word
 * is static, else `approx`, so a dynamic part (`@$HOME/.npmrc`, `@"$(pwd)"/f`) resolves as a path.
 */
export function valueFrom(a: ArgFact, t: string, k: number): void {
  if (a.word.static) a.text = t.slice(k);
  else {
    a.text = undefined;
    a.approx = t.slice(k);
  }
}
