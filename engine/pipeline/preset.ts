// Strix presets in the pipeline: deterministic rules that never reach the judge, then the judge
// for what no rule settled (guarded). `off` is bypassPermissions and adds nothing here.
import type { ToolCall } from '../types.ts';
import type { Invocation } from '../shell/types.ts';
import type { Judge } from '../judge/index.ts';
import { compileEvidence, runJudge, referenceJudge } from '../judge/index.ts';
import { strixRules } from '../presets/index.ts';
import { analyze } from '../shell/index.ts';
import { normalize } from '../shell/normalize/index.ts';
import type { PresetName } from './modes.ts';
import { PRESETS } from './modes.ts';
import { result, type CheckResult } from './result.ts';
import type { CheckEnv } from './env.ts';

/** Bytes of an input-redirected workspace file attached to the judge's evidence. */
export const MAX_ARTIFACT_BYTES = 64 * 1024;

export function applyPreset(env: CheckEnv, call: ToolCall, r: CheckResult, preset: PresetName, judge?: Judge): CheckResult {
  if (preset === 'off' || r.behavior === 'deny') return r;
  const t = env.tracer;
  let invocations: Invocation[] = [];
  const extraction = call.tool === 'Bash' ? analyze(String(call.input.command), { home: env.home }) : undefined;
  if (extraction) invocations = normalize(extraction, { home: env.home, cwd: env.cwd }).invocations;
  const scope = env.policy.scope.length ? env.policy.scope : undefined;
  const findings = strixRules(call, invocations, preset, { scope, cwd: env.cwd, home: env.home });
  const deny = findings.find((f) => f.behavior === 'deny');
  if (deny) {
    t.add(`${preset} rules`, 'deny', `${deny.detector}: ${deny.message}`);
    return result('deny', { type: 'detector', detector: deny.detector, detail: deny.message }, `${preset}: ${deny.message}`, { findings: [...r.findings, ...findings] });
  }
  t.add(`${preset} rules`, 'info', findings.length ? findings.map((f) => f.detector).join(', ') : 'no preset rule fired');
  const asking = r.behavior === 'ask' || r.behavior === 'passthrough';
  if (!PRESETS[preset].judge || !asking || r.immune) return { ...r, findings: [...r.findings, ...findings] };
  const packet = compileEvidence(call, {
    cwd: env.cwd,
    home: env.home,
    workspace: env.workspace,
    fs: env.fs,
    scope: env.policy.scope,
    prior: env.prior ?? [],
    maxArtifactBytes: MAX_ARTIFACT_BYTES,
    extraction,
    invocations,
  });
  const outcome = runJudge(judge ?? referenceJudge, packet);
  t.add('judge', outcome.behavior, `${outcome.reason} (${outcome.turns} turn(s)${outcome.inspected ? ', inspected' : ''})`);
  return result(outcome.behavior, { type: 'judge', detail: outcome.reason }, `judge: ${outcome.reason}`, {
    findings: [...r.findings, ...findings, ...packet.findings],
  });
}
