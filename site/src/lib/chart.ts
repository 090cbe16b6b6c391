// Build-time SVG charts: stacked bars of allow / deny / ask counts.
export interface Counts { allow: number; deny: number; ask: number; silenced: number; immune: number }

export const COLORS = { allow: '#3f9a5e', deny: '#c4453c', ask: '#d9a331' } as const;
const KEYS = ['allow', 'deny', 'ask'] as const;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One horizontal stacked bar (as SVG elements) at (x, y), `w` wide for `total`. */
export function bar(c: Counts, x: number, y: number, w: number, h: number, label: string, showText = true): string {
  const total = KEYS.reduce((n, k) => n + c[k], 0) || 1;
  let at = x;
  let out = '';
  for (const k of KEYS) {
    const bw = (c[k] / total) * w;
    if (bw <= 0) continue;
    out += `<rect x="${at.toFixed(1)}" y="${y}" width="${bw.toFixed(1)}" height="${h}" fill="${COLORS[k]}"><title>${esc(label)}: ${c[k]} ${k}</title></rect>`;
    if (showText && bw > 34) out += `<text x="${(at + bw / 2).toFixed(1)}" y="${y + h / 2 + 4}" text-anchor="middle" class="in">${c[k]}</text>`;
    at += bw;
  }
  return out;
}

/** Modes as rows: one 100% bar each, with silenced / immune counts beside it. */
export function modesChart(modes: { mode: string; c: Counts }[]): string {
  const W = 880, L = 150, R = 200, H = 30, G = 14, T = 10;
  const h = T + modes.length * (H + G);
  const rows = modes
    .map(({ mode, c }, i) => {
      const y = T + i * (H + G);
      return `<text x="${L - 12}" y="${y + H / 2 + 5}" text-anchor="end" class="lbl">${esc(mode)}</text>${bar(c, L, y, W - L - R, H, mode)}<text x="${W - R + 12}" y="${y + H / 2 + 5}" class="side">${c.silenced} silenced · ${c.immune} immune</text>`;
    })
    .join('');
  return `<svg viewBox="0 0 ${W} ${h}" role="img" aria-label="Decisions per mode" class="chart">${rows}</svg>`;
}

/** Families as rows, modes as columns: one small bar per cell. */
export function familyGrid(families: { family: string; byMode: Record<string, Counts> }[], modes: string[]): string {
  const L = 170, CW = 132, CG = 12, H = 18, G = 10, T = 28;
  const W = L + modes.length * (CW + CG);
  const h = T + families.length * (H + G);
  const head = modes.map((m, j) => `<text x="${L + j * (CW + CG) + CW / 2}" y="16" text-anchor="middle" class="lbl">${esc(m)}</text>`).join('');
  const rows = families
    .map(({ family, byMode }, i) => {
      const y = T + i * (H + G);
      const cells = modes.map((m, j) => (byMode[m] ? bar(byMode[m]!, L + j * (CW + CG), y, CW, H, `${family} in ${m}`, false) : '')).join('');
      return `<text x="${L - 12}" y="${y + H / 2 + 5}" text-anchor="end" class="lbl">${esc(family)}</text>${cells}`;
    })
    .join('');
  return `<svg viewBox="0 0 ${W} ${h}" role="img" aria-label="Decisions per family and mode" class="chart">${head}${rows}</svg>`;
}
