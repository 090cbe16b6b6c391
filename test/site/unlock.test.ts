// The site's unlock logic, without a browser: verifiers, messages, progress import.
import { describe, it, expect, beforeEach } from 'vitest';
import { passCode } from '../../lab/challenges/codes.ts';
import { verifierFor } from '../../lab/challenges/codes.ts';
import { checkCode, codePrefix, importProgress, exportProgress, passed, rememberCode, isUnlocked, type ChapterKey } from '../../site/src/lib/unlock.ts';
import { SITE_SALT } from '../../site/src/lib/chapter-keys.ts';
import { renderMarks } from '../../site/src/lib/marks.ts';
import { openSealedAsync } from '../../site/src/lib/unseal-web.ts';
import { seal, KDF_ITERATIONS } from '../../lab/challenges/sealed.ts';

const code = (ch: string) => passCode(ch, [`vector of ${ch}`]);
const keys: ChapterKey[] = ['c1', 'c2', 'c3'].map((id, i, all) => ({
  id,
  verifier: verifierFor(id, code(id), SITE_SALT),
  next: all[i + 1] ?? null,
  unlockedBy: i > 0 ? all[i - 1] : undefined,
}));

beforeEach(() => {
  const store = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
});

describe('checkCode', () => {
  it('accepts the right code, however it is typed', () => {
    const c = code('c1');
    expect(checkCode(c, 'c1', keys)).toEqual({ ok: true, chapter: 'c1' });
    expect(checkCode(`  ${c.toLowerCase().replace(/-/g, ' ')} `, 'c1', keys).ok).toBe(true);
    expect(checkCode(c.replace(/0/g, 'O').replace(/1/g, 'l'), 'c1', keys).ok).toBe(true);
  });
  it('refuses a wrong code with a clear message', () => {
    const r = checkCode('C1-0000-0000-0000-0000', 'c1', keys);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/does not match c1/);
    expect(checkCode('hello', 'c1', keys)).toMatchObject({ ok: false, message: expect.stringMatching(/does not look like a pass code/) });
  });
  it('names the chapter a code belongs to, and never accepts it for another', () => {
    const r = checkCode(code('c3'), 'c2', keys);
    expect(r).toMatchObject({ ok: false, validFor: 'c3' });
    expect(!r.ok && r.message).toMatch(/code for chapter 3/);
    const forged = checkCode('C3-0000-0000-0000-0000', 'c2', keys);
    expect(forged).toMatchObject({ ok: false });
    expect((forged as { validFor?: string }).validFor).toBeUndefined();
  });
  it('reads two-digit chapter prefixes', () => {
    expect(codePrefix('C14-ABCD-EFGH-JKMN-PQRS')).toBe('c14');
    expect(codePrefix('C1-ABCD-EFGH-JKMN-PQRS')).toBe('c1');
  });
});

describe('progress', () => {
  it('unlocks the next chapter only, and survives export and import', () => {
    rememberCode('c1', code('c1'));
    const done = passed(keys);
    expect([...done]).toEqual(['c1']);
    expect(isUnlocked(keys[1]!, done)).toBe(true);
    expect(isUnlocked(keys[2]!, done)).toBe(false);
    const text = exportProgress();
    localStorage.setItem('gatelab:progress:v1', '{}');
    expect(passed(keys).size).toBe(0);
    expect(importProgress(text, keys).added).toEqual(['c1']);
    expect(passed(keys).has('c1')).toBe(true);
  });
  it('drops forged or edited codes on import', () => {
    const r = importProgress(JSON.stringify({ codes: { c2: 'C2-0000-0000-0000-0000', c3: code('c2') } }), keys);
    expect(r.added).toEqual([]);
    expect(importProgress('not json', keys).error).toBeTruthy();
  });
});

describe('renderMarks', () => {
  it('marks the innermost span and escapes the text', () => {
    const html = renderMarks('echo <a> && rm x', [
      { start: 0, end: 16, cls: 'outer', key: 'o' },
      { start: 12, end: 16, cls: 'inner', key: 'i' },
    ]);
    expect(html).toContain('&#60;a&#62;');
    expect(html).toMatch(/<mark class="inner" data-keys="o i">rm x<\/mark>/);
  });
});

describe('openSealedAsync (WebCrypto)', () => {
  const body = '<h2>Inside</h2><p>ünïcode ✓</p>';
  const sealed = seal('c2', code('c1'), { 'body.html': body });

  it('opens what crypto-js sealed, with the same PBKDF2 parameters', async () => {
    expect(globalThis.crypto?.subtle).toBeTruthy();
    expect(sealed.kdf.iterations).toBe(KDF_ITERATIONS);
    expect(await openSealedAsync(sealed, code('c1'))).toBe(body);
    expect(await openSealedAsync(sealed, ` ${code('c1').toLowerCase()} `)).toBe(body);
  });

  it('refuses a wrong code and an altered file', async () => {
    expect(await openSealedAsync(sealed, code('c2'))).toBeNull();
    expect(await openSealedAsync({ ...sealed, ct: sealed.ct.slice(0, -4) + 'AAAA' }, code('c1'))).toBeNull();
    expect(await openSealedAsync({ ...sealed, chapter: 'c3' }, code('c1'))).toBeNull();
  });
});
