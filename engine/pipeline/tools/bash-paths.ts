// Which words of an invocation name files, and whether a command is a workspace edit.
import type { Invocation, Word } from '../../shell/types.ts';
import type { Parsed } from '../../shell/normalize/index.ts';

/** Programs whose operands are not paths it reads. */
const NO_PATH_OPERANDS = new Set([
  'echo', 'printf', 'which', 'type', 'command', 'basename', 'dirname', 'date', 'uname', 'whoami', 'id', 'env',
  'printenv', 'true', 'false', 'test', '[', 'pwd', 'ps', 'tr', 'expr', 'seq', 'sleep', 'nproc', 'hostname',
  'git', 'cd', 'realpath', 'readlink', 'uptime', 'groups', 'locale', 'getconf', 'cal', 'free', 'help', 'man',
]);
/** Programs whose first operand is a pattern or program, not a path (unless given by option). */
const FIRST_IS_PATTERN: Record<string, string[]> = {
  grep: ['regexp', 'e', 'file', 'f'],
  egrep: ['regexp', 'e', 'file', 'f'],
  fgrep: ['regexp', 'e', 'file', 'f'],
  rg: ['regexp', 'e', 'file', 'f', 'files', 'type-list'],
  sed: ['expression', 'e', 'file', 'f'],
  jq: [],
  awk: ['file', 'f'],
};

/** Programs that read the current folder when given no path. */
const READS_CWD = new Set(['ls', 'dir', 'vdir', 'find', 'du', 'tree', 'fd', 'fdfind', 'rg', 'git']);
/** Device files reading which reveals nothing. */
export const HARMLESS_DEVICES = new Set(['/dev/null', '/dev/zero', '/dev/stdin', '/dev/urandom', '/dev/random']);

/**
 * Static path words a (read-only) invocation reads, plus `<` inputs. A dynamic one is what `known`
 * makes of it (`"$PWD"/src`: the path it names), else null.
 */
export function readPaths(inv: Invocation, parse: () => Parsed, known?: (w: Word) => string | null): (string | null)[] {
  const out: (string | null)[] = [];
  const pathOf = (w: Word) => (!w.static && known ? (known(w) ?? wordPath(w)) : wordPath(w));
  for (const r of inv.redirects) {
    if (r.op === '<' || r.op === '<>') out.push(pathOf(r.target));
  }
  const name = inv.name;
  if (NO_PATH_OPERANDS.has(name)) return out;
  const parsed = parse();
  let ops = parsed.operands;
  const pat = Object.hasOwn(FIRST_IS_PATTERN, name) ? FIRST_IS_PATTERN[name] : undefined;
  if (pat && !pat.some((o) => parsed.options.has(o))) ops = ops.slice(1);
  if (name === 'find') {
    const i = ops.findIndex((w) => w.static && (w.value!.startsWith('-') || w.value === '(' || w.value === '!'));
    ops = i < 0 ? ops : ops.slice(0, i);
    if (ops.length === 0) return out;
  }
  for (const w of ops) {
    if (w.static && w.value === '-') continue;
    // <(cmd) hands over a pipe; the command inside is checked on its own.
    if (!w.static && w.kinds.length > 0 && w.kinds.every((k) => k === 'process')) continue;
    out.push(pathOf(w));
  }
  if (!ops.length && READS_CWD.has(name) && name !== 'git') out.push('.');
  return out;
}

/** A word as a path: its value, or the folder fixed by a glob's static prefix; null if unknown. */
export function pathOf(w: Word): string | null {
  return wordPath(w);
}

function wordPath(w: Word): string | null {
  if (w.static) return w.value!;
  // xargs items listed by `find ROOT` carry ROOT/ as their prefix (shell/normalize/items.ts)
  const items = (w.approx === '$(xargs input)' || w.approx === '$(input line)') && w.kinds.length === 1 && w.kinds[0] === 'command';
  if (w.kinds.length === 1 && (w.kinds[0] === 'glob' || items) && w.globPrefix !== undefined) {
    const p = w.globPrefix;
    const slash = p.lastIndexOf('/');
    if (slash < 0) return '.';
    return p.slice(0, slash) || '/';
  }
  return null;
}

export const WORKSPACE_EDIT_PROGRAMS = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp', 'sed']);

const WRITE_OPS = new Set(['>', '>>', '>|', '<>', '&>', '&>>']);

/** Paths written by redirections; null for a dynamic target. /dev/null and fd dups are skipped. */
export function writeTargets(inv: Invocation): (string | null)[] {
  const out: (string | null)[] = [];
  for (const r of inv.redirects) {
    if (!WRITE_OPS.has(r.op)) continue;
    const p = r.target.static ? r.target.value! : null;
    if (p === '/dev/null' || p === '/dev/stdout' || p === '/dev/stderr') continue;
    out.push(p);
  }
  return out;
}

/** The path operands of a workspace-edit program (sed: the files after its script). */
export function editOperands(inv: Invocation, parsed: Parsed): Word[] {
  if (inv.name === 'sed' && !['expression', 'e', 'file', 'f'].some((o) => parsed.options.has(o))) return parsed.operands.slice(1);
  return parsed.operands;
}
