// c11 (targets checks): run a call through the ARTEX guard as the seed orders it: the learner's
// policy gives the rule verdict, then the target gate (engine `TargetGate`) checks every host the
// call reaches against its pins, with a fake resolver and a fake operator who approves a request
// only when every target in it is inside the policy's Strix scope (`inScope`).
import {
  TargetGate,
  guardCall,
  analyze,
  normalize,
  inScope,
  type Context,
  type Decision,
  type Invocation,
  type PermissionEngine,
  type ToolCall,
} from '../../engine/index.ts';
import { gateLabel, type CheckCase, type CheckData } from './check.ts';

export type GateWorld = NonNullable<CheckData['targetGate']>;

// engine/index.ts exports TargetGate but not its option types: derive them.
type GateOptions = ConstructorParameters<typeof TargetGate>[0];
type Resolver = GateOptions['resolver'];
type Approver = NonNullable<GateOptions['approver']>;
export type ApprovalRequest = Parameters<Approver['request']>[0];

/** The fake resolver: a fixed table; `moving` hosts get a new address on every lookup. */
export function fakeResolver(dns: GateWorld['dns']): Resolver {
  let moves = 0;
  return {
    resolve(host) {
      const entry = Object.hasOwn(dns, host) ? dns[host] : undefined;
      if (entry === undefined) throw new Error(`no such host: ${host}`);
      if (entry === 'moving') return [`198.51.100.${(moves++ % 200) + 1}`];
      return [...entry];
    },
  };
}

/** The fake operator: approves a request only when every target is in scope; records requests. */
export function scopeApprover(scope: readonly string[]): Approver & { requests: ApprovalRequest[] } {
  const requests: ApprovalRequest[] = [];
  return {
    requests,
    request(req) {
      requests.push(req);
      const outside = req.targets.filter((t) => !inScope(t.host, scope));
      if (outside.length) return { status: 'denied', reason: `outside the engagement scope: ${outside.map((t) => t.host).join(', ')}` };
      return { status: 'approved' };
    },
  };
}

function invocationsOf(call: ToolCall, ctx: Context): Invocation[] {
  if (call.tool !== 'Bash' || typeof call.input.command !== 'string') return [];
  const ex = analyze(call.input.command, { home: ctx.home });
  return normalize(ex, { home: ctx.home, cwd: ctx.cwd }).invocations;
}

function showTargets(req: ApprovalRequest): string {
  const t = req.targets.map((x) => `${x.host}${x.port === null ? '' : ':' + x.port}`).join(', ');
  return `request ${req.id}: [${t}]${req.ask ? " + the rule's ask" : ''}`;
}

export interface GateRun {
  label: string;
  detail: string;
  requests: ApprovalRequest[];
}

/** One gate case: the rule verdict from the learner's policy, then the guard with a fresh gate. */
export function runGateCase(engine: PermissionEngine, scope: readonly string[], world: GateWorld, c: CheckCase, call: ToolCall, ctx: Context): GateRun {
  const g = c.gate!;
  const d: Decision = engine.decide(call, ctx);
  const approver = scopeApprover(scope);
  const approverFor: Approver | undefined =
    g.approver === 'none'
      ? undefined
      : g.approver === 'broken'
        ? { request: () => { throw new Error('the approval service is down'); } }
        : approver;
  const gate = new TargetGate({
    resolver: fakeResolver(world.dns),
    approver: approverFor,
    pins: g.pins.map((p) => ({ host: p.host, port: p.port, addresses: [...p.addresses] })),
    blocked: world.blocked,
    ...(g.maxNewTargets ? { maxNewTargets: g.maxNewTargets } : {}),
  });
  // Nobody sits at the keyboard in the lab: an ask that no target request carried is refused.
  const out = guardCall({
    call,
    invocations: invocationsOf(call, ctx),
    rule: { action: d.behavior, message: d.message },
    gate,
    cancelled: g.cancelled,
    askHuman: () => false,
  });
  let outcome = 'run';
  if (out.blocked) outcome = `blocked ${out.code ?? (g.cancelled ? 'work_cancelled' : d.behavior === 'deny' ? 'rule_deny' : 'ask_refused')}`;
  const steps = [`rule: ${d.behavior} (${d.message})`];
  steps.push(...approver.requests.map(showTargets));
  steps.push(out.blocked ? `${outcome}: ${out.reason}` : 'runs');
  return { label: gateLabel(outcome, out.approvals), detail: steps.join(' → '), requests: approver.requests };
}
