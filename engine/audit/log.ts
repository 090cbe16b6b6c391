// The audit ring: the most recent AUDIT_CAPACITY gated calls, raw reasons included.
// Exports redact secrets; the in-memory entries keep what was recorded.
import { redactSecrets } from './redact.ts';

export const AUDIT_CAPACITY = 2000;

export interface AuditEntry {
  /** Sequence number assigned by the log (1, 2, …). */
  seq?: number;
  /** Caller-supplied time (ms or s); the engine has no clock of its own. */
  ts?: number;
  tool: string;
  action: 'allow' | 'block' | 'ask' | 'quarantine' | 'screened';
  /** The raw reason, uncapped (block messages carry the capped one). */
  reason?: string;
  command?: string;
  code?: string;
  provenance?: string;
  verdict?: string;
}

export class AuditLog {
  private ring: AuditEntry[] = [];
  private seq = 0;

  constructor(readonly capacity = AUDIT_CAPACITY) {}

  record(entry: AuditEntry): AuditEntry {
    // A loaded entry keeps its number; a new one takes the next.
    this.seq = entry.seq !== undefined && entry.seq > this.seq ? entry.seq : this.seq + 1;
    const e = { ...entry, seq: this.seq };
    this.ring.push(e);
    if (this.ring.length > this.capacity) this.ring.splice(0, this.ring.length - this.capacity);
    return { ...e };
  }

  /** Oldest first, copies. */
  entries(): AuditEntry[] {
    return this.ring.map((e) => ({ ...e }));
  }

  /** One JSON object per line, every string field redacted. */
  toJSONL(): string {
    return this.ring
      .map((e) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(e)) out[k] = typeof v === 'string' ? redactSecrets(v) : v;
        return JSON.stringify(out);
      })
      .map((l) => l + '\n')
      .join('');
  }
}

/** The audit entry of one decided call (the hook feeds the ring with these). */
export function auditRecord(
  call: { tool: string; input: Record<string, unknown> },
  decision: { behavior: 'allow' | 'deny' | 'ask'; message: string; reason: { type: string; detail?: string } },
  ts?: number,
): AuditEntry {
  const command = typeof call.input?.command === 'string' ? call.input.command : typeof call.input?.text === 'string' ? call.input.text : undefined;
  const action = decision.behavior === 'deny' ? 'block' : decision.behavior;
  return {
    ...(ts === undefined ? {} : { ts }),
    tool: call.tool,
    action,
    ...(decision.behavior === 'allow' ? {} : { reason: decision.message }),
    ...(command === undefined ? {} : { command }),
    ...(decision.reason.detail?.startsWith('target_') || decision.reason.detail === 'work_cancelled' ? { code: decision.reason.detail } : {}),
  };
}

/** Entries of a JSONL ring file (as toJSONL writes it); malformed lines are skipped. */
export function parseRing(text: string): AuditEntry[] {
  const out: AuditEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as AuditEntry;
      if (e && typeof e === 'object' && typeof e.tool === 'string' && typeof e.action === 'string') out.push(e);
    } catch {
      // A torn last line (a crash mid-write) is dropped, not fatal.
    }
  }
  return out;
}

/**
 * The ring file after appending `entries`: the last `capacity` entries, redacted, one per line.
 * Pure, so the host can write the result atomically (temp file + rename) under its own lock.
 */
export function appendRing(text: string, entries: readonly AuditEntry[], capacity = AUDIT_CAPACITY): string {
  const log = new AuditLog(capacity);
  for (const e of parseRing(text)) log.record(e);
  for (const e of entries) log.record({ ...e, seq: undefined });
  return log.toJSONL();
}
