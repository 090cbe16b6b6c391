// A small awk scanner: does a program only compute and print to stdout?
// Effects: system(), pipes to or from a command (`print | "cmd"`, `"cmd" | getline`, `|&`),
// print/printf redirected to a file (`>`, `>>`), getline from a file, @load / @include.
// Anything it cannot follow counts as an effect (fail closed).

const STD = ['"/dev/stderr"', '"/dev/stdout"'];

function ident(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_';
}

/** True when the awk program text provably has no effect beyond reading its input and printing. */
export function awkHarmless(src: string): boolean {
  return awkScan(src).harmless;
}

/** The files `print > "F"` / `printf … >> "F"` write when F is a string literal (an effect with a path). */
export function awkWrites(src: string): { path: string; append: boolean }[] {
  return awkScan(src).writes;
}

/** Both at once: harmless (awkHarmless) and the files it writes (awkWrites). */
export function awkScan(src: string): { harmless: boolean; writes: { path: string; append: boolean }[] } {
  const writes: { path: string; append: boolean }[] = [];
  let harmless = true;
  const no = () => ({ harmless: false, writes });
  let inPrint = false;
  let depth = 0; // parentheses since the print keyword
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    const e = skipInert(src, i);
    if (e < 0) return no();
    if (e > i) {
      i = e;
      continue;
    }
    if (c === '@') return no(); // @load, @include, @namespace …
    if (ident(c)) {
      let j = i;
      while (j < src.length && ident(src[j])) j++;
      const word = src.slice(i, j);
      if (word === 'system' || word === 'getline' || word === 'ENVIRON' && /*writes*/ assignsAfter(src, j)) return no();
      if (word === 'print' || word === 'printf') {
        inPrint = true;
        depth = 0;
      }
      i = j;
      continue;
    }
    if (c === '|') {
      if (src[i + 1] === '|') {
        i += 2;
        continue;
      }
      return no();
    }
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '>' && inPrint && depth <= 0) {
      // print > "/dev/stderr" (or stdout) writes no file
      let k = i + 1;
      if (src[k] === '>') k++;
      while (src[k] === ' ' || src[k] === '\t') k++;
      const std = STD.find((t) => src.startsWith(t, k));
      if (!std) {
        harmless = false;
        const lit = literal(src, k);
        if (lit === null) return no();
        writes.push({ path: lit.text, append: src[i + 1] === '>' });
        i = lit.end;
        continue;
      }
      i = k + std.length;
      continue;
    }
    else if (c === ';' || c === '\n' || c === '{' || c === '}') inPrint = false;
    i++;
  }
  return { harmless, writes };
}

/**
 * Where a string, a regex literal (`/a|b/` holds no pipe) or a comment that starts at i ends (the
 * index after it); i when none starts there; -1 for a string or regex left open.
 */
function skipInert(src: string, i: number): number {
  const c = src[i];
  if (c === '"') {
    let k = i + 1;
    while (k < src.length && src[k] !== '"') k += src[k] === '\\' ? 2 : 1;
    return k >= src.length ? -1 : k + 1;
  }
  if (c === '/' && regexAllowed(src, i)) {
    let k = i + 1;
    while (k < src.length && src[k] !== '/' && src[k] !== '\n') k += src[k] === '\\' ? 2 : 1;
    return src[k] !== '/' ? -1 : k + 1;
  }
  if (c === '#') {
    let k = i;
    while (k < src.length && src[k] !== '\n') k++;
    return k;
  }
  return i;
}

/** A plain string literal at k ("…" with no escapes) and where it ends, or null. */
function literal(src: string, k: number): { text: string; end: number } | null {
  if (src[k] !== '"') return null;
  const end = src.indexOf('"', k + 1);
  if (end < 0) return null;
  const text = src.slice(k + 1, end);
  return text.includes('\\') || !text.length ? null : { text, end: end + 1 };
}

/** Where a `/` starts a regex rather than a division: after nothing, an operator or an opening. */
function regexAllowed(src: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && (src[k] === ' ' || src[k] === '\t')) k--;
  if (k < 0) return true;
  return '{;(,!~&|\n'.includes(src[k]);
}

/** `ENVIRON[...] = …`: a write to the environment of commands the program runs. */
function assignsAfter(src: string, j: number): boolean {
  let k = j;
  while (k < src.length && src[k] === ' ') k++;
  if (src[k] !== '[') return false;
  let d = 0;
  for (; k < src.length; k++) {
    if (src[k] === '[') d++;
    else if (src[k] === ']' && --d === 0) break;
  }
  k++;
  while (k < src.length && src[k] === ' ') k++;
  return src[k] === '=' && src[k + 1] !== '=';
}

/** Programs that run the text they are given on stdin, or as a word, as code. */
const RUNS_TEXT = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'busybox', 'python', 'python3', 'perl', 'ruby', 'node', 'php', 'lua', 'tclsh', 'xargs', 'eval', 'source', 'at', 'batch', 'crontab']);

/**
 * Does the program run text from its input as commands: system() of anything but one string
 * literal, printing into a shell or into a computed command, or reading a computed command with
 * getline (`{system($0)}`, `{print | "sh"}`, `{cmd = $1; cmd | getline}`)? Unclear text counts.
 */
export function awkRunsInput(src: string): boolean {
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    const e = skipInert(src, i);
    if (e < 0) return true;
    if (e > i) {
      i = e;
      continue;
    }
    if (ident(c) && !(i > 0 && ident(src[i - 1]!))) {
      let j = i;
      while (j < src.length && ident(src[j]!)) j++;
      if (src.slice(i, j) === 'system' && !fixedCall(src, j)) return true;
      i = j;
      continue;
    }
    if (c === '|' && src[i + 1] === '|') {
      i += 2;
      continue;
    }
    if (c === '|') {
      let k = i + 1;
      if (src[k] === '&') k++;
      while (src[k] === ' ' || src[k] === '\t') k++;
      if (src.startsWith('getline', k)) {
        // "cmd" | getline: the command is the literal before the bar
        let b = i - 1;
        while (b >= 0 && (src[b] === ' ' || src[b] === '\t')) b--;
        if (src[b] !== '"') return true;
      } else {
        const lit = literal(src, k);
        if (lit === null || namesRunner(lit.text)) return true;
      }
    }
    i++;
  }
  return false;
}

/** `( "literal" )` after a call name at j: the call runs a fixed command that reads no code. */
function fixedCall(src: string, j: number): boolean {
  let k = j;
  while (src[k] === ' ' || src[k] === '\t') k++;
  if (src[k] !== '(') return false;
  k++;
  while (src[k] === ' ' || src[k] === '\t') k++;
  const lit = literal(src, k);
  if (lit === null) return false;
  k = lit.end;
  while (src[k] === ' ' || src[k] === '\t') k++;
  // (a shell started by system() reads the program's own stdin)
  return src[k] === ')' && !namesRunner(lit.text);
}

/** Does a command line name a program that runs text as code (`sh`, `/bin/bash -s`, `xargs sh`)? */
function namesRunner(line: string): boolean {
  return line.split(' ').some((w) => RUNS_TEXT.has(w.slice(w.lastIndexOf('/') + 1)));
}
