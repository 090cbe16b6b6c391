// `lab regress`: every corpus case in every mode of the mode table, expected versus actual,
// plus the baseline of counts (checks/baseline.json) so count drift shows up in review.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { MODES, redactDeep, redactSecrets, secretsOf } from '../engine/index.ts';
import { writeFileAtomic as writeAtomic } from './fsutil.ts';
import type { EngineOptions } from '../engine/index.ts';
import { loadCorpus, formatLintError, familyFiles } from './corpus/schema.ts';
import type { LoadedCase, LintError } from './corpus/schema.ts';
import { runShared, selected, stopWorkers } from './regress-workers.ts';
import type { Started } from './regress-threads.mjs';
import type { ModeRowLike } from './corpus/expect.ts';
import { EngineCache, runCase, describe, formatTrace } from './corpus/run.ts';
import type { CaseResult } from './corpus/run.ts';

export interface RegressOptions {
  json?: boolean;
  junit?: string;
  family?: string;
  detector?: string;
  mode?: string;
  updateBaseline?: boolean;
  baselinePath: string;
  corpusDir: string;
  isTTY: boolean;
  /** Repo root for `policy:` paths and annotation file names (default: corpusDir's parent). */
  rootDir?: string;
  /** Emit GitHub Actions annotations (default: GITHUB_ACTIONS=true in the environment; not with json). */
  githubActions?: boolean;
  /** The mode table (default: MODES from engine/index.ts). */
  modes?: readonly ModeRowLike[];
  /** Passed to every PermissionEngine (e.g. a learner's replacement detector). */
  engineOptions?: EngineOptions;
  /** Parsed family files through the content-keyed cache (lab/cache.ts); the CLI sets it. */
  cache?: boolean;
  /** Where the terminal progress line goes (default: process.stderr). */
  progress?: (text: string) => void;
}

export interface RegressResult {
  exitCode: number;
  output: string;
}

export type Counts = { allow: number; deny: number; ask: number; silenced: number; immune: number };
export interface Baseline {
  version: 1;
  total: number;
  modes: Record<string, Counts>;
  families: Record<string, Record<string, Counts>>;
}

export interface Mismatch {
  id: string;
  family: string;
  file: string;
  line: number;
  mode: string;
  kind: 'decision' | 'detectors';
  expected: string;
  actual: string;
  reason: string;
  missing: string[];
  unexpected: string[];
  trace: string[];
}

const zero = (): Counts => ({ allow: 0, deny: 0, ask: 0, silenced: 0, immune: 0 });

function bump(c: Counts, x: { behavior: string; silenced?: boolean; immune?: boolean }): void {
  if (x.behavior === 'allow' || x.behavior === 'deny' || x.behavior === 'ask') c[x.behavior]++;
  if (x.silenced) c.silenced++;
  if (x.immune) c.immune++;
}

interface Prepared {
  root: string;
  modes: readonly ModeRowLike[];
  filtered: boolean;
  cases: LoadedCase[];
  errors: LintError[];
  /** secretsOf the cases' commands and inputs, when the threads found them already. */
  secrets?: string[];
}

/** Options checked; or the answer already (a usage error). */
function check(opts: RegressOptions): Omit<Prepared, 'cases' | 'errors'> | RegressResult {
  const root = opts.rootDir ?? dirname(resolve(opts.corpusDir));
  const allModes = opts.modes ?? (MODES as readonly ModeRowLike[]);
  const modes = opts.mode ? allModes.filter((m) => m.mode === opts.mode) : allModes;
  if (opts.mode && modes.length === 0)
    return { exitCode: 2, output: `unknown mode ${opts.mode} (modes: ${allModes.map((m) => m.mode).join(', ')})\n` };
  const filtered = Boolean(opts.family || opts.detector || opts.mode);
  if (opts.updateBaseline && filtered)
    return { exitCode: 2, output: '--update-baseline needs the whole corpus: drop --family, --detector and --mode\n' };
  return { root, modes, filtered };
}

const noneSelected = (opts: RegressOptions): RegressResult => ({ exitCode: 2, output: `no cases selected in ${opts.corpusDir}\n` });

