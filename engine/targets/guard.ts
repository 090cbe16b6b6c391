// The ARTEX order for one call: rules, then the judge when no rule matched, then the target gate.
// A deny blocks before any target request exists; an allow does not satisfy the gate; an ask and
// the unpinned targets share one approval request; a cancelled call blocks at once.
import type { ToolCall } from '../types.ts';
import type { Invocation } from '../shell/types.ts';
import type { AuditLog } from '../audit/log.ts';
import { blockMessage, targetBlockMessage } from '../audit/messages.ts';
import type { TargetGate } from './gate.ts';

export interface RuleVerdict {
  action: 'allow' | 'deny' | 'ask';
  message: string;
}

export interface GuardInput {
  call: ToolCall;
  invocations: readonly Invocation[];
  /** The first matching rule (built-in or user), or null. */
  rule: RuleVerdict | null;
  /** Asked only when no rule matched. */
  judge?: () => RuleVerdict;
  gate?: TargetGate;
  cancelled?: boolean;
  /** Asks a person about an ask that no target request carried. */
  askHuman?: (reason: string) => boolean;
  audit?: AuditLog;
  command?: string;
  /**
   * The target-only guard (a planner or main agent): only the built-in deny rules (`builtin`)
   * and the target gate apply; user rules, the judge and a person are not consulted, and calls
   * that pass are not written to the audit ring (it keeps the gated workers' history).
   */
  targetOnly?: boolean;
  /** The first matching built-in deny rule, for a target-only guard. */
  builtin?: RuleVerdict | null;
}

export interface GuardOutcome {
  blocked: boolean;
  /** Model-facing message (capped reason) when blocked. */
  message: string;
  /** Raw reason, as the audit keeps it. */
  reason: string;
  code?: string;
  approvals: number;
}

export function guardCall(g: GuardInput): GuardOutcome {
  const log = (action: 'allow' | 'block', reason: string, code?: string) =>
    g.audit?.record({ tool: g.call.tool, action, reason, command: g.command, code });
  const block = (reason: string, message: string, code?: string, approvals = 0): GuardOutcome => {
    log('block', reason, code);
    return { blocked: true, message, reason, code, approvals };
  };
  if (g.cancelled) return block('the work was cancelled', blockMessage('the work was cancelled, so the platform did not run the call'));
  if (g.targetOnly) return targetOnlyCall(g, block);
  let verdict = g.rule;
  if (!verdict && g.judge) {
    try {
      verdict = g.judge();
    } catch {
      verdict = { action: 'deny', message: 'the judge failed' };
    }
  }
  if (verdict?.action === 'deny') return block(verdict.message, blockMessage(verdict.message));
  let ask = verdict?.action === 'ask' ? { reason: verdict.message } : null;
  let approvals = 0;
  if (g.gate) {
    const res = g.gate.check(g.call, g.invocations, ask, { cancelled: g.cancelled });
    approvals = res.requests;
    if (res.code) return block(res.reason, targetBlockMessage(res), res.code, approvals);
    if (res.askMerged) ask = null;
  }
  if (ask) {
    const ok = g.askHuman ? g.askHuman(ask.reason) : false;
    if (!ok) return block(ask.reason, blockMessage('a person did not approve the call (refused, or no answer in time)'), undefined, approvals);
  }
  log('allow', verdict?.message ?? '');
  return { blocked: false, message: '', reason: verdict?.message ?? '', approvals };
}

function targetOnlyCall(g: GuardInput, block: (reason: string, message: string, code?: string, approvals?: number) => GuardOutcome): GuardOutcome {
  if (g.builtin?.action === 'deny') return block(g.builtin.message, blockMessage(g.builtin.message));
  if (!g.gate) return { blocked: false, message: '', reason: '', approvals: 0 };
  const res = g.gate.check(g.call, g.invocations, null);
  if (res.code) return block(res.reason, targetBlockMessage(res), res.code, res.requests);
  return { blocked: false, message: '', reason: '', approvals: res.requests };
}
