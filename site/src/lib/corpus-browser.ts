// The corpus browser: filter the cases by text, family, detector and per-mode decision.
import { island } from './island.ts';

interface Row {
  id: string; family: string; tool: string; command?: string; preview?: string; input?: unknown; effect: string;
  detectors: string[]; fired: string[]; modes: Record<string, { b: string; s: boolean; i: boolean }>;
}
interface Boot { corpusUrl: string; playground: string; detectorUrl: string; modes: { mode: string; title: string }[] }

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const PAGE = 150;

function callText(r: Row): string {
  const t = r.tool === 'Bash' ? r.command ?? r.preview ?? '' : `${r.tool} ${JSON.stringify(r.input ?? {})}`;
  return t.length > 220 ? `${t.slice(0, 220)}…` : t;
}

export async function startCorpus(): Promise<void> {
  const boot = island<Boot>('gl-boot');
  const form = document.getElementById('cf') as HTMLFormElement;
  const body = document.getElementById('crows')!;
  const count = document.getElementById('ccount')!;
  const more = document.getElementById('cmore') as HTMLButtonElement;
  const rows = (await (await fetch(boot.corpusUrl)).json()) as Row[];
  let limit = PAGE;

  // Filters survive in the URL hash (#family=x&mode=plan…).
  const h = new URLSearchParams(location.hash.slice(1));
  for (const [k, v] of h) {
    const f = form.elements.namedItem(k) as HTMLInputElement | HTMLSelectElement | null;
    if (f) f.value = v;
  }

  function paint(): void {
    const f = new FormData(form);
    const q = String(f.get('q') ?? '').trim().toLowerCase();
    const fam = String(f.get('family') ?? '');
    const det = String(f.get('detector') ?? '');
    const mode = String(f.get('mode') ?? 'default');
    const dec = String(f.get('decision') ?? '');
    const hit = rows.filter((r) => {
      if (fam && r.family !== fam) return false;
      if (det && !r.detectors.includes(det) && !r.fired.includes(det)) return false;
      const m = r.modes[mode];
      if (dec && m && !(dec === 'silenced' ? m.s : dec === 'immune' ? m.i : m.b === dec)) return false;
      if (q && !`${r.id} ${r.command ?? ''} ${r.effect} ${JSON.stringify(r.input ?? '')}`.toLowerCase().includes(q)) return false;
      return true;
    });
    const state = new URLSearchParams();
    for (const [k, v] of f) if (v && !(k === 'mode' && v === 'default')) state.set(k, String(v));
    history.replaceState(null, '', state.size ? `#${state}` : location.pathname + location.search);
    count.textContent = `${hit.length} of ${rows.length} cases`;
    body.innerHTML = hit
      .slice(0, limit)
      .map((r) => {
        const chips = boot.modes
          .map(({ mode: m }) => {
            const d = r.modes[m];
            if (!d) return '<td></td>';
            return `<td data-mode="${m}"><span class="badge b-${d.b}" title="${d.b}${d.s ? ' (silenced)' : ''}${d.i ? ' (immune)' : ''}">${d.b}${d.s ? '·s' : ''}${d.i ? '·i' : ''}</span></td>`;
          })
          .join('');
        const dets = [...new Set([...r.detectors, ...r.fired])].map((d) => `<a href="${boot.detectorUrl}${encodeURIComponent(d)}/">${esc(d)}</a>`).join(', ');
        return `<tr data-id="${esc(r.id)}"><td class="id"><a href="${boot.playground}?case=${encodeURIComponent(r.id)}">${esc(r.id)}</a><span class="fam">${esc(r.family)}</span></td><td class="call">${esc(callText(r))}<span class="eff">${esc(r.effect)}</span></td>${chips}<td class="small">${dets}</td></tr>`;
      })
      .join('');
    if (hit.length === 0)
      body.innerHTML = `<tr><td colspan="${3 + boot.modes.length}" class="empty">No case matches these filters. <button type="button" class="secondary" id="cclear">Clear the filters</button></td></tr>`;
    more.hidden = hit.length <= limit;
  }
  body.addEventListener('click', (ev) => {
    if ((ev.target as HTMLElement).id !== 'cclear') return;
    form.reset();
    limit = PAGE;
    paint();
    (form.elements.namedItem('q') as HTMLInputElement).focus();
  });
  form.addEventListener('input', () => {
    limit = PAGE;
    paint();
  });
  more.addEventListener('click', () => {
    limit += PAGE * 2;
    paint();
  });
  paint();
}
