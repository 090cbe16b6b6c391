// Running a check: build the engine (learner policy or learner detector), decide every case in
// every run, compare with the expectations, and derive the pass code from the decision vector.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PermissionEngine, loadPolicy, PolicyError, type Context, type Decision, type Detector, type Policy, type ToolCall } from '../../engine/index.ts';
import { useNodeHost } from '../node-host.ts';
import { countsFor, formatDecision, vectorEntry, KIND_COUNTS, type CheckCase, type Counts, type Expectation, type LoadedCheck, type Run } from './check.ts';
import { fakeFs } from './fakefs.ts';
import { passCode } from './codes.ts';
import { runRedTeam } from './c14.ts';
import { screenLabeller, messagesLabeller } from './seeds.ts';
import { arithLabeller } from './arith-lab.ts';
import { latticeLabeller } from './lattice-lab.ts';
import { pathsLabeller } from './paths-lab.ts';
import { clientLabeller } from './client-lab.ts';
import { useLearnerProgram } from './programs-lab.ts';
import { runGateCase } from './targets.ts';

export const LAB_CONTEXT = { cwd: '/home/dev/app', home: '/home/dev', workspace: ['/home/dev/app'] } as const;

export type { Counts };

export interface CaseOutcome {
  case: CheckCase;
  run: Run;
  expected: Expectation;
  actual: Expectation;
  fired: string[];
  missingDetectors: string[];
  ok: boolean;
  /** screen / messages checks: what the learner's module produced. */
  detail?: string;
}

export interface CheckResult {
  id: string;
  title: string;
  pass: boolean;
  /** Set when the learner file could not be loaded (policy error, bad module …). */
  error?: string;
  rows: { run: string; expected: Counts; actual: Counts }[];
  outcomes: CaseOutcome[];
  nudge: string;
  /** Only on a pass. */
  code?: string;
  /** Extra lines a special check (c14) prints. */
  notes: string[];
}

export interface RunOptions {
  root: string;
  /** Folder holding the learner file (default: lab/exercises/<id>/ under root). */
  exerciseDir?: string;
}

export function exerciseDir(root: string, id: string): string {
  return join(root, 'lab', 'exercises', id);
}

export function callOf(c: CheckCase): ToolCall {
  return c.command !== undefined ? { tool: c.tool, input: { command: c.command } } : { tool: c.tool, input: c.input ?? {} };
}

let importCounter = 0;

/** Load the learner's detector module: a named `detector` export or the default export. */
export async function loadDetector(file: string): Promise<Detector> {
  const mod = (await import(`${pathToFileURL(file).href}?v=${++importCounter}`)) as { detector?: Detector; default?: Detector };
  const d = mod.detector ?? mod.default;
  if (!d || typeof d !== 'object' || !d.meta || typeof d.meta.id !== 'string' || typeof d.check !== 'function') {
    throw new Error(`${file} must export \`detector\`: { meta: { id, … }, check(inv, ctx) }`);
  }
  return checkedFindings(d, file);
}

const shapeProblems = new WeakMap<Detector, { first: string | null }>();

/**
 * The learner's detector, with every finding it returns checked: a finding without a valid
 * `behavior` (say `behaviour`, the meta's spelling) would silently count as no opinion. The first
 * such finding is remembered with the file:line:col that wrote it; runCheck reports it.
 */
function checkedFindings(d: Detector, file: string): Detector {
  const seen = { first: null as string | null };
  const wrapped: Detector = {
    ...d,
    check(inv, ctx) {
      const found = d.check(inv, ctx);
      if (Array.isArray(found))
        for (const f of found as unknown as Record<string, unknown>[]) {
          if (seen.first || (f && ['allow', 'deny', 'ask'].includes(f.behavior as string))) continue;
          const key = f && 'behaviour' in f ? 'behaviour' : 'behavior';
          seen.first = `${placeOf(file, key)}: a finding needs \`behavior\` ('allow', 'deny' or 'ask')${key === 'behaviour' ? ', not `behaviour` (that spelling is only for meta)' : `, got ${JSON.stringify(f?.behavior)}`}`;
        }
      return found;
    },
  };
  shapeProblems.set(wrapped, seen);
  return wrapped;
}

