// Session memory for the hook: each PreToolUse decision and each PostToolUse result goes to the
// audit ring (<project>/.gatelab/audit.jsonl) tagged with the payload's session_id, and the
// next PreToolUse of that session gets its own earlier calls back as the engine's `prior`.
// That is what lets an approved call pin its targets (ARTEX target gate) and an element ref
// follow a snapshot (Strix browser state). The ring is shared by all sessions of the project
// and bounded by AUDIT_CAPACITY; every string in it is redacted.
import { Buffer } from 'node:buffer';
import { appendRing, AUDIT_CAPACITY, auditRecord, capReason, redactSecrets, secretsOf, type AuditEntry, type Context } from '../../engine/index.ts';
import { AUDIT_FILE, stateFile, type Stamped, type StateStore } from './state.ts';

/** Earlier calls one decision sees: the last SESSION_PRIOR calls of the session. */
export const SESSION_PRIOR = 50;
/** Runes of a tool result kept in the ring for the judge's evidence (the rest is cut, marked). */
export const PRIOR_OUTPUT_RUNES = 200;

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

/** Is text[start, end) one whole JSON object? (The cheap shape check: no parse.) */
const wholeAt = (text: string, start: number, end: number) => end > start && text.charCodeAt(start) === 123 && text.charCodeAt(end - 1) === 125;
const looksWhole = (l: string) => wholeAt(l, 0, l.length);

/** Offsets of the ring's non-empty lines, without cutting the text into 2,000 strings. */
function lineSpans(text: string): { starts: number[]; ends: number[]; damaged: boolean } {
  const starts: number[] = [];
  const ends: number[] = [];
  let damaged = false;
  for (let i = 0; i < text.length; ) {
    let j = text.indexOf('\n', i);
    if (j < 0) j = text.length;
    if (j > i) {
      starts.push(i);
      ends.push(j);
      if (!wholeAt(text, i, j)) damaged = true;
    }
    i = j + 1;
  }
  return { starts, ends, damaged };
}

export interface SessionHistory {
  prior: Prior[];
  /** The ring as read (the writer reuses it when the file has not changed since). */
  ring?: Stamped;
  /** Set when the ring could not be read whole: the history is dropped (fail closed). */
  problem?: string;
}

const DAMAGED = 'the audit ring has a damaged line';

// The ring is read as latin1 (one char per byte, no decoding of the whole file): what is
// searched for is turned into the same form, and a line found is decoded as UTF-8 on its own.
const asBytes = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
const fromBytes = (s: string) => Buffer.from(s, 'latin1').toString('utf8');

/** The ring's lines that name `session` or are damage markers, in order (found by search, not by splitting). */
function sessionLines(text: string, session: string, bytes: boolean): string[] | null {
  const hits: number[] = [];
  const sessionNeedle = `"session":${JSON.stringify(session)}`;
  for (const needle of [bytes ? asBytes(sessionNeedle) : sessionNeedle, '"event":"damage"']) {
    for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) hits.push(i);
  }
  hits.sort((x, y) => x - y);
  const out: string[] = [];
  let lastStart = -1;
  for (const h of hits) {
    const start = text.lastIndexOf('\n', h) + 1;
    if (start === lastStart) continue;
    lastStart = start;
    let end = text.indexOf('\n', h);
    if (end < 0) end = text.length;
    if (!wholeAt(text, start, end)) return null;
    out.push(bytes ? fromBytes(text.slice(start, end)) : text.slice(start, end));
  }
  // A torn last line (a crash mid-write) may have been ours.
  const tail = text.endsWith('\n') ? text.length - 1 : text.length;
  const lastLine = text.lastIndexOf('\n', tail - 1) + 1;
  if (tail > lastLine && !wholeAt(text, lastLine, tail)) return null;
  return out;
}

/**
 * The session's earlier calls, oldest first, from the ring's text. A damaged line of the
 * session (not one whole JSON object) drops the whole history: a lost navigation or refusal
 * must not be replaced by an older, friendlier state. Calls before a `damage` marker (the
 * writer dropped lines it could not read) are dropped too.
 */
