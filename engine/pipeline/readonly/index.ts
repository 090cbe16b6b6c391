// The read-only allowlist: is this invocation, with these flags, free of effects?
import type { Invocation, Word } from '../../shell/types.ts';
import { getopt } from '../../shell/normalize/options.ts';
import { RO, always, type RoParsed } from './tables.ts';
import { gitReadOnly } from './git.ts';
import { startsAtDirVar } from '../../programs/words.ts';

export { RO } from './tables.ts';
export { GIT_RO } from './git.ts';

const SYSTEM_DIRS = new Set(['/bin', '/usr/bin', '/usr/local/bin', '/sbin', '/usr/sbin', '/usr/local/sbin']);
const WRITE_OPS = new Set(['>', '>>', '>|', '<>', '&>', '&>>']);
const SHELL_VIA = new Set(['sudo', 'doas', 'su', 'pkexec', 'runuser']);

const no = (why: string) => ({ readOnly: false, why });

export function isReadOnly(inv: Invocation, opts: { trustRepoConfig: boolean; gitDir?: (dir: string) => boolean }): { readOnly: boolean; why: string } {
  try {
    return check(inv, opts);
  } catch {
    return no('internal error');
  }
}

function check(inv: Invocation, opts: { trustRepoConfig: boolean; gitDir?: (dir: string) => boolean }): { readOnly: boolean; why: string } {
  if (inv.opaque) return no(`${inv.opaque.carrier} payload is ${inv.opaque.reason}`);
  for (const r of inv.redirects) {
    const w = writeTarget(r.op, r.target);
    if (w) return no(w);
  }
  for (const v of inv.via) if (SHELL_VIA.has(firstWord(v.name))) return no(`runs through ${v.name}`);
  if (!inv.program.static) return no('dynamic command name');
  for (const w of inv.args) if (w.static && braceLike(w.value ?? '', w.raw)) return no(`unexpanded brace expression in ${w.raw}`);
  const path = inv.program.value ?? '';
  if (path === '') return { readOnly: true, why: 'assignments only' };
  const slash = path.lastIndexOf('/');
  if (slash >= 0 && !SYSTEM_DIRS.has(path.slice(0, slash) || '/')) return no(`${path} is not a system program`);
  const name = inv.name;
  if (name === 'git') {
    const why = gitReadOnly(inv, opts.trustRepoConfig, opts.gitDir);
    return why ? no(why) : { readOnly: true, why: 'git read-only subcommand' };
  }
  if ((name === 'rg' || name === 'ripgrep') && inv.env.some((a) => a.name === 'RIPGREP_CONFIG_PATH')) return no('RIPGREP_CONFIG_PATH can add --pre');
  if (name === 'find') return findCheck(inv);
  const entry = RO.get(name);
  if (!entry) return no(`${name} is not on the read-only list`);
  if (entry === always) return { readOnly: true, why: `${name} is read-only` };
  if (entry.raw) {
    const why = entry.raw(inv.args);
    return why ? no(why) : { readOnly: true, why: `${name} is read-only` };
  }
  const r = getopt(inv.args, entry.spec, 0);
  if (r.unknown.length) return no(`unknown option ${r.unknown[0]} of ${name}`);
  if (r.dynamic) return no('a dynamic word where an option could be');
  for (const o of r.list) if (o.unsafe) return no(`${name} --${o.canon} is not read-only`);
  for (const w of r.operands) {
    if (w.static || (w.globPrefix && w.globPrefix.length)) continue;
    // <(…) becomes /dev/fd/N: a path that cannot be a flag; its commands are checked on their own
    if (w.kinds.length && w.kinds.every((k) => k === 'process') && w.approx.startsWith('<(')) continue;
    return no(`dynamic argument ${w.approx}`);
  }
  if (!entry.check) return { readOnly: true, why: `${name} is read-only with these flags` };
  const p: RoParsed = { options: r.options, list: r.list, operands: r.operands, args: inv.args };
  const why = entry.check(p);
  return why ? no(why) : { readOnly: true, why: `${name} is read-only with these flags` };
}