/** file:line:col of the word in the learner's check() (else of the file). */
function placeOf(file: string, word: string): string {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return `${file}:1:1`;
  }
  const from = Math.max(0, text.lastIndexOf('check('));
  let at = text.indexOf(word + ':', from);
  if (at < 0) at = text.indexOf(word, from);
  if (at < 0) return `${file}:1:1`;
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return `${file}:${line}:${at - before.lastIndexOf('\n')}`;
}

/** The first malformed finding a learner detector returned, if any. */
export function findingProblem(detectors: readonly Detector[]): string | null {
  for (const d of detectors) {
    const p = shapeProblems.get(d)?.first;
    if (p) return p;
  }
  return null;
}

export interface Engines {
  policy: Policy;
  engine: (profile?: string) => PermissionEngine;
  /** The learner detectors (checked findings: see findingProblem). */
  detectors?: readonly Detector[];
}

/** Build the engine a check runs (throws with a learner-facing message). */
export async function enginesFor(check: LoadedCheck, opts: RunOptions): Promise<Engines> {
  useNodeHost();
  const dir = opts.exerciseDir ?? exerciseDir(opts.root, check.id);
  const learnerFile = join(dir, check.learner);
  if (!existsSync(learnerFile)) throw new Error(`missing ${learnerFile} (lab reset ${check.id} restores the starter)`);
  if (check.kind === 'programs') useLearnerProgram(learnerFile);
  const policyFile = check.policy === 'learner' ? learnerFile : join(opts.root, check.policy);
  const policy = loadPolicy(readFileSync(policyFile, 'utf8'), { file: policyFile });
  const detectors = check.kind === 'detector' ? [await loadDetector(learnerFile)] : [];
  const cache = new Map<string, PermissionEngine>();
  return {
    policy,
    detectors,
    engine(profile) {
      const k = profile ?? '';
      if (!cache.has(k)) {
        const p = profile ? ({ ...policy, immune: profile } as Policy) : policy;
        cache.set(k, new PermissionEngine(p, { detectors }));
      }
      return cache.get(k)!;
    },
  };
}

export function contextFor(check: LoadedCheck, run: Run): Context {
  const ctx: Context = { cwd: LAB_CONTEXT.cwd, home: LAB_CONTEXT.home, workspace: [...LAB_CONTEXT.workspace] };
  if (run.mode) ctx.mode = run.mode;
  if (check.fs) ctx.fs = fakeFs(check.fs);
  return ctx;
}

function observed(d: Decision): Expectation {
  return { behavior: d.behavior, silenced: d.silenced, immune: d.behavior === 'ask' && d.immune };
}

/** The check's engines, or the result that reports why they could not be built (a broken policy). */
async function enginesOrError(check: LoadedCheck, opts: RunOptions, base: CheckResult): Promise<Engines | CheckResult> {
  try {
    return await enginesFor(check, opts);
  } catch (e) {
    const msg = e instanceof PolicyError ? `policy error: ${e.message}` : (e as Error).message;
    return { ...base, error: msg };
  }
}

export async function runCheck(check: LoadedCheck, opts: RunOptions): Promise<CheckResult> {
  const base: CheckResult = { id: check.id, title: check.title, pass: false, rows: [], outcomes: [], nudge: check.nudge, notes: [] };
  if (check.kind === 'redteam') return runRedTeam(check, opts, base);
  if (check.kind === 'screen' || check.kind === 'messages' || check.kind === 'arith' || check.kind === 'lattice' || check.kind === 'paths' || check.kind === 'client') return runLabelled(check, opts, base);
  if (check.kind === 'targets') return runTargets(check, opts, base);
  const engines = await enginesOrError(check, opts, base);
  if (!('engine' in engines)) return engines;
  const vector: string[] = [];
  for (const run of check.runs) {
    const engine = engines.engine(run.profile);
    const ctx = contextFor(check, run);
    check.cases.forEach((c, i) => {
      const expected = check.expected[i]![run.key]!;
      const d = engine.decide(callOf(c), ctx);
      const actual = observed(d);
      const fired = [...new Set(d.findings.map((f) => f.detector))];
      const missingDetectors = c.detectors.filter((id) => !fired.includes(id));
      const ok = formatDecision(actual) === formatDecision(expected) && missingDetectors.length === 0;
      base.outcomes.push({ case: c, run, expected, actual, fired, missingDetectors, ok });
      vector.push(vectorEntry(c, run.key, actual, c.detectors.filter((id) => fired.includes(id))));
    });
  }
  const badFinding = findingProblem(engines.detectors ?? []);
  if (badFinding) return { ...base, outcomes: [], error: badFinding };
  // Vector order: case-major, like expectedVector.
  const order = new Map(check.cases.map((c, i) => [c.id, i]));
  const runIdx = new Map(check.runs.map((r, i) => [r.key, i]));
  const sorted = base.outcomes
    .map((o, k) => ({ o, v: vector[k]! }))
    .sort((a, b) => order.get(a.o.case.id)! - order.get(b.o.case.id)! || runIdx.get(a.o.run.key)! - runIdx.get(b.o.run.key)!);
  base.outcomes = sorted.map((x) => x.o);
  return finish(check, base, sorted.map((x) => x.v));
}

