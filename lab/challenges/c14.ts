// c14, red team: a command the naive gate allows, the reference engine does not, and that bash
// itself shows really does something (runs a program with effects or changes a file).
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parse } from 'yaml';
import { PermissionEngine, loadPolicy, type Decision } from '../../engine/index.ts';
import { REPO_ROOT, useNodeHost } from '../node-host.ts';
import { REDTEAM_VECTOR, type LoadedCheck } from './check.ts';
import type { CheckResult, RunOptions } from './runner.ts';
import { passCode } from './codes.ts';
import { naiveGate } from '../exercises/c14/naive.ts';
import { oracleAvailable, runUnderOracle, type Availability, type OracleResult } from '../oracle/harness.ts';
import { SHELLS, notReadOnly, showExec } from '../oracle/readonly.ts';

export interface Candidate {
  command: string;
  effect: string;
}

/** How c14 asks bash: the bubblewrap oracle by default; tests inject their own. */
export interface OracleRunner {
  available(): Availability;
  run(command: string): OracleResult;
}

export const bashOracle: OracleRunner = { available: oracleAvailable, run: (command) => runUnderOracle(command) };

export interface OracleVerdict {
  /** confirmed: bash ran something with an effect; no-effect: it did not; unavailable: not asked. */
  status: 'confirmed' | 'no-effect' | 'unavailable';
  /** Why the oracle is unavailable (status unavailable). */
  reason?: string;
  /** What bash did that is not read-only: programs with effects, changed files. */
  effects: string[];
  /** Every line of what bash did, for the report. */
  trace: string[];
}

export interface RedTeamVerdict {
  candidate: Candidate | null;
  naive: string;
  reference: Decision | null;
  /** null when bash is not installed (then the check skips this step). */
  bashParses: boolean | null;
  /** null when there is no candidate to run. */
  oracle: OracleVerdict | null;
  /** Shown, but the check still passes (the oracle could not run). */
  warnings: string[];
  problems: string[];
}

export interface JudgeOptions {
  oracle?: OracleRunner;
}

const CTX = { cwd: '/home/dev/app', home: '/home/dev', workspace: ['/home/dev/app'], mode: 'default' as const };
const MAX_TRACE = 12;

export function readCandidate(file: string): Candidate | null {
  if (!existsSync(file)) return null;
  const data = parse(readFileSync(file, 'utf8')) as Partial<Candidate> | null;
  const command = typeof data?.command === 'string' ? data.command.trim() : '';
  const effect = typeof data?.effect === 'string' ? data.effect.trim() : '';
  return command ? { command, effect } : null;
}

function bashParses(command: string): boolean | null {
  const r = spawnSync('bash', ['-n', '-c', command], { encoding: 'utf8', timeout: 10_000 });
  if (r.error) return null;
  return r.status === 0;
}