/** Run the regression. Pure of CLI parsing: the caller turns argv into options. */
export function runRegress(opts: RegressOptions): RegressResult {
  const c = check(opts);
  if ('exitCode' in c) return c;
  const { cases: all, errors } = loadCorpus(opts.corpusDir, { cache: opts.cache });
  const cases = all.filter((lc) => selected(lc, opts.family, opts.detector));
  if (cases.length === 0 && errors.length === 0) return noneSelected(opts);
  const p: Prepared = { ...c, cases, errors };
  const engines = new EngineCache(p.root, opts.engineOptions);
  const progress = opts.progress ?? ((t: string) => process.stderr.write(t));
  const results: CaseResult[] = [];
  p.cases.forEach((lc, i) => {
    if (opts.isTTY && (i % 20 === 0 || i === p.cases.length - 1))
      progress(`\rregress ${i + 1}/${p.cases.length} ${lc.family}`.padEnd(60));
    results.push(runCase(lc, p.modes, engines));
  });
  if (opts.isTTY) progress('\r'.padEnd(61) + '\r');
  return report(opts, p, results);
}

/**
 * runRegress with the family files shared out to worker threads (lab/regress-workers.ts) when
 * `workerModule` names a module exporting `regressWorker`, more than one thread is asked for
 * and there is more than one file; the same result, in the same order. `started`: workers
 * already loading workerModule, used first (the rest are stopped). Engine options (functions)
 * cannot cross to a worker: with any, it runs in process.
 */
export async function runRegressParallel(opts: RegressOptions & { workerModule?: string; workers?: number; started?: readonly Started[] }): Promise<RegressResult> {
  const n = opts.engineOptions && Object.keys(opts.engineOptions).length ? 1 : (opts.workers ?? 1);
  const files = opts.workerModule && n >= 2 ? familyFiles(opts.corpusDir) : [];
  const c = check(opts);
  if (files.length < 2 || 'exitCode' in c) {
    stopWorkers(opts.started);
    return 'exitCode' in c ? c : runRegress(opts);
  }
  const run = await runShared(opts.workerModule!, Math.min(n, files.length), { root: c.root, modes: c.modes, files, cache: opts.cache, family: opts.family, detector: opts.detector }, opts.started);
  if (run.cases.length === 0 && run.errors.length === 0) return noneSelected(opts);
  return report(opts, { ...c, cases: run.cases, errors: run.errors, secrets: run.secrets }, run.results);
}

