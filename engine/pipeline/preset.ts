// Safety presets in the pipeline (the Strix seed's safety modes). A preset is a constraint that
// holds whatever mode the call comes in: its deterministic rules deny before any judge;
// `observe` lets only read-only actions run (plan's read-only world) and refuses mutating
// requests by name; `guarded` sends every call no deterministic rule settled to the judge,
// including one an allow rule would pass. `off` adds nothing.
import type { ToolCall } from '../types.ts';
import type { Invocation } from '../shell/types.ts';
import type { Judge, Review } from '../judge/index.ts';
import { compileEvidence, runJudge, referenceJudge } from '../judge/index.ts';
import { strixRules, strixVerdict } from '../presets/index.ts';
import { browserStateFrom } from '../presets/browser.ts';
import { analyze } from '../shell/index.ts';
import { normalize } from '../shell/normalize/index.ts';
import type { PresetName } from './modes.ts';
import { PRESETS } from './modes.ts';
import { result, withFindings, type CheckResult } from './result.ts';
import type { CheckEnv } from './env.ts';

/** Bytes of an input-redirected workspace file attached to the judge's evidence. */
export const MAX_ARTIFACT_BYTES = 64 * 1024;

export function applyPreset(env: CheckEnv, call: ToolCall, r: CheckResult, preset: PresetName, judge?: Judge | Review): CheckResult {
  if (preset === 'off' || r.behavior === 'deny') return r;
  const t = env.tracer;
  const parse = (command: string) => normalize(analyze(command, { home: env.home }), { home: env.home, cwd: env.cwd }).invocations;
  let invocations: Invocation[] = [];
  const command = call.tool === 'Bash' ? String(call.input.command) : undefined;
  // The tool check analysed this command already: reuse its tree and invocations.
  const seen = command !== undefined && env.bash?.command === command ? env.bash : undefined;
  const extraction = seen ? seen.ex : command !== undefined ? analyze(command, { home: env.home }) : undefined;
  if (seen) invocations = seen.invocations;
  else if (extraction) invocations = normalize(extraction, { home: env.home, cwd: env.cwd }).invocations;
  const scope = env.policy.scope.length ? env.policy.scope : undefined;
  const state = { scope, cwd: env.cwd, home: env.home, browser: browserStateFrom(env.prior, parse) };
  const verdict = strixVerdict(call, invocations, preset, state);
  const findings = verdict.findings;
  const deny = findings.find((f) => f.behavior === 'deny');
  if (deny) {
    t.add(`${preset} rules`, 'deny', `${deny.detector}: ${deny.message}`);
    return result('deny', { type: 'detector', detector: deny.detector, detail: deny.message }, `${preset}: ${deny.message}`, { findings: [...r.findings, ...findings] });
  }
  if (t.on) t.add(`${preset} rules`, 'info', findings.length ? findings.map((f) => f.detector).join(', ') : 'no preset rule fired');
  const merged = [...r.findings, ...findings];
  const readOnlyAllow = r.behavior === 'allow' && r.readOnly;
  // Browser observation commands are allowed outright, in the form that only reads.
  const observation = verdict.behavior === 'allow' && call.tool === 'Bash' && invocations.length > 0 && invocations.every((i) => i.name === 'agent-browser');
  if (!readOnlyAllow && observation && !r.immune && !r.findings.length) {
    t.add(`${preset} rules`, 'allow', 'a browser observation command, in its read-only form');
    return result('allow', { type: 'readOnly', detail: 'browser observation' }, `${preset}: agent-browser observation command`, { readOnly: true, findings: merged });
  }
  if (readOnlyAllow) return withFindings(r, merged);
  if (preset === 'observe') {
    t.add('observe rules', 'deny', 'observe runs only read-only actions');
    return result('deny', { type: 'detector', detector: 'strix-observe', detail: r.message }, `observe: only read-only actions run (${r.message})`, { findings: merged });
  }
  // guarded: the judge settles every call no deterministic rule settled, except a bypass-immune
  // ask, which stays with a person.
  if (!PRESETS[preset].judge || r.immune) return withFindings(r, merged);
  const packet = compileEvidence(call, {
    cwd: env.cwd,
    home: env.home,
    workspace: env.workspace,
    fs: env.fs,
    scope: env.policy.scope,
    prior: env.prior ?? [],
    browser: state.browser,
    maxArtifactBytes: MAX_ARTIFACT_BYTES,
    extraction,
    invocations,
  });
  const outcome = typeof judge === 'function' ? judge(packet) : runJudge(judge ?? referenceJudge, packet);
  if (t.on) t.add('judge', outcome.behavior, `${outcome.reason} (${outcome.turns} turn(s)${outcome.inspected ? ', inspected' : ''})`);
  return result(outcome.behavior, { type: 'judge', detail: outcome.reason }, `judge: ${outcome.reason}`, {
    findings: [...merged, ...packet.findings],
  });
}
