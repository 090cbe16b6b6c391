// The public entry point (contract §1b).
import type { Context, Decision, ModeName, ToolCall, TraceStep } from './types.ts';
import type { Detector } from './detectors/types.ts';
import { parsePolicy, PolicyError, type Policy } from './pipeline/policy.ts';
import { RuleSet } from './pipeline/rules/index.ts';
import { evaluate, evaluateModes, type EngineState } from './pipeline/decide.ts';
import { checkExamples } from './pipeline/examples.ts';
import { builtinDetectors } from './pipeline/detectors.ts';
import { modeRow, type PresetName } from './pipeline/modes.ts';
import type { Resolver } from './targets/gate.ts';
import { judgeFromSpec, runJudgeAsync, referenceJudge, JUDGE_DEADLINE_MS, type Judge, type JudgePort, type EvidencePacket, type JudgeOutcome } from './judge/index.ts';
import { noneWritten } from './shell/ast.ts';

export interface EngineOptions {
  /** Detector modules that replace the built-in one with the same id (a learner's exercise), or add one. */
  detectors?: Detector[];
  /** A Strix preset (off / guarded / observe); overrides the policy's. */
  preset?: PresetName;
  /** The judge a guarded preset consults (default: the one the policy names, else the reference judge). */
  judge?: Judge;
  /** Runs a policy's `command` judge (the host supplies it: the engine does no I/O). */
  judgePort?: JudgePort;
  /** Budget of one review in milliseconds (default: the policy's, else JUDGE_DEADLINE_MS). */
  deadlineMs?: number;
  /** Address lookups for the policy's target gate (default: host names only; pins with addresses then fail closed). */
  resolver?: Resolver;
}

export interface LoadOptions {
  /** Name used in error messages and as the anchor of `/path` rules. */
  file?: string;
  /** How to read a policy given as a path (Node hosts install one with setPolicyReader). */
  readFile?: (path: string) => string;
  /** Skip checking per-rule examples (they are checked by default). */
  skipExamples?: boolean;
}

let defaultReader: ((path: string) => string) | undefined;

/** Let a host (the CLI, tests) teach loadPolicy to read files. */
export function setPolicyReader(read: (path: string) => string): void {
  defaultReader = read;
}

function looksLikePath(s: string): boolean {
  return !s.includes('\n') && (s.endsWith('.yaml') || s.endsWith('.yml') || s.endsWith('.json'));
}

/** Load a policy from YAML text or from a path. Throws PolicyError (file:line:column). */
export function loadPolicy(source: string, opts: LoadOptions = {}): Policy {
  let text = source;
  let file = opts.file ?? '<policy>';
  if (looksLikePath(source)) {
    const read = opts.readFile ?? defaultReader;
    if (!read) throw new PolicyError('no file reader: pass readFile or policy text', source, 1, 1, '');
    file = opts.file ?? source;
    try {
      text = read(source);
    } catch (e) {
      throw new PolicyError(`cannot read: ${(e as Error).message}`, source, 1, 1, '');
    }
  }
  const policy = parsePolicy(text, file);
  if (!opts.skipExamples) checkExamples(stateFor(policy, {}), policy);
  return policy;
}

function stateFor(policy: Policy, options: EngineOptions): EngineState {
  const byId = new Map<string, Detector>();
  for (const d of builtinDetectors()) byId.set(d.meta.id, d);
  for (const d of options.detectors ?? []) byId.set(d.meta.id, d);
  const detectors = [...byId.values()].filter((d) => !policy.disabledDetectors.has(d.meta.id));
  const judge = options.judge ?? judgeFromSpec(policy.judge, options.judgePort);
  return { policy, rules: new RuleSet(policy.rules), detectors, preset: options.preset ?? policy.preset, judge, resolver: options.resolver };
}

export class PermissionEngine {
  readonly policy: Policy;
  private readonly state: EngineState;

