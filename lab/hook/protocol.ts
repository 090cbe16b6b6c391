// Hook wire formats: Claude Code PreToolUse and Gemini CLI BeforeTool, in and out.
// Pure functions (no I/O), so they are cheap to test and to bundle.
import { MODE_NAMES, type ModeName, type ToolCall } from '../../engine/index.ts';

export type Flavor = 'claude' | 'gemini';
export type Verdict = 'allow' | 'deny' | 'ask';

export interface HookRequest {
  flavor: Flavor;
  call: ToolCall;
  cwd: string;
  /** Undefined: the policy's own mode applies (Gemini sends none). */
  mode?: ModeName;
  /** Set when the mode was not taken as given (unknown, missing). */
  modeNote?: string;
  sessionId?: string;
  /** Claude Code's id of the call; its PostToolUse carries the same id. */
  toolUseId?: string;
}

export type Parsed = { ok: true; req: HookRequest } | { ok: false; flavor: Flavor; error: string };

/** Claude Code's `permission_mode` values: every row of the gatelab mode table (auto included). */
const MODES: readonly string[] = MODE_NAMES;

/** Output cap of Claude Code (characters of hook output); keep reasons well under it. */
export const MAX_REASON = 8000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function pickMode(raw: unknown): { mode: ModeName; note?: string } {
  if (typeof raw === 'string' && MODES.includes(raw)) return { mode: raw as ModeName };
  if (raw === undefined) return { mode: 'default', note: 'permission_mode missing: evaluated as default' };
  return { mode: 'default', note: `unknown permission_mode ${JSON.stringify(raw).slice(0, 40)}: evaluated as default` };
}

/** Join a relative directory onto an absolute cwd (lexically; `..` is left to the engine). */
function joinDir(cwd: string, dir: string): string {
  if (dir.startsWith('/')) return dir;
  let end = cwd.length;
  while (end > 1 && cwd[end - 1] === '/') end--;
  return cwd.slice(0, end) + (end === 1 ? '' : '/') + dir;
}

/** Gemini CLI tool names → the gatelab tool vocabulary. Unmapped tools keep their name (→ ask). */
function geminiCall(tool: string, input: Record<string, unknown>, cwd: string): { call: ToolCall; cwd: string } {
  const str = (k: string) => (typeof input[k] === 'string' ? (input[k] as string) : undefined);
  const dir = str('dir_path') ?? str('directory') ?? str('path');
  switch (tool) {
    case 'run_shell_command':
      return { call: { tool: 'Bash', input: { command: input.command } }, cwd: dir ? joinDir(cwd, dir) : cwd };
    case 'read_file':
      return { call: { tool: 'Read', input: { file_path: str('file_path') ?? str('absolute_path') ?? input.file_path } }, cwd };
    case 'write_file':
      return { call: { tool: 'Write', input: { file_path: input.file_path, content: input.content } }, cwd };
    case 'replace':
      return { call: { tool: 'Edit', input: { file_path: input.file_path, old_string: input.old_string, new_string: input.new_string } }, cwd };
    case 'glob':
      return { call: { tool: 'Glob', input: dir ? { pattern: input.pattern, path: dir } : { pattern: input.pattern } }, cwd };
    case 'grep_search':
    case 'search_file_content':
      return { call: { tool: 'Grep', input: dir ? { pattern: input.pattern, path: dir } : { pattern: input.pattern } }, cwd };
    default:
      return { call: { tool, input }, cwd };
  }
}

/** Parse one hook payload. Anything unexpected is an error (the caller denies). */
export function parseHookInput(text: string): Parsed {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, flavor: 'claude', error: `malformed hook input: not JSON (${(e as Error).message.slice(0, 120)})` };
  }
  if (!isObject(data)) return { ok: false, flavor: 'claude', error: 'malformed hook input: not a JSON object' };
  const event = data.hook_event_name;
  const flavor: Flavor = event === 'BeforeTool' ? 'gemini' : 'claude';
  if (event !== 'PreToolUse' && event !== 'BeforeTool') {
    return { ok: false, flavor, error: `unsupported hook event ${JSON.stringify(event ?? null).slice(0, 60)} (gatelab answers PreToolUse and BeforeTool only)` };
  }
  if (typeof data.tool_name !== 'string' || data.tool_name === '') {
    return { ok: false, flavor, error: 'malformed hook input: field "tool_name" must be a non-empty string' };
  }
  if (!isObject(data.tool_input)) return { ok: false, flavor, error: 'malformed hook input: field "tool_input" must be an object' };
  if (typeof data.cwd !== 'string' || !data.cwd.startsWith('/')) {
    return { ok: false, flavor, error: 'malformed hook input: field "cwd" must be an absolute path' };
  }
  const sessionId = typeof data.session_id === 'string' ? data.session_id : undefined;
  const toolUseId = typeof data.tool_use_id === 'string' ? data.tool_use_id : undefined;
  if (flavor === 'gemini') {
    const g = geminiCall(data.tool_name, data.tool_input, data.cwd);
    // Gemini sends no approval mode: the policy's own mode applies.
    return { ok: true, req: { flavor, call: g.call, cwd: g.cwd, modeNote: 'Gemini CLI sends no approval mode: the policy mode applies', sessionId } };
  }
  const m = pickMode(data.permission_mode);
  return { ok: true, req: { flavor, call: { tool: data.tool_name, input: data.tool_input }, cwd: data.cwd, mode: m.mode, modeNote: m.note, sessionId, toolUseId } };
}

/** At most MAX_REASON UTF-16 units, never splitting a surrogate pair. */
function clip(reason: string): string {
  if (reason.length <= MAX_REASON) return reason;
  let end = MAX_REASON - 1;
  const c = reason.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return reason.slice(0, end) + '…';
}

/** The stdout JSON for a decision. Gemini has no reliable `ask`: see docs/hook.md. */
export function formatOutput(flavor: Flavor, verdict: Verdict, reason: string, geminiAsk: 'deny' | 'ask' = 'deny'): string {
  const text = clip(reason);
  if (flavor === 'gemini') {
    if (verdict === 'ask' && geminiAsk === 'deny') {
      return JSON.stringify({ decision: 'deny', reason: clip(`gatelab needs a human approval, which a Gemini CLI BeforeTool hook cannot request: ${reason}`) });
    }
    return JSON.stringify({ decision: verdict, reason: text });
  }
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: verdict, permissionDecisionReason: text },
  });
}
