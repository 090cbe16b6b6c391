// Overlapping windows over oversize output: an instruction up to `overlap` characters long lies
// wholly inside some window, and nothing in the middle is skipped. Each window's serialised form
// stays within the byte bound, so escape-dense text (quotes, control characters, non-ASCII)
// makes windows shorter, never the overlap: the overlap is counted in source characters. The
// source label is not part of the budget (it is capped and rides on top), so a long label cannot
// multiply the windows.

export interface ScreenWindow {
  source: string;
  index: number;
  total: number;
  start: number;
  end: number;
  text: string;
}

export interface WindowOptions {
  windowChars: number;
  overlapChars: number;
  /** Bound on a window's serialised bytes, the label aside. */
  maxSerializedBytes: number;
}

const encoder = new TextEncoder();
/** The source label a window carries, at most this many runes. */
export const LABEL_MAX_RUNES = 200;
/** Bytes a serialised window needs besides its text and label. */
const ENVELOPE_BYTES = JSON.stringify({ source: '', window: '99999/99999', text: '' }).length;
/** JSON escapes a UTF-16 unit into at most this many bytes (`\u0001`). */
const MAX_BYTES_PER_UNIT = 6;

function capLabel(s: string): string {
  let runes = 0;
  for (let i = 0; i < s.length; i++) {
    if (runes === LABEL_MAX_RUNES) return s.slice(0, i) + '…';
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    runes++;
  }
  return s;
}

export function serializeWindow(w: ScreenWindow): string {
  return JSON.stringify({ source: capLabel(w.source), window: `${w.index + 1}/${w.total}`, text: w.text });
}

/** Serialised bytes of a window, its label aside: what the bound limits. */
export function serializedBytes(w: ScreenWindow): number {
  return encoder.encode(JSON.stringify({ source: '', window: `${w.index + 1}/${w.total}`, text: w.text })).length;
}

/** Bytes JSON.stringify gives the UTF-16 unit at i (a surrogate pair counts 2 + 2). */
function unitBytes(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x22 || c === 0x5c) return 2;
  if (c < 0x20) return c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 2 : 6;
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff) return i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 6;
  if (c >= 0xdc00 && c <= 0xdfff) return i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800 ? 2 : 6;
  return 3;
}

/** Keep a cut off the middle of a surrogate pair (by moving it back one unit). */
function safeCut(text: string, i: number): number {
  if (i > 0 && i < text.length) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800) return i - 1;
  }
  return i;
}

export function makeWindows(text: string, source: string, opts: WindowOptions): ScreenWindow[] {
  const budget = Math.max(256, opts.maxSerializedBytes - ENVELOPE_BYTES);
  // The shortest window the budget allows, in units; the overlap must stay below half of it.
  const minUnits = Math.floor(budget / MAX_BYTES_PER_UNIT);
  const size = Math.max(4, opts.windowChars);
  const overlap = Math.max(0, Math.min(opts.overlapChars, Math.floor(Math.min(size, minUnits) / 2)));
  const spans: [number, number][] = [];
  let start = 0;
  for (;;) {
    // The longest window from `start` within `size` units and the byte budget.
    const limit = Math.min(text.length, start + size);
    let end = start;
    let bytes = 0;
    while (end < limit) {
      const b = unitBytes(text, end);
      if (bytes + b > budget) break;
      bytes += b;
      end++;
    }
    if (end < text.length) end = safeCut(text, end);
    if (end <= start + overlap) end = Math.min(text.length, start + overlap + 2);
    spans.push([start, end]);
    if (end >= text.length) break;
    start = safeCut(text, end - overlap);
  }
  return spans.map(([s, e], index) => ({ source, index, total: spans.length, start: s, end: e, text: text.slice(s, e) }));
}