/** Counts per run, pass/fail, and the code from the observed vector (only when all match). */
export function finish(check: LoadedCheck, base: CheckResult, vector: string[]): CheckResult {
  const keys = KIND_COUNTS[check.kind];
  for (const run of check.runs) {
    const mine = base.outcomes.filter((o) => o.run.key === run.key);
    base.rows.push({ run: run.key, expected: countsFor(mine.map((o) => o.expected), keys), actual: countsFor(mine.map((o) => o.actual), keys) });
  }
  base.pass = base.outcomes.length > 0 && base.outcomes.every((o) => o.ok);
  if (base.pass) base.code = passCode(check.id, vector);
  return base;
}

/** screen and messages checks: each case yields a label from the learner's module. */
async function runLabelled(check: LoadedCheck, opts: RunOptions, base: CheckResult): Promise<CheckResult> {
  const dir = opts.exerciseDir ?? exerciseDir(opts.root, check.id);
  let label: (c: CheckCase) => { label: string; detail: string };
  try {
    useNodeHost();
    const mod = (await import(`${pathToFileURL(join(dir, check.learner)).href}?v=${++importCounter}`)) as Record<string, unknown>;
    label = check.kind === 'screen' ? screenLabeller(mod) : check.kind === 'arith' ? arithLabeller(mod) : check.kind === 'lattice' ? latticeLabeller(mod) : check.kind === 'paths' ? pathsLabeller(mod) : check.kind === 'client' ? clientLabeller(mod) : messagesLabeller(mod);
  } catch (e) {
    return { ...base, error: (e as Error).message };
  }
  return labelAll(check, base, label);
}

/** targets checks (c11): cases without `gate` are the learner policy's decision in default mode;
 *  gate cases run through the ARTEX guard (rules, then the target gate) and end run or blocked. */
async function runTargets(check: LoadedCheck, opts: RunOptions, base: CheckResult): Promise<CheckResult> {
  const engines = await enginesOrError(check, opts, base);
  if (!('engine' in engines)) return engines;
  const engine = engines.engine();
  const ctx = contextFor(check, check.runs[0]!);
  return labelAll(check, base, (c) => {
    const call = callOf(c);
    if (c.gate) {
      const g = runGateCase(engine, engines.policy.scope, check.targetGate!, c, call, ctx);
      return { label: g.label, detail: g.detail };
    }
    // No detail: the report shows the engine's explain trace for a differing rule case.
    return { label: engine.decide(call, ctx).behavior };
  });
}

function labelAll(check: LoadedCheck, base: CheckResult, label: (c: CheckCase) => { label: string; detail?: string }): CheckResult {
  const run = check.runs[0]!;
  const vector: string[] = [];
  check.cases.forEach((c, i) => {
    const expected = check.expected[i]![run.key]!;
    let got: { label: string; detail?: string };
    try {
      got = label(c);
    } catch (e) {
      got = { label: 'bad', detail: `threw: ${(e as Error).message}` };
    }
    const actual: Expectation = { behavior: got.label, silenced: false, immune: false };
    base.outcomes.push({ case: c, run, expected, actual, fired: [], missingDetectors: [], ok: got.label === expected.behavior, detail: got.detail });
    vector.push(vectorEntry(c, run.key, actual, []));
  });
  return finish(check, base, vector);
}

/** The explain trace of one differing case, for the report. */
export async function explainOutcome(check: LoadedCheck, opts: RunOptions, o: CaseOutcome): Promise<Decision & { trace: Decision['trace'] }> {
  const engines = await enginesFor(check, opts);
  return engines.engine(o.run.profile).explain(callOf(o.case), contextFor(check, o.run));
}
