// git: global options before the subcommand, `-c key=value` configs, aliases.
import { gitConfigRole } from '../../programs/index.ts';
import type { Word, Assignment } from '../types.ts';
import { getopt, type ParseResult } from './options.ts';
import { gitGlobalSpec } from './specs.ts';
import { gitConfigParameters } from '../../programs/env.ts';

export interface GitCall {
  globals: ParseResult;
  /** `-c key=value` pairs in order (key lower-cased except the subsection). */
  configs: { key: string; value: string; dynamic: boolean; word: Word }[];
  /** Index of the subcommand word in args, or -1. */
  subIndex: number;
  sub: string | null;
  /** True when the subcommand word is dynamic. */
  subDynamic: boolean;
}

// The normaliser, parseOptions, the read-only check and a detector all parse the same git words
// in turn: remember the last few (keyed by the args array; these arrays are never modified).
const SLOTS = 4;
const memoArgs: (Word[] | null)[] = new Array<Word[] | null>(SLOTS).fill(null);
const memoCalls: (GitCall | null)[] = new Array<GitCall | null>(SLOTS).fill(null);
let nextSlot = 0;

export function parseGit(args: Word[]): GitCall {
  for (let i = 0; i < SLOTS; i++) if (memoArgs[i] === args) return memoCalls[i]!;
  const g = parseGitUncached(args);
  memoArgs[nextSlot] = args;
  memoCalls[nextSlot] = g;
  nextSlot = (nextSlot + 1) % SLOTS;
  return g;
}

function parseGitUncached(args: Word[]): GitCall {
  const globals = getopt(args, gitGlobalSpec(), 0);
  const configs: GitCall['configs'] = [];
  for (const o of globals.list) {
    if (o.canon === 'c' && typeof o.value === 'string') {
      const eq = o.value.indexOf('=');
      const key = eq < 0 ? o.value : o.value.slice(0, eq);
      configs.push({ key: normKey(key), value: eq < 0 ? 'true' : o.value.slice(eq + 1), dynamic: !o.word.static || hasDyn(args, o.word), word: o.word });
    } else if (o.canon === 'config-env' && typeof o.value === 'string') {
      const eq = o.value.indexOf('=');
      configs.push({ key: normKey(eq < 0 ? o.value : o.value.slice(0, eq)), value: '', dynamic: true, word: o.word });
    }
  }
  const first = globals.operands[0];
  const subIndex = first ? args.indexOf(first) : -1;
  return {
    globals,
    configs,
    subIndex,
    sub: first && first.static ? (first.value ?? '') : null,
    subDynamic: !!first && !first.static,
  };
}

/** The value word of `-c` may be the next word; dynamic if it is. */
function hasDyn(args: Word[], w: Word): boolean {
  const i = args.indexOf(w);
  if (w.static && (w.value === '-c' || w.value === '--config-env')) {
    const n = args[i + 1];
    return !!n && !n.static;
  }
  return false;
}

/** Section and key are case-insensitive; a subsection is not. */
export function normKey(key: string): string {
  const a = key.indexOf('.');
  const b = key.lastIndexOf('.');
  if (a < 0) return key.toLowerCase();
  if (a === b) return key.toLowerCase();
  return key.slice(0, a).toLowerCase() + key.slice(a, b + 1) + key.slice(b + 1).toLowerCase();
}

/** GIT_CONFIG_COUNT / GIT_CONFIG_KEY_n / GIT_CONFIG_VALUE_n (and GIT_CONFIG_PARAMETERS) from env. */
export function envConfigs(env: Assignment[]): { key: string; value: string; dynamic: boolean }[] {
  const out: { key: string; value: string; dynamic: boolean }[] = [];
  if (!env.length) return out;
  const keys = new Map<string, Assignment>();
  const vals = new Map<string, Assignment>();
  for (const a of env) {
    if (!a.name.startsWith('GIT_CONFIG_')) continue;
    if (a.name.startsWith('GIT_CONFIG_KEY_')) keys.set(a.name.slice(15), a);
    else if (a.name.startsWith('GIT_CONFIG_VALUE_')) vals.set(a.name.slice(17), a);
    else if (a.name === 'GIT_CONFIG_PARAMETERS') {
      // 'key'='value' entries; a dynamic or malformed list could hold any key (key '')
      const list = !a.value ? [] : a.value.static ? gitConfigParameters(a.value.value ?? '') : null;
      if (list === null) out.push({ key: '', value: '', dynamic: true });
      else for (const c of list) out.push({ key: normKey(c.key), value: c.value ?? 'true', dynamic: false });
    }
  }
  for (const [n, k] of keys) {
    const v = vals.get(n);
    const kd = !k.value || !k.value.static;
    const vd = !!v && !!v.value && !v.value.static;
    out.push({ key: kd ? '' : normKey(k.value!.value ?? ''), value: v?.value?.value ?? '', dynamic: kd || vd });
  }
  return out;
}

const EXEC_KEYS = new Set([
  'core.pager', 'core.editor', 'core.sshcommand', 'core.fsmonitor', 'core.hookspath', 'core.askpass',
  'diff.external', 'credential.helper', 'sequence.editor', 'gpg.program', 'uploadpack.packobjectshook',
  'interactive.difffilter', 'web.browser', 'sendemail.smtpserver', 'sendemail.tocmd', 'sendemail.cccmd',
  'sendemail.sendmailcmd', 'core.gitproxy', 'ssh.command', 'include.path', 'includeif.path', 'receive.procreceiverefs',
  'uploadpack.hook',
]);

/**
 * How a config key runs code: 'shell' (value is a shell command), 'alias' (`!cmd` aliases),
 * 'opaque' (loads code from elsewhere: hooksPath, include.path …), or null.
 */
export function execKind(key: string, value: string): 'shell' | 'alias' | 'opaque' | null {
  const k = key.toLowerCase();
  if (k.startsWith('alias.')) return value.startsWith('!') ? 'alias' : null;
  if (k === 'core.hookspath' || k === 'include.path' || k.startsWith('includeif.')) return 'opaque';
  if (k === 'core.fsmonitor') {
    const v = value.toLowerCase();
    if (v === 'true' || v === 'false' || v === '' || v === '0' || v === '1' || v === 'yes' || v === 'no') return null;
    return 'shell';
  }
  // a helper starting with ! is a shell command line, like an alias
  if (k === 'credential.helper' || (k.startsWith('credential.') && k.endsWith('.helper'))) return value.startsWith('!') ? 'alias' : 'shell';
  if (EXEC_KEYS.has(k)) return 'shell';
  const parts = k.split('.');
  const last = parts[parts.length - 1];
  const first = parts[0];
  if (first === 'diff' && (last === 'textconv' || last === 'command')) return 'shell';
  if (first === 'filter' && (last === 'clean' || last === 'smudge' || last === 'process')) return 'shell';
  if (first === 'merge' && last === 'driver') return 'shell';
  if (first === 'pager') return 'shell';
  if (first === 'gpg' && last === 'program') return 'shell';
  if ((first === 'remote') && (last === 'receivepack' || last === 'uploadpack' || last === 'vcs')) return 'shell';
  if ((first === 'browser' || first === 'man' || first === 'difftool' || first === 'mergetool') && (last === 'cmd' || last === 'path')) return 'shell';
  if (first === 'credential' && last === 'helper') return 'shell';
  // every other key the program facts say holds a command line (trailer.*.command, hook.*.command …)
  return gitConfigRole(k) === 'exec-line' ? 'shell' : null;
}
