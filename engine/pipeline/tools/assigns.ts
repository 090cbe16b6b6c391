// `dir=~; rm -rf "$dir"`: a name given a static value in the same source holds that value when it
// is expanded later. Flow-insensitive: every static value a name is given anywhere is a possible
// value, and the word as written (an inherited or unknown value) stays possible too, so the
// variants can only raise the verdict, never lower it.
import type { Extraction, Invocation, SimpleCommand, Word } from '../../shell/types.ts';
import { resolveWord, MODE_ASSIGN } from '../../shell/index.ts';
import { inert, type SourceTree } from './tree.ts';
import { isName } from '../../shell/lexer.ts';

export type Assigned = Map<string, Word[]>;

const MAX_VALUES = 16;
const DECLARERS = new Set(['export', 'local', 'declare', 'typeset', 'readonly']);

type Node = { type?: string; name?: string; raw?: string; value?: unknown[] | null; array?: unknown; subscript?: unknown; assigns?: Node[]; words?: Node[]; parts?: unknown[] };

/** The static values each name is assigned in the source (`x=v`, `export x=v`), or null when none. */
export function assignedValues(tree: SourceTree, ex: Extraction, home: string): Assigned | null {
  if (!tree.source.includes('=')) return null;
  if (!ex.commands.some((c) => c.argv.some((w) => !w.static && w.params.length > 0) || c.redirects.some((r) => !r.target.static))) return null;
  const ast = tree.get();
  if (ast === null) return null;
  const out: Assigned = new Map();
  const add = (name: string, w: Word): void => {
    if (!(w.static || (w.kinds.length === 1 && w.kinds[0] === 'glob' && w.globPrefix))) return;
    const list = out.get(name) ?? [];
    if (list.length < MAX_VALUES && !list.some((x) => x.value === w.value && x.approx === w.approx)) list.push(w);
    out.set(name, list);
  };
  const walk = (n: unknown, depth: number): void => {
    if (!n || typeof n !== 'object' || depth > 200) return;
    if (Array.isArray(n)) {
      for (const x of n) walk(x, depth + 1);
      return;
    }
    const node = n as Node;
    if (inert(node)) return;
    if (node.type === 'Assign' && node.name && node.value && !node.array && !node.subscript) {
      add(node.name, resolveWord({ type: 'Word', raw: node.raw ?? '', parts: node.value } as Parameters<typeof resolveWord>[0], home, undefined, MODE_ASSIGN));
    }
    if (node.type === 'Simple' && node.words && node.words.length > 1) {
      const first = node.words[0]!;
      if (first.parts?.length === 1 && DECLARERS.has(first.raw ?? '')) {
        for (const w of node.words.slice(1)) {
          const raw = w.raw ?? '';
          const eq = raw.indexOf('=');
          if (eq <= 0 || !isName(raw.slice(0, eq))) continue;
          const word = resolveWord(w as Parameters<typeof resolveWord>[0], home, undefined, MODE_ASSIGN);
          if (word.static && word.value!.startsWith(raw.slice(0, eq + 1))) {
            const v = resolveWord({ type: 'Word', raw: raw.slice(eq + 1), parts: [{ type: 'lit', text: word.value!.slice(eq + 1) }] } as Parameters<typeof resolveWord>[0], home, undefined, MODE_ASSIGN);
            add(raw.slice(0, eq), v);
          }
        }
      }
    }
    for (const k in node) if (k !== 'span') walk((node as Record<string, unknown>)[k], depth + 1);
  };
  walk(ast, 0);
  return out.size ? out : null;
}

/** The name a word expands as a whole (`$x`, `"$x"`, `${x}`), or null. */
function wholeParam(w: Word): string | null {
  if (w.static || w.kinds.length !== 1 || w.kinds[0] !== 'param' || w.params.length !== 1) return null;
  const n = w.params[0]!;
  return w.approx === '$' + n || w.approx === '${' + n + '}' ? n : null;
}

