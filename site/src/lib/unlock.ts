// Chapter unlocking in the browser: check a pasted code against the stored verifiers, open a sealed
// chapter body, and keep progress (the codes the reader holds) in localStorage.
import { normalizeCode, verifierFor, looksLikeCode, chapterId } from '../../../lab/challenges/codes.ts';
import { unseal, type SealedSolution } from '../../../lab/challenges/sealed.ts';
import { SITE_SALT } from './chapter-keys.ts';

export interface ChapterKey {
  id: string;
  verifier: string;
  next: string | null;
  unlockedBy?: string;
}

export type CodeCheck =
  | { ok: true; chapter: string }
  | { ok: false; message: string; validFor?: string };

const STORE = 'gatelab:progress:v1';

/** The chapter a code's prefix names (`C3-…` → `c3`), or null. */
export function codePrefix(code: string): string | null {
  const n = normalizeCode(code);
  const m = /^C(\d{1,2})/.exec(n);
  if (!m) return null;
  const digits = n.length - 17;
  if (digits < 1 || digits > 2) return null;
  return chapterId(n.slice(1, 1 + digits));
}

/** Whether `code` is the real pass code of challenge `chapter`. */
export function codeIsFor(code: string, chapter: string, keys: readonly ChapterKey[]): boolean {
  const k = keys.find((x) => x.id === chapter);
  return !!k && verifierFor(chapter, code, SITE_SALT) === k.verifier;
}

/** Check a pasted code that should be challenge `want`'s code. */
export function checkCode(input: string, want: string, keys: readonly ChapterKey[]): CodeCheck {
  if (!input.trim()) return { ok: false, message: `Paste the code that “npx lab run ${want}” printed.` };
  if (!looksLikeCode(input)) return { ok: false, message: 'That does not look like a pass code. Codes look like C1-XXXX-XXXX-XXXX-XXXX.' };
  const prefix = codePrefix(input);
  if (prefix && prefix !== want) {
    const n = prefix.slice(1);
    if (codeIsFor(input, prefix, keys))
      return { ok: false, validFor: prefix, message: `That looks like a code for chapter ${n} (${prefix}), and it is a valid one, but this needs the code from ${want}.` };
    return { ok: false, message: `That looks like a code for chapter ${n} (${prefix}); this needs the code from ${want}.` };
  }
  if (!codeIsFor(input, want, keys))
    return { ok: false, message: `That code does not match ${want}. Check it for typos, or print it again with “npx lab code ${want}”.` };
  return { ok: true, chapter: want };
}

export function loadProgress(): Record<string, string> {
  try {
    const raw = JSON.parse(localStorage.getItem(STORE) ?? '{}') as { codes?: Record<string, unknown> };
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw.codes ?? {})) if (typeof v === 'string') out[k] = v;
    return out;
  } catch {
    return {};
  }
}

function saveProgress(codes: Record<string, string>): void {
  try {
    localStorage.setItem(STORE, JSON.stringify({ v: 1, codes }));
  } catch {
    /* storage off: progress lasts for this page only */
  }
}

/** Remember a verified code. */
export function rememberCode(chapter: string, code: string): void {
  const codes = loadProgress();
  codes[chapter] = normalizeCode(code);
  saveProgress(codes);
}

/** The challenges whose codes the reader holds (verified again, so edited storage gains nothing). */
export function passed(keys: readonly ChapterKey[]): Set<string> {
  const codes = loadProgress();
  return new Set(keys.filter((k) => codes[k.id] && codeIsFor(codes[k.id]!, k.id, keys)).map((k) => k.id));
}

export function isUnlocked(k: ChapterKey, done: Set<string>): boolean {
  return !k.unlockedBy || done.has(k.unlockedBy);
}

export function exportProgress(): string {
  return JSON.stringify({ gatelab: 'progress', v: 1, codes: loadProgress() }, null, 2);
}

/** Import exported progress; keeps only codes that verify. Returns the chapters added. */
export function importProgress(text: string, keys: readonly ChapterKey[]): { added: string[]; error?: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { added: [], error: 'That is not the JSON that "Export" gives.' };
  }
  const codes = (data as { codes?: unknown })?.codes;
  if (!codes || typeof codes !== 'object') return { added: [], error: 'No codes found in that text.' };
  const added: string[] = [];
  const cur = loadProgress();
  for (const [k, v] of Object.entries(codes as Record<string, unknown>)) {
    if (typeof v === 'string' && codeIsFor(v, k, keys) && !cur[k]) {
      cur[k] = normalizeCode(v);
      added.push(k);
    }
  }
  saveProgress(cur);
  return { added };
}

export function resetProgress(): void {
  saveProgress({});
}

/** Decrypt a sealed chapter body with the code that unlocks it; null if it does not open. */
export function openSealed(sealed: SealedSolution, code: string): string | null {
  const files = unseal(sealed, code);
  return files?.['body.html'] ?? null;
}
