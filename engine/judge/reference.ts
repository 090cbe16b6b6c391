// A deterministic reference judge in the Strix guarded spirit: it judges an action by its effect
// on the target. It allows only what it can settle as non-destructive and in scope (reads,
// probes and recon of in-scope hosts, writes inside the workspace) and blocks everything else:
// destructive payloads, mutating requests, effects it does not know, and unchecked scope.
import type { Judge, JudgeReply, JudgeTurnInput, EvidencePacket } from './types.ts';
import { inScope } from '../targets/scope.ts';
import { compilePattern, type Pattern } from '../regex/index.ts';
import { isInWorkspace, isProtected, resolvePath } from '../paths/index.ts';
import { unsettled } from './settle.ts';

/** Payloads that write or destroy, wherever they sit (a URL, a body, a script's command). */
const DESTRUCTIVE_SIGNS: [string, string][] = [
  ['\\b(drop|truncate)\\s+(table|database|schema)\\b', 'a destructive SQL payload'],
  ['\\bdelete\\s+from\\b', 'a destructive SQL payload'],
  ['\\binsert\\s+into\\b', 'a SQL payload that writes'],
  ['\\bupdate\\s+\\S+\\s+set\\b', 'a SQL payload that writes'],
  ['\\binto\\s+(out|dump)file\\b', 'a SQL payload that writes files'],
  ['\\b(xp_cmdshell|sys_exec|load_file)\\b', 'command execution on the target'],
  [';\\s*(shutdown|exec|declare)\\b', 'a stacked SQL statement'],
];

let compiled: [Pattern, string][] | null = null;
function signs(): [Pattern, string][] {
  compiled ??= DESTRUCTIVE_SIGNS.map(([src, why]) => [compilePattern(src, { ignoreCase: true }), why]);
  return compiled;
}

/** All the signs as one pattern: a text that matches none (nearly every one) is tested once. */
let anySign: Pattern | null = null;

/** The first sign a text carries, in table order, or null. */
function signOf(text: string): string | null {
  anySign ??= compilePattern(DESTRUCTIVE_SIGNS.map(([src]) => `(?:${src})`).join('|'), { ignoreCase: true });
  if (!anySign.test(text)) return null;
  for (const [p, why] of signs()) if (p.test(text)) return why;
  return null;
}

export const REFERENCE_CONFIDENCE = 0.9;
const FILE_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
const READ_TOOLS = new Set(['Read', 'Glob', 'Grep', 'LS', 'WebFetch', 'WebSearch']);

/** Why a non-Bash call is not settled, or null. */
function toolUnsettled(packet: EvidencePacket): string | null {
  if (READ_TOOLS.has(packet.tool)) return null;
  if (FILE_TOOLS.has(packet.tool)) {
    const raw = packet.input.file_path ?? packet.input.notebook_path;
    if (typeof raw !== 'string') return `${packet.tool} names no file`;
    const home = packet.home;
    const p = resolvePath(raw, packet.cwd, home);
    if (!isInWorkspace(p, packet.workspace)) return `${packet.tool} writes ${p}, outside the workspace`;
    if (isProtected(p, home)) return `${packet.tool} writes ${p}, a protected path`;
    return null;
  }
  return `the effect of the ${packet.tool} tool is not one the review can settle`;
}

function decide(packet: EvidencePacket, inspectedHosts: string[]): JudgeReply {
  const deny = (reason: string): JudgeReply => ({ type: 'decision', behavior: 'deny', confidence: 0.95, reason });
  const texts = [packet.command, ...packet.scriptCommands, ...packet.artifacts.filter((a) => a.role === 'inline').map((a) => a.text)];
  for (const text of texts) {
    const why = signOf(text);
    if (why !== null) return deny(`the call carries ${why}`);
  }
  if (packet.tool === 'Bash') {
    if (!packet.effective.length) return deny('the command runs nothing the review can see');
    const env = { cwd: packet.cwd, home: packet.home, workspace: packet.workspace };
    for (const c of packet.effective) {
      // A script's own effects are judged below, from its closure.
      const why = unsettled(c.runsScript ? { ...c, readOnly: true } : c, env);
      if (why) return deny(`unsettled effect${c.from === 'script' ? ' (in a command a script runs)' : ''}: ${why}`);
    }
  } else {
    const why = toolUnsettled(packet);
    if (why) return deny(`unsettled effect: ${why}`);
  }
  if (packet.scriptEffects.length) return deny(`unsettled effect of the script: ${packet.scriptEffects.slice(0, 3).join('; ')}`);
  const inputs = packet.artifacts.filter((a) => a.role === 'input');
  if (packet.dynamicTargets > 0 && !inputs.length) return deny('a target is only known at run time and no evidence shows which');
  if (inputs.some((a) => a.truncated)) return deny('an input file was truncated, so the hosts it names cannot all be checked');
  // Every host the call names, and every host its input files hold.
  const hosts = [...new Set([...packet.hosts.map((h) => h.host), ...inspectedHosts])];
  if (hosts.length && !packet.scope.length) return deny('no scope was given, so no target can be checked');
  const outside = hosts.filter((h) => !inScope(h, packet.scope));
  if (outside.length) return deny(`out of scope: ${outside.slice(0, 5).join(', ')}`);
  return {
    type: 'decision',
    behavior: 'allow',
    confidence: REFERENCE_CONFIDENCE,
    reason: hosts.length ? `non-destructive and every target is in scope (${hosts.length})` : 'non-destructive and names no target',
  };
}

export const referenceJudge: Judge = {
  name: 'reference',
  turn(input: JudgeTurnInput): JudgeReply {
    const hasInputs = input.packet.artifacts.some((a) => a.role === 'input');
    if (input.turn === 1 && hasInputs) return { type: 'inspect', request: { kind: 'hosts' } };
    return decide(input.packet, input.inspection?.hosts ?? []);
  },
};
