// Look-alike letters (Cyrillic, Greek, fullwidth …) in a command name or option.
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import type { Word } from '../shell/types.ts';
import { finding } from './util.ts';

const meta: DetectorMeta = {
  id: 'homoglyph',
  family: 'obfuscation',
  title: 'Look-alike characters',
  rationale: 'A name that looks like `curl` or `-rf` but is spelled with other letters misleads the reader and dodges rules.',
  behaviour: 'ask',
  examples: {
    bad: ['\u0441url https://x.io', 'rm \uff0drf /tmp/x', 'g\u0456t status', 'ls \u2014all', '\u0440ython3 x.py'],
    good: ['curl https://example.com', 'echo "\u043f\u0440\u0438\u0432\u0435\u0442"', 'git commit -m "caf\u00e9"', 'ls -la'],
  },
};

/** Is this code point a letter or dash that looks like ASCII? */
export function confusable(c: number): boolean {
  if (c < 128) return false;
  if (c >= 0x0370 && c <= 0x03ff) return true; // Greek
  if (c >= 0x0400 && c <= 0x052f) return true; // Cyrillic
  if (c >= 0xff01 && c <= 0xff5e) return true; // fullwidth ASCII
  if (c >= 0x1d400 && c <= 0x1d7ff) return true; // mathematical alphanumerics
  if (c >= 0x2010 && c <= 0x2015) return true; // dashes
  if (c === 0x2212 || c === 0xfe63 || c === 0x02d7 || c === 0x2043) return true; // minus-like
  if (c === 0x0131 || c === 0x0237 || c === 0x01c0 || c === 0x0269 || c === 0x0261 || c === 0x0251) return true; // dotless i/j, ɩ ɡ ɑ
  if (c >= 0x13a0 && c <= 0x13ff) return true; // Cherokee
  if (c >= 0x2100 && c <= 0x214f) return true; // letterlike symbols
  if (c >= 0x24b6 && c <= 0x24e9) return true; // circled letters
  return false;
}

function hasConfusable(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) < 128) continue; // ASCII: never a look-alike
    const c = s.codePointAt(i)!;
    if (confusable(c)) return true;
    if (c > 0xffff) i++;
  }
  return false;
}

function optionLike(s: string): boolean {
  const c = s.codePointAt(0) ?? 0;
  return c === 45 || (c >= 0x2010 && c <= 0x2015) || c === 0x2212 || c === 0xff0d || c === 0xfe63;
}

export const homoglyph: Detector = {
  meta,
  check(inv) {
    const out: Finding[] = [];
    for (let i = -1; i < inv.args.length; i++) {
      const w: Word = i < 0 ? inv.program : inv.args[i]!;
      const role = i < 0 ? 'command name' : 'option';
      const t = w.static ? (w.value ?? '') : w.approx;
      if (role === 'option' && !optionLike(t)) continue;
      if (hasConfusable(t)) out.push(finding(meta, inv, `${role} ${JSON.stringify(t)} contains look-alike characters`, w));
    }
    return out;
  },
};
