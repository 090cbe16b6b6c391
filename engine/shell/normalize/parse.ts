// parseOptions / canonicalize: an invocation's meaning, independent of spelling.
import type { Invocation, Word } from '../types.ts';
import { getopt, spec, type Spec } from './options.ts';
import { gitSubSpec, NPM_ALIASES, NPM_COMMANDS, optionSpec } from './specs.ts';

/** npm's alias table, then a unique prefix of a command name. */
export function npmCommand(word: string): string {
  const a = NPM_ALIASES.get(word);
  if (a) return a;
  if (NPM_COMMANDS.includes(word)) return word;
  const hits = NPM_COMMANDS.filter((c) => c.startsWith(word));
  if (word.length >= 2 && hits.length === 1) return NPM_ALIASES.get(hits[0]) ?? hits[0];
  return word;
}
import { parseGit } from './git.ts';

export interface Parsed {
  name: string;
  subcommand: string[];
  options: Map<string, string | true>;
  operands: Word[];
  unknown: string[];
  dynamic: boolean;
}

const GENERIC = spec('');
const GIT_MULTI = new Set(['stash', 'worktree', 'reflog', 'remote', 'submodule', 'notes', 'bisect', 'sparse-checkout', 'lfs']);

// A small identity cache: the detectors and the pipeline ask for the same invocation's meaning in
// turn. (A WeakMap entry per invocation costs more than parsing a short command again.)
const SLOTS = 8;
const cacheKeys: (Invocation | null)[] = new Array<Invocation | null>(SLOTS).fill(null);
const cacheVals: (Parsed | null)[] = new Array<Parsed | null>(SLOTS).fill(null);
let nextSlot = 0;

/** Options keyed by canonical name (rm's -r, -R, --recursive, --recur → recursive). Never throws. */
export function parseOptions(inv: Invocation): Parsed {
  for (let i = 0; i < SLOTS; i++) if (cacheKeys[i] === inv) return cacheVals[i]!;
  const p = parseUncached(inv);
  cacheKeys[nextSlot] = inv;
  cacheVals[nextSlot] = p;
  nextSlot = (nextSlot + 1) % SLOTS;
  return p;
}

function parseUncached(inv: Invocation): Parsed {
  const name = inv.name;
  if (name === 'git') return parseGitInv(inv);
  if (name === 'npm' || name === 'pnpm' || name === 'yarn') return parseNpm(inv);
  const sp = optionSpec(name);
  if (sp) {
    const r = getopt(inv.args, sp, 0);
    return { name, subcommand: [], options: r.options, operands: r.operands, unknown: r.unknown, dynamic: r.dynamic || !inv.program.static };
  }
  return generic(inv.args, name, [], !inv.program.static);
}

/** No spec: every option is kept as written (without dashes), short bundles split. */
function generic(args: Word[], name: string, sub: string[], dyn: boolean, sp: Spec = GENERIC): Parsed {
  const r = getopt(args, sp, 0);
  const options = r.options; // fresh from getopt: ours to extend
  for (const u of r.unknown) options.set(u.startsWith('--') ? u.slice(2) : u.slice(1), true);
  return { name, subcommand: sub, options, operands: r.operands, unknown: r.unknown, dynamic: r.dynamic || dyn };
}

function parseGitInv(inv: Invocation): Parsed {
  const g = parseGit(inv.args);
  const options = new Map<string, string | true>();
  for (const o of g.globals.list) options.set(`git.${o.canon}`, o.value);
  if (g.subIndex < 0) return { name: 'git', subcommand: [], options, operands: [], unknown: g.globals.unknown, dynamic: g.globals.dynamic };
  const sub = g.sub ?? '';
  const subcommand = [sub];
  let rest = inv.args.slice(g.subIndex + 1);
  if (GIT_MULTI.has(sub) && rest[0] && rest[0].static && !(rest[0].value ?? '').startsWith('-')) {
    subcommand.push(rest[0].value ?? '');
    rest = rest.slice(1);
  }
  const sp = gitSubSpec(sub, subcommand[1]) ?? GENERIC;
  const p = generic(rest, 'git', subcommand, g.subDynamic || g.globals.dynamic, sp);
  for (const [k, v] of options) p.options.set(k, v);
  p.unknown = [...g.globals.unknown, ...p.unknown];
  return p;
}

function parseNpm(inv: Invocation): Parsed {
  const sp = optionSpec('npm')!;
  const r = getopt(inv.args, sp, 0);
  const first = r.operands[0];
  if (!first) return { name: inv.name, subcommand: [], options: r.options, operands: [], unknown: r.unknown, dynamic: r.dynamic };
  const cmd = first.static ? npmCommand(first.value ?? '') : '';
  const rest = inv.args.slice(inv.args.indexOf(first) + 1);
  // npm run/exec pass everything after the script name through: do not parse those as npm options.
  const p = cmd === 'run' || cmd === 'exec' ? { options: new Map<string, string | true>(), operands: rest, unknown: [], dynamic: false } : generic(rest, inv.name, [], false);
  for (const [k, v] of r.options) p.options.set(k, v);
  return { name: inv.name, subcommand: [cmd], options: p.options, operands: p.operands, unknown: [...r.unknown, ...p.unknown], dynamic: r.dynamic || p.dynamic || !first.static };
}

/** Program, subcommands, options sorted by canonical name, then operands. */
export function canonicalize(inv: Invocation): string {
  const p = parseOptions(inv);
  const parts: string[] = [p.name || inv.program.approx, ...p.subcommand];
  const keys = [...p.options.keys()].sort();
  for (const k of keys) {
    const v = p.options.get(k)!;
    const flag = k.length === 1 ? `-${k}` : `--${k}`;
    parts.push(v === true ? flag : `${flag}=${v}`);
  }
  if (p.operands.length) parts.push('--');
  for (const o of p.operands) parts.push(o.static ? (o.value ?? '') : o.approx);
  return parts.join(' ');
}
