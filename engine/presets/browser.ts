// Rules for raw `agent-browser` commands in the Strix safety presets.
import type { Finding } from '../types.ts';
import type { Invocation, Word } from '../shell/types.ts';

export const BROWSER_ID = 'strix-browser';

/** Snapshot freshness: a ref action needs a snapshot newer than the last page change. */
export interface BrowserState {
  /** Counter of recorded browser calls. */
  seq: number;
  /** seq of the last snapshot, or null. */
  snapshotAt: number | null;
  /** seq of the last page-changing action (0 = none yet). */
  changedAt: number;
}

export const initialBrowserState: BrowserState = { seq: 0, snapshotAt: null, changedAt: 0 };

/** Verbs that only read, in any form. */
const READ_VERBS = new Set(['snapshot', 'screenshot', 'get', 'is', 'console', 'errors', 'title', 'url', 'highlight', 'pdf']);
/** Grouped verbs: their bare form (or the listed subcommands) reads; any other subcommand does not. */
const GROUPED: Record<string, string[]> = {
  tab: ['list'],
  cookies: ['get', 'list'],
  storage: ['get', 'list'],
  network: ['requests'],
  window: [],
  frame: [],
  dialog: [],
  trace: [],
  record: [],
  set: [],
  mouse: [],
  keyboard: [],
};
const NAVIGATION = new Set(['open', 'goto', 'navigate', 'back', 'forward', 'reload']);
const ACTIONS = new Set(['click', 'dblclick', 'fill', 'type', 'press', 'hover', 'focus', 'select', 'check', 'uncheck', 'drag', 'scroll', 'scrollintoview', 'wait', 'find']);
/** Actions after which earlier element refs may point elsewhere. */
const PAGE_CHANGING = new Set(['click', 'dblclick', 'press', 'drag', 'select', ...NAVIGATION]);
/** Actions the passive `observe` preset refuses: they submit, type or change controls. */
const OBSERVE_BLOCKED = new Set(['click', 'dblclick', 'fill', 'type', 'press', 'select', 'check', 'uncheck', 'drag', 'keyboard', 'mouse']);
const BLOCKED_VERBS: Record<string, string> = {
  eval: 'runs arbitrary JavaScript in the page',
  upload: 'uploads files',
  download: 'writes downloaded files',
};
const OVERRIDE_FLAGS = ['--session', '--profile', '--cdp', '--user-data-dir', '--state', '--session-name', '--executable-path', '--extension'];
/** Options that take the next word as their value. */
const VALUE_FLAGS = new Set([...OVERRIDE_FLAGS, '--timeout', '--headers', '--proxy', '--user-agent', '--viewport', '-p', '--provider']);
export const BROWSER_OVERRIDE_ENV = ['AGENT_BROWSER_SESSION', 'AGENT_BROWSER_PROFILE', 'AGENT_BROWSER_CDP', 'AGENT_BROWSER_STATE', 'AGENT_BROWSER_USER_DATA_DIR'];

export interface BrowserCommand {
  verb: string;
  sub?: string;
  operands: string[];
  /** Option words (`--x`, `--x=v`). */
  options: string[];
  dynamic: boolean;
}

export function parseBrowser(args: readonly Word[]): BrowserCommand {
  const cmd: BrowserCommand = { verb: '', operands: [], options: [], dynamic: false };
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (!w.static) {
      cmd.dynamic = true;
      cmd.operands.push(w.approx);
      continue;
    }
    const v = w.value!;
    if (v.startsWith('--') || (v.startsWith('-') && v.length === 2 && !cmd.operands.length)) {
      cmd.options.push(v);
      if (VALUE_FLAGS.has(v) && !cmd.operands.length && args[i + 1]) i++;
    } else cmd.operands.push(v);
  }
  cmd.verb = (cmd.operands[0] ?? '').toLowerCase();
  cmd.sub = cmd.operands[1]?.toLowerCase();
  return cmd;
}

function usesRef(cmd: BrowserCommand): boolean {
  return cmd.operands.slice(1).some((o) => o.startsWith('@e') || o.startsWith('ref='));
}

export function isBrowser(inv: Invocation): boolean {
  return inv.name === 'agent-browser';
}

/** True when the command only reads (allowed outright). */
export function browserReadOnly(cmd: BrowserCommand): boolean {
  if (cmd.dynamic) return false;
  if (READ_VERBS.has(cmd.verb)) return true;
  const g = GROUPED[cmd.verb];
  return !!g && (cmd.sub === undefined || g.includes(cmd.sub));
}

