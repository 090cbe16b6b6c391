// `lab hook doctor`: where gatelab's hook is installed, whether each settings file would pass,
// the policy the hook would load for this project (and whether the workspace is trusted), and
// sample decisions through the real launcher.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { claudePermissions, PolicyError } from '../../engine/index.ts';
import { EVENTS, hasHook, hookCommand, LAUNCHER, parseSettings, settingsPath } from './install.ts';
import { resolveHookPolicy, type DefaultPolicySource } from './policy.ts';
import { lazyTrust, trustNote, workspaceTrust } from './trust.ts';
import { readText } from './node.ts';

export interface SettingsReport {
  scope: string;
  file: string;
  exists: boolean;
  /** Problems that make the client ignore the file (or gatelab refuse it). */
  problems: string[];
  /** Events whose gatelab entry this file holds. */
  installed: string[];
}

export interface DoctorReport {
  launcher: { file: string; exists: boolean };
  command: string;
  settings: SettingsReport[];
  installedFor: string[];
  policy: { sources: string[]; rules: Record<string, number>; trust: string; trusted: boolean; note?: string; error?: string };
  samples: { call: string; mode: string; answer: string; ok: boolean }[];
  ok: boolean;
}

type HookEntry = { matcher?: unknown; hooks?: unknown };

/** The shape Claude Code's schema requires of `hooks` (the part a broken file most often gets wrong). */
function hookProblems(hooks: unknown): string[] {
  if (hooks === undefined) return [];
  if (!hooks || typeof hooks !== 'object' || Array.isArray(hooks)) return ['hooks is not an object'];
  const out: string[] = [];
  for (const [event, list] of Object.entries(hooks as Record<string, unknown>)) {
    if (!Array.isArray(list)) {
      out.push(`hooks.${event} is not a list`);
      continue;
    }
    list.forEach((e: HookEntry, i) => {
      if (e.matcher !== undefined && typeof e.matcher !== 'string') out.push(`hooks.${event}[${i}].matcher is not a string`);
      if (!Array.isArray(e.hooks)) return out.push(`hooks.${event}[${i}].hooks is not a list`);
      (e.hooks as Record<string, unknown>[]).forEach((h, j) => {
        if (h?.type !== 'command' && h?.type !== 'prompt' && h?.type !== 'agent' && h?.type !== 'http') out.push(`hooks.${event}[${i}].hooks[${j}].type is not a known hook type`);
        if (h?.type === 'command' && typeof h.command !== 'string') out.push(`hooks.${event}[${i}].hooks[${j}].command is not a string`);
        if (h?.timeout !== undefined && typeof h.timeout !== 'number') out.push(`hooks.${event}[${i}].hooks[${j}].timeout is not a number`);
      });
    });
  }
  return out;
}

function checkSettings(scope: string, file: string, command: string): SettingsReport {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : null;
  const r: SettingsReport = { scope, file, exists: text !== null, problems: [], installed: [] };
  if (text === null) return r;
  let data: Record<string, unknown>;
  try {
    data = parseSettings(text, file);
  } catch (e) {
    r.problems.push((e as Error).message);
    return r;
  }
  try {
    claudePermissions(text, file);
  } catch (e) {
    if (!(e instanceof PolicyError)) throw e;
    r.problems.push(e.message);
  }
  r.problems.push(...hookProblems(data.hooks).map((p) => `${file}: ${p}`));
  r.installed = EVENTS.filter((ev) => hasHook(data, ev, command));
  return r;
}

/** One call through the real launcher, as Claude Code would make it. */
function sample(projectDir: string, tool: string, input: Record<string, unknown>, mode: string, env: Record<string, string | undefined>): string {
  const payload = JSON.stringify({ session_id: 'doctor', cwd: projectDir, permission_mode: mode, hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input });
  const r = spawnSync('/bin/sh', ['-c', hookCommand()], { input: payload, encoding: 'utf8', env: { ...env, CLAUDE_PROJECT_DIR: projectDir }, timeout: 30_000 });
  try {
    const out = JSON.parse(r.stdout) as { hookSpecificOutput?: { permissionDecision?: string } };
    return out.hookSpecificOutput?.permissionDecision ?? `no decision (exit ${r.status})`;
  } catch {
    return `no JSON (exit ${r.status}): ${(r.stderr || r.stdout).trim().slice(0, 200)}`;
  }
}

