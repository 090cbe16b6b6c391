// One hook call: stdin JSON → decision → stdout JSON and an exit code.
// The host (lab/hook/node.ts) supplies the I/O; nothing here touches the process.
import { modeRow, PermissionEngine, PolicyError, redactSecrets, type Decision, type FsPort } from '../../engine/index.ts';
import { formatOutput, parseHookInput, type Flavor, type HookRequest } from './protocol.ts';
import { resolveHookPolicy, workspaceOf, type PolicyInputs, type PolicyIo } from './policy.ts';

export interface HookDeps extends PolicyIo {
  env: Record<string, string | undefined>;
  home: string;
  defaultPolicy: PolicyInputs['defaultPolicy'];
  fs?: FsPort;
}

export interface HookResult {
  stdout: string;
  stderr: string;
  /** 0: the JSON decides. 2: blocking error (Claude Code and Gemini CLI both block the call). */
  exitCode: 0 | 2;
  /** For tests and the bench. */
  verdict: 'allow' | 'deny' | 'ask';
  decision?: Decision;
}

/** Fail closed: a deny in JSON and exit 2, so either channel alone blocks the call. */
export function failClosed(flavor: Flavor, why: string): HookResult {
  const reason = redactSecrets(`gatelab hook: ${why}`);
  return { stdout: formatOutput(flavor, 'deny', reason) + '\n', stderr: reason + '\n', exitCode: 2, verdict: 'deny' };
}

function reasonText(d: Decision, req: HookRequest): string {
  const r = d.reason;
  const tag = r.type + (r.detector ? `:${r.detector}` : r.rule ? `:${r.rule}` : '');
  const flags = [d.silenced ? 'silenced' : '', d.immune ? 'immune' : ''].filter(Boolean).join(', ');
  let text = `gatelab ${d.behavior} (${tag}${flags ? '; ' + flags : ''}, ${d.mode} mode): ${d.message}`;
  if (req.modeNote) text += ` [${req.modeNote}]`;
  // The same redaction as the audit export: the reason must not echo a secret from the command.
  return redactSecrets(text);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * stdin bytes → text. Bytes that are not UTF-8 are never repaired and judged: the call is
 * answered ask (reason input), or deny where the mode does not honour an ask.
 */
function decodeStdin(stdin: string | Uint8Array): { text: string } | { invalid: HookResult } {
  if (typeof stdin === 'string') return { text: stdin };
  try {
    return { text: strictUtf8.decode(stdin) };
  } catch {
    const lossy = new TextDecoder('utf-8').decode(stdin);
    const parsed = parseHookInput(lossy);
    const flavor = parsed.ok ? parsed.req.flavor : parsed.flavor;
    if (!parsed.ok) return { invalid: failClosed(flavor, `malformed hook input: not valid UTF-8 (and ${parsed.error})`) };
    const mode = parsed.req.mode ?? 'default';
    const row = modeRow(mode)!;
    // An ask survives only where the mode shows a prompt for an immune ask (default, acceptEdits).
    const verdict = parsed.req.modeNote || row.askImmune !== 'ask' || mode === 'bypassPermissions' ? 'deny' : 'ask';
    const reason = `gatelab ${verdict} (input; ${mode} mode): the hook input is not valid UTF-8, so the call is not judged${verdict === 'deny' ? ' (a person must run it by hand)' : ''}`;
    return { invalid: { stdout: formatOutput(flavor, verdict, reason) + '\n', stderr: '', exitCode: 0, verdict } };
  }
}

export function runHook(stdin: string | Uint8Array, deps: HookDeps): HookResult {
  let flavor: Flavor = 'claude';
  try {
    const decoded = decodeStdin(stdin);
    if ('invalid' in decoded) return decoded.invalid;
    const parsed = parseHookInput(decoded.text);
    if (!parsed.ok) return failClosed(parsed.flavor, parsed.error);
    flavor = parsed.req.flavor;
    const req = parsed.req;
    const env = deps.env;
    const projectDir = env.CLAUDE_PROJECT_DIR || env.GEMINI_PROJECT_DIR || req.cwd;
    if (!projectDir.startsWith('/')) return failClosed(flavor, `the project folder must be an absolute path (CLAUDE_PROJECT_DIR / GEMINI_PROJECT_DIR is ${JSON.stringify(projectDir.slice(0, 200))})`);
    let hp;
    try {
      hp = resolveHookPolicy({ projectDir, policyFile: env.GATELAB_POLICY || undefined, defaultPolicy: deps.defaultPolicy }, deps);
    } catch (e) {
      if (e instanceof PolicyError) return failClosed(flavor, `policy error: ${e.message}`);
      throw e;
    }
    const engine = new PermissionEngine(hp.policy);
    const d = engine.decide(req.call, {
      cwd: req.cwd,
      home: deps.home,
      workspace: workspaceOf(projectDir, deps.home, hp.policy),
      mode: req.mode,
      fs: deps.fs,
    });
    const geminiAsk = env.GATELAB_GEMINI_ASK === 'ask' ? 'ask' : 'deny';
    const stdout = formatOutput(flavor, d.behavior, reasonText(d, req), geminiAsk) + '\n';
    const stderr = hp.warnings.length ? hp.warnings.map((w) => `gatelab hook: warning: ${w}`).join('\n') + '\n' : '';
    return { stdout, stderr, exitCode: 0, verdict: d.behavior, decision: d };
  } catch (e) {
    return failClosed(flavor, `internal error: ${(e as Error)?.message ?? String(e)}`);
  }
}
