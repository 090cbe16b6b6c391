// Build-time charts as plain HTML: stacked bars of allow / deny / ask, each with its counts
// written out beside it (readable on a phone, no hover needed). Colours are colour-blind-safe
// and deny also carries a stripe pattern (global.css, `.bar`).
export interface Counts { allow: number; deny: number; ask: number; silenced: number; immune: number }

const KEYS = ['allow', 'deny', 'ask'] as const;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pct = (n: number, total: number) => `${((n / total) * 100).toFixed(2)}%`;

/** One stacked bar; the segments are decoration, the counts are text next to it. */
export function bar(c: Counts, thin = false): string {
  const total = KEYS.reduce((n, k) => n + c[k], 0) || 1;
  const segs = KEYS.filter((k) => c[k] > 0).map((k) => `<i class="s-${k}" style="width:${pct(c[k], total)}"></i>`).join('');
  return `<div class="bar${thin ? ' thin' : ''}" aria-hidden="true">${segs}</div>`;
}

function counts(c: Counts, extra = ''): string {
  return `<span class="bar-counts"><b>${c.allow}</b> allow · <b>${c.deny}</b> deny · <b>${c.ask}</b> ask${extra}</span>`;
}

/** Modes as rows: one 100% bar each, with the counts and the silenced / immune numbers. */
export function modesChart(modes: { mode: string; c: Counts }[]): string {
  const rows = modes
    .map(({ mode, c }) => `<div class="bar-row"><span class="bar-label">${esc(mode)}</span>${bar(c)}${counts(c, ` · ${c.silenced} silenced · ${c.immune} immune`)}</div>`)
    .join('');
  return `<div class="bars" role="list" aria-label="Decisions per mode">${rows.replaceAll('<div class="bar-row">', '<div class="bar-row" role="listitem">')}</div>`;
}

/** Families as rows, modes as columns (one card per family on a phone). */
export function familyGrid(families: { family: string; byMode: Record<string, Counts> }[], modes: string[]): string {
  const head = `<div class="fam fam-head" aria-hidden="true" style="--cols:${modes.length}"><span>family</span>${modes.map((m) => `<span>${esc(m)}</span>`).join('')}</div>`;
  const rows = families
    .map(({ family, byMode }) => {
      const cells = modes
        .map((m) => {
          const c = byMode[m];
          if (!c) return '<span class="cell"></span>';
          return `<span class="cell"><span class="mname">${esc(m)}</span>${bar(c, true)}<span class="mini">${c.allow} / ${c.deny} / ${c.ask}<span class="visually-hidden"> (allow / deny / ask in ${esc(m)})</span></span></span>`;
        })
        .join('');
      return `<div class="fam" role="listitem" style="--cols:${modes.length}"><span class="fname">${esc(family)}</span>${cells}</div>`;
    })
    .join('');
  return `<div class="fam-grid">${head}<div class="fam-grid" role="list" aria-label="Decisions per family and mode">${rows}</div></div>`;
}