  constructor(policy: Policy | string, private readonly options: EngineOptions = {}) {
    this.policy = typeof policy === 'string' ? loadPolicy(policy) : policy;
    this.state = stateFor(this.policy, options);
  }

  /** The detectors this engine runs (built-ins minus disabled, plus replacements). */
  get detectors(): readonly Detector[] {
    return this.state.detectors;
  }

  decide(call: ToolCall, context: Context): Decision {
    try {
      return intact(evaluate(this.state, call, context, false));
    } catch (e) {
      return internalError(e, context);
    }
  }

  /**
   * decide in each of `modes` (context.mode is ignored): the same decisions, with the tool's check
   * made once for all of them (a regression run over every mode).
   */
  decideModes(call: ToolCall, context: Context, modes: readonly ModeName[]): Decision[] {
    try {
      const ds = evaluateModes(this.state, call, context, modes);
      for (const d of ds) intact(d);
      return ds;
    } catch (e) {
      return modes.map((mode) => internalError(e, { ...context, mode }));
    }
  }

  explain(call: ToolCall, context: Context): Decision & { trace: TraceStep[] } {
    let d: Decision;
    try {
      d = intact(evaluate(this.state, call, context, true));
    } catch (e) {
      d = internalError(e, context);
    }
    return { ...d, trace: d.trace ?? [] };
  }

  /** decide, with a judge that may answer asynchronously; its deadline is enforced here. */
  decideAsync(call: ToolCall, context: Context): Promise<Decision> {
    return this.evaluateAsync(call, context, false);
  }

  async explainAsync(call: ToolCall, context: Context): Promise<Decision & { trace: TraceStep[] }> {
    const d = await this.evaluateAsync(call, context, true);
    return { ...d, trace: d.trace ?? [] };
  }

  /** Whether decisions may need decideAsync (the judge answers with a promise). */
  get asyncJudge(): boolean {
    const j = this.state.judge;
    return !!j && typeof j !== 'function' && j.async === true;
  }

  /**
   * One pass records the evidence packet the pipeline would review; the judge then answers it
   * under the deadline, and a second pass (deterministic, so it reaches the same point) takes
   * that outcome. Without a review the first pass is the decision.
   */
  private async evaluateAsync(call: ToolCall, context: Context, explain: boolean): Promise<Decision> {
    try {
      const judge = this.state.judge;
      // The reference judge answers at once; any other judge may return a promise, flagged or not.
      if (!judge || typeof judge === 'function' || judge === referenceJudge) return intact(evaluate(this.state, call, context, explain));
      let packet: EvidencePacket | undefined;
      const record = (p: EvidencePacket): JudgeOutcome => {
        packet = p;
        return { behavior: 'deny', reason: 'review pending', turns: 0, inspected: false };
      };
      const first = intact(evaluate({ ...this.state, judge: record }, call, context, explain));
      if (!packet) return first;
      const deadlineMs = this.options.deadlineMs ?? this.policy.judge?.deadlineMs ?? JUDGE_DEADLINE_MS;
      const outcome = await runJudgeAsync(judge, packet, { deadlineMs });
      return intact(evaluate({ ...this.state, judge: () => outcome }, call, context, explain));
    } catch (e) {
      return internalError(e, context);
    }
  }
}

/** An engine bug must never allow: fail closed (a mode that never prompts denies). */
/** A decision made while the shared empty list (NONE) was written to cannot be trusted. */
function intact(d: Decision): Decision {
  if (noneWritten()) throw new Error('the shared empty list was written to');
  return d;
}

function internalError(e: unknown, context: Context): Decision {
  noneWritten(); // a failed decision may have left something in it
  const mode = context.mode ?? 'default';
  const row = modeRow(mode);
  const deny = !row || row.ask === 'deny';
  return {
    behavior: deny ? 'deny' : 'ask',
    mode,
    silenced: deny,
    immune: !deny,
    reason: { type: 'other', detail: 'internal error' },
    message: `internal error: ${(e as Error)?.message ?? String(e)}`,
    findings: [],
    trace: [],
  };
}
