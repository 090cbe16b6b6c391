// Session memory for the hook: each PreToolUse decision and each PostToolUse result goes to the
// audit ring (<project>/.gatelab/audit.jsonl) tagged with the payload's session_id, and the
// next PreToolUse of that session gets its own earlier calls back as the engine's `prior`.
// That is what lets an approved call pin its targets (ARTEX target gate) and an element ref
// follow a snapshot (Strix browser state). The ring is shared by all sessions of the project
// and bounded by AUDIT_CAPACITY; every string in it is redacted.
import { appendRing, AUDIT_CAPACITY, auditRecord, capReason, redactSecrets, secretsOf, type AuditEntry, type Context } from '../../engine/index.ts';
import { AUDIT_FILE, stateFile, type StateStore } from './state.ts';

/** Earlier calls one decision sees: the last SESSION_PRIOR calls of the session. */
export const SESSION_PRIOR = 50;
/** Runes of a tool result kept in the ring for the judge's evidence (the rest is cut, marked). */
export const PRIOR_OUTPUT_RUNES = 1000;

export type Prior = NonNullable<Context['prior']>[number];

/** An audit entry with the hook's session fields. */
export interface SessionEntry extends AuditEntry {
  /** pre: a PreToolUse decision; post: a PostToolUse result (the call ran); damage: history lost. */
  event?: 'pre' | 'post' | 'damage';
  session?: string;
  /** Claude Code's tool_use_id: pairs a call's PostToolUse with its PreToolUse. */
  id?: string;
  /** pre: the answer the client got. */
  behavior?: 'allow' | 'deny' | 'ask';
  /** What the call is about when it has no `command`: a URL, a file path. */
  summary?: string;
  /** post: what the tool brought back (capped, redacted; a stub when quarantined). */
  output?: string;
}

/** One line for a call, as the engine's prior and the target gate read it. */
export function callSummary(call: { tool: string; input: Record<string, unknown> }): string {
  const i = call.input ?? {};
  for (const k of ['command', 'url', 'file_path', 'path', 'pattern', 'query', 'text']) if (typeof i[k] === 'string') return i[k] as string;
  return '';
}

/** Every string field redacted, also of the secrets the call's own input holds. */
function redacted(e: SessionEntry, input: unknown): SessionEntry {
  const extra = secretsOf(input);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) out[k] = typeof v === 'string' && k !== 'session' && k !== 'id' && k !== 'event' ? redactSecrets(v, extra) : v;
  return out as unknown as SessionEntry;
}

export function preEntry(
  call: { tool: string; input: Record<string, unknown> },
  d: { behavior: 'allow' | 'deny' | 'ask'; message: string; reason: { type: string; detail?: string } },
  base: AuditEntry,
  session?: string,
  id?: string,
): SessionEntry {
  const summary = base.command === undefined ? callSummary(call) : '';
  return redacted({ ...base, event: 'pre', behavior: d.behavior, ...(session ? { session } : {}), ...(id ? { id } : {}), ...(summary ? { summary } : {}) }, call.input);
}

export function postEntry(base: AuditEntry, call: { tool: string; input: Record<string, unknown> }, output: string, session?: string, id?: string): SessionEntry {
  const summary = base.command === undefined ? callSummary(call) : '';
  return redacted(
    { ...base, event: 'post', ...(session ? { session } : {}), ...(id ? { id } : {}), ...(summary ? { summary } : {}), output: capReason(output, PRIOR_OUTPUT_RUNES) },
    call.input,
  );
}

/** Is the line one whole JSON entry? (Cheap shape check for lines of other sessions.) */
const looksWhole = (l: string) => l.charCodeAt(0) === 123 && l.charCodeAt(l.length - 1) === 125;

export interface SessionHistory {
  prior: Prior[];
  /** Set when the ring could not be read whole: the history is dropped (fail closed). */
  problem?: string;
}

/**
 * The session's earlier calls, oldest first, from the ring's text. A damaged line (not one
 * whole JSON object) drops the whole history: a lost navigation or refusal must not be
 * replaced by an older, friendlier state. Calls before a `damage` marker are dropped too.
 */
