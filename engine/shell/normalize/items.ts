// xargs items listed by `find ROOT` with only name/type tests: every line starts with ROOT, so an
// item can never be an option. The word keeps that prefix (globPrefix); engine/effects reads the
// same producer to say which paths the items can be.
import type { Extraction, Invocation, SimpleCommand, Word } from '../types.ts';

/** find tests that only filter names (nothing that prints other text or runs anything). */
const FILTERS = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-type', '-maxdepth', '-mindepth', '-not', '-o', '-a', '-or', '-and', '-print', '-print0', '-size', '-mtime', '-mmin', '-newer', '-empty', '-prune', '!', '(', ')']);
const VALUED = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-type', '-maxdepth', '-mindepth', '-size', '-mtime', '-mmin', '-newer']);

/** The one root a plain `find ROOT tests…` lists under, or null. */
export function findListRoot(c: SimpleCommand): string | null {
  const a = c.argv;
  if (a.length < 2 || !a[0]!.static || (a[0]!.value !== 'find' && a[0]!.value !== '/usr/bin/find') || c.redirects.some((r) => r.fd === 1 || r.fd === null && r.op.startsWith('>'))) return null;
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
