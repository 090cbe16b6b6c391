// Which words of an invocation name files, and whether a command is a workspace edit.
import type { Invocation, Word } from '../../shell/types.ts';
import type { ArgFact, ProgramFacts } from '../../programs/index.ts';

/** Device files reading which reveals nothing. */
export const HARMLESS_DEVICES = new Set(['/dev/null', '/dev/zero', '/dev/stdin', '/dev/urandom', '/dev/random']);

/** Roles of words whose file a read-only invocation reads. */
const READ_ROLES = new Set<ArgFact['role']>(['read', 'code-file']);
/** Roles of operands that are not files (sed's script). */
const NOT_FILES = new Set<ArgFact['role']>(['code', 'exec-argv', 'exec-line']);
/** Roles of words that name a file or folder the invocation touches. */
const PATH_ROLES = new Set<ArgFact['role']>(['read', 'code-file', 'write', 'append', 'delete', 'dir-target', 'mode', 'owner']);

/**
 * The paths a (read-only) invocation reads, from its program facts (the spec's role of every
 * operand and option value), plus `<` inputs: a static value, what `known` makes of a dynamic
 * word (`"$PWD"/src`: the path it names), a glob's folder, else null. A program the specs do not
 * describe reads every word it is given. A walker given no path reads the cwd (`.`).
 */
export function readPaths(inv: Invocation, facts: ProgramFacts | undefined, known?: (w: Word) => string | null): (string | null)[] {
  const out: (string | null)[] = [];
  const pathOf = (w: Word) => (!w.static && known ? (known(w) ?? wordPath(w)) : wordPath(w));
  for (const r of inv.redirects) {
    if (r.op === '<' || r.op === '<>') out.push(pathOf(r.target));
  }
  if (!facts || !facts.known) {
    for (const w of inv.args) if (!(w.static && w.value!.startsWith('-'))) out.push(pathOf(w));
    return out;
  }
  let named = false;
  for (const a of facts.args) {
    if (!READ_ROLES.has(a.role)) continue;
    if (a.option === undefined) named = true;
    const w = a.word;
    if (a.text !== undefined) {
      out.push(a.text);
      continue;
    }
    if (w.static && w.value === '-') continue;
    // <(cmd) hands over a pipe; the command inside is checked on its own.
    if (!w.static && w.kinds.length > 0 && w.kinds.every((k) => k === 'process')) continue;
    out.push(pathOf(w));
  }
  if (!named && facts.walksCwd) out.push('.');
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

/** The words a workspace-edit program names files by (the spec's path roles: sed's script is code, not a file). */
export function editOperands(facts: ProgramFacts | undefined): { word: Word; path: string | null }[] {
  const out: { word: Word; path: string | null }[] = [];
  // every operand that is not code (mv x /dev/null names /dev/null), and option values with a path role
  for (const a of facts?.args ?? []) {
    if (PATH_ROLES.has(a.role) || (a.option === undefined && !NOT_FILES.has(a.role))) out.push({ word: a.word, path: a.text ?? wordPath(a.word) });
  }
  return out;
}
