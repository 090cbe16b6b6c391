// The bounded review: at most two turns and one inspection call. Every other path fails closed.
import type { EvidencePacket, Judge, JudgeOutcome, JudgeReply, InspectionResult } from './types.ts';
import { isInspectionRequest, runInspection } from './inspect.ts';

/** An approval below this confidence is treated as a denial. */
export const MIN_APPROVAL_CONFIDENCE = 0.8;
export const MAX_JUDGE_TURNS = 2;

type Checked =
  | { kind: 'decision'; behavior: 'allow' | 'deny'; confidence: number; reason: string }
  | { kind: 'inspect'; reply: Extract<JudgeReply, { type: 'inspect' }> }
  | { kind: 'fail'; reason: string };

function check(reply: unknown): Checked {
  if (!reply || typeof reply !== 'object') return { kind: 'fail', reason: 'the judge gave a malformed reply' };
  const r = reply as Record<string, unknown>;
  if (r.type === 'timeout') return { kind: 'fail', reason: 'the judge timed out' };
  if (r.type === 'inspect') {
    return isInspectionRequest(r.request)
      ? { kind: 'inspect', reply: reply as Extract<JudgeReply, { type: 'inspect' }> }
      : { kind: 'fail', reason: 'the judge made a malformed inspection request' };
  }
  if (r.type === 'decision') {
    const okBehavior = r.behavior === 'allow' || r.behavior === 'deny';
    const okConfidence = typeof r.confidence === 'number' && Number.isFinite(r.confidence) && r.confidence >= 0 && r.confidence <= 1;
    const okReason = typeof r.reason === 'string' && r.reason.trim().length > 0;
    if (okBehavior && okConfidence && okReason) {
      return { kind: 'decision', behavior: r.behavior as 'allow' | 'deny', confidence: r.confidence as number, reason: r.reason as string };
    }
    return { kind: 'fail', reason: 'the judge gave a malformed decision' };
  }
  return { kind: 'fail', reason: 'the judge gave a malformed reply' };
}

function ask(judge: Judge, turn: 1 | 2, packet: EvidencePacket, inspection?: InspectionResult): Checked {
  try {
    return check(judge.turn(inspection ? { turn, packet, inspection } : { turn, packet }));
  } catch {
    return { kind: 'fail', reason: 'the judge failed' };
  }
}

export function runJudge(judge: Judge, packet: EvidencePacket): JudgeOutcome {
  const deny = (reason: string, turns: number, inspected = false): JudgeOutcome => ({ behavior: 'deny', reason, turns, inspected });
  const blocking = packet.findings.filter((f) => f.behavior === 'deny');
  if (blocking.length) return deny(`blocked before review: ${blocking.map((f) => f.message).join('; ')}`, 0);
  if (!packet.complete) return deny(`incomplete evidence: ${packet.gaps.join('; ')}`, 0);
  const finish = (c: Checked, turns: number, inspected: boolean): JudgeOutcome => {
    if (c.kind === 'fail') return deny(c.reason, turns, inspected);
    if (c.kind === 'inspect') return deny('the judge asked for a second tool call', turns, inspected);
    if (c.behavior === 'deny') return deny(c.reason, turns, inspected);
    if (c.confidence < MIN_APPROVAL_CONFIDENCE) {
      return deny(`low-confidence approval (${c.confidence} < ${MIN_APPROVAL_CONFIDENCE}): ${c.reason}`, turns, inspected);
    }
    return { behavior: 'allow', reason: c.reason, turns, inspected };
  };
  const first = ask(judge, 1, packet);
  if (first.kind !== 'inspect') return finish(first, 1, false);
  const result = runInspection(packet, first.reply.request);
  return finish(ask(judge, 2, packet, result), 2, true);
}
