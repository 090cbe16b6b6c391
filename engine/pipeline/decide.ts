// The spine: one function, in the contract's order (§2).
import type { Context, Decision, ModeName, ToolCall } from '../types.ts';
import type { Detector } from '../detectors/types.ts';
import type { Policy } from './policy.ts';
import type { RuleSet } from './rules/index.ts';
import { modeRow, applyMode, readsWorkspaceEdit, PRESETS, JUDGE_PRESET, type ModeRow, type ResultClass, type PresetName } from './modes.ts';
import type { Judge, Review } from '../judge/index.ts';
import { applyPreset } from './preset.ts';
import { applyTargets } from '../targets/pipeline.ts';
import type { Resolver } from '../targets/gate.ts';
import { validateInput, isKnownTool, contextError } from './input.ts';
import { result, Tracer, type CheckResult } from './result.ts';
import { normalizePath, resolvePath } from '../paths/index.ts';
import type { CheckEnv } from './env.ts';
import { checkTool } from './tools/index.ts';
import { isImmune } from './immune.ts';

/** True when the Bash call runs a command whose text or name is known only at run time. */
function runsDynamicCommand(env: CheckEnv): boolean {
  const invs = env.bash?.invocations;
  if (!invs) return false;
  return invs.some((inv) => !inv.program.static || inv.opaque?.reason === 'dynamic');
}

export interface EngineState {
  policy: Policy;
  rules: RuleSet;
  detectors: readonly Detector[];
  /** Strix preset (from the engine options or the policy) and the judge it consults. */
  preset?: PresetName;
  judge?: Judge | Review;
  /** Address lookups for the policy's target gate (absent: host names only). */
  resolver?: Resolver;
}

function inputSize(input: Record<string, unknown>): number {
  const c = input.command;
  if (typeof c === 'string' && Object.keys(input).length === 1) return c.length;
  return JSON.stringify(input).length;
}

/** Size budget on any single input, before any analysis (characters). */
export const MAX_INPUT_CHARS = 1024 * 1024;

const lastWorkspace = new WeakMap<EngineState, { given: readonly string[] | undefined; cwd: string; home: string; dirs: string[] }>();

/** cwd plus additional directories, absolute; remembered for the last context of each engine. */
function workspaceFor(state: EngineState, ctx: Context, cwd: string, home: string): string[] {
  const hit = lastWorkspace.get(state);
  if (hit && hit.cwd === cwd && hit.home === home && sameDirs(hit.given, ctx.workspace)) return hit.dirs;
  const dirs = (ctx.workspace ?? [cwd, ...state.policy.additionalDirectories]).map((d) => resolvePath(d, cwd, home));
  lastWorkspace.set(state, { given: ctx.workspace ? [...ctx.workspace] : undefined, cwd, home, dirs });
  return dirs;
}

