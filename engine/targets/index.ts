export { extractTargets, parseEndpoint, type Target } from './extract.ts';
export { inScope, normalizeHost, parseIPv4, isIpLiteral } from './scope.ts';
export {
  TargetGate,
  callTargets,
  type Pin,
  type Resolver,
  type Approver,
  type ApprovalRequest,
  type ApprovalAnswer,
  type TargetGateOptions,
  type TargetResult,
} from './gate.ts';
export * from './codes.ts';
export { guardCall, type GuardInput, type GuardOutcome, type RuleVerdict } from './guard.ts';
export { applyTargets, isTargetCode } from './pipeline.ts';
