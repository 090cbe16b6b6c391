// Highlight spans of a text: each character goes to the innermost span that covers it.
export interface Mark {
  start: number;
  end: number;
  cls: string;
  key: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMarks(text: string, marks: readonly Mark[], limit = 8000): string {
  const shown = text.length > limit ? text.slice(0, limit) : text;
  const owner: (number | -1)[] = new Array<number>(shown.length).fill(-1);
  const order = marks
    .map((m, i) => ({ m, i }))
    .filter(({ m }) => m.end > m.start && m.start < shown.length)
    .sort((a, b) => b.m.end - b.m.start - (a.m.end - a.m.start));
  for (const { m, i } of order) for (let p = Math.max(0, m.start); p < Math.min(m.end, shown.length); p++) owner[p] = i;
  const covering = (p: number) => marks.filter((m) => m.start <= p && p < m.end).map((m) => m.key).join(' ');
  let out = '';
  let p = 0;
  while (p < shown.length) {
    let q = p + 1;
    while (q < shown.length && owner[q] === owner[p]) q++;
    const seg = esc(shown.slice(p, q));
    const o = owner[p]!;
    out += o < 0 ? seg : `<mark class="${marks[o]!.cls}" data-keys="${covering(p)}">${seg}</mark>`;
    p = q;
  }
  if (shown.length < text.length) out += `<span class="muted">… (${(text.length - limit).toLocaleString('en')} more characters)</span>`;
  return out;
}