function sameDirs(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// normalizePath of the last cwd and home given (a session asks from the same folders again and again).
let cwdIn = '';
let cwdOut = '';
let homeIn = '';
let homeOut = '';

function normalizedCwd(p: string): string {
  if (p !== cwdIn || cwdIn === '') {
    cwdOut = normalizePath(p);
    cwdIn = p;
  }
  return cwdOut;
}

function normalizedHome(p: string): string {
  if (p !== homeIn || homeIn === '') {
    homeOut = normalizePath(p);
    homeIn = p;
  }
  return homeOut;
}

/** The tracer of every decision nobody explains: it records nothing, so one serves them all. */
const NO_TRACE = new Tracer(false);

function decision(t: Tracer, mode: ModeName, r: CheckResult, behavior: Decision['behavior'], silenced: boolean, reason = r.reason, message = r.message): Decision {
  const d: Decision = { behavior, mode, silenced, immune: behavior === 'ask' && r.immune, reason, message, findings: r.findings };
  if (t.steps) d.trace = t.steps;
  return d;
}

export function evaluate(state: EngineState, call: ToolCall, ctx: Context, explain: boolean): Decision {
  const t = explain ? new Tracer(true) : NO_TRACE;
  const mode: ModeName = ctx.mode ?? (state.preset ? PRESETS[state.preset].mode : state.policy.mode);
  return evaluateEach(state, call, ctx, [mode], t)[0]!;
}

/**
 * The decision in each of `modes`, each the same as evaluate gives for that mode (no trace): the
 * tool's check does not depend on the mode (only acceptEdits reads its workspace-edit flag, which
 * is then computed for all), so it runs once and the steps after it run per mode.
 */
export function evaluateModes(state: EngineState, call: ToolCall, ctx: Context, modes: readonly ModeName[]): Decision[] {
  return evaluateEach(state, call, ctx, modes, NO_TRACE);
}

function evaluateEach(state: EngineState, call: ToolCall, ctx: Context, modes: readonly ModeName[], t: Tracer): Decision[] {
  const out: Decision[] = new Array(modes.length);
  const rows: { at: number; mode: ModeName; row: ModeRow }[] = [];

  // 1. Validate the input and apply the size budget.
  for (let at = 0; at < modes.length; at++) {
    const mode = modes[at]!;
    const row = modeRow(mode);
    if (row) rows.push({ at, mode, row });
    else {
      const r = result('deny', { type: 'input', detail: 'mode' }, `unknown mode "${String(mode)}"`);
      t.add('input', 'deny', r.message);
      out[at] = decision(t, mode, r, 'deny', false);
    }
  }
  if (!rows.length) return out;
  const tool = typeof call?.tool === 'string' ? call.tool : '';
  const v = tool ? validateInput(tool, call.input) : { ok: false as const, message: 'call: field "tool" must be a tool name' };
  if (!v.ok) return t.add('input', 'deny', v.message), denyEach(t, rows, out, result('deny', { type: 'input' }, v.message));
  const badCtx = contextError(ctx);
  if (badCtx) return t.add('input', 'deny', badCtx), denyEach(t, rows, out, result('deny', { type: 'input', detail: 'context' }, badCtx));
  if (t.on) t.add('input', 'info', `${tool} in ${rows[0]!.mode} mode`);

  const cwd = normalizedCwd(ctx.cwd);
  const home = normalizedHome(ctx.home);
  const workspace = workspaceFor(state, ctx, cwd, home);
  const env: CheckEnv = {
    policy: state.policy,
    rules: state.rules,
    cwd,
    home,
    workspace,
    anchors: { cwd, home, policyDir: state.policy.dir },
    fs: ctx.fs,
    prior: ctx.prior,
    detectors: state.detectors,
    tracer: t,
    edits: rows.some((x) => readsWorkspaceEdit(x.row)),
  };

  // 2. Tool-wide deny, then tool-wide ask (immune).
  const wideDeny = state.rules.toolWide(tool, 'deny');
  if (wideDeny) {
    t.add('tool-wide deny rule', 'deny', wideDeny.text);
    return denyEach(t, rows, out, result('deny', { type: 'rule', rule: wideDeny.text, layer: wideDeny.layer }, `${tool} is denied by ${wideDeny.text}`));
  }

  // 3. The tool's own check: content rules, detectors, paths, safety checks, read-only allowlist.
  let r: CheckResult;
  if (inputSize(v.input) > MAX_INPUT_CHARS) {
    r = result('ask', { type: 'limit', detail: 'input size', safety: 'unanalysable' }, `input larger than ${MAX_INPUT_CHARS} characters`, {
      immune: isImmune(state.policy.immune, 'unanalysable'),
    });
  } else if (!isKnownTool(tool)) {
    r = result('ask', { type: 'input', detail: 'unknown tool' }, `unknown tool "${tool}"`);
  } else r = checkTool(env, tool, v.input);
  t.add('tool check', r.behavior, r.message);

  const checked: ToolCall = { tool, input: v.input };
  for (const { at, mode, row } of rows) {
    const d = afterCheck(state, env, checked, r, mode, row);
    // each decision its own findings list (the findings themselves are shared)
    out[at] = rows.length > 1 ? { ...d, findings: [...d.findings] } : d;
  }
  return out;
}

/** The same deny for every known mode (a verdict reached before any mode matters). */
function denyEach(t: Tracer, rows: readonly { at: number; mode: ModeName }[], out: Decision[], r: CheckResult): Decision[] {
  for (const { at, mode } of rows) out[at] = decision(t, mode, r, 'deny', false);
  return out;
}

/** Steps 4–7 for one mode, from the tool check's result. */
function afterCheck(state: EngineState, env: CheckEnv, checked: ToolCall, checkedResult: CheckResult, mode: ModeName, row: ModeRow): Decision {
  const t = env.tracer;
  const tool = checked.tool;
  let r = checkedResult;
  const wideAsk = state.rules.toolWide(tool, 'ask');

  // A command known only at run time (eval "$CMD", $(…) as the program) is never granted by an
  // allow rule: under a tool-wide allow it stays an ask no mode may waive.
  const wideAllow = !r.immune && (r.behavior === 'ask' || r.behavior === 'passthrough') ? state.rules.toolWide(tool, 'allow') : undefined;
  if (wideAllow && runsDynamicCommand(env)) {
    r = { ...r, behavior: 'ask', immune: true, message: `${r.message} (a command known only at run time: no allow rule grants it)` };
  }

  // 6 (lifted before the mode step, as every allow rule is): a tool-wide allow rule lifts an
  // ordinary ask or passthrough to an allow by rule, never an immune ask; the mode table then
  // treats it as any rule-allowed action (plan denies one with effects, bypass and auto allow it).
  if ((r.behavior === 'ask' || r.behavior === 'passthrough') && !r.immune) {
    if (wideAllow) {
      t.add('tool-wide allow rule', 'allow', wideAllow.text);
      r = { ...r, behavior: 'allow', reason: { type: 'rule', rule: wideAllow.text, layer: wideAllow.layer }, message: `${tool} is allowed by ${wideAllow.text}` };
    }
  }

  // A safety preset adds its deterministic rules and constraints, then the judge settles the rest.
  if (state.preset) r = applyPreset(env, checked, r, state.preset, state.judge);
  // A mode whose row sends ordinary asks to the judge (auto): the guarded reviewer settles them.
  else if (row.ask === 'judge' && (r.behavior === 'ask' || r.behavior === 'passthrough') && !r.immune) {
    r = applyPreset(env, checked, r, JUDGE_PRESET, state.judge);
  }
  // The policy's target gate: every host the call reaches needs a pin, else a person's approval.
  if (state.policy.targets) r = applyTargets(env, checked, r, state.policy.targets, state.resolver);

  // 4. Deny returns. A tool-wide ask rule makes anything else an immune ask.
  if (r.behavior === 'deny') return decision(t, mode, r, 'deny', false);
  if (wideAsk) {
    t.add('tool-wide ask rule', 'ask', wideAsk.text);
    r = { ...r, behavior: 'ask', immune: true, reason: { type: 'rule', rule: wideAsk.text, layer: wideAsk.layer }, message: `${tool} asks by ${wideAsk.text}` };
  }

  // 5. The mode step, read from the table.
  const asking = r.behavior === 'ask' || r.behavior === 'passthrough';
  const cls: ResultClass = asking ? (r.immune ? 'askImmune' : 'ask') : r.readOnly ? 'allowReadOnly' : 'allowEffects';
  let behavior = applyMode(row, cls, r.workspaceEdit);
  let silenced = asking && behavior !== 'ask';
  if (t.on) t.add('mode', behavior, `${mode}: ${cls} → ${behavior}${silenced ? ' (silenced)' : ''}`);
  let reason = behavior !== (asking ? 'ask' : r.behavior) ? { type: 'mode' as const, mode } : r.reason;
  let message = reason.type === 'mode' ? `${mode} mode: ${r.message}` : r.message;

  // 7. passthrough → ask; a mode that never prompts turns a remaining ask into deny, last.
  if (behavior === 'ask' && row.ask === 'deny') {
    behavior = 'deny';
    silenced = true;
    reason = { type: 'mode', mode };
    t.add('no prompts', 'deny', `${mode} never prompts`);
  }
  return decision(t, mode, r, behavior, silenced, reason, message);
}
