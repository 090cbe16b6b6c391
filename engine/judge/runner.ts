// The bounded review: at most two turns and one inspection call. Every other path fails closed.
// runJudge drives a judge that answers at once; runJudgeAsync awaits one that answers with a
// promise and races it against the deadline, so a judge that does not answer in time is a timeout.
import type { EvidencePacket, Judge, JudgeOutcome, JudgeReply, InspectionResult } from './types.ts';
import { isInspectionRequest, runInspection } from './inspect.ts';

/** An approval below this confidence is treated as a denial. */
export const MIN_APPROVAL_CONFIDENCE = 0.8;
export const MAX_JUDGE_TURNS = 2;
/** Time a whole review (both turns) may take, unless the policy names another. */
export const JUDGE_DEADLINE_MS = 10_000;

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

const deny = (reason: string, turns: number, inspected = false): JudgeOutcome => ({ behavior: 'deny', reason, turns, inspected });

/** Deterministic blockers and incomplete evidence end the review before the judge is asked. */
function preflight(packet: EvidencePacket): JudgeOutcome | null {
  const blocking = packet.findings.filter((f) => f.behavior === 'deny');
  if (blocking.length) return deny(`blocked before review: ${blocking.map((f) => f.message).join('; ')}`, 0);
  if (!packet.complete) return deny(`incomplete evidence: ${packet.gaps.join('; ')}`, 0);
  return null;
}

function finish(c: Checked, turns: number, inspected: boolean): JudgeOutcome {
  if (c.kind === 'fail') return deny(c.reason, turns, inspected);
  if (c.kind === 'inspect') return deny('the judge asked for a second tool call', turns, inspected);
  if (c.behavior === 'deny') return deny(c.reason, turns, inspected);
  if (c.confidence < MIN_APPROVAL_CONFIDENCE) {
    return deny(`low-confidence approval (${c.confidence} < ${MIN_APPROVAL_CONFIDENCE}): ${c.reason}`, turns, inspected);
  }
  return { behavior: 'allow', reason: c.reason, turns, inspected };
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return !!v && typeof (v as { then?: unknown }).then === 'function';
}

function askSync(judge: Judge, turn: 1 | 2, packet: EvidencePacket, inspection?: InspectionResult): Checked {
  try {
    const reply = judge.turn(inspection ? { turn, packet, inspection } : { turn, packet });
    if (isThenable(reply)) {
      // Never leave a rejected promise unhandled.
      Promise.resolve(reply).catch(() => undefined);
      return { kind: 'fail', reason: `the ${judge.name} judge answers asynchronously: decide with decideAsync` };
    }
    return check(reply);
  } catch {
    return { kind: 'fail', reason: 'the judge failed' };
  }
}

/** Review with a judge that answers at once. */
export function runJudge(judge: Judge, packet: EvidencePacket): JudgeOutcome {
  const pre = preflight(packet);
  if (pre) return pre;
  const first = askSync(judge, 1, packet);
  if (first.kind !== 'inspect') return finish(first, 1, false);
  const result = runInspection(packet, first.reply.request);
  return finish(askSync(judge, 2, packet, result), 2, true);
}

export interface AsyncReviewOptions {
  /** The whole review's budget in milliseconds (default JUDGE_DEADLINE_MS). */
  deadlineMs?: number;
  /** Timer port (default: the host's setTimeout). Returns a function that cancels the timer. */
  timer?: (ms: number, fire: () => void) => () => void;
}

const hostTimer = (ms: number, fire: () => void): (() => void) => {
  const t = globalThis.setTimeout(fire, ms);
  return () => globalThis.clearTimeout(t);
};

/** Review with any judge; the deadline is enforced here with a timer, not reported by the judge. */
export async function runJudgeAsync(judge: Judge, packet: EvidencePacket, opts: AsyncReviewOptions = {}): Promise<JudgeOutcome> {
  const pre = preflight(packet);
  if (pre) return pre;
  const budget = Math.max(0, opts.deadlineMs ?? JUDGE_DEADLINE_MS);
  const timer = opts.timer ?? hostTimer;
  let expired = false;
  let onExpire: () => void = () => undefined;
  const cancel = timer(budget, () => {
    expired = true;
    onExpire();
  });
  const timeout = new Promise<Checked>((resolve) => {
    onExpire = () => resolve({ kind: 'fail', reason: `the judge did not answer within ${budget} ms (timeout)` });
    if (expired) onExpire();
  });
  const ask = (turn: 1 | 2, inspection?: InspectionResult): Promise<Checked> => {
    if (expired) return timeout;
    let answer: Promise<Checked>;
    try {
      const reply = judge.turn(inspection ? { turn, packet, inspection } : { turn, packet });
      answer = Promise.resolve(reply).then(check, () => ({ kind: 'fail', reason: 'the judge failed' }) as Checked);
    } catch {
      answer = Promise.resolve({ kind: 'fail', reason: 'the judge failed' });
    }
    return Promise.race([answer, timeout]);
  };
  try {
    const first = await ask(1);
    if (first.kind !== 'inspect') return finish(first, 1, false);
    const result = runInspection(packet, first.reply.request);
    return finish(await ask(2, result), 2, true);
  } finally {
    cancel();
  }
}
