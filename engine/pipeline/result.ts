// What one tool check answers, before the mode step.
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

export function result(behavior: CheckBehavior, reason: Reason, message: string, extra: Partial<CheckResult> = {}): CheckResult {
  return { behavior, reason, message, findings: [], immune: false, readOnly: false, workspaceEdit: false, ...extra };
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