function report(opts: RegressOptions, p: Prepared, results: CaseResult[]): RegressResult {
  const { root, modes, filtered, errors } = p;
  const out: string[] = [];
  const gha = opts.githubActions ?? process.env.GITHUB_ACTIONS === 'true';
  const rel = (f: string) => relative(root, resolve(f)) || f;

  // Count.
  const expected: Record<string, Counts> = {};
  const actual: Record<string, Counts> = {};
  const families: Record<string, Record<string, { expected: Counts; actual: Counts }>> = {};
  for (const m of modes) [expected[m.mode], actual[m.mode]] = [zero(), zero()];
  const mismatches: Mismatch[] = [];
  for (const r of results) {
    const { id } = r.lc.case;
    const fam = (families[r.lc.family] ??= {});
    for (const mr of r.modes) {
      const f = (fam[mr.mode] ??= { expected: zero(), actual: zero() });
      // A judged expectation takes the judge's verdict when it matched (the row leaves it to the judge).
      bump(expected[mr.mode], mr.expected.judged && mr.decisionOk ? mr.actual : mr.expected);
      bump(actual[mr.mode], mr.actual);
      bump(f.expected, mr.expected);
      bump(f.actual, mr.actual);
      if (!mr.decisionOk)
        mismatches.push({
          id, family: r.lc.family, file: rel(r.lc.file), line: r.lc.line, mode: mr.mode, kind: 'decision',
          expected: describe(mr.expected), actual: describe(mr.actual), reason: mr.actual.reason,
          missing: [], unexpected: [], trace: formatTrace(mr.actual.trace, ''),
        });
    }
    if (r.missing.length || r.unexpected.length) {
      const first = r.modes[0];
      mismatches.push({
        id, family: r.lc.family, file: rel(r.lc.file), line: r.lc.line, mode: first?.mode ?? '', kind: 'detectors',
        expected: `detectors ⊇ [${r.lc.case.detectors.join(', ')}], none of [${r.lc.case.notDetectors.join(', ')}]`,
        actual: `fired [${first?.actual.fired.join(', ') ?? ''}]`, reason: first?.actual.reason ?? '',
        missing: r.missing, unexpected: r.unexpected, trace: formatTrace(first?.actual.trace ?? [], ''),
      });
    }
  }

  // Baseline.
  const current: Baseline = { version: 1, total: results.length, modes: actual, families: {} };
  for (const [f, byMode] of Object.entries(families).sort(([a], [b]) => a.localeCompare(b)))
    current.families[f] = Object.fromEntries(Object.entries(byMode).map(([m, c]) => [m, c.actual]));
  let drift: string[] = [];
  let baselineNote = '';
  if (!filtered && errors.length === 0) {
    const old = readBaseline(opts.baselinePath);
    drift = old ? diffBaseline(old, current) : ['(no baseline yet: run with --update-baseline)'];
    if (opts.updateBaseline) {
      writeAtomic(opts.baselinePath, JSON.stringify(current, null, 2) + '\n');
      baselineNote = drift.length ? `baseline updated: ${rel(opts.baselinePath)}` : 'baseline unchanged';
      drift = [];
    }
  } else if (opts.updateBaseline) baselineNote = 'baseline not updated: the corpus has errors';

  // Known gaps: a marked case that still mismatches is reported, not failed; a marked case that now
  // passes fails the run until its marker is removed, so a gap can only close on purpose.
  const gapIds = new Set(results.filter((r) => r.lc.case.gap !== undefined).map((r) => r.lc.case.id));
  const gaps = mismatches.filter((m) => gapIds.has(m.id));
  mismatches.splice(0, mismatches.length, ...mismatches.filter((m) => !gapIds.has(m.id)));
  const stillOpen = new Set(gaps.map((g) => g.id));
  const closed = results.filter((r) => gapIds.has(r.lc.case.id) && !stillOpen.has(r.lc.case.id)).map((r) => `${r.lc.case.id} (${rel(r.lc.file)}:${r.lc.line})`);

  const failed = mismatches.length > 0 || drift.length > 0 || errors.length > 0 || closed.length > 0;

  // Secrets in the cases' own commands: a trace may echo one out of its context.
  const known = p.secrets ?? secretsOf(results.map((r) => [r.lc.case.command, r.lc.case.input]));
  if (opts.junit) writeAtomic(opts.junit, junit(results, mismatches, known));
  // Workflow commands go to stdout with the text report; --json output stays pure JSON.
  if (gha && !opts.json) {
    for (const e of errors) out.push(annotation(rel(e.file), e.line, `corpus ${e.id ?? ''}`, formatLintError(e)));
    for (const m of mismatches)
      out.push(annotation(m.file, m.line, `regress ${m.id} [${m.mode}]`, mismatchLine(m)));
    if (drift.length) out.push(annotation(rel(opts.baselinePath), 1, 'regress baseline drift', drift.join('\n')));
  }

  if (opts.json) {
    const report = {
      ok: !failed,
      total: results.length,
      modes: Object.fromEntries(modes.map((m) => [m.mode, { expected: expected[m.mode], actual: actual[m.mode] }])),
      families,
      mismatches,
      gaps,
      closedGaps: closed,
      drift,
      errors: errors.map(formatLintError),
    };
    out.push(JSON.stringify(redactDeep(report, known), null, 2));
    return { exitCode: failed ? 1 : 0, output: out.join('\n') + '\n' };
  }

  for (const e of errors) out.push(formatLintError(e));
  out.push(table(modes.map((m) => m.mode), expected, actual, results.length));
  if (mismatches.length) {
    out.push('', `${mismatches.length} mismatch${mismatches.length === 1 ? '' : 'es'}:`);
    for (const m of mismatches) {
      out.push('', `✗ ${m.id} [${m.mode}] ${m.file}:${m.line}`, `  ${mismatchLine(m)}`);
      if (m.trace.length) out.push('  trace:', ...m.trace.map((t) => `    ${t}`));
    }
  }
  if (gaps.length) out.push('', `${stillOpen.size} known gap${stillOpen.size === 1 ? '' : 's'} (cases marked \`gap:\`; expectations from their effects, not yet met): ${[...stillOpen].join(', ')}`);
  if (closed.length) out.push('', `gap closed — remove the \`gap:\` marker: ${closed.join(', ')}`);
  if (drift.length) out.push('', `baseline drift (${rel(opts.baselinePath)}; rerun with --update-baseline if intended):`, ...drift.map((d) => `  ${d}`));
  if (baselineNote) out.push('', baselineNote);
  if (filtered) out.push('', 'baseline not checked (filtered run)');
  out.push('', failed ? 'regress: FAIL' : `regress: ok (${results.length} cases × ${modes.length} modes)`);
  return { exitCode: failed ? 1 : 0, output: redactSecrets(out.join('\n') + '\n', known) };
}

