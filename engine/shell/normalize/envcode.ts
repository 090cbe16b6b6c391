// Code carried by environment values and shell rebinding, opened as nested command lines:
// EDITOR / PAGER / GIT_SSH_COMMAND … (a command line the program runs), BASH_ENV / ENV (a file
// bash sources), exported functions (BASH_FUNC_f%%), BASH_ALIASES[x], PS0–PS4 (expanded prompts),
// GIT_CONFIG_PARAMETERS and GIT_CONFIG_VALUE_n (git config values).
import type { Assignment, Extraction, Invocation, Word } from '../types.ts';
import type { NormState, Ops } from './state.ts';
import { envRole, gitConfigRole } from '../../programs/index.ts';
import { envConfigs } from './git.ts';

const DECLARE = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);
const PROMPTS = new Set(['PS0', 'PS1', 'PS2', 'PS3', 'PS4']);

/** Assignments an invocation makes: its prefixes and, for export / declare, its NAME=value words. */
function assignments(inv: Invocation): { name: string; value: Word | null; key?: string }[] {
  const out: { name: string; value: Word | null; key?: string }[] = [];
  for (const a of inv.env) out.push({ name: a.name, value: a.value, key: subscriptOf(a) });
  if (DECLARE.has(inv.name)) {
    for (const w of inv.args) {
      if (!w.static) continue;
      const v = w.value!;
      const eq = v.indexOf('=');
      if (eq <= 0 || v.startsWith('-')) continue;
      let name = v.slice(0, eq);
      if (name.endsWith('+')) name = name.slice(0, -1);
      const value = v.slice(eq + 1);
      out.push({ name, value: { ...w, value, raw: value, approx: value } });
    }
  }
  return out;
}

function subscriptOf(a: Assignment): string | undefined {
  const s = (a as Assignment & { subscript?: string }).subscript;
  return typeof s === 'string' ? s : undefined;
}

/** Open what the assignments of `inv` run. `seen` keeps each assignment to one opening. */
export function envRuns(inv: Invocation, ex: Extraction, st: NormState, ops: Ops, seen: WeakSet<object>): void {
  if (!inv.env.length && !DECLARE.has(inv.name)) return;
  const outer: Invocation = { ...inv, env: [], redirects: [] };
  for (const a of assignments(inv)) {
    if (a.value && seen.has(a.value)) continue;
    if (a.value) seen.add(a.value);
    const name = a.name;
    const w = a.value;
    const text = w && w.static ? w.value! : null;
    const span = w?.span ?? inv.source.span;
    if (name === 'BASH_ALIASES' || name === 'BASH_CMDS') {
      if (text === null) ops.opaque(outer, `${name}[…]`, 'dynamic', st);
      else if (name === 'BASH_ALIASES') ops.payload(text, `${name}[${a.key ?? ''}]`, span, outer, st, false);
      else st.rebind?.set(a.key ?? '', text);
      continue;
    }
    if (name.startsWith('BASH_FUNC_')) {
      // An exported function: `() { body; }`.
      if (text === null) ops.opaque(outer, name, 'dynamic', st);
      else ops.payload(text.startsWith('()') ? text.slice(2) : text, name, span, outer, st, false);
      continue;
    }
    if (PROMPTS.has(name)) {
      // Prompts are expanded like a double-quoted word: substitutions in them run.
      if (text !== null && (text.includes('$(') || text.includes('`'))) ops.payload(': ' + text, name, span, outer, st, false);
      continue;
    }
    if (name === 'GIT_CONFIG_PARAMETERS' || name.startsWith('GIT_CONFIG_')) {
      for (const c of envConfigs([{ name, value: w, append: false, span } as Assignment])) {
        if (gitConfigRole(c.key) !== 'exec-line') continue;
        if (c.dynamic) ops.opaque(outer, `${name} ${c.key}`, 'dynamic', st);
        else ops.payload(c.value, `${name} ${c.key}`, span, outer, st, false);
      }
      continue;
    }
    const role = envRole(name);
    if (role === 'exec-line') {
      // less's input preprocessor: `|cmd %s` or `||cmd %s` (a leading `-` too); %s is the file.
      const line = text !== null && (name === 'LESSOPEN' || name === 'LESSCLOSE') ? lessLine(text) : text;
      if (line === null) ops.opaque(outer, `${name}=…`, w && ops.networkWord(w, ex) ? 'network' : 'dynamic', st);
      else if (line.trim() !== '') ops.payload(line, `${name}=`, span, outer, st, false);
    } else if (role === 'code-file' && w) {
      // BASH_ENV=FILE: bash sources FILE first.
      if (ops.networkWord(w, ex)) ops.opaque(outer, `${name}=`, 'network', st);
      else if (text !== null && text !== '') ops.payload(`. ${quote(text)}`, `${name}=`, span, outer, st, false);
    }
  }
}

function lessLine(v: string): string {
  let i = 0;
  while (i < v.length && (v[i] === '|' || v[i] === '-')) i++;
  return v.slice(i).split('%s').join('file');
}

function quote(s: string): string {
  return "'" + s.split("'").join("'\\''") + "'";
}