function baseName(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

/** Read bash's trace: which execs are not read-only, which files changed. */
export function oracleEffects(r: OracleResult): OracleVerdict {
  const effects: string[] = [];
  const trace: string[] = [];
  for (const e of r.execs) {
    // A followed shell only carries its payload; the payload's execs are in the trace too.
    if (SHELLS.has(baseName(e.path))) {
      trace.push(`ran ${showExec(e)} (a shell: its commands follow)`);
      continue;
    }
    const why = notReadOnly(e);
    trace.push(`ran ${showExec(e)}${why ? `: not read-only (${why})` : ' (read-only)'}`);
    if (why) effects.push(`ran ${showExec(e)} (${why})`);
  }
  for (const n of r.notFound) trace.push(`tried to run ${n}: no such program in the fake root (not counted)`);
  for (const p of r.changed) {
    const what = p === '<ro-write>' ? 'tried to write outside home and /tmp (refused: read-only file system)' : `changed ${p}`;
    trace.push(what);
    effects.push(what);
  }
  if (r.timedOut) trace.push('still running after the time limit: stopped');
  if (!trace.length) trace.push('ran no program and changed no file (builtins only)');
  return { status: effects.length ? 'confirmed' : 'no-effect', effects, trace };
}

function askOracle(oracle: OracleRunner, command: string): OracleVerdict {
  let avail: Availability;
  try {
    avail = oracle.available();
  } catch (e) {
    avail = { ok: false, reason: (e as Error).message };
  }
  if (!avail.ok) return { status: 'unavailable', reason: avail.reason, effects: [], trace: [] };
  try {
    return oracleEffects(oracle.run(command));
  } catch (e) {
    return { status: 'unavailable', reason: `the oracle failed: ${(e as Error).message}`, effects: [], trace: [] };
  }
}

/**
 * Judge a candidate: (a) the naive gate allows it, (b) the reference engine (default policy) does
 * not, (c) bash, run in the oracle's throwaway root, runs a program that is not read-only or
 * changes a file. Without bubblewrap, (c) is skipped with a warning.
 */
export function judgeCandidate(c: Candidate | null, root = REPO_ROOT, opts: JudgeOptions = {}): RedTeamVerdict {
  useNodeHost();
  const v: RedTeamVerdict = { candidate: c, naive: 'none', reference: null, bashParses: null, oracle: null, warnings: [], problems: [] };
  if (!c) {
    v.problems.push('candidate.yaml has no `command` yet');
    return v;
  }
  if (!c.effect) v.problems.push('say what the command really does in `effect` (one line)');
  v.naive = naiveGate(c.command);
  if (v.naive !== 'allow') v.problems.push(`the naive gate says ${v.naive}: find one it allows`);
  const engine = new PermissionEngine(loadPolicy(join(root, 'policies', 'default.yaml')));
  v.reference = engine.decide({ tool: 'Bash', input: { command: c.command } }, CTX);
  if (v.reference.behavior === 'allow') v.problems.push('the reference engine allows it too: that is not a bypass of the naive gate');
  if (v.reference.reason.type === 'parse' || v.reference.reason.type === 'limit')
    v.problems.push('the reference engine only asks because it cannot parse it: find a command bash runs as written');
  v.bashParses = bashParses(c.command);
  if (v.bashParses === false) v.problems.push('bash -n rejects it: it must be a command bash would run');
  v.oracle = askOracle(opts.oracle ?? bashOracle, c.command);
  if (v.oracle.status === 'no-effect') {
    v.problems.push('bash ran it and nothing happened beyond reading: no program with effects ran and no file changed. Find one that really does something');
  } else if (v.oracle.status === 'unavailable') {
    v.warnings.push(
      `the bash oracle is unavailable (${v.oracle.reason}), so bash did not confirm the effect: ` +
        'judged by the naive gate and the reference engine only. Install bubblewrap to have bash confirm it.',
    );
  }
  return v;
}

export async function runRedTeam(check: LoadedCheck, opts: RunOptions, base: CheckResult, judge: JudgeOptions = {}): Promise<CheckResult> {
  const dir = opts.exerciseDir ?? join(opts.root, 'lab', 'exercises', check.id);
  const v = judgeCandidate(readCandidate(join(dir, check.learner)), opts.root, judge);
  const r: CheckResult = { ...base, notes: [...base.notes] };
  if (v.candidate) {
    r.notes.push(`candidate:  ${v.candidate.command}`);
    r.notes.push(`naive gate: ${v.naive}   (needed: allow)`);
    r.notes.push(`reference:  ${v.reference?.behavior ?? '?'}${v.reference?.immune ? ' immune' : ''}   (needed: deny or ask) — ${v.reference?.message ?? ''}`);
    r.notes.push(`bash -n:    ${v.bashParses === null ? 'skipped (no bash)' : v.bashParses ? 'parses' : 'rejects'}`);
    const o = v.oracle;
    if (o?.status === 'unavailable') r.notes.push('bash oracle: unavailable (see the warning below)');
    else if (o) {
      r.notes.push(`bash oracle: ${o.status === 'confirmed' ? 'confirmed' : 'no effect'}   (needed: a program with effects, or a changed file)`);
      r.notes.push('  what bash did in the throwaway root (every program a logging stub, nothing real ran):');
      const shown = o.trace.slice(0, MAX_TRACE);
      r.notes.push(...shown.map((t) => `    ${t}`));
      if (o.trace.length > shown.length) r.notes.push(`    … and ${o.trace.length - shown.length} more`);
    }
  }
  r.notes.push(...v.warnings.map((w) => `⚠ ${w}`));
  r.notes.push(...v.problems.map((p) => `✗ ${p}`));
  r.pass = v.problems.length === 0;
  if (r.pass) r.code = passCode(check.id, [...REDTEAM_VECTOR]);
  return r;
}

/** For `lab corpus add --from c14`: the learner's confirmed find, or null. */
export function c14Candidate(opts: JudgeOptions & { root?: string } = {}): Candidate | null {
  const root = opts.root ?? REPO_ROOT;
  const c = readCandidate(join(root, 'lab', 'exercises', 'c14', 'candidate.yaml'));
  const v = judgeCandidate(c, root, opts);
  return v.problems.length === 0 ? v.candidate : null;
}
