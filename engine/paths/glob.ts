// One path segment as a glob: literal characters, `?` (one character), `*` (any run) and
// `[…]` classes. Used two ways: a table pattern against a literal name, and a table pattern
// against a glob the shell will expand (can any name match both?). Both sides are lower case.

/** A token: a literal character, ANY (one character), STAR (any run) or a class. */
export type Tok = string | typeof ANY | typeof STAR | CharClass;
export const ANY = 0;
export const STAR = 1;
export interface CharClass {
  negate: boolean;
  /** Characters and ranges, e.g. 'a-z0-9_'. Over-approximated: classes intersect other classes. */
  set: string;
}

/** Does the text hold glob characters that bash would expand? */
export function hasGlob(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 42 || c === 63 || c === 91) return true; // * ? [
  }
  return false;
}

/**
 * Tokenise a segment. `\x` is a literal x (the shell's approx escapes quoted glob characters).
 * Extglob groups (`@(…)`, `!(…)`, `+(…)`, `*(…)`, `?(…)`) become STAR: they can match any run.
 */
export function tokenize(s: string): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length) {
      out.push(s[++i]!);
    } else if ((c === '@' || c === '!' || c === '+' || c === '*' || c === '?') && s[i + 1] === '(') {
      const close = s.indexOf(')', i + 2);
      out.push(STAR);
      i = close < 0 ? s.length : close;
    } else if (c === '*') {
      if (out[out.length - 1] !== STAR) out.push(STAR);
    } else if (c === '?') out.push(ANY);
    else if (c === '[') {
      let j = i + 1;
      let negate = false;
      if (s[j] === '!' || s[j] === '^') {
        negate = true;
        j++;
      }
      if (s[j] === ']') j++; // a leading ] is literal
      const close = s.indexOf(']', j);
      if (close < 0) out.push('[');
      else {
        out.push({ negate, set: s.slice(negate ? i + 2 : i + 1, close) });
        i = close;
      }
    } else out.push(c);
  }
  return out;
}

function inClass(k: CharClass, c: string): boolean {
  const s = k.set;
  let hit = false;
  for (let i = 0; i < s.length; i++) {
    if (s[i + 1] === '-' && i + 2 < s.length) {
      if (c >= s[i]! && c <= s[i + 2]!) hit = true;
      i += 2;
    } else if (s[i] === c) hit = true;
  }
  return hit !== k.negate;
}

/** Can one character satisfy both single-character tokens? (classes against classes: yes) */
function oneMeets(a: Tok, b: Tok): boolean {
  if (a === ANY || b === ANY) return true;
  if (typeof a === 'string') return typeof b === 'string' ? a === b : inClass(b as CharClass, a);
  if (typeof b === 'string') return inClass(a as CharClass, b);
  return true;
}

/** Does the literal name match the tokens? (iterative, with one backtrack point per star) */
export function matchTokens(t: readonly Tok[], name: string): boolean {
  let i = 0;
  let j = 0;
  let starI = -1;
  let starJ = 0;
  while (j < name.length) {
    const k = t[i];
    if (k === STAR) {
      starI = i++;
      starJ = j;
    } else if (k !== undefined && oneMeets(k, name[j]!)) {
      i++;
      j++;
    } else if (starI >= 0) {
      i = starI + 1;
      j = ++starJ;
    } else return false;
  }
  while (t[i] === STAR) i++;
  return i === t.length;
}

/** Is there a name that matches both token lists? */
export function tokensMeet(a: readonly Tok[], b: readonly Tok[]): boolean {
  const n = a.length;
  const m = b.length;
  // A lone star matches every name, and every token list matches some name.
  if ((n === 1 && a[0] === STAR) || (m === 1 && b[0] === STAR)) return true;
  // Cheap rejections: different literal first or last characters.
  if (n > 0 && m > 0) {
    const a0 = a[0];
    const b0 = b[0];
    if (typeof a0 === 'string' && typeof b0 === 'string' && a0 !== b0) return false;
    const a1 = a[n - 1];
    const b1 = b[m - 1];
    if (typeof a1 === 'string' && typeof b1 === 'string' && a1 !== b1) return false;
  }
  const size = (n + 1) * (m + 1);
  if (seen.length < size) seen = new Uint8Array(Math.max(size, 2 * seen.length));
  else seen.fill(0, 0, size);
  return meet(a, b, 0, 0, n, m);
}

/** Visited states of the current tokensMeet (1: no common name from there), reused across calls. */
let seen = new Uint8Array(256);

function meet(a: readonly Tok[], b: readonly Tok[], i: number, j: number, n: number, m: number): boolean {
  if (i === n && j === m) return true;
  const key = i * (m + 1) + j;
  if (seen[key]) return false;
  seen[key] = 1;
  const x = a[i];
  const y = b[j];
  if (x === STAR) {
    if (meet(a, b, i + 1, j, n, m)) return true;
    if (j < m) return meet(a, b, i, j + 1, n, m) || (y !== STAR && meet(a, b, i + 1, j + 1, n, m));
    return false;
  }
  if (y === STAR) {
    if (meet(a, b, i, j + 1, n, m)) return true;
    return i < n && meet(a, b, i + 1, j, n, m);
  }
  if (x === undefined || y === undefined) return false;
  return oneMeets(x, y) && meet(a, b, i + 1, j + 1, n, m);
}
