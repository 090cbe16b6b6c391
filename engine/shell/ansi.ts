// ANSI-C quoting: decoding the inside of $'…' the way bash does.
const BS = 92, QM = 63, ZERO = 48, NINE = 57;

function hexVal(c: number): number {
  if (c >= ZERO && c <= NINE) return c - ZERO;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** Decode the inside of $'…' (all ANSI-C escapes). A NUL ends the string, as in bash. */
export function decodeAnsi(s: string): string {
  let out = '';
  let i = 0;
  let lit = 0;
  const n = s.length;
  while (i < n) {
    if (s.charCodeAt(i) !== BS || i + 1 >= n) {
      i++;
      continue;
    }
    out += s.slice(lit, i);
    const e = s[i + 1]!;
    i += 2;
    let code = -1;
    switch (e) {
      case 'a': code = 7; break;
      case 'b': code = 8; break;
      case 'e': case 'E': code = 27; break;
      case 'f': code = 12; break;
      case 'n': code = 10; break;
      case 'r': code = 13; break;
      case 't': code = 9; break;
      case 'v': code = 11; break;
      case '\\': case "'": case '"': case '?': code = e.charCodeAt(0); break;
      case 'x': case 'u': case 'U': {
        const max = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        let v = 0;
        let k = 0;
        while (k < max && i < n) {
          const h = hexVal(s.charCodeAt(i));
          if (h < 0) break;
          v = v * 16 + h;
          i++;
          k++;
        }
        if (k === 0) {
          out += '\\' + e;
          lit = i;
          continue;
        }
        code = v > 0x10ffff ? 0xfffd : v;
        break;
      }
      case 'c': {
        if (i < n) {
          const x = s.charCodeAt(i);
          i += x === BS && s.charCodeAt(i + 1) === BS ? 2 : 1; // \c\\ is one control character
          code = x === QM ? 127 : x & 0x1f;
        } else {
          out += '\\c';
          lit = i;
          continue;
        }
        break;
      }
      default: {
        const d = e.charCodeAt(0);
        if (d >= ZERO && d <= 55) {
          let v = d - ZERO;
          let k = 1;
          while (k < 3 && i < n) {
            const o = s.charCodeAt(i);
            if (o < ZERO || o > 55) break;
            v = v * 8 + (o - ZERO);
            i++;
            k++;
          }
          code = v & 0xff;
        } else {
          out += '\\' + e;
          lit = i;
          continue;
        }
      }
    }
    if (code === 0) return out;
    out += String.fromCodePoint(code);
    lit = i;
  }
  return out + s.slice(lit);
}
