// Workspace trust, decided the way Claude Code decides it: a project folder is trusted when
// `~/.claude.json` (or `$CLAUDE_CONFIG_DIR/.claude.json`) has `hasTrustDialogAccepted: true` for
// it or for a folder above it. In an untrusted workspace the client drops the repository's own
// `permissions.allow` and `additionalDirectories`, so gatelab does too: otherwise a repository's
// author, not the user, would widen the gate. Deny and ask rules always apply. The user can opt
// in with GATELAB_TRUST_PROJECT=1.
import type { Decision, Rule } from '../../engine/index.ts';

export interface Trust {
  trusted: boolean;
  /** Why, in words, for the hook's reason and `lab hook doctor`. */
  how: string;
}

export const TRUST_ENV = 'GATELAB_TRUST_PROJECT';

function parents(dir: string): string[] {
  const out: string[] = [];
  let d = dir.length > 1 ? dir.replace(/\/+$/, '') : dir;
  for (;;) {
    out.push(d);
    if (d === '/' || d === '') break;
    const i = d.lastIndexOf('/');
    d = i <= 0 ? '/' : d.slice(0, i);
  }
  return out;
}

/** Does the settings file's `env` set `name`? (Unreadable: treated as yes, so the opt-in is ignored.) */
function setsEnv(readText: (p: string) => string | null, file: string, name: string): boolean {
  try {
    const text = readText(file);
    if (text === null) return false;
    const data = JSON.parse(text) as { env?: Record<string, unknown> };
    return !!data?.env && typeof data.env === 'object' && name in data.env;
  } catch {
    return true;
  }
}

/** The client's trust decision for `projectDir` (or the user's opt-in). */
export function workspaceTrust(projectDir: string, home: string, env: Record<string, string | undefined>, readText: (p: string) => string | null): Trust {
  if (env[TRUST_ENV] === '1') {
    // Claude Code exports a settings file's `env` to hooks: a repository must not opt itself in.
    const shipped = ['.claude/settings.json', '.claude/settings.local.json'].find((rel) => setsEnv(readText, `${projectDir.replace(/\/+$/, '')}/${rel}`, TRUST_ENV));
    if (!shipped) return { trusted: true, how: `${TRUST_ENV}=1 (the user opted in)` };
    env = { ...env, [TRUST_ENV]: undefined };
  }
  const file = (env.CLAUDE_CONFIG_DIR ? env.CLAUDE_CONFIG_DIR.replace(/\/+$/, '') : home.replace(/\/+$/, '')) + '/.claude.json';
  let projects: Record<string, { hasTrustDialogAccepted?: unknown }> = {};
  try {
    const text = readText(file);
    if (text === null) return { trusted: false, how: `${file} does not exist` };
    const data = JSON.parse(text) as { projects?: unknown };
    if (data && typeof data.projects === 'object' && data.projects !== null) projects = data.projects as typeof projects;
  } catch {
    return { trusted: false, how: `${file} is not readable JSON` };
  }
  for (const d of parents(projectDir)) {
    if (projects[d]?.hasTrustDialogAccepted === true) return { trusted: true, how: `${file} trusts ${d}` };
  }
  return { trusted: false, how: `${file} has no hasTrustDialogAccepted for ${projectDir} or a folder above it` };
}

/**
 * The trust decision, looked up on first use: `~/.claude.json` can be large, and a project
 * without its own allow rules or folders never needs it.
 */
export interface LazyTrust {
  get(): Trust;
  /** The decision, if it was looked up. */
  seen(): Trust | undefined;
}

export function lazyTrust(decide: () => Trust): LazyTrust {
  let t: Trust | undefined;
  return { get: () => (t ??= decide()), seen: () => t };
}

/** What a repository-supplied layer keeps: all of it when trusted, else its deny and ask rules. */
export function trustedPart(rules: readonly Rule[], dirs: readonly string[], trust: LazyTrust | undefined): { rules: Rule[]; dirs: string[]; dropped: number } {
  const widening = dirs.length > 0 || rules.some((r) => r.behavior === 'allow');
  if (!trust || !widening || trust.get().trusted) return { rules: [...rules], dirs: [...dirs], dropped: 0 };
  const kept = rules.filter((r) => r.behavior !== 'allow');
  return { rules: kept, dirs: [], dropped: rules.length - kept.length + dirs.length };
}

/** The note the hook's reason carries: what trust kept out, or that a trusted repository's rule decided. */
export function trustNote(trust: Trust | undefined, dropped: number, decidedByRepoAllow = false): string | undefined {
  if (!trust) return undefined;
  if (dropped) return `workspace not trusted (${trust.how}): ${dropped} repository allow rule(s) / additional folder(s) not applied`;
  if (trust.trusted && decidedByRepoAllow) return `workspace trusted (${trust.how}): the repository's allow rule applies`;
  return undefined;
}

/** An allow decided by a rule of the project's own settings. */
export function isRepoAllow(d: Decision): boolean {
  return d.behavior === 'allow' && d.reason.type === 'rule' && (d.reason.layer === 'project' || d.reason.layer === 'local');
}