function mismatchLine(m: Mismatch): string {
  if (m.kind === 'detectors') {
    const parts = [m.missing.length ? `missing detectors: ${m.missing.join(', ')}` : '', m.unexpected.length ? `unexpected detectors: ${m.unexpected.join(', ')}` : ''];
    return `${parts.filter(Boolean).join('; ')} (${m.actual})`;
  }
  return `expected ${m.expected}, got ${m.actual} (${m.reason})`;
}

const COLS = ['allow', 'deny', 'ask', 'silenced', 'immune'] as const;

function table(modes: string[], expected: Record<string, Counts>, actual: Record<string, Counts>, total: number): string {
  const w = Math.max(18, ...modes.map((m) => m.length + 2));
  const lines = [`${total} cases; each cell is expected/actual (✗ when they differ)`, 'mode'.padEnd(w) + COLS.map((c) => c.padStart(14)).join('')];
  for (const m of modes) {
    const cells = COLS.map((c) => {
      const e = expected[m][c];
      const a = actual[m][c];
      return (e === a ? `${e}/${a}` : `✗ ${e}/${a}`).padStart(14);
    });
    lines.push(m.padEnd(w) + cells.join(''));
  }
  return lines.join('\n');
}

export function readBaseline(path: string): Baseline | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Baseline;
  } catch {
    return null;
  }
}

/** Every count that differs, as `path: old → new` lines. */
export function diffBaseline(old: Baseline, cur: Baseline): string[] {
  const flat = (b: Baseline) => {
    const m = new Map<string, number>();
    m.set('total', b.total ?? 0);
    for (const [mode, c] of Object.entries(b.modes ?? {})) for (const k of COLS) m.set(`modes.${mode}.${k}`, c?.[k] ?? 0);
    for (const [f, byMode] of Object.entries(b.families ?? {}))
      for (const [mode, c] of Object.entries(byMode ?? {})) for (const k of COLS) m.set(`families.${f}.${mode}.${k}`, c?.[k] ?? 0);
    return m;
  };
  const a = flat(old);
  const b = flat(cur);
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  const lines: string[] = [];
  for (const k of keys) {
    const x = a.get(k);
    const y = b.get(k);
    if (x !== y) lines.push(`${k}: ${x ?? '(none)'} → ${y ?? '(none)'}`);
  }
  return lines;
}

function annotation(file: string, line: number, title: string, message: string): string {
  const prop = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/:/g, '%3A').replace(/,/g, '%2C');
  const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return `::error file=${prop(file)},line=${line},title=${prop(title)}::${data(message)}`;
}

// Redacted first: JUnit goes to CI logs like every other output.
const xml = (s: string, known: readonly string[] = []) =>
  redactSecrets(s, known).replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch] as string)
    // XML 1.0 cannot hold most control characters, even escaped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

function junit(results: CaseResult[], mismatches: Mismatch[], known: readonly string[] = []): string {
  const esc = (s: string) => xml(s, known);
  const byKey = new Map<string, Mismatch[]>();
  for (const m of mismatches) byKey.set(`${m.id}\0${m.mode}`, [...(byKey.get(`${m.id}\0${m.mode}`) ?? []), m]);
  const fams = new Map<string, string[]>();
  let tests = 0;
  let failures = 0;
  const famFail = new Map<string, number>();
  for (const r of results) {
    const lines = fams.get(r.lc.family) ?? [];
    for (const mr of r.modes) {
      tests++;
      const ms = byKey.get(`${r.lc.case.id}\0${mr.mode}`) ?? [];
      const name = `${r.lc.case.id} [${mr.mode}]`;
      const head = `    <testcase classname="corpus.${esc(r.lc.family)}" name="${esc(name)}" file="${esc(r.lc.file)}" line="${r.lc.line}"`;
      if (ms.length === 0) lines.push(`${head}/>`);
      else {
        failures++;
        famFail.set(r.lc.family, (famFail.get(r.lc.family) ?? 0) + 1);
        const msg = ms.map(mismatchLine).join('; ');
        const body = ms.flatMap((m) => m.trace).join('\n');
        lines.push(`${head}>`, `      <failure message="${esc(msg)}">${esc(body)}</failure>`, '    </testcase>');
      }
    }
    fams.set(r.lc.family, lines);
  }
  const suites = [...fams].map(([f, lines]) => {
    const n = lines.filter((l) => l.trimStart().startsWith('<testcase')).length;
    return [`  <testsuite name="${esc(f)}" tests="${n}" failures="${famFail.get(f) ?? 0}">`, ...lines, '  </testsuite>'].join('\n');
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="gatelab regress" tests="${tests}" failures="${failures}">`, ...suites, '</testsuites>', ''].join('\n');
}
