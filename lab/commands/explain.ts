// `lab explain [--mode M] [--json] [--policy F] [--tool T] -- '<command or path>'`
import { redactDeep, redactSecrets, secretsOf, type Decision, type TraceStep } from '../../engine/index.ts';
import { c, colorBehavior, UsageError } from '../ui.ts';
import { contextFrom, engineFor } from './common.ts';
import { CLIENTS, forClient, type Client } from '../hook/mapping.ts';

function inputFor(tool: string, arg: string, raw: string | undefined): Record<string, unknown> {
  if (raw !== undefined) {
    try {
      return JSON.parse(raw);
    } catch (e) {
      throw new UsageError(`--input is not valid JSON: ${(e as Error).message}`);
    }
  }
  switch (tool) {
    case 'Bash':
      return { command: arg };
    case 'WebFetch':
      return { url: arg };
    case 'Glob':
    case 'Grep':
      return { pattern: arg };
    default:
      return { file_path: arg };
  }
}

function clientFlag(v: string | true | undefined): Client | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string' && (CLIENTS as readonly string[]).includes(v)) return v as Client;
  throw new UsageError(`--client must be one of: ${CLIENTS.join(', ')}`);
}

export async function runExplain(flags: Record<string, string | true>, rest: string[]): Promise<number> {
  const tool = typeof flags.tool === 'string' ? flags.tool : 'Bash';
  const arg = rest.join(' ');
  if (!arg && flags.input === undefined) throw new UsageError("usage: lab explain [--mode M] [--json] -- '<command>'");
  const engine = engineFor(typeof flags.policy === 'string' ? flags.policy : undefined, flags.preset);
  for (const k of ['cwd', 'home'] as const) {
    const v = flags[k];
    if (v !== undefined && (typeof v !== 'string' || !v.startsWith('/'))) throw new UsageError(`--${k} must be an absolute path`);
  }
  const ctx = contextFrom({ mode: flags.mode, cwd: flags.cwd, home: flags.home }, flags.fs === true);
  const client = clientFlag(flags.client);
  const input = inputFor(tool, arg, typeof flags.input === 'string' ? flags.input : undefined);
  const decided = await engine.explainAsync({ tool, input }, ctx);
  // --client claude-code: the answer as the hook gives it to that client (a last trace step).
  const d = client ? (forClient(decided, client) as typeof decided) : decided;
  // One redaction pass, the audit export's: nothing printed echoes a secret of the command.
  const known = secretsOf(input);
  if (flags.json) {
    process.stdout.write(JSON.stringify(redactDeep(d, known), null, 2) + '\n');
    return 0;
  }
  process.stdout.write(redactSecrets(renderExplain(tool, arg, d), known));
  return 0;
}

export function renderExplain(tool: string, arg: string, d: Decision & { trace: TraceStep[] }): string {
  const lines: string[] = [];
  lines.push(`${c.bold(tool)} ${arg}`);
  lines.push('');
  d.trace.forEach((s, i) => {
    const tag = s.result === 'info' || s.result === 'skip' ? c.dim(s.result.padEnd(11)) : colorBehavior(s.result.padEnd(11));
    lines.push(`  ${String(i + 1).padStart(2)}. ${s.step.padEnd(22)} ${tag} ${s.detail}`);
  });
  lines.push('');
  const badges = [d.silenced ? c.cyan('silenced') : '', d.immune ? c.yellow('immune') : ''].filter(Boolean).join(' ');
  lines.push(`decision: ${c.bold(colorBehavior(d.behavior).toUpperCase())} in ${d.mode} mode ${badges}`.trimEnd());
  const r = d.reason;
  const by = r.type === 'rule' ? `rule ${r.rule}${r.layer ? ` (${r.layer})` : ''}` : r.type === 'detector' ? `detector ${r.detector}` : r.type;
  lines.push(`decided by: ${by}${r.detail ? ' — ' + r.detail : ''}`);
  lines.push(`why: ${d.message}`);
  if (d.findings.length) {
    lines.push('findings:');
    for (const f of d.findings) lines.push(`  - ${f.detector} [${colorBehavior(f.behavior)}] ${f.message}`);
  }
  return lines.join('\n') + '\n';
}
