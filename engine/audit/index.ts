export { blockMessage, targetBlockMessage, capReason, decisionText, MAX_REASON_RUNES, TRUNCATION_MARKER, PLATFORM_PREFIX, type DecisionText } from './messages.ts';
export { AuditLog, AUDIT_CAPACITY, auditRecord, appendRing, parseRing, type AuditEntry } from './log.ts';
export { redactSecrets, redactDeep, secretsIn, secretsOf, isSecretName, REDACTED } from './redact.ts';
export { attributeResult, Attribution, type ResultClass, type ToolResult } from './attribution.ts';
