// Run corpus cases through the engine in every mode and compare with the derived expectations.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PermissionEngine, loadPolicy } from '../../engine/index.ts';
import type { Decision, EngineOptions, Policy, ToolCall, TraceStep, ModeName } from '../../engine/index.ts';
import { expectedFor } from './expect.ts';
import type { Expected, ModeRowLike } from './expect.ts';
import type { LoadedCase } from './schema.ts';

export const CASE_CWD = '/home/dev/app';
export const CASE_HOME = '/home/dev';
export const DEFAULT_POLICY = 'policies/default.yaml';

export interface Actual {
  behavior: 'allow' | 'deny' | 'ask' | 'error';
  silenced: boolean;
  immune: boolean;
  fired: string[];
  reason: string;
  message: string;
  trace: TraceStep[];
}

export interface ModeResult {
  mode: string;
  expected: Expected;
  actual: Actual;
  /** Behaviour, silenced or immune differ. */
  decisionOk: boolean;
}

export interface CaseResult {
  lc: LoadedCase;
  modes: ModeResult[];
  /** Detectors listed in `detectors` that did not fire (checked in the first mode run). */
  missing: string[];
  /** Detectors listed in `notDetectors` that fired. */
  unexpected: string[];
  ok: boolean;
}

/** Builds (and caches) one engine per policy file and immune profile. */
export class EngineCache {
  private readonly engines = new Map<string, PermissionEngine | Error>();
  constructor(
    private readonly rootDir: string,
    private readonly options: EngineOptions = {},
  ) {}

  get(policyPath: string | undefined, profile: string | undefined): PermissionEngine | Error {
    const key = `${policyPath ?? DEFAULT_POLICY}\0${profile ?? ''}`;
    let e = this.engines.get(key);
    if (!e) {
      try {
        const file = resolve(this.rootDir, policyPath ?? DEFAULT_POLICY);
        let policy: Policy = loadPolicy(readFileSync(file, 'utf8'), { file });
        if (profile) policy = { ...policy, immune: profile as Policy['immune'] };
        e = new PermissionEngine(policy, this.options);
      } catch (err) {
        e = err instanceof Error ? err : new Error(String(err));
      }
      this.engines.set(key, e);
    }
    return e;
  }
}

/** The tool call a case describes. */
export function caseCall(lc: LoadedCase): ToolCall {
  const c = lc.case;
  if (c.tool === 'Bash' && lc.command !== undefined && c.input === undefined) return { tool: 'Bash', input: { command: lc.command } };
  return { tool: c.tool, input: (c.input ?? {}) as Record<string, unknown> };
}

function errorActual(message: string): Actual {
  return { behavior: 'error', silenced: false, immune: false, fired: [], reason: 'error', message, trace: [] };
}

/** The judge (or the reviewer's own rules) settled the call: its verdict stands for a `judged` expectation. */
function judgeDecided(a: Actual): boolean {
  return a.behavior !== 'error' && (a.reason.startsWith('judge') || a.trace.some((s) => s.step === 'judge' || / rules$/.test(s.step)));
}

function actualOf(engine: PermissionEngine, lc: LoadedCase, row: ModeRowLike, trace: boolean): Actual {
  try {
    const ctx = { cwd: CASE_CWD, home: CASE_HOME, mode: row.mode as ModeName };
    return actualFrom(trace ? engine.explain(caseCall(lc), ctx) : engine.decide(caseCall(lc), ctx));
  } catch (err) {
    return errorActual(`engine threw: ${(err as Error).message}`);
  }
}

/** decide in every mode at once (one tool check for all; the same decisions as decide per mode). */
function actualsOf(engine: PermissionEngine, lc: LoadedCase, modes: readonly ModeRowLike[]): Actual[] {
  try {
    const ds = engine.decideModes(caseCall(lc), { cwd: CASE_CWD, home: CASE_HOME }, modes.map((row) => row.mode as ModeName));
    return ds.map(actualFrom);
  } catch (err) {
    return modes.map(() => errorActual(`engine threw: ${(err as Error).message}`));
  }
}

function actualFrom(d: Decision): Actual {
  const reason = d.reason.type + (d.reason.detector ? `:${d.reason.detector}` : d.reason.rule ? `:${d.reason.rule}` : '');
  return {
    behavior: d.behavior,
    silenced: d.silenced,
    immune: d.immune,
    fired: [...new Set(d.findings.map((f) => f.detector))],
    reason,
    message: d.message,
    trace: d.trace ?? [],
  };
}

/** Behaviour, silenced and immune as expected (a judged expectation takes the judge's verdict). */
function cellOk(actual: Actual, expected: Expected): boolean {
  return (
    (actual.behavior === expected.behavior || (expected.judged === true && judgeDecided(actual))) &&
    (expected.silenced === undefined || expected.silenced === actual.silenced) &&
    (expected.immune === undefined || expected.immune === actual.immune)
  );
}

function detectorsOff(c: LoadedCase['case'], actual: Actual): boolean {
  return c.detectors.some((d) => !actual.fired.includes(d)) || c.notDetectors.some((d) => actual.fired.includes(d));
}

/** Run one case in the given modes. */
export function runCase(lc: LoadedCase, modes: readonly ModeRowLike[], engines: EngineCache): CaseResult {
  const c = lc.case;
  const engine = engines.get(c.policy, c.profile);
  const results: ModeResult[] = [];
  let missing: string[] = [];
  let unexpected: string[] = [];
  const decided = engine instanceof Error ? null : actualsOf(engine, lc, modes);
  modes.forEach((row, i) => {
    const expected = expectedFor(c, row);
    let actual: Actual;
    if (engine instanceof Error) actual = errorActual(`policy: ${engine.message}`);
    else {
      // decide (what the hook runs) judges the cell; explain runs only where its trace is read:
      // a judged expectation whose behaviour differs (judgeDecided), or a cell to report.
      actual = decided![i]!;
      if ((actual.behavior !== 'error' && !cellOk(actual, expected)) || (i === 0 && detectorsOff(c, actual))) {
        const e = actualOf(engine, lc, row, true);
        const same = e.behavior === actual.behavior && e.silenced === actual.silenced && e.immune === actual.immune && e.reason === actual.reason;
        actual = { ...actual, trace: same ? e.trace : [...e.trace, { step: 'explain', result: 'info', detail: `explain decided ${describe(e)} (${e.reason}), decide ${describe(actual)} (${actual.reason})` }] };
      }
    }
    if (i === 0) {
      missing = c.detectors.filter((d) => !actual.fired.includes(d));
      unexpected = c.notDetectors.filter((d) => actual.fired.includes(d));
    }
    const decisionOk = cellOk(actual, expected);
    results.push({ mode: row.mode, expected, actual, decisionOk });
  });
  const ok = results.every((r) => r.decisionOk) && missing.length === 0 && unexpected.length === 0;
  return { lc, modes: results, missing, unexpected, ok };
}

/** One line: `ask (immune)`, `deny (silenced)`. */
export function describe(x: { behavior: string; silenced?: boolean; immune?: boolean }): string {
  const flags = [x.silenced ? 'silenced' : '', x.immune ? 'immune' : ''].filter(Boolean);
  return flags.length ? `${x.behavior} (${flags.join(', ')})` : x.behavior;
}

export function formatTrace(trace: readonly TraceStep[], indent = '    '): string[] {
  return trace.map((t) => `${indent}${t.step}: ${t.result}${t.detail ? ` — ${t.detail}` : ''}`);
}
