// Rendering a check result: the expected-vs-actual table, the first differing cases with their
// explain trace, and a one-line nudge. Also the JSON shape `--json` prints.
import { c } from '../ui.ts';
import type { TraceStep } from '../../engine/index.ts';
import { formatDecision, type LoadedCheck } from './check.ts';
import { explainOutcome, type CheckResult, type Counts, type RunOptions, type CaseOutcome } from './runner.ts';
import { nextLines, whereLines, type Orientation } from './orient.ts';

export const MAX_DIFFS = 3;

const PROBES: Record<string, string> = {
  concept: 'the concept itself',
  'look-alike': 'a look-alike that needs another answer: an answer that is too broad gets it wrong',
  variant: 'another spelling or route to the same thing: an answer that matches text misses it',
};

function pad(s: string, n: number): string {
  // Pad by visible width (colour codes do not count).
  const visible = s.replace(/\x1b\[[0-9;]*m/g, '').length;
  return s + ' '.repeat(Math.max(0, n - visible));
}

export function countsTable(rows: CheckResult['rows']): string[] {
  const COLS = Object.keys(rows[0]?.expected ?? {}) as (keyof Counts)[];
  const w = Math.max(8, ...rows.map((r) => r.run.length)) + 2;
  const lines = [c.dim(pad('run', w) + COLS.map((k) => pad(k, 11)).join('') + '(expected / actual)')];
  for (const r of rows) {
    let line = pad(r.run, w);
    for (const k of COLS) {
      const cell = `${r.expected[k]} / ${r.actual[k]}`;
      line += pad(r.expected[k] === r.actual[k] ? cell : c.red(cell + ' ✗'), 11);
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

function what(o: CaseOutcome): string {
  const k = o.case;
  if (k.command !== undefined) return k.command;
  if (k.decision) return `${k.decision.behavior}${k.decision.immune ? ' immune' : ''} in ${k.decision.mode}: ${k.decision.message}`;
  if (k.input === undefined) return k.tool && k.output !== undefined ? `${k.tool} result` : k.audit !== undefined ? 'audit line' : 'block message';
  return `${k.tool} ${JSON.stringify(k.input)}`;
}

export function traceLines(trace: TraceStep[] | undefined): string[] {
  return (trace ?? []).map((s, i) => `${String(i + 1).padStart(4)}. ${pad(s.step, 22)} ${pad(s.result, 11)} ${s.detail}`);
}

export interface Diff {
  case: string;
  run: string;
  call: string;
  effect: string;
  expected: string;
  actual: string;
  missingDetectors: string[];
  nudge: string;
  trace: TraceStep[];
  probes?: string;
}

export async function diffsOf(check: LoadedCheck, opts: RunOptions, r: CheckResult, max = MAX_DIFFS): Promise<Diff[]> {
  const bad = r.outcomes.filter((o) => !o.ok).slice(0, max);
  const out: Diff[] = [];
  for (const o of bad) {
    let trace: TraceStep[] = [];
    if (o.detail !== undefined) trace = [{ step: check.kind === 'targets' ? 'ARTEX guard' : 'your module', result: 'info', detail: o.detail }];
    else
      try {
        trace = (await explainOutcome(check, opts, o)).trace ?? [];
      } catch {
        trace = [];
      }
    out.push({
      case: o.case.id,
      run: o.run.key,
      call: what(o),
      effect: o.case.effect,
      expected: formatDecision(o.expected),
      actual: formatDecision(o.actual),
      missingDetectors: o.missingDetectors,
      nudge: o.case.nudge ?? r.nudge,
      trace,
      ...(o.case.probes ? { probes: o.case.probes } : {}),
    });
  }
  return out;
}

export function renderResult(r: CheckResult, diffs: Diff[], where?: Orientation): string {
  const out: string[] = [];
  out.push(`${c.bold(r.id)} · ${r.title}`);
  if (where) out.push(...whereLines(where));
  if (r.error) {
    out.push(c.red(`✗ cannot load your file: ${r.error}`));
    out.push(`→ ${r.nudge}`);
    return out.join('\n') + '\n';
  }
  if (r.rows.length) out.push(...countsTable(r.rows).map((l) => '  ' + l));
  for (const n of r.notes) out.push('  ' + n);
  if (r.pass) {
    out.push(c.green(`✓ ${r.id} passed`) + ` — your pass code: ${c.bold(r.code!)}`);
    out.push(c.dim(`  lab solution ${r.id} shows the reference solution`));
    if (where) out.push(...nextLines(where));
    return out.join('\n') + '\n';
  }
  const failing = r.outcomes.filter((o) => !o.ok).length;
  if (failing) out.push(c.red(`✗ ${failing} of ${r.outcomes.length} case decisions differ`) + (failing > diffs.length ? c.dim(` (first ${diffs.length} shown)`) : ''));
  for (const d of diffs) {
    out.push('');
    out.push(`${c.yellow('✗')} ${c.bold(d.case)} [${d.run}]  ${d.call}`);
    out.push(`    effect:   ${d.effect}`);
    if (d.probes) out.push(`    probes:   ${PROBES[d.probes] ?? d.probes}`);
    out.push(`    expected: ${d.expected}   got: ${d.actual}`);
    if (d.missingDetectors.length) out.push(`    detectors that should fire: ${d.missingDetectors.join(', ')}`);
    out.push(...traceLines(d.trace).map((l) => '  ' + l));
    out.push(`    → ${d.nudge}`);
  }
  if (!failing) out.push(c.red('✗ not passed') + `\n→ ${r.nudge}`);
  out.push(c.dim(`\nstuck? lab hint ${r.id} --level 1 (then 2, then 3)`));
  return out.join('\n') + '\n';
}

export function jsonResult(r: CheckResult, diffs: Diff[], where?: Orientation): Record<string, unknown> {
  return {
    id: r.id,
    title: r.title,
    ...(where ? where : {}),
    pass: r.pass,
    ...(r.error ? { error: r.error } : {}),
    counts: r.rows,
    cases: r.outcomes.length,
    failing: r.outcomes.filter((o) => !o.ok).length,
    diffs,
    notes: r.notes,
    nudge: r.pass ? undefined : r.nudge,
    ...(r.code ? { code: r.code } : {}),
  };
}
