// `for f in a b src/*.ts; do … "$f" …; done`: the loop variable takes each listed word, so a
// command in the body that names $f (alone or inside a word: "src/$f", ~/"$f") is checked once per
// value: a static word, or a glob (whose matches the checks judge like the glob written there).
// Anything else about the loop stays dynamic.
import type { Extraction, Invocation, Word } from '../../shell/types.ts';
import { resolveWord } from '../../shell/index.ts';
import { inert, type SourceTree } from './tree.ts';
import { staysOneWord } from '../readonly/words.ts';

export type Bindings = Map<string, { name: string; values: Word[] }>;

const MAX_VALUES = 16;

/**
 * The static value lists of the command's `for` loops, by the loop's span, for the loops its
 * commands run in (no other is ever looked up). Null when there are none.
 */
export function loopBindings(tree: SourceTree, ex: Extraction, home: string): Bindings | null {
  let wanted: Set<string> | null = null;
  for (const c of ex.commands) for (const e of c.context) if (e.kind === 'loop' && e.name) (wanted ??= new Set()).add(`${e.span.start}:${e.span.end}`);
  if (wanted === null) return null;
  const ast = tree.get();
  if (ast === null) return null;
  const out: Bindings = new Map();
  let left = wanted.size;
  // true once every wanted loop has been seen: the walk stops there
  const walk = (n: unknown, depth: number): boolean => {
    if (!n || typeof n !== 'object' || depth > 200) return false;
    if (Array.isArray(n)) {
      for (const x of n) if (walk(x, depth + 1)) return true;
      return false;
    }
    const node = n as { type?: string; select?: boolean; words?: unknown[] | null; name?: { raw?: string }; span?: { start: number; end: number } };
    if (inert(node)) return false;
    if (node.type === 'For' && !node.select && node.words && node.span && node.name?.raw) {
      const key = `${node.span.start}:${node.span.end}`;
      const values: Word[] = [];
      let ok = true;
      for (const w of node.words) {
        const r = resolveWord(w as Parameters<typeof resolveWord>[0], home);
        for (const v of r.braces ?? [r]) {
          if (v.static || (v.kinds.length === 1 && v.kinds[0] === 'glob' && v.globPrefix !== undefined)) values.push(v);
          else ok = false;
        }
      }
      if (ok && values.length > 0 && values.length <= MAX_VALUES) out.set(key, { name: node.name.raw, values });
      if (wanted!.delete(key) && --left === 0) return true;
    }
    for (const k in node) if (k !== 'span' && walk((node as Record<string, unknown>)[k], depth + 1)) return true;
    return false;
  };
  walk(ast, 0);
  return out.size ? out : null;
}

/** Where `$name` sits in a word whose only expansion it is, or null (`"src/$f"`, `~/"$f"`, `$f.bak`). */
function slot(w: Word, name: string): { before: string; after: string; quoted: boolean } | null {
  if (w.static || w.kinds.length !== 1 || w.kinds[0] !== 'param' || w.params.length !== 1 || w.params[0] !== name) return null;
  const a = w.approx;
  const at = a.indexOf('$' + name);
  if (at < 0 || a.indexOf('$') !== at || a.indexOf('$', at + 1) >= 0 || a.includes('\\') || w.raw.includes("'") || w.raw.includes('\\')) return null;
  const before = a.slice(0, at);
  const after = a.slice(at + 1 + name.length);
  for (const c of before + after) if (c === '*' || c === '?' || c === '[') return null;
  return { before, after, quoted: staysOneWord(w.raw) };
}

/**
 * A floor under the number of variants loopVariants gives `inv` (1 standing for none), counted
 * without making them and before the normaliser's last passes: only for an invocation the
 * while-read pass cannot change (no pipe, no `<` redirect; the other passes change no `$name`
 * word), and only for one loop name used (more may give none, past the variant limit).
 */
export function leastLoopChecks(inv: Invocation, b: Bindings): number {
  if (inv.via.length || inv.source.pipe) return 1;
  for (const r of inv.source.redirects) if (r.op === '<') return 1;
  let n = 1;
  let used = 0;
  for (const c of inv.source.context) {
    if (c.kind !== 'loop' || !c.name) continue;
    const bind = b.get(`${c.span.start}:${c.span.end}`);
    if (!bind) continue;
    if (!inv.args.some((w) => slot(w, bind.name) !== null) && !inv.redirects.some((r) => slot(r.target, bind.name) !== null)) continue;
    if (++used > 1) return 1;
    n = bind.values.length;
  }
  return n;
}

/** The word with `$name` replaced by one loop value, or null when bash would split or glob it differently. */
function put(w: Word, name: string, v: Word): Word | null {
  const s = slot(w, name);
  if (!s) return null;
  // unquoted, a value bash splits (or a glob match it splits again) is more words than one value
  if (!s.quoted && (v.static ? !splitSafe(v.value ?? '') : v.globPrefix !== '')) return null;
  if (!s.before && !s.after) return v;
  if (v.static) {
    const val = v.value ?? '';
    const text = s.before + val + s.after;
    return { span: w.span, raw: text, static: true, value: text, approx: text, kinds: [], params: [], quoted: w.quoted, substitutions: 0 };
  }
  // a glob value: each match, inside the same folder and name
  const approx = s.before + v.approx + s.after;
  return { span: w.span, raw: approx, static: false, approx, kinds: ['glob'], params: [], quoted: w.quoted, substitutions: 0, globPrefix: s.before + (v.globPrefix ?? '') };
}

function splitSafe(s: string): boolean {
  if (!s.length) return false;
  for (const c of s) if (c === ' ' || c === '\t' || c === '\n' || c === '*' || c === '?' || c === '[') return false;
  return true;
}

/** The invocation once per value of the loop variables it names as whole words, or null. */
export function loopVariants(inv: Invocation, b: Bindings): Invocation[] | null {
  if (inv.via.length) return null;
  let out: Invocation[] | null = null;
  for (const c of inv.source.context) {
    if (c.kind !== 'loop' || !c.name) continue;
    const bind = b.get(`${c.span.start}:${c.span.end}`);
    if (!bind) continue;
    const base = out ?? [inv];
    const uses = base[0]!.args.some((w) => slot(w, bind.name)) || base[0]!.redirects.some((r) => slot(r.target, bind.name));
    if (!uses) continue;
    // more variants than checked (16): none, before any is built
    if (base.length * bind.values.length > MAX_VALUES) return null;
    const next: Invocation[] = [];
    for (const x of base) {
      for (const v of bind.values) {
        next.push({ ...x, args: x.args.map((w) => put(w, bind.name, v) ?? w), redirects: x.redirects.map((r) => { const t = put(r.target, bind.name, v); return t ? { ...r, target: t } : r; }) });
      }
    }
    out = next;
  }
  return out;
}
