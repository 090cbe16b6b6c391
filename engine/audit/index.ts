export { blockMessage, targetBlockMessage, capReason, MAX_REASON_RUNES, TRUNCATION_MARKER, PLATFORM_PREFIX } from './messages.ts';
export { AuditLog, AUDIT_CAPACITY, type AuditEntry } from './log.ts';
export { redactSecrets, redactDeep, isSecretName, REDACTED } from './redact.ts';
export { attributeResult, Attribution, type ResultClass, type ToolResult } from './attribution.ts';
