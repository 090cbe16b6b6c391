// Pass codes (isomorphic: crypto-js only, no Node imports; the site imports this file).
//   code     = "C4-" + 4 groups of 4 Crockford base32 characters (80 bits)
//   bits     = first 80 bits of HMAC-SHA256(key, "gatelab/c4/v1")
//   key      = SHA-256 of the canonical vector of per-case final decisions of the check
//   verifier = SHA-256(salt ‖ chapter ‖ normalised code), what the site stores
import CryptoJS from 'crypto-js';

export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_BITS = 80;

/** `c4`, `C4`, `4` → `c4`. */
export function chapterId(chapter: string | number): string {
  const s = String(chapter).trim().toLowerCase();
  return s.startsWith('c') ? s : `c${s}`;
}

/** The message the HMAC signs for a chapter. */
export function codeMessage(chapter: string | number): string {
  return `gatelab/${chapterId(chapter)}/v1`;
}

/** The canonical vector as one string: one entry per line, in check order. */
export function canonicalVector(entries: readonly string[]): string {
  return entries.join('\n');
}

function base32(bytes: number[]): string {
  let out = '';
  let acc = 0;
  let n = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    n += 8;
    while (n >= 5) {
      out += CROCKFORD[(acc >>> (n - 5)) & 31];
      n -= 5;
    }
    acc &= (1 << n) - 1;
  }
  if (n > 0) out += CROCKFORD[(acc << (5 - n)) & 31];
  return out;
}

function wordBytes(w: CryptoJS.lib.WordArray, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((w.words[i >>> 2]! >>> (24 - (i % 4) * 8)) & 0xff);
  return out;
}

/** The pass code for a chapter, given the canonical decision vector of its check. */
export function passCode(chapter: string | number, vector: readonly string[]): string {
  const key = CryptoJS.SHA256(canonicalVector(vector));
  const mac = CryptoJS.HmacSHA256(codeMessage(chapter), key);
  const body = base32(wordBytes(mac, CODE_BITS / 8));
  const groups = body.match(/.{4}/g) ?? [];
  return [chapterId(chapter).toUpperCase(), ...groups].join('-');
}

// Characters people type for others: O→0, I/L→1 (Crockford), plus Unicode look-alikes.
const CONFUSABLE: Record<string, string> = { O: '0', I: '1', L: '1', 'О': '0', 'І': '1', 'С': 'C', 'Е': 'E', 'А': 'A', 'В': 'B', 'Н': 'H', 'К': 'K', 'М': 'M', 'Р': 'P', 'Т': 'T', 'Х': 'X' };
const DROP = new Set([' ', '-', '_', '\t', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2212', '\u00a0', '.']);

/** Trim, uppercase, drop spaces and dashes, map confusables. The leading chapter tag is kept. */
export function normalizeCode(code: string): string {
  const s = String(code).normalize('NFKC').trim().toUpperCase();
  let out = '';
  for (const ch of s) {
    if (DROP.has(ch)) continue;
    out += CONFUSABLE[ch] ?? ch;
  }
  // The chapter tag is "C<n>"; a mapped C (from Cyrillic) is already C.
  return out;
}

/** SHA-256(salt ‖ chapter ‖ normalised code), hex: what the site stores to check a pasted code. */
export function verifierFor(chapter: string | number, code: string, salt: string): string {
  return CryptoJS.SHA256(salt + chapterId(chapter) + normalizeCode(code)).toString(CryptoJS.enc.Hex);
}

/** Shape check only (not validity): `C<n>-XXXX-XXXX-XXXX-XXXX` after normalisation. */
export function looksLikeCode(code: string): boolean {
  const n = normalizeCode(code);
  const m = /^C(\d{1,2})([0-9A-Z]{16})$/.exec(n);
  return !!m && [...m[2]!].every((ch) => CROCKFORD.includes(ch));
}
