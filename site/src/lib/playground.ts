// The playground island: the real engine (re2js regexes, no file system) on one tool call, in every
// mode of the mode table, with findings and the explain trace mapped back onto the command.
import { PermissionEngine, loadPolicy, MODES, isKnownTool } from '../../../engine/index.ts';
import type { Decision, Policy, TraceStep, ModeName } from '../../../engine/index.ts';
import { renderMarks, type Mark } from './marks.ts';
import { island } from './island.ts';

interface Boot { policies: Record<string, string>; detectors: string[]; corpusUrl: string; detectorUrl: string }
interface CaseRow { id: string; family: string; tool: string; command?: string; preview?: string; input?: Record<string, unknown>; policy: string; profile: string | null; effect: string }

const CWD = '/home/dev/app';
const HOME = '/home/dev';
const DEFAULT_COMMAND = "find . -name '*.log' -exec rm {} \\;";
const TEMPLATES: Record<string, unknown> = {
  Read: { file_path: '/home/dev/.ssh/id_rsa' },
  Edit: { file_path: '/home/dev/app/src/index.ts', old_string: 'a', new_string: 'b' },
  Write: { file_path: '/home/dev/app/.git/hooks/pre-commit', content: '#!/bin/sh\n' },
  Glob: { pattern: 'src/**/*.ts' },
  Grep: { pattern: 'TODO', path: '/home/dev/app' },
  WebFetch: { url: 'https://developer.mozilla.org/en-US/docs/Web/HTTP' },
};

