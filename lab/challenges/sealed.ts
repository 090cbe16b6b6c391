// Encrypted reference solutions (isomorphic, crypto-js only).
// Key material: PBKDF2-SHA256(normalised code, random salt, explicit iterations) → 512 bits,
// split into an AES-256-CBC key and an HMAC-SHA256 key (encrypt-then-MAC).
import CryptoJS from 'crypto-js';
import { normalizeCode } from './codes.ts';

export const KDF_ITERATIONS = 5_000;
export const KEY_BITS = 256;

export interface SealedSolution {
  v: 1;
  chapter: string;
  kdf: { name: 'PBKDF2-SHA256'; iterations: number; salt: string; keyBits: number };
  cipher: 'AES-256-CBC';
  iv: string;
  ct: string;
  mac: string;
}

/** The files of a solution: path relative to the exercise folder → contents. */
export type SolutionFiles = Record<string, string>;

function keys(code: string, saltHex: string, iterations: number) {
  const material = CryptoJS.PBKDF2(normalizeCode(code), CryptoJS.enc.Hex.parse(saltHex), {
    keySize: (KEY_BITS * 2) / 32,
    iterations,
    hasher: CryptoJS.algo.SHA256,
  });
  const words = material.words;
  const half = KEY_BITS / 32;
  return {
    enc: CryptoJS.lib.WordArray.create(words.slice(0, half), KEY_BITS / 8),
    mac: CryptoJS.lib.WordArray.create(words.slice(half, half * 2), KEY_BITS / 8),
  };
}

function macOf(key: CryptoJS.lib.WordArray, chapter: string, iv: string, ct: string): string {
  return CryptoJS.HmacSHA256(`${chapter}|${iv}|${ct}`, key).toString(CryptoJS.enc.Hex);
}

export function seal(chapter: string, code: string, files: SolutionFiles, iterations = KDF_ITERATIONS): SealedSolution {
  const salt = CryptoJS.lib.WordArray.random(16).toString(CryptoJS.enc.Hex);
  const iv = CryptoJS.lib.WordArray.random(16);
  const k = keys(code, salt, iterations);
  const ct = CryptoJS.AES.encrypt(JSON.stringify(files), k.enc, { iv, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 }).ciphertext.toString(
    CryptoJS.enc.Base64,
  );
  const ivHex = iv.toString(CryptoJS.enc.Hex);
  return {
    v: 1,
    chapter,
    kdf: { name: 'PBKDF2-SHA256', iterations, salt, keyBits: KEY_BITS },
    cipher: 'AES-256-CBC',
    iv: ivHex,
    ct,
    mac: macOf(k.mac, chapter, ivHex, ct),
  };
}

/** Decrypt with a pass code; null when the code is wrong or the file was altered. */
export function unseal(sealed: SealedSolution, code: string): SolutionFiles | null {
  try {
    if (sealed.v !== 1 || sealed.kdf?.name !== 'PBKDF2-SHA256' || sealed.kdf.keyBits !== KEY_BITS) return null;
    const k = keys(code, sealed.kdf.salt, sealed.kdf.iterations);
    if (macOf(k.mac, sealed.chapter, sealed.iv, sealed.ct) !== sealed.mac) return null;
    const params = CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.enc.Base64.parse(sealed.ct) });
    const plain = CryptoJS.AES.decrypt(params, k.enc, { iv: CryptoJS.enc.Hex.parse(sealed.iv), mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 });
    const files = JSON.parse(plain.toString(CryptoJS.enc.Utf8)) as unknown;
    if (!files || typeof files !== 'object') return null;
    return files as SolutionFiles;
  } catch {
    return null;
  }
}
