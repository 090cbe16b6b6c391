// Control, bidi, zero-width and odd whitespace characters anywhere in the command.
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';

const meta: DetectorMeta = {
  id: 'hidden-characters',
  family: 'obfuscation',
  title: 'Hidden or invisible characters',
  rationale: 'Invisible and control characters make the command a human approves differ from the one that runs.',
  behaviour: 'ask',
  examples: {
    bad: ['echo safe\u202e; rm -rf x', 'ls\u200b -la', 'TZ=UTC\recho hi', 'echo\u00a0hi', 'printf "\u001b[2Jhi"'],
    good: ['ls -la', 'echo "tab\there"', 'echo héllo', 'printf "%s\\n" a b'],
  },
};

/** Why a code point is hidden, or null. */
export function hiddenKind(c: number): string | null {
  if (c === 9 || c === 10) return null;
  if (c < 32 || c === 127) return c === 13 ? 'carriage return' : c === 27 ? 'escape sequence' : c === 0 ? 'NUL' : 'control character';
  if (c < 128) return null;
  if (c >= 0x80 && c <= 0x9f) return 'C1 control character';
  if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c === 0x200e || c === 0x200f || c === 0x061c) return 'bidi control';
  if ((c >= 0x200b && c <= 0x200d) || c === 0x2060 || c === 0xfeff || c === 0x180e || c === 0x00ad || c === 0x034f || (c >= 0x2061 && c <= 0x2064)) return 'zero-width character';
  if (c === 0xa0 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0x1680 || c === 0x2028 || c === 0x2029 || c === 0x85) return 'non-ASCII whitespace';
  if ((c >= 0xe0000 && c <= 0xe007f) || (c >= 0xfe00 && c <= 0xfe0f)) return 'invisible tag or selector';
  return null;
}

/**
 * The first code unit of every code point hiddenKind names (U+E0000–E007F start with U+DB40), and
 * no low surrogate: a match is always where a code point starts. One native scan finds the next
 * candidate (most commands hold none); hiddenKind then judges it.
 */
const CANDIDATE = /[\x00-\x08\x0b-\x1f\x7f-\xa0\xad\u034f\u061c\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u2069\u3000\ufe00-\ufe0f\ufeff\udb40]/g;

export const hiddenCharacters: Detector = {
  meta,
  concerns: { programs: [] },
  check() {
    return [];
  },
  checkSource(source) {
    const out: Finding[] = [];
    CANDIDATE.lastIndex = 0;
    while (CANDIDATE.test(source)) {
      const i = CANDIDATE.lastIndex - 1;
      const c = source.codePointAt(i)!;
      const kind = hiddenKind(c);
      if (kind) {
        out.push({ detector: meta.id, family: meta.family, behavior: 'ask', message: `${kind} U+${c.toString(16).toUpperCase().padStart(4, '0')} at offset ${i}`, span: { start: i, end: i + (c > 0xffff ? 2 : 1) } });
        if (out.length >= 5) break;
      }
    }
    return out;
  },
};
