// `lab decide --jsonl [--policy FILE]`: one JSON call per line in, one decision per line out.
import { createInterface } from 'node:readline';
import { isKnownTool } from '../../engine/index.ts';
import { contextFrom, engineFor } from './common.ts';

export async function runDecide(flags: Record<string, string | true>): Promise<number> {
  if (!flags.jsonl) {
    process.stderr.write('lab decide: only --jsonl input is supported (one JSON object per line)\n');
    return 2;
  }
  const engine = engineFor(typeof flags.policy === 'string' ? flags.policy : undefined, flags.preset);
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of rl) {
    lineNo++;
    if (!line.trim()) continue;
    process.stdout.write(JSON.stringify(decideLine(engine, line, lineNo, flags.fs === true)) + '\n');
  }
  return 0;
}

export function decideLine(engine: ReturnType<typeof engineFor>, line: string, lineNo: number, useFs: boolean): Record<string, unknown> {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line);
  } catch (e) {
    return { id: null, error: `line ${lineNo}: invalid JSON: ${(e as Error).message}` };
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return { id: null, error: `line ${lineNo}: expected a JSON object` };
  const id = o.id ?? null;
  if (typeof o.tool !== 'string') return { id, error: `line ${lineNo}: field "tool" must be a string` };
  if (!isKnownTool(o.tool)) return { id, error: `line ${lineNo}: unknown tool "${o.tool}"` };
  let ctx;
  try {
    ctx = contextFrom(o, useFs);
  } catch (e) {
    return { id, error: `line ${lineNo}: ${(e as Error).message}` };
  }
  const d = engine.decide({ tool: o.tool, input: (o.input ?? {}) as Record<string, unknown> }, ctx);
  return { id, behavior: d.behavior, silenced: d.silenced, immune: d.immune, reason: d.reason, findings: d.findings };
}
