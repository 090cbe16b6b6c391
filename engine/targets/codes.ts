// Target-gate result codes and what each one tells the agent to do next.

export const TARGET_APPROVAL_PENDING = 'target_approval_pending';
export const TARGET_DENIED = 'target_denied';
export const TARGET_RESOLVE_FAILED = 'target_resolve_failed';
export const TARGET_RULE_BLOCKED = 'target_rule_blocked';
export const TARGET_TOO_MANY = 'target_too_many';
export const TARGET_GATE_UNAVAILABLE = 'target_gate_unavailable';
export const TARGET_CANCELLED = 'work_cancelled';

export type TargetCode =
  | typeof TARGET_APPROVAL_PENDING
  | typeof TARGET_DENIED
  | typeof TARGET_RESOLVE_FAILED
  | typeof TARGET_RULE_BLOCKED
  | typeof TARGET_TOO_MANY
  | typeof TARGET_GATE_UNAVAILABLE
  | typeof TARGET_CANCELLED;

/** How many request-and-recheck passes one call gets. */
export const TARGET_PASSES = 3;
/** How many targets without a pin one call may name. */
export const MAX_NEW_TARGETS = 8;

const NOT_RUN = 'The call did not run.';
const NO_REQUEST = 'The call did not run and no approval was asked for.';
const PLATFORM = 'The platform failed here; the target did not block anything.';
const NO_REWRITE = 'Do not reword the command, use another tool, or swap in an IP address.';

export const TARGET_GUIDANCE: Record<TargetCode, string> = {
  [TARGET_APPROVAL_PENDING]: `${NOT_RUN} The operator still has to approve this target, and may yet do so: send the same call again later. ${NO_REWRITE}`,
  [TARGET_DENIED]: `${NOT_RUN} The operator refused this target: do not try it again and do not reach it by other means.`,
  [TARGET_RESOLVE_FAILED]: `${NO_REQUEST} ${PLATFORM} The target's address could not be looked up. ${NO_REWRITE} Send the same call again later, or report the failure.`,
  [TARGET_RULE_BLOCKED]: `${NO_REQUEST} The operator's rules exclude this target: do not reach it by other means.`,
  [TARGET_TOO_MANY]: `${NO_REQUEST} The call names too many new targets at once: name fewer per call.`,
  [TARGET_GATE_UNAVAILABLE]: `${NOT_RUN} ${PLATFORM} Send the same call again later, or report the failure.`,
  [TARGET_CANCELLED]: `${NOT_RUN} The work was cancelled, so nothing was asked for.`,
};
