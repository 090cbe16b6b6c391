// `lab hook install [--user|--project]`: add gatelab's hook entries to a Claude Code settings
// file. Merges (other settings and hooks stay as they are), never clobbers (a file that is not
// valid JSON is left alone and reported), keeps a backup, and replaces the file atomically.
// User settings are the default: Claude Code ignores a project settings file that fails its
// schema, hooks included, and a repository can ship one.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const LAUNCHER = join(ROOT, 'dist', 'hook.sh');
/** The events gatelab answers, and what each entry matches. */
export const EVENTS = ['PreToolUse', 'PostToolUse'] as const;

export function hookCommand(launcher = LAUNCHER): string {
  return `sh ${launcher} || exit 2`;
}

export type Scope = 'user' | 'project';

/** The settings file for a scope (CLAUDE_CONFIG_DIR moves the user folder, as in Claude Code). */
export function settingsPath(scope: Scope, env: Record<string, string | undefined>, home: string, projectDir: string): string {
  if (scope === 'project') return join(projectDir, '.claude', 'settings.json');
  return join(env.CLAUDE_CONFIG_DIR || join(home, '.claude'), 'settings.json');
}

/** 1-based line and column of a character offset. */
function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `${line}:${offset - before.lastIndexOf('\n')}`;
}

/** Parse settings JSON or throw an error naming file:line:col. */
export function parseSettings(text: string, file: string): Record<string, unknown> {
  try {
    const data = JSON.parse(text) as unknown;
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('the top level is not a JSON object');
    return data as Record<string, unknown>;
  } catch (e) {
    const m = /position (\d+)/.exec((e as Error).message);
    throw new Error(`${file}:${m ? lineCol(text, Number(m[1])) : '1:1'}: not valid settings JSON (${(e as Error).message}); left unchanged`);
  }
}

type Entry = { matcher?: string; hooks?: { type?: string; command?: string }[] };

/** Is `command` registered for `event`? */
export function hasHook(settings: Record<string, unknown>, event: string, command: string): boolean {
  const hooks = settings.hooks as Record<string, Entry[]> | undefined;
  const list = hooks && Array.isArray(hooks[event]) ? hooks[event] : [];
  return list.some((e) => Array.isArray(e?.hooks) && e.hooks.some((h) => h?.command === command));
}

/** Settings with gatelab's entries added where missing (a new object; the input is not changed). */
export function mergeHook(settings: Record<string, unknown>, command: string): { settings: Record<string, unknown>; added: string[] } {
  const out = structuredClone(settings);
  const hooks = (out.hooks && typeof out.hooks === 'object' && !Array.isArray(out.hooks) ? out.hooks : (out.hooks = {})) as Record<string, unknown>;
  const added: string[] = [];
  for (const event of EVENTS) {
    if (hasHook(out, event, command)) continue;
    if (hooks[event] !== undefined && !Array.isArray(hooks[event])) throw new Error(`hooks.${event} is not a list; fix it by hand first`);
    const list = (hooks[event] ??= []) as Entry[];
    list.push({ matcher: '*', hooks: [{ type: 'command', command }] });
    added.push(event);
  }
  return { settings: out, added };
}

export interface InstallResult {
  file: string;
  added: string[];
  backup?: string;
  warnings: string[];
}

/** Install into `file`: merge, back up the old file, write a temp file and rename it over. */
export function installHook(file: string, command = hookCommand(), now = new Date()): InstallResult {
  const warnings: string[] = [];
  if (!existsSync(LAUNCHER)) warnings.push(`${LAUNCHER} does not exist yet: run npm run build in ${ROOT} (until then the hook blocks every call)`);
  const old = existsSync(file) ? readFileSync(file, 'utf8') : null;
  const settings = old === null || old.trim() === '' ? {} : parseSettings(old, file);
  const { settings: next, added } = mergeHook(settings, command);
  const others = JSON.stringify(settings.hooks ?? {}).match(/[^"\s]*dist\/hook\.(sh|mjs)[^"]*/g)?.filter((c) => !command.includes(c)) ?? [];
  if (others.length) warnings.push(`another gatelab-like hook is also registered (${[...new Set(others)].join(', ')}); remove it if it is an old checkout`);
  if (!added.length) return { file, added, warnings };
  mkdirSync(dirname(file), { recursive: true });
  let backup: string | undefined;
  if (old !== null) {
    backup = `${file}.bak-${now.toISOString().replace(/[:.]/g, '-')}`;
    copyFileSync(file, backup);
  }
  const tmp = `${file}.gatelab-${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(next, null, 2) + '\n');
  renameSync(tmp, file);
  return { file, added, backup, warnings };
}
