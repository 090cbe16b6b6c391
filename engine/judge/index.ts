export { compileEvidence, deepFreeze } from './evidence.ts';
export { runJudge, MIN_APPROVAL_CONFIDENCE, MAX_JUDGE_TURNS } from './runner.ts';
export { referenceJudge, REFERENCE_CONFIDENCE } from './reference.ts';
export { fixtureJudge, type JudgeFixtureRecord } from './fixture.ts';
export { runInspection, hostsInText } from './inspect.ts';
export type {
  Judge,
  JudgeReply,
  JudgeTurnInput,
  JudgeOutcome,
  EvidencePacket,
  EvidenceContext,
  Artifact,
  PriorCall,
  InspectionRequest,
  InspectionResult,
} from './types.ts';
