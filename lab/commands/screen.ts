// `lab screen replay FILE.jsonl`: replay recorded tool results through the provenance screen and
// compare with the verdicts the old, provenance-blind screen recorded.
import { readFileSync } from 'node:fs';
import { screenResult, referenceClassifier, sourceLabel, type Classifier, type ProvenanceMeta } from '../../engine/index.ts';

export interface ScreenRecord {
  id: string;
  tool: string;
  meta?: ProvenanceMeta;
  kind?: string;
  output: unknown;
  before: 'quarantined' | 'allowed';
  before_calls?: number;
}

export interface ReplayReport {
  records: number;
  before: { quarantined: number; allowed: number; calls: number };
  after: { quarantined: number; allowed: number; calls: number };
  saved: number;
  savedPercent: number;
  skipped: { internal: number; workspace: number };
  newlyFlagged: { id: string; source: string; reason: string }[];
  cleared: number;
  remainingByKind: Record<string, number>;
}

export function parseRecord(line: string): ScreenRecord | string {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return 'not JSON';
  }
  const r = v as Partial<ScreenRecord>;
  if (!r || typeof r !== 'object') return 'not an object';
  if (typeof r.id !== 'string' || !r.id) return 'missing id';
  if (typeof r.tool !== 'string' || !r.tool) return 'missing tool';
  if (r.before !== 'quarantined' && r.before !== 'allowed') return 'before must be "quarantined" or "allowed"';
  if (!('output' in r)) return 'missing output';
  return r as ScreenRecord;
}

export function replayScreens(records: readonly ScreenRecord[], classifier: Classifier = referenceClassifier): ReplayReport {
  const rep: ReplayReport = {
    records: records.length,
    before: { quarantined: 0, allowed: 0, calls: 0 },
    after: { quarantined: 0, allowed: 0, calls: 0 },
    saved: 0,
    savedPercent: 0,
    skipped: { internal: 0, workspace: 0 },
    newlyFlagged: [],
    cleared: 0,
    remainingByKind: {},
  };
  for (const r of records) {
    rep.before[r.before]++;
    rep.before.calls += typeof r.before_calls === 'number' ? r.before_calls : 1;
    const out = screenResult({ tool: r.tool, output: r.output, meta: r.meta }, classifier);
    rep.after.calls += out.calls;
    if (out.provenance !== 'external') rep.skipped[out.provenance]++;
    if (out.quarantined) {
      rep.after.quarantined++;
      const k = r.kind ?? 'unlabelled';
      rep.remainingByKind[k] = (rep.remainingByKind[k] ?? 0) + 1;
      if (r.before === 'allowed') rep.newlyFlagged.push({ id: r.id, source: sourceLabel({ tool: r.tool, output: '', meta: r.meta }), reason: out.reason });
    } else {
      rep.after.allowed++;
      if (r.before === 'quarantined') rep.cleared++;
    }
  }
  rep.saved = rep.before.calls - rep.after.calls;
  rep.savedPercent = rep.before.calls ? Math.round((rep.saved / rep.before.calls) * 1000) / 10 : 0;
  return rep;
}

function pad(s: string | number, n: number): string {
  return String(s).padStart(n);
}

export function formatReport(file: string, rep: ReplayReport, errors: string[]): string {
  const lines = [
    `screen replay: ${file} (${rep.records} recorded results)`,
    '',
    `  ${''.padEnd(20)}${pad('before', 8)}${pad('after', 8)}`,
    `  ${'quarantined'.padEnd(20)}${pad(rep.before.quarantined, 8)}${pad(rep.after.quarantined, 8)}`,
    `  ${'allowed'.padEnd(20)}${pad(rep.before.allowed, 8)}${pad(rep.after.allowed, 8)}`,
    `  ${'classifier calls'.padEnd(20)}${pad(rep.before.calls, 8)}${pad(rep.after.calls, 8)}   saved ${rep.saved} (${rep.savedPercent}%)`,
    '',
    `  skipped by provenance: internal ${rep.skipped.internal}, workspace ${rep.skipped.workspace}`,
    `  cleared (quarantined before, allowed now): ${rep.cleared}`,
    `  newly flagged (allowed before, quarantined now): ${rep.newlyFlagged.length}`,
    ...rep.newlyFlagged.map((n) => `    ${n.id}  ${n.source}: ${n.reason}`),
    `  still quarantined, by kind: ${Object.entries(rep.remainingByKind).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`,
  ];
  if (errors.length) lines.push('', `  ${errors.length} bad line(s):`, ...errors.slice(0, 10).map((e) => `    ${e}`));
  return lines.join('\n');
}

/** Exit code: 0 ok, 1 some lines were malformed, 2 the file could not be read or held no records. */
export function runScreenReplay(file: string, opts: { json: boolean }): number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const msg = `cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`;
    if (opts.json) console.log(JSON.stringify({ error: msg }));
    else console.error(msg);
    return 2;
  }
  const records: ScreenRecord[] = [];
  const errors: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const r = parseRecord(line);
    if (typeof r === 'string') errors.push(`line ${i + 1}: ${r}`);
    else records.push(r);
  });
  if (!records.length) {
    const msg = `${file} holds no valid records`;
    if (opts.json) console.log(JSON.stringify({ error: msg, errors }));
    else console.error(msg);
    return 2;
  }
  const rep = replayScreens(records);
  if (opts.json) console.log(JSON.stringify({ file, ...rep, errors }));
  else console.log(formatReport(file, rep, errors));
  return errors.length ? 1 : 0;
}
