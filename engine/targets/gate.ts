// The target gate: every host a call reaches must be covered by a pin (host, port, addresses).
// Targets without a pin share one approval request (merged with a rule's ask), and the call is
// checked again after each answer, at most TARGET_PASSES times.
import type { ToolCall } from '../types.ts';
import type { Invocation } from '../shell/types.ts';
import { extractTargets, parseEndpoint, type Target } from './extract.ts';
import { inScope, isIpLiteral } from './scope.ts';
import * as C from './codes.ts';

export interface Pin {
  host: string;
  /** null covers every port. */
  port: number | null;
  /** The addresses approved for the host; empty covers any address. */
  addresses: string[];
}

export interface Resolver {
  /** Addresses of a host name. null, an empty list or a throw is a failure. */
  resolve(host: string): string[] | null;
}

export interface ApprovalRequest {
  id: number;
  tool: string;
  targets: { host: string; port: number | null; addresses: string[] }[];
  /** A rule's ask that this request also answers. */
  ask?: { reason: string };
}

export interface ApprovalAnswer {
  status: 'approved' | 'denied' | 'pending';
  reason?: string;
}

export interface Approver {
  request(req: ApprovalRequest): ApprovalAnswer;
}

export interface TargetGateOptions {
  resolver: Resolver;
  approver?: Approver;
  pins?: Pin[];
  /** Operator rules: hosts, domains (with subdomains) or CIDR blocks that are never reached. */
  blocked?: string[];
  maxNewTargets?: number;
  passes?: number;
}

export interface TargetResult {
  /** '' when the call may go on. */
  code: C.TargetCode | '';
  host?: string;
  port?: number | null;
  reason: string;
  guidance: string;
  /** The approval answered the caller's ask too. */
  askMerged: boolean;
  requests: number;
  targets: Target[];
}

interface Pending {
  target: Target;
  addresses: string[];
}

type Lookup = { code: C.TargetCode; target?: Target; reason: string } | { unpinned: Pending[] };

export class TargetGate {
  private readonly pinList: Pin[];
  private readonly denied = new Set<string>();
  private nextId = 1;

  constructor(private readonly opts: TargetGateOptions) {
    this.pinList = [...(opts.pins ?? [])];
  }

  pins(): Pin[] {
    return this.pinList.map((p) => ({ ...p, addresses: [...p.addresses] }));
  }

  check(call: ToolCall, invocations: readonly Invocation[], ask?: { reason: string } | null, opts?: { cancelled?: boolean }): TargetResult {
    const targets = callTargets(call, invocations);
    const result = (code: C.TargetCode | '', reason: string, t?: Target, askMerged = false, requests = 0): TargetResult => ({
      code,
      host: t?.host,
      port: t?.port,
      reason,
      guidance: code ? C.TARGET_GUIDANCE[code] : '',
      askMerged,
      requests,
      targets,
    });
    if (opts?.cancelled) return result(C.TARGET_CANCELLED, 'the work was cancelled before the call ran');
    if (!targets.length) return result('', 'no network targets');
    let look = this.lookup(targets);
    if ('code' in look) return result(look.code, look.reason, look.target);
    const limit = this.opts.maxNewTargets ?? C.MAX_NEW_TARGETS;
    if (look.unpinned.length > limit) {
      return result(C.TARGET_TOO_MANY, `${look.unpinned.length} targets have no pin; at most ${limit} may be requested per call`, look.unpinned[0]!.target);
    }
    let merged = false;
    let requests = 0;
    let pendingAsk = ask ?? undefined;
    const passes = this.opts.passes ?? C.TARGET_PASSES;
    for (let pass = 0; pass < passes && look.unpinned.length; pass++) {
      const first = look.unpinned[0]!.target;
      if (!this.opts.approver) return result(C.TARGET_GATE_UNAVAILABLE, 'no approver is connected to the target gate', first, merged, requests);
      const req: ApprovalRequest = {
        id: this.nextId++,
        tool: call.tool,
        targets: look.unpinned.map((u) => ({ host: u.target.host, port: u.target.port, addresses: u.addresses })),
        ...(pendingAsk ? { ask: pendingAsk } : {}),
      };
      let answer: ApprovalAnswer;
      try {
        answer = this.opts.approver.request(req);
        requests++;
      } catch (e) {
        return result(C.TARGET_GATE_UNAVAILABLE, `the approval service failed: ${errorText(e)}`, first, merged, requests);
      }
      if (answer?.status === 'denied') {
        for (const u of look.unpinned) this.denied.add(key(u.target));
        return result(C.TARGET_DENIED, answer.reason ?? 'the operator refused the target', first, merged, requests);
      }
      if (answer?.status !== 'approved') {
        return result(C.TARGET_APPROVAL_PENDING, answer?.reason ?? 'the approval has not been given yet', first, merged, requests);
      }
      for (const u of look.unpinned) this.pinList.push({ host: u.target.host, port: u.target.port, addresses: [...u.addresses] });
      if (pendingAsk) {
        merged = true;
        pendingAsk = undefined;
      }
      look = this.lookup(targets);
      if ('code' in look) return result(look.code, look.reason, look.target, merged, requests);
    }
    if (look.unpinned.length) {
      return result(
        C.TARGET_APPROVAL_PENDING,
        `no pin covers the target after ${passes} approval rounds; its addresses keep changing`,
        look.unpinned[0]!.target,
        merged,
        requests,
      );
    }
    return result('', 'every target is pinned', undefined, merged, requests);
  }

  private lookup(targets: Target[]): Lookup {
    const blocked = this.opts.blocked ?? [];
    const unpinned: Pending[] = [];
    for (const t of targets) {
      if (t.dynamic) return { code: C.TARGET_RESOLVE_FAILED, target: t, reason: `the ${t.program} target is only known at run time and cannot be looked up` };
      if (inScope(t.host, blocked)) return { code: C.TARGET_RULE_BLOCKED, target: t, reason: 'an operator rule excludes this host' };
      if (this.denied.has(key(t))) return { code: C.TARGET_DENIED, target: t, reason: 'the operator refused this target earlier' };
      let addresses: string[] | null;
      if (isIpLiteral(t.host)) addresses = [t.host];
      else {
        try {
          addresses = this.opts.resolver.resolve(t.host);
        } catch (e) {
          return { code: C.TARGET_RESOLVE_FAILED, target: t, reason: `the lookup failed: ${errorText(e)}` };
        }
      }
      if (!addresses || !addresses.length) return { code: C.TARGET_RESOLVE_FAILED, target: t, reason: 'the host has no address' };
      const bad = addresses.find((a) => inScope(a, blocked));
      if (bad) return { code: C.TARGET_RULE_BLOCKED, target: t, reason: `the host resolves to ${bad}, which an operator rule excludes` };
      const covered = this.pinList.some(
        (p) => p.host === t.host && (p.port === null || p.port === t.port) && (!p.addresses.length || addresses!.every((a) => p.addresses.includes(a))),
      );
      if (!covered) unpinned.push({ target: t, addresses });
    }
    return { unpinned };
  }
}

function key(t: Target): string {
  return `${t.host}:${t.port}`;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Targets of a call: the Bash invocations, or a `url` field of any other tool's input. */
export function callTargets(call: ToolCall, invocations: readonly Invocation[]): Target[] {
  if (call.tool === 'Bash') return extractTargets(invocations);
  const url = call.input?.url;
  if (typeof url !== 'string') return [];
  const e = parseEndpoint(url, 443);
  return e ? [{ host: e.host, port: e.port, program: call.tool }] : [{ host: '', port: null, program: call.tool, dynamic: true }];
}
