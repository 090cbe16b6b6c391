// Which dynamic words a read-only program can take whatever they hold at run time.
import type { Word } from '../../shell/types.ts';
import type { ArgFact, ProgramFacts } from '../../programs/index.ts';
import { lookup } from '../../programs/index.ts';
import { mayBeFlag } from '../../programs/words.ts';

/** Does every expansion of this word sit inside double quotes, so bash keeps it one word (no split, no glob)? */
export function staysOneWord(raw: string): boolean {
  let dq = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (!dq && c === "'") {
      const j = raw.indexOf("'", i + 1);
      if (j < 0) return false;
      i = j;
      continue;
    }
    if (c === '"') {
      dq = !dq;
      continue;
    }
    if (c === '$' || c === '`') {
      if (!dq) return false;
      const end = skipExpansion(raw, i);
      if (end < 0) return false;
      i = end;
      continue;
    }
    if (!dq && (c === '*' || c === '?' || c === '[')) return false;
  }
  return !dq;
}

/** The index of the last character of the expansion that starts at i (`$x`, `${…}`, `$(…)`, `` `…` ``), or -1. */
function skipExpansion(s: string, i: number): number {
  if (s[i] === '`') {
    for (let k = i + 1; k < s.length; k++) {
      if (s[k] === '\\') k++;
      else if (s[k] === '`') return k;
    }
    return -1;
  }
  const n = s[i + 1];
  if (n === '(' || n === '{') {
    const open = n;
    const close = n === '(' ? ')' : '}';
    let depth = 0;
    for (let k = i + 1; k < s.length; k++) {
      const c = s[k];
      if (c === '\\') k++;
      else if (c === "'" || c === '"') {
        // a quoted string inside the expansion
        for (k++; k < s.length && s[k] !== c; k++) if (c === '"' && s[k] === '\\') k++;
        if (k >= s.length) return -1;
      } else if (c === open) depth++;
      else if (c === close && --depth === 0) return k;
    }
    return -1;
  }
  let k = i + 1;
  if (k < s.length && '@*#?$!-0123456789'.includes(s[k]!)) return k;
  while (k < s.length && /* identifier */ isIdent(s.charCodeAt(k))) k++;
  return k - 1;
}

/** `$PWD…`, `$HOME…`, `$OLDPWD…`: the shell keeps these absolute, so the word starts with `/`. */
function absoluteStart(a: string): boolean {
  for (const p of ['$PWD', '$HOME', '$OLDPWD']) if (a.startsWith(p) && !isIdent(a.charCodeAt(p.length))) return true;
  return false;
}

function isIdent(c: number): boolean {
  return c === 95 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** An option of the program reads a list of paths from a file (wc --files0-from, tar -T): a name that turns into it reads any path. */
export function readsPathLists(name: string): boolean {
  const s = lookup(name);
  if (!s) return true;
  return s.grammar.all.some((d) => d.role === 'read' && d.language === 'list');
}

/** Every operand the program takes is data (basename, dirname): extra words cannot become paths. */
export function operandsAreData(name: string): boolean {
  const s = lookup(name);
  if (!s || s.subs || s.hook) return false;
  return [s.operands, ...s.alt.map((a) => a.operands)].every((ts) => ts.every((t) => t.role === 'none'));
}

/**
 * Can the program take this dynamic word whatever it holds? Data (a pattern, a count, a name) that
 * stays one word, or a path set whose read effect was already judged (`pathWord`: inside the
 * workspace, no secret). Where it could be an option, the spec must say no option it could become
 * adds an effect (mayBeOption) and none reads a list of paths. `items`: xargs appends it.
 */
export function dataWord(w: Word, facts: ProgramFacts, name: string, pathWord: boolean, items: boolean): boolean {
  let fact: ArgFact | undefined;
  for (const a of facts.args) if (a.word === w) fact = a;
  const flag = mayBeFlag(w) && !absoluteStart(w.approx);
  if (items) {
    // xargs appends items as operands: paths the effects judged, or data where every operand is data
    if (fact && fact.role === 'read' && pathWord) return !flag || (!!fact.mayBeOption && !readsPathLists(name));
    return !!fact && fact.role === 'none' && (!flag || !!fact.mayBeOption) && operandsAreData(name);
  }
  if (!fact) {
    // the value of an option whose value is data (head -n "$(…)"); a spec with a hook may consume words itself
    const s = lookup(name);
    return !!s && !s.hook && !s.subs && staysOneWord(w.raw);
  }
  if (fact.role === 'none') {
    if (!staysOneWord(w.raw)) return false;
    return !flag || fact.option !== undefined || (!!fact.mayBeOption && !readsPathLists(name));
  }
  // a bare `*` stays never read-only (contract): it is every name, any flag included
  if (fact.role === 'read' && pathWord) return !flag || (w.approx !== '*' && !!fact.mayBeOption && !readsPathLists(name));
  return false;
}
