// What a print-only command writes to stdout, when every word of it is static: echo, printf with
// a plain format, cat of a here-document or here-string. null when it cannot be known.
import type { Extraction, Redirect, SimpleCommand, Word } from './types.ts';

/** printf's plain formats that print each argument followed by a separator. */
const EACH: Record<string, string> = { '%s': '', '%s\n': '\n', '%s\\n': '\n', '%s\\0': '\0', '%s ': ' ' };

function echoText(vals: string[]): string | null {
  let i = 0;
  let nl = true;
  let e = false;
  while (i < vals.length && (vals[i] === '-n' || vals[i] === '-E' || vals[i] === '-e')) {
    if (vals[i] === '-n') nl = false;
    else e = vals[i] === '-e';
    i++;
  }
  const text = vals.slice(i).join(' ');
  if (!e || !text.includes('\\')) return text + (nl ? '\n' : '');
  const out = unescape(text, true);
  return out === null ? null : out.text + (nl && !out.stopped ? '\n' : '');
}

const SIMPLE_ESC: Record<string, string> = { a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"', "'": "'", '?': '?' };

function digits(s: string, i: number, max: number, base: number): string {
  let k = i;
  while (k < s.length && k - i < max && !Number.isNaN(parseInt(s[k]!, base))) k++;
  return s.slice(i, k);
}

/**
 * Backslash escapes as printf's format (and echo -e) expands them: \n \t …, \NNN octal (echo:
 * \0NNN), \xHH, \uHHHH, \UHHHHHHHH, and echo's \c, which ends the output. null for a form this
 * does not know.
 */
function unescape(s: string, echo: boolean): { text: string; stopped: boolean } | null {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\' || i + 1 >= s.length) {
      out += c;
      continue;
    }
    const n = s[++i]!;
    if (SIMPLE_ESC[n] !== undefined && !(echo && (n === '"' || n === "'" || n === '?'))) out += SIMPLE_ESC[n];
    else if (echo && n === 'c') return { text: out, stopped: true };
    else if (n === 'x' || n === 'u' || n === 'U') {
      const d = digits(s, i + 1, n === 'x' ? 2 : n === 'u' ? 4 : 8, 16);
      if (!d) return null;
      out += String.fromCodePoint(parseInt(d, 16));
      i += d.length;
    } else if (n >= '0' && n <= '7') {
      // printf: \NNN (up to three digits); echo -e: \0NNN (the 0, then up to three)
      const from = echo ? (n === '0' ? i + 1 : -1) : i;
      if (from < 0) return null;
      const d = digits(s, from, 3, 8);
      out += String.fromCharCode(d ? parseInt(d, 8) & 255 : 0);
      i = from + d.length - 1;
    } else return null;
  }
  return { text: out, stopped: false };
}

function printfText(vals: string[]): string | null {
  const fmt = vals[0];
  if (fmt === undefined || fmt.startsWith('-')) return null;
  const sep = EACH[fmt];
  if (sep !== undefined) return vals.length > 1 ? vals.slice(1).map((v) => v + sep).join('') : sep;
  if (fmt.includes('%') || vals.length > 1) return null;
  const out = unescape(fmt, false);
  return out === null ? null : out.text;
}

/** The exact text `argv` (with its redirects) prints, or null. */
export function staticOutput(argv: Word[], redirects: Redirect[]): string | null {
  if (!argv.length || !argv.every((w) => w.static)) return null;
  const name = argv[0].value;
  const vals = argv.slice(1).map((w) => w.value ?? '');
  if (name === 'echo') return echoText(vals);
  if (name === 'printf') return printfText(vals);
  if (name === 'cat' && vals.length === 0) {
    const h = hereInput(redirects);
    if (h && h.word.static) return (h.word.value ?? '') + (h.herestring ? '\n' : '');
  }
  return null;
}

/** The first here-document or here-string on stdin: its word (a here-string adds a newline). */
export function hereInput(redirects: Redirect[]): { word: Word; herestring: boolean } | null {
  for (const r of redirects) {
    if (r.fd !== null && r.fd !== 0) continue;
    if (r.op === '<<<') return { word: r.target, herestring: true };
    if ((r.op === '<<' || r.op === '<<-') && r.heredoc) return { word: r.heredoc.word, herestring: false };
  }
  return null;
}

/** The commands of the pipeline stage that writes into `sc`'s stdin (none for the first stage). */
export function feedingStage(ex: Extraction, sc: SimpleCommand): SimpleCommand[] {
  const p = sc.pipe;
  if (!p || p.index === 0) return [];
  return ex.commands.filter((c) => c.pipe !== undefined && c.pipe.id === p.id && c.pipe.index === p.index - 1);
}

/**
 * The exact text a pipe stage writes, following pure filters back through the pipe:
 * `echo … | base64 -d`, `rev <<< …`, `xxd -r -p`, `tr a-z n-za-m`, `cat`. null when unknown.
 */