function firstWord(s: string): string {
  const sp = s.indexOf(' ');
  return sp < 0 ? s : s.slice(0, sp);
}

function writeTarget(op: string, target: Word): string | null {
  if (!WRITE_OPS.has(op)) {
    if (op === '>&' && target.static && !isFd(target.value ?? '')) return `writes to ${target.approx}`;
    return null;
  }
  if (target.static && target.value === '/dev/null') return null;
  return `writes to ${target.approx}`;
}

function isFd(v: string): boolean {
  if (v === '-') return true;
  let s = v.endsWith('-') ? v.slice(0, -1) : v;
  if (!s.length) return false;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  s = '';
  return true;
}

const FIND_UNSAFE = new Set(['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fls', '-fprint', '-fprint0', '-fprintf']);
const FIND_ARGS0 = new Set(['-depth', '-d', '-mount', '-xdev', '-noleaf', '-follow', '-daystart', '-ignore_readdir_race', '-noignore_readdir_race', '-print', '-print0', '-ls', '-prune', '-quit', '-not', '-a', '-and', '-o', '-or', '-true', '-false', '-empty', '-executable', '-readable', '-writable', '-nouser', '-nogroup', '-help', '--help', '-version', '--version', '!', '(', ')', ',']);
const FIND_ARGS1 = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-regextype', '-type', '-xtype', '-size', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-newer', '-anewer', '-cnewer', '-perm', '-user', '-group', '-uid', '-gid', '-links', '-inum', '-samefile', '-maxdepth', '-mindepth', '-lname', '-ilname', '-fstype', '-context', '-used', '-printf', '-files0-from']);

function findCheck(inv: Invocation): { readOnly: boolean; why: string } {
  const a = inv.args;
  let i = 0;
  // leading -H -L -P -D opts -Olevel
  for (; i < a.length; i++) {
    const w = a[i];
    if (!w.static) break;
    const v = w.value ?? '';
    if (v === '-H' || v === '-L' || v === '-P' || v.startsWith('-O')) continue;
    if (v === '-D') {
      i++;
      continue;
    }
    break;
  }
  for (; i < a.length; i++) {
    const w = a[i];
    if (!w.static) {
      if (startsAtDirVar(w)) continue;
      if (w.approx.startsWith('-') || w.approx.startsWith('$') || (w.globPrefix === '' )) return no('dynamic find argument where a primary could be');
      if (!w.globPrefix && w.kinds.length) return no('dynamic find argument where a primary could be');
      continue;
    }
    const v = w.value ?? '';
    // -exec/-execdir CMD … ; / + : the command is a carrier invocation checked on its own, so find
    // itself stays read-only; -ok asks a person, -delete and -fprint write.
    if (v === '-exec' || v === '-execdir') {
      let k = i + 1;
      while (k < a.length && !(a[k]!.static && (a[k]!.value === ';' || a[k]!.value === '+'))) k++;
      if (k >= a.length) return no(`find ${v} without an end`);
      i = k;
      continue;
    }
    if (FIND_UNSAFE.has(v)) return no(`find ${v} is not read-only`);
    if (!v.startsWith('-')) continue; // a start path, or a value consumed below
    if (FIND_ARGS0.has(v)) continue;
    if (FIND_ARGS1.has(v) || (v.startsWith('-newer') && v.length === 8)) {
      i++;
      continue;
    }
    return no(`unknown find primary ${v}`);
  }
  return { readOnly: true, why: 'find without actions' };
}

/** `{a,b}` spelled in a way the word resolver kept as one word: never read-only (Claude Code's rule). */
function braceLike(value: string, raw: string): boolean {
  const open = value.indexOf('{');
  if (open < 0) return false;
  const comma = value.indexOf(',', open);
  if (comma < 0 || value.indexOf('}', comma) < 0) return false;
  const rawOpen = raw.indexOf('{');
  let q = raw.length;
  for (const c of ["'", '"', '\\']) {
    const k = raw.indexOf(c);
    if (k >= 0 && k < q) q = k;
  }
  return rawOpen >= 0 && rawOpen < q;
}