/** The invocation once per assigned value of the names it expands as whole words (the original excluded), or null. */
export function assignedVariants(inv: Invocation, a: Assigned): Invocation[] | null {
  let out: Invocation[] | null = null;
  const names = new Set<string>();
  for (const w of inv.args) {
    const n = wholeParam(w);
    if (n && a.has(n)) names.add(n);
  }
  for (const r of inv.redirects) {
    const n = wholeParam(r.target);
    if (n && a.has(n)) names.add(n);
  }
  for (const name of names) {
    const values = a.get(name)!;
    const base = out ?? [inv];
    // more variants than checked (16): those of the names before, before any is built
    if (base.length * values.length > MAX_VALUES) return out;
    const next: Invocation[] = [];
    for (const x of base) {
      for (const v of values) {
        const sub = (w: Word) => (wholeParam(w) === name ? v : w);
        next.push({ ...x, args: x.args.map(sub), redirects: x.redirects.map((r) => (wholeParam(r.target) === name ? { ...r, target: v } : r)) });
      }
    }
    out = next;
  }
  return out;
}

/**
 * Names whose one static value is certain after their assignment: a top-level `name=value` command
 * (not after && or ||, not in a pipeline or the background) is the only place the source names
 * them other than `$name` / `${name}` expansions (no read, for, unset, `${name:=…}`, second
 * assignment). Each maps to where its assignment ends; a word after that holds exactly the value.
 */
export function certainNames(source: string, ex: Extraction, a: Assigned): Map<string, number> {
  // the commands that assign each name with one static value (one list, not a scan per name)
  const sets = new Map<string, SimpleCommand[]>();
  for (const c of ex.commands) {
    for (const e of c.env) {
      const values = a.get(e.name);
      if (!values || values.length !== 1 || !values[0]!.static) continue;
      const list = sets.get(e.name);
      if (!list) sets.set(e.name, [c]);
      else if (list[list.length - 1] !== c) list.push(c);
    }
  }
  // name → where its one assignment starts, for the names whose one assignment is a plain command
  const at = new Map<string, SimpleCommand>();
  for (const [name, list] of sets) {
    if (list.length !== 1) continue;
    const c = list[0]!;
    if (c.argv.length || c.env.length !== 1 || c.context.length || c.conditional || c.pipe || c.background) continue;
    at.set(name, c);
  }
  const out = new Map<string, number>();
  if (!at.size) return out;
  const failed = otherMentions(source, at);
  for (const name of a.keys()) {
    const c = at.get(name);
    if (c !== undefined && !failed.has(name)) out.set(name, c.span.end);
  }
  return out;
}

/**
 * The names of `at` that occur in the source other than as `$name`, `${name}` or as their own
 * assignment (at its command's start): one pass over the source's identifier runs (a name occurs
 * as a whole only where a run is exactly that name).
 */
function otherMentions(src: string, at: Map<string, SimpleCommand>): Set<string> {
  const failed = new Set<string>();
  let min = Infinity;
  let max = 0;
  for (const name of at.keys()) {
    if (name.length < min) min = name.length;
    if (name.length > max) max = name.length;
  }
  const n = src.length;
  for (let i = 0; i < n; ) {
    if (!identChar(src.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && identChar(src.charCodeAt(j))) j++;
    const len = j - i;
    if (len >= min && len <= max) {
      const name = src.slice(i, j);
      const c = at.get(name);
      if (c !== undefined && !failed.has(name)) {
        const before = i > 0 ? src.charCodeAt(i - 1) : 32;
        const after = src.charCodeAt(j);
        const ok = before === 36 /* $ */ || (before === 123 /* { */ && src.charCodeAt(i - 2) === 36 && after === 125) /* } */ || (i === c.span.start && after === 61) /* = */;
        if (!ok) failed.add(name);
      }
    }
    i = j;
  }
  return failed;
}

function identChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** Does the invocation expand only names whose value is certain by then (so the variant is all it can be)? */
export function surelyValued(inv: Invocation, a: Assigned, certain: Map<string, number>): boolean {
  let any = false;
  for (const w of [...inv.args, ...inv.redirects.map((r) => r.target)]) {
    if (w.static) continue;
    const n = wholeParam(w);
    if (n === null || !a.has(n)) return false;
    const end = certain.get(n);
    if (end === undefined || end > inv.source.span.start) return false;
    // unquoted, the value is split and globbed again: only a plain one stays one word
    if (!w.raw.startsWith('"') && !plain(a.get(n)![0]!.value ?? '')) return false;
    any = true;
  }
  return any && inv.program.static;
}

function plain(v: string): boolean {
  if (v === '') return false;
  for (const c of v) if (c === ' ' || c === '\t' || c === '\n' || c === '*' || c === '?' || c === '[') return false;
  return true;
}