export function stageOutput(ex: Extraction, sc: SimpleCommand, depth = 0): string | null {
  const own = staticOutput(sc.argv, sc.redirects);
  if (own !== null || depth > 8 || !sc.argv.length || !sc.argv.every((w) => w.static)) return own;
  const vals = sc.argv.map((w) => w.value ?? '');
  if (FILTERS[vals[0]!] === undefined) return null;
  const h = hereInput(sc.redirects);
  let input: string | null;
  if (h) input = h.word.static ? (h.word.value ?? '') + (h.herestring ? '\n' : '') : null;
  else if (sc.redirects.some((r) => r.fd === null || r.fd === 0)) input = null;
  else {
    const prev = feedingStage(ex, sc);
    input = prev.length === 1 ? stageOutput(ex, prev[0]!, depth + 1) : null;
  }
  return input === null ? null : filterText(vals, input);
}

/** What a pure filter (`base64 -d`, `rev`, `xxd -r -p`, `tr`, `cat`) makes of an input, or null. */
export function filterText(argv: readonly string[], input: string): string | null {
  const f = FILTERS[argv[0] ?? ''];
  const apply = f ? f(argv.slice(1)) : null;
  return apply ? apply(input) : null;
}

type Filter = (args: string[]) => ((input: string) => string | null) | null;

const FILTERS: Record<string, Filter> = {
  cat: (a) => (a.length === 0 ? (t) => t : null),
  base64: (a) => (a.length > 0 && a.every((x) => x === '-d' || x === '--decode' || x === '-D' || x === '-i' || x === '--ignore-garbage' || x === '-di') ? base64Decode : null),
  // openssl base64 -d, openssl enc -d -base64 (-a, -A), basenc --base64 -d: the same decoding
  openssl: (a) => {
    const rest = a[0] === 'base64' ? a.slice(1) : a[0] === 'enc' && (a.includes('-base64') || a.includes('-a')) ? a.slice(1).filter((x) => x !== '-base64' && x !== '-a') : null;
    return rest !== null && rest.includes('-d') && rest.every((x) => x === '-d' || x === '-A') ? base64Decode : null;
  },
  basenc: (a) => (a.includes('--base64') && a.every((x) => x === '--base64' || x === '-d' || x === '--decode' || x === '-i' || x === '--ignore-garbage') && (a.includes('-d') || a.includes('--decode')) ? base64Decode : null),
  rev: (a) => (a.length === 0 ? (t) => t.split('\n').map((l) => [...l].reverse().join('')).join('\n') : null),
  xxd: (a) => {
    const flags = a.join('').split('').filter((c) => c !== '-');
    return a.every((x) => x.startsWith('-')) && flags.includes('r') && flags.includes('p') && flags.every((c) => c === 'r' || c === 'p') ? hexDecode : null;
  },
  tr: (a) => {
    if (a.length !== 2 || a[0]!.startsWith('-')) return null;
    const from = trSet(a[0]!);
    const to = trSet(a[1]!);
    if (!from || !to || !to.length) return null;
    const map = new Map<string, string>();
    from.forEach((c, i) => map.set(c, to[Math.min(i, to.length - 1)]!));
    return (t) => [...t].map((c) => map.get(c) ?? c).join('');
  },
};

/** A tr set of plain characters and a-z ranges (no classes, escapes or repeats). */
function trSet(s: string): string[] | null {
  const out: string[] = [];
  const cs = [...s];
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!;
    if (c === '\\' || c === '[') return null;
    if (cs[i + 1] === '-' && i + 2 < cs.length) {
      const a = c.codePointAt(0)!;
      const b = cs[i + 2]!.codePointAt(0)!;
      if (b < a || b - a > 256) return null;
      for (let k = a; k <= b; k++) out.push(String.fromCodePoint(k));
      i += 2;
    } else out.push(c);
  }
  return out;
}

/** A base64 digit's value by character code (-1: not a digit, -2: skipped: padding and blanks). */
const B64 = new Int8Array(128).fill(-1);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach((c, i) => (B64[c.charCodeAt(0)] = i));
for (const c of '=\n\r \t') B64[c.charCodeAt(0)] = -2;

function base64Decode(t: string): string | null {
  const bytes = new Uint8Array(Math.ceil((t.length * 3) / 4));
  let n = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    const v = c < 128 ? B64[c]! : -1;
    if (v === -2) continue;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[n++] = (acc >> bits) & 255;
    }
  }
  return utf8(bytes.subarray(0, n));
}

function hexDecode(t: string): string | null {
  const bytes = new Uint8Array(t.length >> 1);
  let n = 0;
  let hi = -1;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) continue;
    const v = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
    if (v < 0) return null;
    if (hi < 0) hi = v;
    else {
      bytes[n++] = (hi << 4) | v;
      hi = -1;
    }
  }
  return hi < 0 ? utf8(bytes.subarray(0, n)) : null;
}

/** Bytes as text, or null when they are not valid UTF-8 (a binary payload stays unknown). */
const UTF8 = new TextDecoder('utf-8', { fatal: true });
function utf8(bytes: Uint8Array): string | null {
  try {
    return UTF8.decode(bytes);
  } catch {
    return null;
  }
}

/** A prompt string after its backslash escapes are decoded (`\044` and `\$` are `$`, `\140` a backquote), before bash expands it. */
export function promptText(v: string): string {
  return v.replace(/\\([0-7]{1,3}|\$|\\)/g, (_, e: string) => (e === '$' ? '$' : e === '\\' ? '\\' : String.fromCharCode(parseInt(e, 8))));
}
