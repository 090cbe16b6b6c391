// One hook call: stdin JSON → decision → stdout JSON and an exit code.
// The host (lab/hook/node.ts) supplies the I/O; nothing here touches the process.
import { decisionText, isTargetCode, modeRow, PermissionEngine, PolicyError, redactSecrets, secretsOf, type Context, type Decision, type FsPort, type JudgePort, type ToolCall } from '../../engine/index.ts';
import { formatOutput, parseHookInput, type Flavor, type HookRequest } from './protocol.ts';
import { resolveHookPolicy, workspaceOf, type PolicyInputs, type PolicyIo } from './policy.ts';
import { forClient, type ClientDecision } from './mapping.ts';
import { isPostToolUse, runPostToolUse } from './post.ts';
import { isRepoAllow, lazyTrust, trustNote, workspaceTrust } from './trust.ts';
import type { StateStore } from './state.ts';
import { sessionMemory, type SessionMemory } from './session.ts';

export interface HookDeps extends PolicyIo {
  env: Record<string, string | undefined>;
  home: string;
  defaultPolicy: PolicyInputs['defaultPolicy'];
  fs?: FsPort;
  /** Runs a policy's `command` judge (runHookAsync awaits it under the judge deadline). */
  judgePort?: JudgePort;
  /** The project's .gatelab/ state (lab/hook/session.ts): absent, PreToolUse keeps no session memory. */
  store?: StateStore;
  /** Milliseconds since the epoch for audit entries. */
  now?: () => number;
}

export interface HookResult {
  stdout: string;
  stderr: string;
  /** 0: the JSON decides. 2: blocking error (Claude Code and Gemini CLI both block the call). */
  exitCode: 0 | 2;
  /** For tests and the bench. */
  verdict: 'allow' | 'deny' | 'ask';
  decision?: Decision;
  /** runHook's answer needed a judge that answers asynchronously: run runHookAsync for the real one. */
  pending?: boolean;
}

/** Fail closed: a deny in JSON and exit 2, so either channel alone blocks the call. */
export function failClosed(flavor: Flavor, why: string): HookResult {
  const reason = redactSecrets(`gatelab hook: ${why}`);
  return { stdout: formatOutput(flavor, 'deny', reason) + '\n', stderr: reason + '\n', exitCode: 2, verdict: 'deny' };
}

function reasonText(d: Decision, req: HookRequest, trustNote?: string): string {
  const r = d.reason;
  const tag = r.type + (r.detector ? `:${r.detector}` : r.rule ? `:${r.rule}` : '');
  const flags = [d.silenced ? 'silenced' : '', d.immune ? 'immune' : '', (d as ClientDecision).clientMapped ? 'immune ask, client mapping' : ''].filter(Boolean).join(', ');
  let text = `gatelab ${d.behavior} (${tag}${flags ? '; ' + flags : ''}, ${d.mode} mode): ${d.message}`;
  if (req.modeNote) text += ` [${req.modeNote}]`;
  if (trustNote) text += ` [${trustNote}]`;
  // A deny reaches the model as a platform control with the rune-safe 4000-rune cap (a target
  // gate result is already such a message); the same redaction as the audit export applies.
  if (d.behavior === 'deny' || isTargetCode(d.reason.detail)) text = decisionText({ ...d, message: isTargetCode(d.reason.detail) ? d.message : text }, isTargetCode);
  return redactSecrets(text, secretsOf(req.call.input));
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
    const verdict = parsed.req.modeNote || row.askImmune !== 'ask' || !row.clientShowsAsk ? 'deny' : 'ask';
    const reason = `gatelab ${verdict} (input; ${mode} mode): the hook input is not valid UTF-8, so the call is not judged${verdict === 'deny' ? ' (a person must run it by hand)' : ''}`;
    return { invalid: { stdout: formatOutput(flavor, verdict, reason) + '\n', stderr: '', exitCode: 0, verdict } };
  }
}

/** A parsed hook call ready to decide, or the answer already settled (bad input, bad policy). */
type Prepared = { done: HookResult } | { engine: PermissionEngine; call: ToolCall; ctx: Context; finish: (d: Decision) => HookResult; flavor: Flavor; memory: SessionMemory };

