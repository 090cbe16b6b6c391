import { describe, expect, it } from 'vitest';
import { staysOneWord, readsPathLists, operandsAreData } from '../../engine/pipeline/readonly/words.ts';

describe('staysOneWord: bash keeps the word one word (no split, no glob)', () => {
  it('every expansion inside double quotes', () => {
    for (const raw of ['"$(pwd)"', '"$x"', '"src/$f"', '~/"$f"', '"$(git config "user.name")"', '"$(( $(wc -l < a) / 2 ))"', '"${x:-a b}"', 'plain', "'lit $x'"]) expect(staysOneWord(raw), raw).toBe(true);
  });
  it('an unquoted expansion or glob splits', () => {
    for (const raw of ['$(pwd)', '$x', 'src/$f', '"a"$x', '*.md', '$(cat "a b")', '"$x', '`pwd`']) expect(staysOneWord(raw), raw).toBe(false);
  });
});

describe('spec facts the read-only check reads', () => {
  it('an option that reads a list of paths (a name that becomes it reads any path)', () => {
    expect(readsPathLists('wc')).toBe(true); // --files0-from
    expect(readsPathLists('grep')).toBe(false);
    expect(readsPathLists('cat')).toBe(false);
    expect(readsPathLists('no-such-program')).toBe(true); // unknown: fail closed
  });
  it('programs whose every operand is data', () => {
    expect(operandsAreData('basename')).toBe(true);
    expect(operandsAreData('cat')).toBe(false);
  });
});