export function doctor(projectDir: string, home: string, env: Record<string, string | undefined>, defaultPolicy: () => DefaultPolicySource): DoctorReport {
  const command = hookCommand();
  const files: [string, string][] = [
    ['user', settingsPath('user', env, home, projectDir)],
    ['project', join(projectDir, '.claude', 'settings.json')],
    ['local', join(projectDir, '.claude', 'settings.local.json')],
    ['managed', '/etc/claude-code/managed-settings.json'],
  ];
  const settings = files.map(([scope, file]) => checkSettings(scope, file, command));
  const installedFor = [...new Set(settings.flatMap((s) => s.installed))];
  const trust = workspaceTrust(projectDir, home, env, readText);
  let policy: DoctorReport['policy'];
  try {
    const hp = resolveHookPolicy({ projectDir, policyFile: env.GATELAB_POLICY || undefined, defaultPolicy, trust: lazyTrust(() => trust) }, { readText });
    const rules: Record<string, number> = { allow: 0, ask: 0, deny: 0 };
    for (const r of hp.policy.rules) rules[r.behavior] = (rules[r.behavior] ?? 0) + 1;
    policy = { sources: hp.sources, rules, trust: trust.how, trusted: trust.trusted, note: trustNote(trust, hp.untrusted) };
  } catch (e) {
    policy = { sources: [], rules: {}, trust: trust.how, trusted: trust.trusted, error: (e as Error).message };
  }
  const launcherOk = existsSync(LAUNCHER);
  const probes: [string, string, Record<string, unknown>, string, string][] = [
    ['git status', 'Bash', { command: 'git status' }, 'default', 'allow'],
    ['rm -rf ~', 'Bash', { command: 'rm -rf ~' }, 'default', 'deny'],
    ['Write .git/hooks/pre-commit', 'Write', { file_path: join(projectDir, '.git/hooks/pre-commit'), content: 'x' }, 'bypassPermissions', 'deny'],
  ];
  const samples = launcherOk
    ? probes.map(([call, tool, input, mode, want]) => {
        const answer = sample(projectDir, tool, input, mode, env);
        return { call, mode, answer, ok: answer === want };
      })
    : [];
  const ok = launcherOk && installedFor.includes('PreToolUse') && settings.every((s) => !s.problems.length) && !policy.error && samples.every((s) => s.ok);
  return { launcher: { file: LAUNCHER, exists: launcherOk }, command, settings, installedFor, policy, samples, ok };
}

export function renderDoctor(r: DoctorReport): string {
  const mark = (b: boolean) => (b ? 'ok ' : '✗  ');
  const out: string[] = [];
  out.push(`${mark(r.launcher.exists)}launcher ${r.launcher.file}${r.launcher.exists ? '' : ' is missing: run npm run build'}`);
  out.push(`${mark(r.installedFor.includes('PreToolUse'))}hook installed for: ${r.installedFor.join(', ') || 'nothing (run lab hook install)'}`);
  for (const s of r.settings) {
    const what = !s.exists ? 'absent' : s.problems.length ? 'does not validate' : `valid${s.installed.length ? `, gatelab for ${s.installed.join(' + ')}` : ''}`;
    out.push(`${mark(!s.problems.length)}${s.scope.padEnd(8)} ${s.file}: ${what}`);
    for (const p of s.problems) out.push(`      ${p}`);
    if (s.problems.length && s.scope !== 'user') out.push('      Claude Code ignores a settings file that fails its schema, hooks included');
  }
  if (r.policy.error) out.push(`✗  policy: ${r.policy.error}`);
  else {
    out.push(`ok policy: ${r.policy.sources.join(' + ')} (${Object.entries(r.policy.rules).map(([k, v]) => `${v} ${k}`).join(', ')})`);
    out.push(`   workspace ${r.policy.trusted ? 'trusted' : 'not trusted'}: ${r.policy.trust}${r.policy.note ? `; ${r.policy.note}` : ''}`);
  }
  for (const s of r.samples) out.push(`${mark(s.ok)}sample: ${s.call} (${s.mode}) → ${s.answer}`);
  out.push(r.ok ? 'doctor: ok' : 'doctor: problems found');
  return out.join('\n') + '\n';
}
