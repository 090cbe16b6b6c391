// What one tool check answers, before the mode step, and the one verdict lattice (contract §4c):
// deny > ask (immune) > ask > passthrough > allow.
import type { CheckBehavior, Finding, Reason, TraceStep } from '../types.ts';

export interface CheckResult {
  behavior: CheckBehavior;
  reason: Reason;
  message: string;
  findings: Finding[];
  /** An ask whose cause is bypass-immune under the active profile. */
  immune: boolean;
  /** For allow: nothing with effects runs (plan mode keeps it). For ask: the action is a pure read. */
  readOnly: boolean;
  /** acceptEdits may allow this ask: an edit confined to the workspace. */
  workspaceEdit: boolean;
}

type Extra = Partial<Pick<CheckResult, 'findings' | 'immune' | 'readOnly' | 'workspaceEdit'>>;

/** A verdict; every one has the same fields in the same order (one object shape). */
export function result(behavior: CheckBehavior, reason: Reason, message: string, extra?: Extra): CheckResult {
  if (extra === undefined) return { behavior, reason, message, findings: [], immune: false, readOnly: false, workspaceEdit: false };
  return {
    behavior,
    reason,
    message,
    findings: extra.findings ?? [],
    immune: extra.immune ?? false,
    readOnly: extra.readOnly ?? false,
    workspaceEdit: extra.workspaceEdit ?? false,
  };
}

/** The same verdict with other findings (and flags): built field by field, the one shape. */
export function withFindings(r: CheckResult, findings: Finding[], readOnly = r.readOnly, workspaceEdit = r.workspaceEdit): CheckResult {
  return { behavior: r.behavior, reason: r.reason, message: r.message, findings, immune: r.immune, readOnly, workspaceEdit };
}

/** A verdict's height on the lattice: allow 0, passthrough 1, ask 2, immune ask 3, deny 4. */
export function rank(r: Pick<CheckResult, 'behavior' | 'immune'>): number {
  switch (r.behavior) {
    case 'deny':
      return 4;
    case 'ask':
      return r.immune ? 3 : 2;
    case 'passthrough':
      return 1;
    default:
      return 0;
  }
}

/**
 * The higher of two verdicts; on a tie the first one stays (it is the one reported). Findings of
 * both are kept. Flags come from the winner, except that on a tie the result is a workspace edit
 * or a pure read only when both are.
 */
export function combine(a: CheckResult, b: CheckResult): CheckResult {
  const ra = rank(a);
  const rb = rank(b);
  const win = rb > ra ? b : a;
  const findings = a.findings.length === 0 ? b.findings : b.findings.length === 0 ? a.findings : [...a.findings, ...b.findings];
  if (ra === rb) {
    const readOnly = a.readOnly && b.readOnly;
    const workspaceEdit = a.workspaceEdit && b.workspaceEdit;
    // the winner as it is when nothing of it changes (no verdict is ever changed in place)
    if (findings === win.findings && readOnly === win.readOnly && workspaceEdit === win.workspaceEdit) return win;
    return withFindings(win, findings, readOnly, workspaceEdit);
  }
  return findings === win.findings ? win : withFindings(win, findings);
}

/** Every verdict combined; `base` (the check's own answer) first. */
export function combineAll(base: CheckResult, raised: readonly CheckResult[]): CheckResult {
  let r = base;
  for (const x of raised) r = combine(r, x);
  return r;
}

/**
 * An allow rule's grant applied to a verdict: it lifts an ordinary ask or a passthrough to the
 * grant, and never touches deny or an immune ask.
 */
export function lift(r: CheckResult, grant: CheckResult): CheckResult {
  const h = rank(r);
  if (h >= 3 || h === 0) return r;
  return r.findings.length ? withFindings(grant, r.findings) : grant;
}

/** Collects explain steps; a no-op when nobody asked for a trace. */
export class Tracer {
  readonly steps: TraceStep[] | null;
  constructor(on: boolean) {
    this.steps = on ? [] : null;
  }
  add(step: string, result: TraceStep['result'], detail: string, span?: TraceStep['span']): void {
    if (this.steps) this.steps.push(span ? { step, result, detail, span } : { step, result, detail });
  }
  get on(): boolean {
    return this.steps !== null;
  }
}
