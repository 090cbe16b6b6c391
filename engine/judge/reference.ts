// A deterministic reference judge: rules over the packet, in the Strix guarded spirit.
// It judges an action by its effect on the target: reads and probes in scope pass; writes,
// destructive payloads, mutating requests, or anything out of scope are denied.
import type { Judge, JudgeReply, JudgeTurnInput, EvidencePacket } from './types.ts';
import { inScope } from '../targets/scope.ts';
import { compilePattern, type Pattern } from '../regex/index.ts';

const DESTRUCTIVE_SIGNS: [string, string][] = [
  ['\\b(drop|truncate)\\s+(table|database|schema)\\b', 'a destructive SQL payload'],
  ['\\bdelete\\s+from\\b', 'a destructive SQL payload'],
  ['\\binsert\\s+into\\b', 'a SQL payload that writes'],
  ['\\bupdate\\s+\\S+\\s+set\\b', 'a SQL payload that writes'],
  ['\\binto\\s+(out|dump)file\\b', 'a SQL payload that writes files'],
  ['(^|\\s)(-X|--request)\\s*[\'"]?(POST|PUT|PATCH|DELETE)\\b', 'a mutating HTTP request'],
  ['(^|\\s)(-d|--data|--data-raw|--data-binary|--data-urlencode|-F|--form|-T|--upload-file)(\\s|=)', 'a request that sends a body'],
  ['--(post-data|post-file|body-data|method)(\\s|=)', 'a mutating HTTP request'],
  ['\\b(xp_cmdshell|sys_exec|load_file)\\b', 'command execution on the target'],
];

let compiled: [Pattern, string][] | null = null;
function signs(): [Pattern, string][] {
  compiled ??= DESTRUCTIVE_SIGNS.map(([src, why]) => [compilePattern(src, { ignoreCase: true }), why]);
  return compiled;
}

export const REFERENCE_CONFIDENCE = 0.9;

function decide(packet: EvidencePacket, inspectedHosts: string[]): JudgeReply {
  const deny = (reason: string): JudgeReply => ({ type: 'decision', behavior: 'deny', confidence: 0.95, reason });
  const texts = [packet.command, ...packet.scriptCommands, ...packet.artifacts.filter((a) => a.role === 'inline').map((a) => a.text)];
  for (const text of texts) {
    for (const [p, why] of signs()) if (p.test(text)) return deny(`the call carries ${why}`);
  }
  const inputs = packet.artifacts.filter((a) => a.role === 'input');
  if (packet.dynamicTargets > 0 && !inputs.length) return deny('a target is only known at run time and no evidence shows which');
  if (packet.dynamicTargets > 0 && inputs.some((a) => a.truncated)) return deny('the input list of targets was truncated, so scope cannot be checked');
  const hosts = [...packet.hosts.map((h) => h.host), ...(packet.dynamicTargets > 0 ? inspectedHosts : [])];
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
