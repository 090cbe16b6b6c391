// `for f in a b src/*.ts; do … "$f" …; done`: the loop variable takes each listed word, so a
// command in the body that names "$f" is checked once per value (a static word, or a glob whose
// folder is fixed and cannot begin with `-`). Anything else about the loop stays dynamic.
import type { Extraction, Invocation, Word } from '../../shell/types.ts';
import { parse, resolveWord } from '../../shell/index.ts';

export type Bindings = Map<string, { name: string; values: Word[] }>;

const MAX_VALUES = 16;

/** The static value lists of the command's `for` loops, by the loop's span. Null when there are none. */
export function loopBindings(source: string, ex: Extraction, home: string): Bindings | null {
  if (!ex.commands.some((c) => c.context.some((e) => e.kind === 'loop' && e.name))) return null;
  const { ast, issues } = parse(source);
  if (issues.length) return null;
  const out: Bindings = new Map();
  const walk = (n: unknown, depth: number): void => {
    if (!n || typeof n !== 'object' || depth > 200) return;
    if (Array.isArray(n)) {
      for (const x of n) walk(x, depth + 1);
      return;
    }
    const node = n as { type?: string; select?: boolean; words?: unknown[] | null; name?: { raw?: string }; span?: { start: number; end: number } };
    if (node.type === 'For' && !node.select && node.words && node.span && node.name?.raw) {
      const values: Word[] = [];
      let ok = true;
      for (const w of node.words) {
        const r = resolveWord(w as Parameters<typeof resolveWord>[0], home);
        for (const v of r.braces ?? [r]) {
          if (v.static || (v.kinds.length === 1 && v.kinds[0] === 'glob' && v.globPrefix)) values.push(v);
          else ok = false;
        }
      }
      if (ok && values.length > 0 && values.length <= MAX_VALUES) out.set(`${node.span.start}:${node.span.end}`, { name: node.name.raw, values });
    }
    for (const k in node) if (k !== 'span') walk((node as Record<string, unknown>)[k], depth + 1);
  };
  walk(ast, 0);
  return out.size ? out : null;
}

function bound(w: Word, name: string): boolean {
  return !w.static && w.kinds.length === 1 && w.kinds[0] === 'param' && w.params.length === 1 && w.params[0] === name && w.approx === '$' + name;
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
    const uses = base[0]!.args.some((w) => bound(w, bind.name)) || base[0]!.redirects.some((r) => bound(r.target, bind.name));
    if (!uses) continue;
    const next: Invocation[] = [];
    for (const x of base) {
      for (const v of bind.values) {
        next.push({ ...x, args: x.args.map((w) => (bound(w, bind.name) ? v : w)), redirects: x.redirects.map((r) => (bound(r.target, bind.name) ? { ...r, target: v } : r)) });
        if (next.length > MAX_VALUES) return null;
      }
    }
    out = next;
  }
  return out;
}