export function sessionHistory(text: string | null, session: string, limit = SESSION_PRIOR, bytes = false): SessionHistory {
  if (!text) return { prior: [] };
  const lines = sessionLines(text, session, bytes);
  if (!lines) return { prior: [], problem: DAMAGED };
  const calls: (Prior & { id?: string; ran?: boolean })[] = [];
  for (const line of lines) {
    let e: SessionEntry;
    try {
      e = JSON.parse(line) as SessionEntry;
    } catch {
      return { prior: [], problem: DAMAGED };
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
    const file = stateFile(projectDir, AUDIT_FILE);
    if (!store.readStamped) return sessionHistory(store.read(file), session);
    const ring = store.readStamped(file, 'latin1');
    return { ...sessionHistory(ring.text, session, SESSION_PRIOR, true), ring };
  } catch (e) {
    return { prior: [], problem: `the audit ring cannot be read (${(e as Error).message})` };
  }
}

/**
 * Append entries to the ring, under the store's lock, atomically, keeping AUDIT_CAPACITY entries.
 * Returns a warning, or ''. Lines already in the ring were redacted when they were written, so
 * they are kept as text (re-redacting 2,000 entries on every call took hundreds of ms); only
 * the new entries go through appendRing, after the last old entry so the numbering goes on.
 * Lines that are not one whole object are dropped, and a `damage` marker before the new
 * entries then tells every session that its older history is gone. `deep` (after a reader found
 * a line it could not parse) parses every line and drops what appendRing would drop; otherwise
 * the check is the cheap shape test, so a normal call does not parse the whole ring.
 */
export function appendEntries(store: StateStore, projectDir: string, entries: readonly SessionEntry[], opts: { ts?: number; deep?: boolean; capacity?: number; known?: Stamped } = {}): string {
  const { ts, deep = false, capacity = AUDIT_CAPACITY, known } = opts;
  try {
    store.update(stateFile(projectDir, AUDIT_FILE), (old) => {
      const text = old ?? '';
      const span = lineSpans(text);
      let damaged = span.damaged;
      if (!damaged && !deep) {
        // The usual case: old lines stay one slice of the text.
        const n = span.starts.length;
        const last = n ? fromBytes(text.slice(span.starts[n - 1], span.ends[n - 1])) : undefined;
        const fresh = newLines(last, entries, capacity);
        const drop = Math.max(0, n + fresh.length - capacity);
        const head = drop < n ? text.slice(span.starts[drop], span.ends[n - 1]) + '\n' : '';
        return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(fresh.join('\n') + '\n', 'utf8')]);
      }
      const kept: string[] = [];
      for (let i = 0; i < span.starts.length; i++) {
        const line = fromBytes(text.slice(span.starts[i], span.ends[i]));
        if (wholeEntry(line)) kept.push(line);
        else damaged = true;
      }
      const marker: SessionEntry = { ...(ts === undefined ? {} : { ts }), tool: 'gatelab', action: 'block', event: 'damage', reason: 'damaged audit lines were dropped: earlier session history is void' };
      const fresh = newLines(kept.at(-1), damaged ? [marker, ...entries] : entries, capacity);
      const room = Math.max(0, capacity - fresh.length);
      return [...kept.slice(kept.length - Math.min(room, kept.length)), ...fresh].join('\n') + '\n';
    }, known, 'latin1');
    return '';
  } catch (e) {
    return `gatelab hook: warning: audit not written: ${(e as Error).message}\n`;
  }
}

/** The new entries as ring lines (redacted, numbered after `last`), by the engine's appendRing. */
function newLines(last: string | undefined, entries: readonly SessionEntry[], capacity: number): string[] {
  const lines = appendRing(last === undefined ? '' : last + '\n', entries, capacity).split('\n').filter((l) => l !== '');
  return (last === undefined ? lines : lines.slice(1)).slice(-capacity);
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
  let known: Stamped | undefined;
  if (req.sessionId) {
    const h = readSession(store, projectDir, req.sessionId);
    prior = h.prior;
    known = h.ring;
    if (h.problem) warning = `gatelab hook: warning: ${h.problem}; this session's earlier calls are not used (targets ask again, snapshot again)\n`;
  }
  return {
    prior,
    record(r) {
      if (!r.decision) return r;
      const ts = (deps.now ?? Date.now)();
      const entry = preEntry(req.call, r.decision, auditRecord(req.call, r.decision, ts), req.sessionId, req.toolUseId);
      const w = warning + appendEntries(store, projectDir, [entry], { ts, deep: !!warning, known });
      return w ? { ...r, stderr: r.stderr + w } : r;
    },
  };
}
