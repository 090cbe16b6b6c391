// Labellers for the seed-system checks: c12 (provenance screening, the qm seed) and c13 (block
// messages and audit redaction, the ARTEX seed). Each turns a case into a label.
import { screenResult, referenceClassifier } from '../../engine/index.ts';
import type { CheckCase } from './check.ts';

export type Labeller = (c: CheckCase) => { label: string; detail: string };

export const MARKER = ' …(truncated)';
export const MAX_RUNES = 4000;

type Provenance = 'internal' | 'workspace' | 'external';

export function caseOutput(c: CheckCase): unknown {
  if (!c.pad) return c.output;
  const half = c.pad.unit.repeat(Math.floor(c.pad.times / 2));
  return half + (typeof c.output === 'string' ? c.output : '') + half;
}

/** c12: the learner's `provenance(tool, meta)` decides what is screened; the reference screen screens it. */
export function screenLabeller(mod: Record<string, unknown>): Labeller {
  const provenance = mod.provenance;
  if (typeof provenance !== 'function') throw new Error('your module must export `provenance(tool, meta)`');
  return (c) => {
    const raw = (provenance as (t: string, m: Record<string, unknown>) => unknown)(c.tool, { ...(c.meta ?? {}) });
    // Anything but a known class fails closed to external.
    const p: Provenance = raw === 'internal' || raw === 'workspace' ? raw : 'external';
    if (p !== 'external') return { label: 'skipped', detail: `provenance ${String(raw)}: not screened` };
    // The learner's class decides; sharedFromOtherScope makes the reference screen treat it as external.
    const out = screenResult({ tool: c.tool, output: caseOutput(c), meta: { ...(c.meta ?? {}), sharedFromOtherScope: true } }, referenceClassifier);
    return { label: out.verdict, detail: `provenance ${String(raw)} → screened: ${out.verdict} (${out.reason})` };
  };
}

function runes(s: string): string[] {
  return [...s];
}

function loneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      if (i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
      else return true;
    } else if ((c & 0xfc00) === 0xdc00) return true;
  }
  return false;
}

/** The reason text a case gives (pad × times in front of the reason, to make it long). */
export function caseReason(c: CheckCase): string {
  return (c.pad ? c.pad.unit.repeat(c.pad.times) : '') + (c.reason ?? '');
}

/**
 * c13's framing, graded on what the message does rather than on one phrase: before the reason
 * (which can quote an attacker's text), it says that the platform's policy stopped the call, and it
 * never denies being that control. Any wording that does this passes.
 */
export function framingProblem(msg: string, reason: string, guidance: string): string | null {
  const head = runes(reason).slice(0, MAX_RUNES).join('');
  const body = guidance ? msg.replace(guidance, '') : msg;
  const at = head ? body.lastIndexOf(head) : -1;
  const before = (at >= 0 ? body.slice(0, at) : body).toLowerCase();
  if (!/(platform|policy|permission|administrator|operator)/.test(before)) return "it does not say, before the reason, that the platform's policy decided";
  if (!/(stop|block|den(y|ied)|refus|not allowed|prevent|reject|halt)/.test(before)) return 'it does not say, before the reason, that the call was stopped';
  if (/\b(not|no|never|isn't)\b[^.;:,!?]{0,24}\b(platform|policy|control)/.test(before)) return "it denies being the platform's control";
  return null;
}

/** c13: `blockMessage(reason, guidance)` and `redactLine(line)` from the learner's module. */
export function messagesLabeller(mod: Record<string, unknown>): Labeller {
  const block = mod.blockMessage;
  const redact = mod.redactLine;
  if (typeof block !== 'function' || typeof redact !== 'function') throw new Error('your module must export `blockMessage(reason, guidance)` and `redactLine(line)`');
  return (c) => {
    if (c.audit !== undefined) {
      const out = (redact as (l: string) => unknown)(c.audit);
      if (typeof out !== 'string') return { label: 'bad', detail: 'redactLine did not return a string' };
      const leaked = c.secrets.filter((s) => out.includes(s));
      if (leaked.length) return { label: 'bad', detail: `still contains ${leaked.map((s) => JSON.stringify(s.slice(0, 12) + '…')).join(', ')}` };
      const lost = c.keep.filter((k) => !out.includes(k));
      if (lost.length) return { label: 'bad', detail: `redacted too much: lost ${lost.map((k) => JSON.stringify(k)).join(', ')}` };
      return { label: 'redacted', detail: out.length > 160 ? out.slice(0, 160) + '…' : out };
    }
    const reason = caseReason(c);
    const guidance = c.guidance ?? '';
    const msg = (block as (r: string, g: string) => unknown)(reason, guidance);
    if (typeof msg !== 'string') return { label: 'bad', detail: 'blockMessage did not return a string' };
    const show = msg.length > 160 ? msg.slice(0, 160) + '…' : msg;
    if (guidance && !msg.includes(guidance)) return { label: 'bad', detail: 'the guidance is not in the message whole' };
    const framing = framingProblem(msg, reason, guidance);
    if (framing) return { label: 'bad', detail: `${framing}: ${show}` };
    if (loneSurrogate(msg)) return { label: 'bad', detail: 'the message splits a character in half (a lone surrogate)' };
    const r = runes(reason);
    if (r.length <= MAX_RUNES) {
      if (!msg.includes(reason)) return { label: 'bad', detail: 'a short reason must appear whole' };
      if (msg.includes(MARKER)) return { label: 'bad', detail: 'a short reason must not be marked as truncated' };
      return { label: 'full', detail: show };
    }
    const head = r.slice(0, MAX_RUNES).join('');
    if (!msg.includes(head + MARKER)) {
      const why = msg.includes(MARKER) ? `the marker must follow exactly the first ${MAX_RUNES} characters (runes) of the reason` : `a long reason must end with "${MARKER}"`;
      return { label: 'bad', detail: why };
    }
    if (msg.includes(r.slice(0, MAX_RUNES + 1).join(''))) return { label: 'bad', detail: `more than ${MAX_RUNES} runes of the reason` };
    return { label: 'truncated', detail: `${MAX_RUNES} runes kept, then the marker` };
  };
}
