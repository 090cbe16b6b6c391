// The target gate in the pipeline, from a policy's `targets:` section (the ARTEX seed). It runs
// after the tool check and the preset: a deny has already returned, so no approval is asked for
// a call that is blocked anyway, and an allow does not satisfy the gate. A target without a pin
// asks a person (an immune ask: the approval round), carrying the call's own ask with it; the
// person's approval shows in the next calls' `prior`, whose targets then count as pinned.
import type { Context, Finding, ToolCall } from '../types.ts';
import type { Invocation } from '../shell/types.ts';
import type { TargetsPolicy } from '../pipeline/policy.ts';
import { result, type CheckResult, type Tracer } from '../pipeline/result.ts';
import { analyze } from '../shell/index.ts';
import { normalize } from '../shell/normalize/index.ts';
import { targetBlockMessage } from '../audit/messages.ts';
import { TargetGate, callTargets, type Pin, type Resolver } from './gate.ts';
import * as C from './codes.ts';

export interface TargetEnv {
  cwd: string;
  home: string;
  prior?: Context['prior'];
  tracer: Tracer;
}

function invocationsOf(command: string, env: TargetEnv): Invocation[] {
  return normalize(analyze(command, { home: env.home }), { home: env.home, cwd: env.cwd }).invocations;
}

/** Targets of earlier calls that ran: a person approved them (or a pin covered them). */
function sessionPins(env: TargetEnv): Pin[] {
  const pins: Pin[] = [];
  for (const p of env.prior ?? []) {
    if (p.behavior !== 'allow') continue;
    const call: ToolCall = p.tool === 'Bash' ? { tool: 'Bash', input: { command: p.summary } } : { tool: p.tool, input: { url: p.summary } };
    let invs: Invocation[] = [];
    try {
      if (p.tool === 'Bash') invs = invocationsOf(p.summary, env);
    } catch {
      continue;
    }
    for (const t of callTargets(call, invs)) if (!t.dynamic) pins.push({ host: t.host, port: t.port, addresses: [] });
  }
  return pins;
}

/**
 * Without a resolver the gate matches host names; a pin that lists addresses needs a real
 * lookup, so its host fails closed (resolve failed) rather than passing unverified.
 */
function nameResolver(pins: readonly Pin[]): Resolver {
  return { resolve: (host) => (pins.some((p) => p.host === host && p.addresses.length) ? null : [host]) };
}

export function isTargetCode(s: string | undefined): boolean {
  return !!s && (Object.values(C) as unknown[]).includes(s);
}

export function applyTargets(env: TargetEnv, call: ToolCall, r: CheckResult, targets: TargetsPolicy, resolver?: Resolver): CheckResult {
  if (r.behavior === 'deny') return r;
  let invocations: Invocation[] = [];
  if (call.tool === 'Bash') invocations = invocationsOf(String(call.input.command ?? ''), env);
  const pins = [...targets.pins, ...sessionPins(env)];
  const gate = new TargetGate({
    resolver: resolver ?? nameResolver(pins),
    pins,
    blocked: targets.blocked,
    maxNewTargets: targets.maxNew,
    approver: {
      request: () =>
        targets.unpinned === 'deny'
          ? { status: 'denied', reason: 'the policy lets the call reach pinned targets only' }
          : { status: 'pending', reason: 'no pin covers this target: approving this call approves the target' },
    },
  });
  const asking = r.behavior === 'ask' || r.behavior === 'passthrough';
  const res = gate.check(call, invocations, asking ? { reason: r.message } : null);
  if (!res.code) {
    env.tracer.add('target gate', 'info', res.targets.length ? `every target is pinned (${res.targets.length})` : 'no network targets');
    return r;
  }
  const pending = res.code === C.TARGET_APPROVAL_PENDING;
  const behavior = pending ? 'ask' : 'deny';
  const finding: Finding = { detector: 'target-gate', family: 'targets', behavior, message: res.reason };
  env.tracer.add('target gate', behavior, `${res.code}: ${res.reason}`);
  return result(behavior, { type: 'other', detail: res.code }, targetBlockMessage(res), {
    immune: pending,
    findings: [...r.findings, finding],
  });
}
