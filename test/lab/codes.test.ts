import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { passCode, verifierFor, normalizeCode, looksLikeCode, CROCKFORD, codeMessage } from '../../lab/challenges/codes.ts';
import { seal, unseal } from '../../lab/challenges/sealed.ts';

const SHAPE = /^C\d{1,2}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

describe('pass codes', () => {
  it('are C<n>- plus 16 Crockford base32 characters (80 bits), grouped by four', () => {
    const code = passCode('c4', ['a default allow', 'b default deny']);
    expect(code).toMatch(SHAPE);
    expect(code.startsWith('C4-')).toBe(true);
    expect(code.replace(/^C4-/, '').replace(/-/g, '')).toHaveLength(16);
    expect(looksLikeCode(code)).toBe(true);
    expect(codeMessage(4)).toBe('gatelab/c4/v1');
  });

  it('depend on every entry of the decision vector and on the chapter', () => {
    const v = ['x default allow', 'y default ask immune'];
    expect(passCode('c1', v)).toBe(passCode('c1', [...v]));
    expect(passCode('c1', v)).not.toBe(passCode('c1', ['x default allow', 'y default ask']));
    expect(passCode('c1', v)).not.toBe(passCode('c1', [...v].reverse()));
    expect(passCode('c1', v).slice(3)).not.toBe(passCode('c2', v).slice(3));
  });

  it('differ for different vectors (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 6 }), fc.array(fc.string(), { minLength: 1, maxLength: 6 }), (a, b) => {
        fc.pre(a.join('\n') !== b.join('\n'));
        return passCode('c3', a) !== passCode('c3', b);
      }),
      { numRuns: 200 },
    );
  });

  it('normalise: trim, case, spaces and dashes, O→0, I/L→1', () => {
    const code = passCode('c2', ['v']);
    const messy = `  ${code.toLowerCase().replace(/-/g, ' - ')}  `;
    expect(normalizeCode(messy)).toBe(normalizeCode(code));
    expect(normalizeCode('C1-0OIL-abcd')).toBe('C10011ABCD');
    expect(normalizeCode('C1–ABCD—EFGH')).toBe('C1ABCDEFGH');
    fc.assert(fc.property(fc.string(), (s) => normalizeCode(normalizeCode(s)) === normalizeCode(s)));
    for (const ch of normalizeCode(code).slice(2)) expect(CROCKFORD).toContain(ch);
  });

  it('verify through verifierFor in any typed form, and only for their own chapter', () => {
    const salt = 'site-salt';
    const c5 = passCode('c5', ['v']);
    const stored = verifierFor('c5', c5, salt);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(verifierFor('c5', c5.toLowerCase().replace(/0/g, 'o'), salt)).toBe(stored);
    expect(verifierFor('C5', ` ${c5} `, salt)).toBe(stored);
    expect(verifierFor('c6', c5, salt)).not.toBe(verifierFor('c6', passCode('c6', ['v']), salt));
    expect(verifierFor('c5', c5, 'other-salt')).not.toBe(stored);
  });
});

describe('sealed solutions', () => {
  it('open with the right code only (explicit PBKDF2 parameters, MAC checked)', () => {
    const code = passCode('c7', ['v']);
    const s = seal('c7', code, { 'policy.yaml': 'version: 1\n' }, 1000);
    expect(s.kdf).toMatchObject({ name: 'PBKDF2-SHA256', iterations: 1000, keyBits: 256 });
    expect(s.kdf.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(unseal(s, code)).toEqual({ 'policy.yaml': 'version: 1\n' });
    expect(unseal(s, code.toLowerCase())).toEqual({ 'policy.yaml': 'version: 1\n' });
    expect(unseal(s, passCode('c8', ['v']))).toBeNull();
    expect(unseal({ ...s, ct: s.ct.slice(0, -4) + 'AAAA' }, code)).toBeNull();
    expect(unseal({ ...s, chapter: 'c8' }, code)).toBeNull();
    expect(JSON.stringify(s)).not.toContain('version: 1');
  });
});