export function sessionHistory(text: string | null, session: string, limit = SESSION_PRIOR): SessionHistory {
  if (!text) return { prior: [] };
  const needle = JSON.stringify(session);
  const calls: (Prior & { id?: string; ran?: boolean })[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    if (!looksWhole(line)) return { prior: [], problem: 'the audit ring has a damaged line' };
    const mine = line.includes(needle);
    if (!mine && !line.includes('"damage"')) continue;
    let e: SessionEntry;
    try {
      e = JSON.parse(line) as SessionEntry;
    } catch {
      return { prior: [], problem: 'the audit ring has a damaged line' };
    }
    if (e.event === 'damage') {
      calls.length = 0;
      continue;
    }
    if (e.session !== session || typeof e.tool !== 'string') continue;
    const summary = typeof e.command === 'string' ? e.command : typeof e.summary === 'string' ? e.summary : '';
    if (e.event === 'pre') {
      const behavior = e.behavior === 'allow' || e.behavior === 'deny' || e.behavior === 'ask' ? e.behavior : 'ask';
      calls.push({ tool: e.tool, summary, behavior, ...(e.id ? { id: e.id } : {}) });
    } else if (e.event === 'post') {
      // The call ran (approved, if it asked). Pair it with its PreToolUse: by id, else the latest same call not yet run.
      let c = [...calls].reverse().find((p) => !p.ran && (e.id ? p.id === e.id : p.tool === e.tool && p.summary === summary));
      if (!c) calls.push((c = { tool: e.tool, summary }));
      c.behavior = 'allow';
      c.ran = true;
      if (typeof e.output === 'string') c.output = e.output;
    }
  }
  return {
    prior: calls.slice(-limit).map((c) => ({ tool: c.tool, summary: c.summary, ...(c.behavior ? { behavior: c.behavior } : {}), ...(c.output !== undefined ? { output: c.output } : {}) })),
  };
}

/** The session's prior calls from the project's ring; an unreadable ring is no history (and a warning). */
export function readSession(store: StateStore, projectDir: string, session: string): SessionHistory {
  try {
    return sessionHistory(store.read(stateFile(projectDir, AUDIT_FILE)), session);
  } catch (e) {
    return { prior: [], problem: `the audit ring cannot be read (${(e as Error).message})` };
  }
}

/**
 * Append entries to the ring, under the store's lock, atomically, keeping AUDIT_CAPACITY entries.
 * Lines that do not parse are dropped by appendRing; a `damage` marker before the new entries
 * then tells every session that its older history is gone. Returns a warning, or ''.
 */
export function appendEntries(store: StateStore, projectDir: string, entries: readonly SessionEntry[], ts?: number): string {
  try {
    store.update(stateFile(projectDir, AUDIT_FILE), (old) => {
      const text = old ?? '';
      const damaged = text.split('\n').some((l) => l !== '' && !wholeEntry(l));
      const marker: SessionEntry = { ...(ts === undefined ? {} : { ts }), tool: 'gatelab', action: 'block', event: 'damage', reason: 'damaged audit lines were dropped: earlier session history is void' };
      return appendRing(text, damaged ? [marker, ...entries] : entries, AUDIT_CAPACITY);
    });
    return '';
  } catch (e) {
    return `gatelab hook: warning: audit not written: ${(e as Error).message}\n`;
  }
}

/** A line parseRing keeps (appendRing drops the others). */
function wholeEntry(line: string): boolean {
  if (!looksWhole(line)) return false;
  try {
    const e = JSON.parse(line) as AuditEntry;
    return !!e && typeof e.tool === 'string' && typeof e.action === 'string';
  } catch {
    return false;
  }
}

export interface SessionMemory {
  /** The session's earlier calls (undefined: no session memory for this call). */
  prior?: Prior[];
  /** Append the answered call to the ring; a state problem becomes a warning on stderr. */
  record<R extends { stderr: string; decision?: { behavior: 'allow' | 'deny' | 'ask'; message: string; reason: { type: string; detail?: string } } }>(r: R): R;
}

/**
 * Session memory for one PreToolUse call. Without a store (tests, the snapshot's warm-up) there
 * is none; without a session_id the decision is audited but no history is read.
 */
export function sessionMemory(
  req: { call: { tool: string; input: Record<string, unknown> }; sessionId?: string; toolUseId?: string },
  projectDir: string,
  deps: { store?: StateStore; now?: () => number },
): SessionMemory {
  const store = deps.store;
  if (!store) return { record: (r) => r };
  let warning = '';
  let prior: Prior[] | undefined;
  if (req.sessionId) {
    const h = readSession(store, projectDir, req.sessionId);
    prior = h.prior;
    if (h.problem) warning = `gatelab hook: warning: ${h.problem}; this session's earlier calls are not used (targets ask again, snapshot again)\n`;
  }
  return {
    prior,
    record(r) {
      if (!r.decision) return r;
      const ts = (deps.now ?? Date.now)();
      const entry = preEntry(req.call, r.decision, auditRecord(req.call, r.decision, ts), req.sessionId, req.toolUseId);
      const w = warning + appendEntries(store, projectDir, [entry], ts);
      return w ? { ...r, stderr: r.stderr + w } : r;
    },
  };
}
