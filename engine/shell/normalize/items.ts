// xargs items listed by `find ROOT` with only name/type tests (or `git ls-files DIR`, `grep -rl P
// DIR`): every line starts with ROOT, so an
// item can never be an option. The word keeps that prefix (globPrefix); engine/effects reads the
// same producer to say which paths the items can be.
import type { Extraction, Invocation, SimpleCommand, Word } from '../types.ts';

/** find tests that only filter names (nothing that prints other text or runs anything). */
const FILTERS = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-type', '-maxdepth', '-mindepth', '-not', '-o', '-a', '-or', '-and', '-print', '-print0', '-size', '-mtime', '-mmin', '-newer', '-empty', '-prune', '!', '(', ')']);
const VALUED = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-type', '-maxdepth', '-mindepth', '-size', '-mtime', '-mmin', '-newer']);

const LS_FILES = new Set(['-z', '-c', '--cached', '-o', '--others', '-m', '--modified', '--exclude-standard', '--']);
const GREP_LIST = new Set(['r', 'R', 'l', 'i', 'w', 'E', 'F', 's']);

/** A plain relative folder name: what git and grep print it as, unchanged. */
function plainRoot(v: string): boolean {
  if (v === '' || v.startsWith('-') || v.startsWith('/') || v.startsWith('./') || v === '.' || v.startsWith(':')) return false;
  for (const part of v.split('/')) if (part === '..' || part === '.') return false;
  for (const ch of v) if (ch === '*' || ch === '?' || ch === '[' || ch === '\\' || ch === ' ' || ch === '\n') return false;
  return true;
}

/** `git ls-files [-z -c -o …] DIR`: every line starts with DIR/. */
function lsFilesRoot(a: Word[]): string | null {
  if (a[1]?.value !== 'ls-files') return null;
  let root: string | null = null;
  for (const w of a.slice(2)) {
    if (!w.static) return null;
    const v = w.value ?? '';
    if (LS_FILES.has(v)) continue;
    if (root !== null || !plainRoot(v)) return null;
    root = v;
  }
  return root;
}

/** `grep -rl PATTERN DIR` (-r and -l required, a few harmless letters allowed): lines start with DIR. */
function grepListRoot(a: Word[]): string | null {
  const rest: string[] = [];
  const letters = new Set<string>();
  for (const w of a.slice(1)) {
    if (!w.static) return null;
    const v = w.value ?? '';
    if (v.startsWith('-') && rest.length === 0) {
      if (v.startsWith('--') || v.length < 2) return null;
      for (const ch of v.slice(1)) {
        if (!GREP_LIST.has(ch)) return null;
        letters.add(ch);
      }
    } else rest.push(v);
  }
  if (!(letters.has('r') || letters.has('R')) || !letters.has('l') || rest.length !== 2) return null;
  return plainRoot(rest[1]!) ? rest[1]! : null;
}

/** The one root whose paths a plain lister prints (find ROOT tests…, git ls-files DIR, grep -rl P DIR), or null. */
export function findListRoot(c: SimpleCommand): string | null {
  const a = c.argv;
  if (a.length < 2 || !a[0]!.static || c.redirects.some((r) => r.fd === 1 || r.fd === null && r.op.startsWith('>'))) return null;
  const prog = a[0]!.value;
  if (prog === 'git' || prog === '/usr/bin/git') return lsFilesRoot(a);
  if (prog === 'grep' || prog === '/usr/bin/grep' || prog === '/bin/grep') return grepListRoot(a);
  if (prog !== 'find' && prog !== '/usr/bin/find') return null;
  const root = a[1]!;
  if (!root.static) return null;
  const v = root.value ?? '';
  if (v === '' || v.startsWith('-') || v === '!' || v === '(') return null;
  for (let i = 2; i < a.length; i++) {
    const w = a[i]!;
    if (!w.static || !FILTERS.has(w.value ?? '')) return null;
    if (VALUED.has(w.value!)) i++;
  }
  return v;
}

/** The single find root that produces every line into this pipe stage, or null. */
export function itemRoot(inv: Invocation, ex: Extraction): string | null {
  const p = inv.source.pipe;
  if (!p || p.index === 0) return null;
  let root: string | null = null;
  for (const c of ex.commands) {
    if (!c.pipe || c.pipe.id !== p.id || c.pipe.index >= p.index) continue;
    if (c.pipe.index !== p.index - 1 || root !== null) return null;
    root = findListRoot(c);
    if (root === null) return null;
  }
  return root;
}

/** Give xargs items from a plain find their known prefix. */
export function prefixItems(out: Invocation[], ex: Extraction): void {
  for (const inv of out) {
    if (!inv.via.some((v) => v.name.startsWith('xargs'))) continue;
    let root: string | null | undefined;
    inv.args = inv.args.map((w: Word) => {
      if (w.static || w.approx !== '$(xargs input)' || w.raw !== w.approx) return w;
      if (root === undefined) root = itemRoot(inv, ex);
      return root === null ? w : { ...w, globPrefix: root.endsWith('/') ? root : root + '/' };
    });
  }
}