export function browserFindings(inv: Invocation, preset: 'guarded' | 'observe', state: BrowserState): Finding[] {
  const out: Finding[] = [];
  const f = (behavior: 'deny' | 'ask', message: string) =>
    out.push({ detector: BROWSER_ID, family: 'strix', behavior, message, span: inv.source.span });
  const cmd = parseBrowser(inv.args);
  for (const o of cmd.options) {
    const name = o.split('=')[0]!;
    if (OVERRIDE_FLAGS.includes(name)) f('deny', `agent-browser ${name} overrides the isolated session the platform assigns`);
  }
  for (const a of inv.env) {
    if (BROWSER_OVERRIDE_ENV.includes(a.name)) f('deny', `${a.name} overrides the isolated browser session`);
  }
  if (cmd.dynamic) f('ask', 'agent-browser arguments are only known at run time: review');
  if (BLOCKED_VERBS[cmd.verb]) f('deny', `agent-browser ${cmd.verb} ${BLOCKED_VERBS[cmd.verb]}`);
  if (cmd.verb === 'state' && (cmd.sub === 'save' || cmd.sub === 'load' || cmd.sub === undefined)) f('deny', 'agent-browser state persistence is blocked');
  if (cmd.verb === 'auth') f('deny', 'agent-browser auth is a composite login: use explicit fill and submit steps');
  const grouped = GROUPED[cmd.verb];
  if (grouped && cmd.sub !== undefined && !grouped.includes(cmd.sub)) {
    if (preset === 'observe') f('deny', `agent-browser ${cmd.verb} ${cmd.sub} changes browser state, which observe does not allow`);
    else f('ask', `agent-browser ${cmd.verb} ${cmd.sub} is a grouped verb with a subcommand: review`);
  }
  if (preset === 'observe' && OBSERVE_BLOCKED.has(cmd.verb)) f('deny', `agent-browser ${cmd.verb} interacts with the page, which observe does not allow`);
  if (usesRef(cmd) && !browserReadOnly(cmd)) {
    if (state.snapshotAt === null) f('deny', `agent-browser ${cmd.verb} uses an element ref but no snapshot was recorded: take a snapshot first`);
    else if (state.snapshotAt <= state.changedAt) f('deny', `agent-browser ${cmd.verb} uses an element ref from a stale snapshot (the page changed since): snapshot again`);
  }
  if (!cmd.verb) f('ask', 'agent-browser with no command: review');
  else if (!browserReadOnly(cmd) && !ACTIONS.has(cmd.verb) && !NAVIGATION.has(cmd.verb) && !grouped && !BLOCKED_VERBS[cmd.verb] && cmd.verb !== 'state' && cmd.verb !== 'auth' && cmd.verb !== 'close') {
    f('ask', `agent-browser ${cmd.verb} is not a known command: review`);
  }
  return out;
}

/** The state after a browser call ran. Pure: returns a new object. */
export function recordBrowserCall(state: BrowserState, inv: Invocation | readonly Word[]): BrowserState {
  const args = Array.isArray(inv) ? (inv as readonly Word[]) : (inv as Invocation).args;
  const cmd = parseBrowser(args);
  const seq = state.seq + 1;
  if (cmd.verb === 'snapshot') return { ...state, seq, snapshotAt: seq };
  const changes =
    PAGE_CHANGING.has(cmd.verb) ||
    cmd.dynamic ||
    (GROUPED[cmd.verb] !== undefined && cmd.sub !== undefined && !GROUPED[cmd.verb]!.includes(cmd.sub)) ||
    cmd.verb === 'close';
  return changes ? { ...state, seq, changedAt: seq } : { ...state, seq };
}

/** Earlier calls of the session, as the context carries them. */
export interface PriorBrowserCall {
  tool: string;
  summary: string;
  behavior?: 'allow' | 'deny' | 'ask';
}

/**
 * The browser state after replaying the session's earlier calls: every Bash call that ran (not
 * denied) and holds agent-browser commands. `parse` turns a command line into invocations.
 */
export function browserStateFrom(prior: readonly PriorBrowserCall[] | undefined, parse: (command: string) => readonly Invocation[]): BrowserState {
  let state = initialBrowserState;
  for (const p of prior ?? []) {
    if (p.tool !== 'Bash' || p.behavior === 'deny' || !p.summary.includes('agent-browser')) continue;
    let invs: readonly Invocation[];
    try {
      invs = parse(p.summary);
    } catch {
      // A call we cannot read may have changed the page.
      state = { ...state, seq: state.seq + 1, changedAt: state.seq + 1 };
      continue;
    }
    for (const inv of invs) if (isBrowser(inv)) state = recordBrowserCall(state, inv);
  }
  return state;
}
