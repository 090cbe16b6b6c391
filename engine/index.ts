// gatelab engine: the public API. The lab, the site, the hook and the tests use only this file.
export type * from './types.ts';
export type { Detector, DetectorMeta, DetectContext, DetectorFamily } from './detectors/types.ts';
export type { Policy, ImmuneProfile } from './pipeline/policy.ts';
export type { ModeRow, Outcome, ResultClass, PresetName } from './pipeline/modes.ts';
export type { Rule, RuleBehavior, LayerName } from './pipeline/rules/index.ts';
export type { Pattern, RegexEngine } from './regex/index.ts';

export { PermissionEngine, loadPolicy, setPolicyReader, type EngineOptions, type LoadOptions } from './engine.ts';
export { PolicyError, policySchema, policyFromData } from './pipeline/policy.ts';
export { MODES, MODE_NAMES, PRESETS, modeRow, applyMode } from './pipeline/modes.ts';
export { IMMUNE_PROFILES } from './pipeline/immune.ts';
export { parseRule, RuleError, LAYERS } from './pipeline/rules/index.ts';
export { importClaudeSettings, claudePermissions } from './pipeline/import.ts';
export { builtinDetectors } from './pipeline/detectors.ts';
export { useRegexEngine, regexEngine, re2jsEngine } from './regex/index.ts';
export { PROTECTED_DIRS, PROTECTED_FILES, isProtected, isCredential } from './paths/index.ts';
export { isKnownTool, inputSchema } from './pipeline/input.ts';

// Seed systems (issue 7): Strix safety modes and evidence, the ARTEX guard, qm's provenance screen.
export { compileEvidence, runJudge, runJudgeAsync, referenceJudge, fixtureJudge, commandJudge, judgeFromSpec, MIN_APPROVAL_CONFIDENCE, JUDGE_DEADLINE_MS } from './judge/index.ts';
export type { Judge, JudgeReply, JudgePort, JudgeSpec, Review, EvidencePacket, EvidenceContext, EffectiveCommand, JudgeOutcome } from './judge/index.ts';
export { presets, strixRules, strixVerdict, recordBrowserCall } from './presets/index.ts';
export { inScope } from './targets/index.ts';
export { TargetGate, extractTargets, guardCall, isTargetCode, TARGET_GUIDANCE } from './targets/index.ts';
export type { AuditEntry } from './audit/index.ts';
export type { Pin, Resolver, Approver, ApprovalRequest, ApprovalAnswer, TargetGateOptions, TargetResult, Target, GuardInput, GuardOutcome } from './targets/index.ts';
export { blockMessage, targetBlockMessage, capReason, decisionText, MAX_REASON_RUNES, AuditLog, AUDIT_CAPACITY, auditRecord, appendRing, parseRing, attributeResult, Attribution, redactSecrets, redactDeep, secretsOf } from './audit/index.ts';
export { classifyProvenance, screenResult, screenToolResult, referenceClassifier, commandClassifier, sourceLabel, quarantineStub, makeWindows, SCREEN_DEADLINE_MS } from './screen/index.ts';
export type { Classifier, ClassifierResult, Provenance, ProvenanceMeta, ScreenInput, ScreenOutcome, AsyncScreenOptions, ScreenWindow } from './screen/index.ts';
export { analyze, workCounter } from './shell/index.ts';
export type { Word, Invocation, SimpleCommand, Extraction, Span, Assignment, Redirect, ViaStep } from './shell/types.ts';
export { normalize, parseOptions, canonicalize, type Parsed } from './shell/normalize/index.ts';
export { addPrograms, programSpec, programIndex, useProgramIndex } from './programs/index.ts';
export type { ProgramSpec } from './programs/index.ts';
