// `C='rm -rf ~'; eval "$C"`, `P='import os; …'; python3 -c "$P"`: a name given a static value in the
// same source holds that value where it is expanded as a whole word, so a carrier's payload word
// is that text too. Flow-insensitive, like the pipeline's assigned variants: every static value a
// name gets anywhere is possible, and the word as written (an inherited value) stays possible.
import type { Extraction, Invocation, Word } from '../types.ts';
import { staticWord } from './words.ts';

const MAX_VALUES = 8;
const DECLARERS = new Set(['export', 'local', 'declare', 'typeset', 'readonly']);

/** Static values each name is given in the source (plain and declare/export assignments). */
export function staticValues(ex: Extraction): Map<string, string[]> | null {
  let out: Map<string, string[]> | null = null;
  const add = (name: string, v: string): void => {
    out ??= new Map();
    const list = out.get(name) ?? [];
    if (list.length < MAX_VALUES && !list.includes(v)) list.push(v);
    out.set(name, list);
  };
  for (const sc of ex.commands) {
    for (const a of sc.env) if (!a.array && !a.subscript && !a.append && (a.value === null || a.value.static)) add(a.name, a.value?.value ?? '');
    const first = sc.argv[0];
    if (!first || !first.static || !DECLARERS.has(first.value!)) continue;
    for (const w of sc.argv.slice(1)) {
      if (!w.static) continue;
      const t = w.value!;
      const eq = t.indexOf('=');
      if (eq > 0 && isName(t.slice(0, eq))) add(t.slice(0, eq), t.slice(eq + 1));
    }
  }
  return out;
}

function isName(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
    if (!letter && !(i > 0 && c >= 48 && c <= 57)) return false;
  }
  return s.length > 0;
}

/** The name a word expands as a whole (`$x`, `"$x"`, `${x}`), or null. */
function wholeParam(w: Word): string | null {
  if (w.static || w.kinds.length !== 1 || w.kinds[0] !== 'param' || w.params.length !== 1) return null;
  const n = w.params[0]!;
  return w.approx === '$' + n || w.approx === '${' + n + '}' ? n : null;
}

/** The invocation once per known value of the names its arguments expand as whole words, or null. */
export function valueVariants(inv: Invocation, values: Map<string, string[]>): Invocation[] | null {
  let out: Invocation[] | null = null;
  for (let i = 0; i < inv.args.length; i++) {
    const n = wholeParam(inv.args[i]!);
    const vs = n ? values.get(n) : undefined;
    if (!vs) continue;
    const next: Invocation[] = [];
    for (const x of out ?? [inv]) {
      for (const v of vs) {
        const args = x.args.slice();
        args[i] = { ...staticWord(v, x.args[i]!.span), quoted: true };
        next.push({ ...x, args });
      }
    }
    if (next.length > MAX_VALUES) return out;
    out = next;
  }
  return out;
}