/** The short cause of a decision: the detector or rule when there is one. */
function why(d: Decision): string {
  const r = d.reason as { type: string; detector?: string; rule?: string };
  return r.detector ?? r.rule ?? r.type;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function startPlayground(): void {
  performance.mark('gl-start');
  const boot = island<Boot>('gl-boot');
  const el = {
    form: $<HTMLFormElement>('pg-form'),
    caseInput: $<HTMLInputElement>('pg-case'),
    caseList: $<HTMLDataListElement>('pg-cases'),
    caseNote: $<HTMLElement>('pg-case-note'),
    tool: $<HTMLInputElement>('pg-tool'),
    profile: $<HTMLSelectElement>('pg-profile'),
    input: $<HTMLTextAreaElement>('pg-input'),
    inputLabel: $<HTMLElement>('pg-input-label'),
    policy: $<HTMLSelectElement>('pg-policy'),
    yaml: $<HTMLTextAreaElement>('pg-yaml'),
    policyErr: $<HTMLElement>('pg-policy-err'),
    modes: $<HTMLElement>('pg-modes'),
    cmd: $<HTMLElement>('pg-cmd'),
    traceMode: $<HTMLElement>('pg-trace-mode'),
    findings: $<HTMLElement>('pg-findings'),
    trace: $<HTMLOListElement>('pg-trace'),
    say: $<HTMLElement>('pg-say'),
    share: $<HTMLAnchorElement>('pg-share'),
  };
  const engines = new Map<string, PermissionEngine | Error>();
  let cases: CaseRow[] | null = null;
  let selected: ModeName = 'default';
  let last: { decisions: Record<string, Decision>; command: string } | null = null;
  let timer = 0;

  function engineFor(text: string, profile: string): PermissionEngine | Error {
    const key = `${profile}\0${text}`;
    let e = engines.get(key);
    if (!e) {
      try {
        let policy: Policy = loadPolicy(text, { file: el.policy.value });
        if (profile) policy = { ...policy, immune: profile as Policy['immune'] };
        e = new PermissionEngine(policy);
        performance.mark('gl-engine');
      } catch (err) {
        e = err instanceof Error ? err : new Error(String(err));
      }
      engines.set(key, e);
    }
    return e;
  }

  function isBash(): boolean {
    return el.tool.value.trim() === 'Bash';
  }

  function syncInputLabel(): void {
    el.inputLabel.textContent = isBash() ? 'Command' : 'Input (JSON)';
  }

  function setPolicy(name: string): void {
    if (boot.policies[name] === undefined) return;
    el.policy.value = name;
    el.yaml.value = boot.policies[name]!;
  }

  function run(): void {
    const engine = engineFor(el.yaml.value, el.profile.value);
    el.policyErr.textContent = engine instanceof Error ? `Policy: ${engine.message}` : '';
    const tool = el.tool.value.trim();
    // As `lab decide` does: a tool the engine does not know is an input error, not a decision.
    if (!isKnownTool(tool)) return showError(`Unknown tool "${tool}". Use Bash, Read, Edit, Write, Glob, Grep, WebFetch or an mcp__server__tool name.`);
    let input: Record<string, unknown>;
    if (isBash()) input = { command: el.input.value };
    else {
      try {
        const v = JSON.parse(el.input.value || '{}') as unknown;
        if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('the input must be a JSON object');
        input = v as Record<string, unknown>;
      } catch (err) {
        return showError(`Input: ${(err as Error).message}`);
      }
    }
    if (engine instanceof Error) return showError('The policy does not load, so nothing was decided.');
    const decisions: Record<string, Decision> = {};
    for (const row of MODES) {
      try {
        decisions[row.mode] = engine.explain({ tool, input }, { cwd: CWD, home: HOME, mode: row.mode });
      } catch (err) {
        return showError(`The engine threw: ${(err as Error).message}`);
      }
    }
    last = { decisions, command: isBash() ? el.input.value : JSON.stringify(input, null, 2) };
    paint();
    announce();
    share();
    document.body.dataset.ready = String(Number(document.body.dataset.ready ?? '0') + 1);
    if (!performance.getEntriesByName('gl-first-decision').length) performance.mark('gl-first-decision');
  }

  /** The one line a screen reader hears after a pause: the answer in each mode. */
  function announce(): void {
    if (!last) return;
    const line = MODES.map((row) => {
      const d = last!.decisions[row.mode]!;
      return `${row.mode}: ${d.behavior}${d.immune ? ' (immune)' : ''}${d.silenced ? ' (silenced)' : ''}`;
    }).join('; ');
    if (el.say.textContent !== line) el.say.textContent = line;
  }

  /** The address of this call: command, tool, mode, profile and policy in the hash. */
  function share(): void {
    const h = new URLSearchParams();
    h.set('tool', el.tool.value.trim());
    h.set(isBash() ? 'cmd' : 'input', el.input.value);
    if (selected !== 'default') h.set('mode', selected);
    if (el.profile.value) h.set('profile', el.profile.value);
    if (el.policy.value === 'custom') h.set('yaml', el.yaml.value);
    else if (el.policy.value !== 'policies/default.yaml') h.set('policy', el.policy.value);
    const hash = `#${h.toString()}`;
    el.share.href = `${location.pathname}${hash}`;
    if (location.hash !== hash) history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
  }

  function showError(text: string): void {
    last = null;
    el.say.textContent = text;
    el.modes.innerHTML = `<div class="panel err" data-error="true">${esc(text)}</div>`;
    el.cmd.textContent = '';
    el.findings.innerHTML = '';
    el.trace.innerHTML = '';
    document.body.dataset.ready = String(Number(document.body.dataset.ready ?? '0') + 1);
  }

  function paint(): void {
    if (!last) return;
    el.modes.innerHTML = MODES.map((row) => {
      const d = last!.decisions[row.mode]!;
      const badges = [
        `<span class="badge b-${d.behavior}">${d.behavior}</span>`,
        d.silenced ? '<span class="badge b-silenced" title="an ask the mode settled without a prompt">silenced</span>' : '',
        d.immune ? '<span class="badge b-immune" title="a bypass-immune ask">immune</span>' : '',
      ].join(' ');
      return `<button type="button" class="mode-card${row.mode === selected ? ' sel' : ''}" data-mode="${row.mode}" data-behavior="${d.behavior}" data-silenced="${d.silenced}" data-immune="${d.immune}" aria-pressed="${row.mode === selected}">
        <span class="mname">${esc(row.title)}</span><span class="badges">${badges}</span><span class="why" title="${esc(d.message)}">${esc(why(d))}</span></button>`;
    }).join('');
    const d = last.decisions[selected]!;
    el.traceMode.textContent = `· trace in ${selected}`;
    const trace: TraceStep[] = d.trace ?? [];
    const marks: Mark[] = [];
    trace.forEach((t, i) => t.span && isBash() && marks.push({ start: t.span.start, end: t.span.end, cls: `r-${t.result}`, key: `t${i}` }));
    d.findings.forEach((f, i) => f.span && isBash() && marks.push({ start: f.span.start, end: f.span.end, cls: `f-${f.behavior}`, key: `f${i}` }));
    el.cmd.innerHTML = renderMarks(last.command, marks);
    el.findings.innerHTML = d.findings
      .map((f, i) => {
        const name = boot.detectors.includes(f.detector) ? `<a href="${boot.detectorUrl}${encodeURIComponent(f.detector)}/">${esc(f.detector)}</a>` : `<code>${esc(f.detector)}</code>`;
        return `<li data-key="f${i}"><span class="badge b-${f.behavior}">${f.behavior}</span> ${name} ${f.safety ? `<span class="badge b-note">${esc(f.safety)}</span>` : ''} — ${esc(f.message)}</li>`;
      })
      .join('');
    el.trace.innerHTML = trace
      .map((t, i) => `<li data-key="t${i}"${t.span ? ' class="has-span"' : ''}><span class="badge b-${t.result === 'passthrough' || t.result === 'info' || t.result === 'skip' ? 'note' : t.result}">${esc(t.result)}</span> <strong>${esc(t.step)}</strong> ${esc(t.detail)}</li>`)
      .join('');
  }

  // Hovering a trace step or finding lights up its words in the command.
  function hover(ev: Event, on: boolean): void {
    const li = (ev.target as HTMLElement).closest('li[data-key]') as HTMLElement | null;
    if (!li) return;
    for (const m of el.cmd.querySelectorAll<HTMLElement>(`[data-keys~="${li.dataset.key}"]`)) m.classList.toggle('hot', on);
  }
  for (const list of [el.trace, el.findings]) {
    list.addEventListener('mouseover', (e) => hover(e, true));
    list.addEventListener('mouseout', (e) => hover(e, false));
  }
  el.modes.addEventListener('click', (ev) => {
    const b = (ev.target as HTMLElement).closest('[data-mode]') as HTMLElement | null;
    if (!b) return;
    selected = b.dataset.mode as ModeName;
    paint();
    share();
  });

  const schedule = () => {
    clearTimeout(timer);
    timer = window.setTimeout(run, 120);
  };
  el.input.addEventListener('input', schedule);
  el.tool.addEventListener('change', () => {
    syncInputLabel();
    if (!isBash() && !el.input.value.trim().startsWith('{')) el.input.value = JSON.stringify(TEMPLATES[el.tool.value] ?? {}, null, 2);
    if (isBash() && el.input.value.trim().startsWith('{')) el.input.value = DEFAULT_COMMAND;
    run();
  });
  el.profile.addEventListener('change', run);
  el.policy.addEventListener('change', () => {
    if (el.policy.value !== 'custom') setPolicy(el.policy.value);
    run();
  });
  el.yaml.addEventListener('input', () => {
    el.policy.value = 'custom';
    schedule();
  });

  async function loadCases(): Promise<CaseRow[]> {
    if (!cases) {
      const r = await fetch(boot.corpusUrl);
      cases = (await r.json()) as CaseRow[];
      el.caseList.innerHTML = cases.map((c) => `<option value="${esc(c.id)}">${esc(c.family)}: ${esc(c.effect)}</option>`).join('');
    }
    return cases;
  }

  async function pickCase(id: string): Promise<void> {
    const c = (await loadCases()).find((x) => x.id === id);
    if (!c) {
      el.caseNote.textContent = id ? `No corpus case is called "${id}".` : '';
      if (!last) run();
      return;
    }
    el.caseInput.value = c.id;
    el.tool.value = c.tool;
    syncInputLabel();
    if (c.tool === 'Bash') el.input.value = c.command ?? '';
    else el.input.value = JSON.stringify(c.input ?? {}, null, 2);
    setPolicy(c.policy);
    el.profile.value = c.profile ?? '';
    el.caseNote.textContent = c.command === undefined && c.tool === 'Bash' ? `Too long for the playground: ${c.preview ?? ''}` : `${c.family} · ${c.effect}`;
    history.replaceState(null, '', `?case=${encodeURIComponent(c.id)}`);
    run();
  }
  el.caseInput.addEventListener('change', () => void pickCase(el.caseInput.value.trim()));
  el.caseInput.addEventListener('focus', () => void loadCases(), { once: true });

  // Start: ?case=ID, or a shared address (#cmd=…&tool=…&mode=…&profile=…&policy=… or &yaml=…),
  // or the older ?cmd=… (&tool=…), or the default example.
  const q = new URLSearchParams(location.search);
  const h = new URLSearchParams(location.hash.slice(1));
  const get = (k: string) => h.get(k) ?? q.get(k);
  setPolicy(get('policy') ?? 'policies/default.yaml');
  const yaml = h.get('yaml');
  if (yaml !== null) {
    el.policy.value = 'custom';
    el.yaml.value = yaml;
  }
  const mode = get('mode');
  if (mode && MODES.some((m) => m.mode === mode)) selected = mode as ModeName;
  const profile = get('profile');
  if (profile === 'strict' || profile === 'cc-2.1.126') el.profile.value = profile;
  el.tool.value = get('tool') ?? 'Bash';
  syncInputLabel();
  el.input.value = get('cmd') ?? get('input') ?? (isBash() ? DEFAULT_COMMAND : JSON.stringify(TEMPLATES[el.tool.value] ?? {}, null, 2));
  const caseId = q.get('case');
  if (caseId && !location.hash) void pickCase(caseId);
  else run();
}
