// Overlapping windows over oversize output: an instruction up to `overlap` characters long lies
// wholly inside some window, and nothing in the middle is skipped. A window whose serialised
// form is still over the bound is split again.

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
  maxSerializedBytes: number;
}

const encoder = new TextEncoder();
const MIN_SPLIT = 64;

export function serializeWindow(w: ScreenWindow): string {
  return JSON.stringify({ source: w.source, window: `${w.index + 1}/${w.total}`, text: w.text });
}

export function serializedBytes(w: ScreenWindow): number {
  return encoder.encode(serializeWindow(w)).length;
}

/** Keep a cut off the middle of a surrogate pair. */
function safeCut(text: string, i: number): number {
  if (i > 0 && i < text.length) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) return i + 1;
  }
  return i;
}

export function makeWindows(text: string, source: string, opts: WindowOptions): ScreenWindow[] {
  const size = Math.max(MIN_SPLIT * 2, opts.windowChars);
  const overlap = Math.max(0, Math.min(opts.overlapChars, Math.floor(size / 2)));
  const spans: [number, number][] = [];
  if (text.length <= size) spans.push([0, text.length]);
  else {
    for (let start = 0; ; ) {
      const end = safeCut(text, Math.min(start + size, text.length));
      spans.push([start, end]);
      if (end >= text.length) break;
      start = safeCut(text, end - overlap);
    }
  }
  const probe = (s: number, e: number): ScreenWindow => ({ source, index: 99998, total: 99999, start: s, end: e, text: text.slice(s, e) });
  const out: [number, number][] = [];
  const fit = (s: number, e: number) => {
    const len = e - s;
    if (serializedBytes(probe(s, e)) <= opts.maxSerializedBytes || len < MIN_SPLIT) {
      out.push([s, e]);
      return;
    }
    const o = Math.min(overlap, Math.floor(len / 4));
    const mid = s + Math.floor(len / 2);
    fit(s, safeCut(text, Math.min(e, mid + Math.ceil(o / 2))));
    fit(safeCut(text, Math.max(s, mid - Math.floor(o / 2))), e);
  };
  for (const [s, e] of spans) fit(s, e);
  return out.map(([s, e], index) => ({ source, index, total: out.length, start: s, end: e, text: text.slice(s, e) }));
}
