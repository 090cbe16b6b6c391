// Model-facing block messages. They frame a block as the platform's own control, so an agent
// does not read it as a target-side defence to get around. Only the reason is capped; the
// guidance text is always whole. The audit log keeps the raw reason.
import type { TargetResult } from '../targets/gate.ts';

/** The most runes (code points) of a reason a block message carries. */
export const MAX_REASON_RUNES = 4000;
export const TRUNCATION_MARKER = ' …(truncated)';
export const PLATFORM_PREFIX = '[gatelab platform control, not a defence of the target]';

/** `s` unchanged when it has at most MAX_REASON_RUNES code points, else its head and the marker. */
export function capReason(s: string, max = MAX_REASON_RUNES): string {
  let runes = 0;
  let i = 0;
  while (i < s.length) {
    if (runes === max) return s.slice(0, i) + TRUNCATION_MARKER;
    const c = s.charCodeAt(i);
    // A high surrogate followed by a low one is one rune.
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    i += pair ? 2 : 1;
    runes++;
  }
  return s;
}

export function blockMessage(reason: string): string {
  return (
    `${PLATFORM_PREFIX} The platform's policy stopped this call before it ran. ` +
    `Reason: ${capReason(reason)}. This action is not permitted here; choose a different approach rather than rephrasing it.`
  );
}

/** Block message for a target-gate result: code, target, capped reason, then the guidance whole. */
export function targetBlockMessage(res: Pick<TargetResult, 'code' | 'reason' | 'guidance' | 'host' | 'port'>): string {
  let reason = capReason(res.reason);
  if (res.host && !reason.includes(res.host)) {
    const target = res.port ? (res.host.includes(':') ? `[${res.host}]:${res.port}` : `${res.host}:${res.port}`) : res.host;
    reason = `target ${target}: ${reason}`;
  }
  return `${PLATFORM_PREFIX} ${res.code}: ${reason}. ${res.guidance}`;
}

/** The few fields of a decision the model-facing text is built from. */
export interface DecisionText {
  behavior: 'allow' | 'deny' | 'ask';
  message: string;
  reason: { type: string; detail?: string };
}

/**
 * The model-facing text of a decision, from the same functions as every block: a deny is
 * framed as a platform control with its reason capped at MAX_REASON_RUNES (rune-safe); a target
 * gate result is already a target block message; anything else is the capped message.
 */
export function decisionText(d: DecisionText, isTargetCode: (s: string | undefined) => boolean): string {
  if (d.reason.type === 'other' && isTargetCode(d.reason.detail)) return d.message;
  return d.behavior === 'deny' ? blockMessage(d.message) : capReason(d.message);
}
