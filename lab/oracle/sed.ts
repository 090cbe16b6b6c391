// Does a sed script only print? The stubs never run sed, so `sed 's/x/y/w out'` shows up as one
// exec of sed: its script must be judged. Writers: the `w`/`W` commands and the `w` flag of `s`;
// code: the `e` command and the `e` flag of `s`. Everything else prints or edits the stream.

const SIMPLE = new Set('=dDgGhHlnNpPxzFqQlL'.split(''));

/** Skip a delimited part (`/re/`, the halves of `s` and `y`); returns the index after the delimiter. */
function skipDelimited(s: string, i: number, d: string): number {
  for (; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === d) return i + 1;
    else if (s[i] === '\n' && d !== '\n') return -1;
  }
  return -1;
}

/** Why this sed script is not print-only (null when it only reads and prints). */
export function sedScriptProblem(s: string): string | null {
  let i = 0;
  while (i < s.length) {
    const ch = s[i]!;
    if (/[\s;{}!,0-9$~+]/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '/' || ch === '\\') {
      // An address regex: /re/ or \cREc, then optional I/M flags.
      const d = ch === '/' ? '/' : s[++i];
      if (d === undefined) return 'an unterminated address';
      i = skipDelimited(s, i + 1, d);
      if (i < 0) return 'an unterminated address';
      while (s[i] === 'I' || s[i] === 'M') i++;
      continue;
    }
    if (ch === '#' || ch === ':' || ch === 'b' || ch === 't' || ch === 'T' || ch === 'r' || ch === 'R' || ch === 'a' || ch === 'i' || ch === 'c' || ch === 'v') {
      // Comments, labels, branches, reads and text: the rest of the line (labels end at ;).
      i++;
      while (i < s.length && s[i] !== '\n' && !(';bTtv:'.includes(ch) && s[i] === ';')) i++;
      continue;
    }
    if (ch === 's' || ch === 'y') {
      const d = s[i + 1];
      if (d === undefined || d === '\n' || d === '\\') return `an unterminated ${ch} command`;
      i = skipDelimited(s, i + 2, d);
      if (i >= 0) i = skipDelimited(s, i, d);
      if (i < 0) return `an unterminated ${ch} command`;
      if (ch === 's') {
        while (i < s.length && /[gpiImM0-9ew]/.test(s[i]!)) {
          if (s[i] === 'w') return 'the s///w flag writes a file';
          if (s[i] === 'e') return 'the s///e flag runs a command';
          i++;
        }
      }
      continue;
    }
    if (ch === 'w' || ch === 'W') return `the ${ch} command writes a file`;
    if (ch === 'e') return 'the e command runs a command';
    if (SIMPLE.has(ch)) {
      i++;
      continue;
    }
    return `an unknown command ${JSON.stringify(ch)}`;
  }
  return null;
}

const SED_FLAGS = new Set(['-n', '-E', '-r', '-s', '-u', '-z', '--quiet', '--silent', '--regexp-extended', '--separate', '--unbuffered', '--null-data', '--posix', '--debug', '--sandbox', '--follow-symlinks']);

/** Why this sed argv is not read-only (null when every script only prints). */
export function sedProblem(argv: string[]): string | null {
  const scripts: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    if (a.startsWith('--')) {
      const key = a.split('=')[0]!;
      if (key === '--in-place') return `${a} edits files in place`;
      if (key === '--file') return `${a} reads the script from a file`;
      if (key === '--expression') {
        const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
        if (v === undefined) return `${a} without a script`;
        scripts.push(v);
      } else if (key === '--line-length') {
        if (!a.includes('=')) i++;
      } else if (!SED_FLAGS.has(a)) return `option ${a}`;
      continue;
    }
    // A bundle of short options; e, f and l take the rest of the word or the next one.
    for (let j = 1; j < a.length; j++) {
      const o = a[j]!;
      if ('nErsuz'.includes(o)) continue;
      if (o === 'i') return `${a} edits files in place`;
      if (o === 'f') return `${a} reads the script from a file`;
      if (o === 'e' || o === 'l') {
        const v = j + 1 < a.length ? a.slice(j + 1) : argv[++i];
        if (v === undefined) return `${a} without its value`;
        if (o === 'e') scripts.push(v);
        break;
      }
      return `option -${o}`;
    }
  }
  if (scripts.length === 0) {
    const s = argv[i];
    if (s === undefined) return 'no script';
    scripts.push(s);
  }
  for (const s of scripts) {
    const why = sedScriptProblem(s);
    if (why) return `script ${JSON.stringify(s)}: ${why}`;
  }
  return null;
}
