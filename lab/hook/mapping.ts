// Through the client (contract §6b): a hook answer is only as good as what Claude Code does
// with it. In the modes whose row says the client does not show a hook's ask to a person
// (`clientShowsAsk: false`: bypassPermissions drops it when its own checks also ask, then
// allows; auto lets its classifier answer), an immune ask is answered as deny, with a reason
// that says a person must approve it and how. Ordinary asks keep the mode table's answer.
// Pure: the hook and `lab explain --client claude-code` both call it.
import { modeRow, type Decision, type TraceStep } from '../../engine/index.ts';

export const CLIENTS = ['claude-code'] as const;
export type Client = (typeof CLIENTS)[number];

/** Whether the mapping turned the decision around (the hook's reason text says so). */
export interface ClientDecision extends Decision {
  clientMapped?: boolean;
}

/** What a person can do to run a call that needs their approval in a mode that will not ask. */
export function howToApprove(mode: string): string {
  return (
    `A person must approve this call, and Claude Code does not show that prompt in ${mode} mode. ` +
    'To run it, switch the session to default mode (Shift+Tab, or --permission-mode default) and approve the prompt ' +
    '(an allow rule does not settle a bypass-immune ask; for an explicit ask rule, narrow that rule instead)'
  );
}

/** The decision as the client should receive it in the decision's mode. */
export function forClient(d: Decision, client: Client = 'claude-code'): ClientDecision {
  const row = modeRow(d.mode);
  const mapped = !!row && !row.clientShowsAsk && d.behavior === 'ask' && d.immune;
  const step: TraceStep = mapped
    ? { step: 'client', result: 'deny', detail: `${client}: an immune ask in ${d.mode} mode is not shown to a person → deny` }
    : { step: 'client', result: 'info', detail: `${client}: ${row?.clientShowsAsk === false && d.behavior === 'ask' ? 'an ordinary ask is passed on as the table gives it' : `the client honours ${d.behavior} in ${d.mode} mode`}` };
  const trace = d.trace ? [...d.trace, step] : undefined;
  if (!mapped) return trace ? { ...d, trace } : d;
  const out: ClientDecision = { ...d, behavior: 'deny', immune: false, message: `${d.message}. ${howToApprove(d.mode)}`, clientMapped: true };
  if (trace) out.trace = trace;
  return out;
}
