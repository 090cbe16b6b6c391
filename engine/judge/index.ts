export { compileEvidence, deepFreeze } from './evidence.ts';
export { runJudge, runJudgeAsync, MIN_APPROVAL_CONFIDENCE, MAX_JUDGE_TURNS, JUDGE_DEADLINE_MS, type AsyncReviewOptions } from './runner.ts';
export { commandJudge } from './command.ts';
export { judgeFromSpec } from './select.ts';
export { unsettled } from './settle.ts';
export { referenceJudge, REFERENCE_CONFIDENCE } from './reference.ts';
export { fixtureJudge, type JudgeFixtureRecord } from './fixture.ts';
export { runInspection, hostsInText } from './inspect.ts';
export type {
  Judge,
  JudgeReply,
  JudgeTurnInput,
  JudgeOutcome,
  JudgePort,
  JudgeSpec,
  Review,
  EffectiveCommand,
  EvidencePacket,
  EvidenceContext,
  Artifact,
  PriorCall,
  InspectionRequest,
  InspectionResult,
} from './types.ts';
