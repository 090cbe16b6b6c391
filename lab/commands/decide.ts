// `lab decide --jsonl [--policy FILE]`: one JSON call per line in, one decision per line out.
// Every line gets an answer, in order: a bad line gets {"id","error"}, a line that is not valid
// UTF-8 gets an ask (reason input; never repaired and judged), and nothing on one line (a deep
// `id`, an engine exception) stops the lines after it.
import { applyMode, isKnownTool, modeRow, redactDeep, secretsOf, type ModeName } from '../../engine/index.ts';
import { contextFrom, engineFor } from './common.ts';

export async function runDecide(flags: Record<string, string | true>): Promise<number> {
  if (!flags.jsonl) {
    process.stderr.write('lab decide: only --jsonl input is supported (one JSON object per line)\n');
    return 2;
  }
  const engine = engineFor(typeof flags.policy === 'string' ? flags.policy : undefined, flags.preset);
  let lineNo = 0;
  for await (const bytes of stdinLines()) {
    lineNo++;
    const out = bytes === null ? JSON.stringify({ id: null, error: `line ${lineNo}: longer than ${MAX_LINE_BYTES} bytes; not read` }) : await answerLine(engine, bytes, lineNo, flags.fs === true);
    if (out !== null && !process.stdout.write(out + '\n')) await new Promise((r) => process.stdout.once('drain', r));
  }
  return 0;
}

/** Longest line read (bytes): a longer one is answered with an error, never held in memory. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** stdin split on LF (a CR before it is dropped), as raw bytes: decoding is per line. null: too long. */
async function* stdinLines(): AsyncGenerator<Buffer | null> {
  let pending: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    let start = 0;
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, start)) {
      if (!tooLong && size + (i - start) > MAX_LINE_BYTES) tooLong = true;
      if (!tooLong) pending.push(chunk.subarray(start, i));
      yield tooLong ? null : trimCr(Buffer.concat(pending));
      pending = [];
      size = 0;
      tooLong = false;
      start = i + 1;
    }
    if (start < chunk.length && !tooLong) {
      pending.push(chunk.subarray(start));
      size += chunk.length - start;
      if (size > MAX_LINE_BYTES) {
        tooLong = true;
        pending = [];
      }
    }
  }
  if (tooLong) yield null;
  else if (pending.length) yield trimCr(Buffer.concat(pending));
}

function trimCr(b: Buffer): Buffer {
  return b.length && b[b.length - 1] === 13 ? b.subarray(0, -1) : b;
}

const strict = new TextDecoder('utf-8', { fatal: true });
const lossy = new TextDecoder('utf-8');

/** One line of raw input → one output line (null for a blank line). Never rejects. */
export async function answerLine(engine: ReturnType<typeof engineFor>, bytes: Uint8Array, lineNo: number, useFs: boolean): Promise<string | null> {
  let line: string;
  try {
    line = strict.decode(bytes);
  } catch {
    return safeJson(invalidUtf8(lossy.decode(bytes), lineNo));
  }
  if (!line.trim()) return null;
  let out: Record<string, unknown>;
  try {
    out = await decideLine(engine, line, lineNo, useFs);
  } catch (e) {
    out = { id: null, error: `line ${lineNo}: internal error: ${String((e as Error)?.message ?? e).slice(0, 300)}` };
  }
  return safeJson(out, lineNo);
}

/** JSON of an answer; an answer that cannot be written (a cyclic or too deep value) becomes an error line. */
function safeJson(o: Record<string, unknown>, lineNo = 0): string {
  try {
    return JSON.stringify(redactDeep(o));
  } catch (e) {
    return JSON.stringify({ id: null, error: `line ${lineNo}: cannot write the answer: ${(e as Error).message}` });
  }
}

/** A line that is not valid UTF-8: not judged. Ask (as an immune ask: the mode table decides). */
function invalidUtf8(text: string, lineNo: number): Record<string, unknown> {
  let id: unknown = null;
  let mode: ModeName = 'default';
  try {
    const o = JSON.parse(text) as Record<string, unknown>;
    id = plainId(o?.id);
    if (typeof o?.mode === 'string' && modeRow(o.mode)) mode = o.mode as ModeName;
  } catch {
    // Not JSON either: the id is unknown.
  }
  const behavior = applyMode(modeRow(mode)!, 'askImmune', false);
  return {
    id,
    behavior,
    silenced: behavior !== 'ask',
    immune: behavior === 'ask',
    reason: { type: 'input', detail: 'invalid UTF-8' },
    findings: [],
    message: `line ${lineNo}: not valid UTF-8; the call is not judged`,
  };
}

/** An id is a string, a number or null; anything else (an object, a 6,000-level list) is an error. */
function plainId(v: unknown): string | number | null {
  return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? v : null;
}

export async function decideLine(engine: ReturnType<typeof engineFor>, line: string, lineNo: number, useFs: boolean): Promise<Record<string, unknown>> {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line);
  } catch (e) {
    return { id: null, error: `line ${lineNo}: invalid JSON: ${(e as Error).message.slice(0, 200)}` };
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return { id: null, error: `line ${lineNo}: expected a JSON object` };
  const id = plainId(o.id);
  if (o.id !== undefined && o.id !== null && id === null) return { id: null, error: `line ${lineNo}: field "id" must be a string or a number` };
  if (typeof o.tool !== 'string') return { id, error: `line ${lineNo}: field "tool" must be a string` };
  if (!isKnownTool(o.tool)) return { id, error: `line ${lineNo}: unknown tool "${o.tool.slice(0, 100)}"` };
  let ctx;
  try {
    ctx = contextFrom(o, useFs);
  } catch (e) {
    return { id, error: `line ${lineNo}: ${(e as Error).message}` };
  }
  // decideAsync awaits a judge that answers with a promise (a policy's `command` judge).
  const d = await engine.decideAsync({ tool: o.tool, input: (o.input ?? {}) as Record<string, unknown> }, ctx);
  // Redacted with the secrets of this call's input too: a message may echo one out of its context.
  return redactDeep({ id, behavior: d.behavior, silenced: d.silenced, immune: d.immune, reason: d.reason, findings: d.findings }, secretsOf(o.input));
}