export function runHook(stdin: string | Uint8Array, deps: HookDeps): HookResult {
  const p = prepare(stdin, deps);
  if ('done' in p) return p.done;
  try {
    const d = p.engine.decide(p.call, p.ctx);
    // A review by a judge that answers asynchronously cannot finish here: the (fail-closed)
    // answer is marked so an entry that can wait runs runHookAsync instead.
    if (p.engine.asyncJudge && d.reason.type === 'judge') return { ...p.finish(d), pending: true };
    return p.memory.record(p.finish(d));
  } catch (e) {
    return failClosed(p.flavor, `internal error: ${(e as Error)?.message ?? String(e)}`);
  }
}

/** runHook for a policy whose judge answers asynchronously (a `command` judge). */
export async function runHookAsync(stdin: string | Uint8Array, deps: HookDeps): Promise<HookResult> {
  const p = prepare(stdin, deps);
  if ('done' in p) return p.done;
  try {
    return p.memory.record(p.finish(p.engine.asyncJudge ? await p.engine.decideAsync(p.call, p.ctx) : p.engine.decide(p.call, p.ctx)));
  } catch (e) {
    return failClosed(p.flavor, `internal error: ${(e as Error)?.message ?? String(e)}`);
  }
}

function prepare(stdin: string | Uint8Array, deps: HookDeps): Prepared {
  let flavor: Flavor = 'claude';
  const done = (r: HookResult) => ({ done: r });
  try {
    const decoded = decodeStdin(stdin);
    if ('invalid' in decoded) return done(decoded.invalid);
    // PostToolUse: screen the tool result (lab/hook/post.ts); there is no decision to make.
    if (isPostToolUse(decoded.text)) return done(runPostToolUse(decoded.text, { env: deps.env, store: deps.store, now: deps.now }));
    const parsed = parseHookInput(decoded.text);
    if (!parsed.ok) return done(failClosed(parsed.flavor, parsed.error));
    flavor = parsed.req.flavor;
    const req = parsed.req;
    const env = deps.env;
    const projectDir = env.CLAUDE_PROJECT_DIR || env.GEMINI_PROJECT_DIR || req.cwd;
    if (!projectDir.startsWith('/')) return done(failClosed(flavor, `the project folder must be an absolute path (CLAUDE_PROJECT_DIR / GEMINI_PROJECT_DIR is ${JSON.stringify(projectDir.slice(0, 200))})`));
    let hp;
    try {
      const trust = lazyTrust(() => workspaceTrust(projectDir, deps.home, env, deps.readText));
      hp = resolveHookPolicy({ projectDir, policyFile: env.GATELAB_POLICY || undefined, defaultPolicy: deps.defaultPolicy, trust }, deps);
    } catch (e) {
      if (e instanceof PolicyError) return done(failClosed(flavor, `policy error: ${e.message}`));
      throw e;
    }
    // The policy names the judge (and the target gate); the host runs a `command` judge.
    const engine = new PermissionEngine(hp.policy, { judgePort: deps.judgePort });
    const ctx: Context = {
      cwd: req.cwd,
      home: deps.home,
      workspace: workspaceOf(projectDir, deps.home, hp.policy),
      mode: req.mode,
      fs: deps.fs,
    };
    // The session's earlier calls from the audit ring, and the recorder of this call's answer.
    const memory = sessionMemory(req, projectDir, deps);
    if (memory.prior) ctx.prior = memory.prior;
    const finish = (decided: Decision): HookResult => {
      // Claude Code: an immune ask becomes deny in the modes where the client shows no prompt.
      const d = flavor === 'claude' ? forClient(decided) : decided;
      const geminiAsk = env.GATELAB_GEMINI_ASK === 'ask' ? 'ask' : 'deny';
      const stdout = formatOutput(flavor, d.behavior, reasonText(d, req, trustNote(hp.trust, hp.untrusted, isRepoAllow(d))), geminiAsk) + '\n';
      const stderr = hp.warnings.length ? hp.warnings.map((w) => `gatelab hook: warning: ${w}`).join('\n') + '\n' : '';
      return { stdout, stderr, exitCode: 0, verdict: d.behavior, decision: d };
    };
    return { engine, call: req.call, ctx, finish, flavor, memory };
  } catch (e) {
    return done(failClosed(flavor, `internal error: ${(e as Error)?.message ?? String(e)}`));
  }
}
