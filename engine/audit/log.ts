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
    const e = { ...entry, seq: ++this.seq };
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
