// Opening a sealed chapter with the browser's own primitives (WebCrypto): PBKDF2-SHA256 with the
// sealed file's salt and iteration count → 512 bits, split into the AES-256-CBC key and the
// HMAC-SHA256 key, exactly as lab/challenges/sealed.ts derives them with crypto-js. The
// derivation runs natively and off the page's script, so an unlocked chapter appears without the
// locked box first. Where WebCrypto is missing (an insecure origin), crypto-js does the same work.
import { normalizeCode } from '../../../lab/challenges/codes.ts';
import type { SealedSolution } from '../../../lab/challenges/sealed.ts';
import { openSealed } from './unlock.ts';

const hex = (s: string) => Uint8Array.from(s.match(/../g) ?? [], (h) => parseInt(h, 16));
const toHex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, '0')).join('');
const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** The chapter body for `code`, or null when the code is wrong or the file was altered. */
export async function openSealedAsync(sealed: SealedSolution, code: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return openSealed(sealed, code);
  try {
    if (sealed.v !== 1 || sealed.kdf?.name !== 'PBKDF2-SHA256' || sealed.kdf.keyBits !== 256) return null;
    const enc = new TextEncoder();
    const base = await subtle.importKey('raw', enc.encode(normalizeCode(code)), 'PBKDF2', false, ['deriveBits']);
    const bits = new Uint8Array(await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: hex(sealed.kdf.salt), iterations: sealed.kdf.iterations }, base, 512));
    const macKey = await subtle.importKey('raw', bits.slice(32, 64), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = toHex(await subtle.sign('HMAC', macKey, enc.encode(`${sealed.chapter}|${sealed.iv}|${sealed.ct}`)));
    if (mac !== sealed.mac) return null;
    const aes = await subtle.importKey('raw', bits.slice(0, 32), 'AES-CBC', false, ['decrypt']);
    const plain = await subtle.decrypt({ name: 'AES-CBC', iv: hex(sealed.iv) }, aes, b64(sealed.ct));
    const files = JSON.parse(new TextDecoder().decode(plain)) as Record<string, string> | null;
    return files && typeof files === 'object' ? files['body.html'] ?? null : null;
  } catch {
    return null;
  }
}
