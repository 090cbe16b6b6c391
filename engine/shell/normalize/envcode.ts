// Code carried by environment values and shell rebinding, opened as nested command lines:
// EDITOR / PAGER / GIT_SSH_COMMAND … (a command line the program runs), BASH_ENV / ENV (a file
// bash sources), exported functions (BASH_FUNC_f%%), BASH_ALIASES[x] and BASH_CMDS[x] (what the
// name runs later), PS0–PS4 (expanded prompts), git config carried by GIT_CONFIG_PARAMETERS and
// GIT_CONFIG_KEY_n / GIT_CONFIG_VALUE_n (the same keys as `git -c`). An empty value runs nothing.
import type { Assignment, Extraction, Invocation, Span, Word } from '../types.ts';
import type { NormState, Ops } from './state.ts';
import { envRole, gitConfigLine, gitConfigRole } from '../../programs/index.ts';
import { ENV_LANGUAGE } from '../../programs/env.ts';
import { codeCommands } from '../../programs/code.ts';
import { envConfigs } from './git.ts';
import { analyze } from '../index.ts';
import { makesNameref, staticValues } from './values.ts';
import { copyInv, staticWord } from './words.ts';
import { shellQuote } from '../../programs/words.ts';
import { promptText } from '../printed.ts';

/** `inv` with no assignments and no redirects. */
function bare(inv: Invocation): Invocation {
  const c = copyInv(inv);
  c.env = [];
  c.redirects = [];
  return c;
}

const DECLARE = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);
const PROMPTS = new Set(['PS0', 'PS1', 'PS2', 'PS3', 'PS4']);
const REBIND = new Set(['BASH_ALIASES', 'BASH_CMDS']);

/** One assignment: the value (null: empty), the subscript text (null: dynamic), array items. */
export interface Set1 {
  name: string;
  value: Word | null;
  /** a[key]=v: the key; null when it is only known at run time. */
  key?: string | null;
  /** a=([k]=v …): the items as written. */
  array?: Word[];
  span: Span;
}

/** Assignments an invocation makes: its prefixes and, for export / declare, its NAME=value words. */
function assignments(inv: Invocation, home: string): Set1[] {
  const out: Set1[] = [];
  for (const a of inv.env) {
    const sub = a.subscript;
    out.push({
      name: a.name,
      value: a.value,
      span: a.value?.span ?? a.span,
      ...(sub ? { key: sub.static ? (sub.value ?? '') : null } : {}),
      ...(a.array ? { array: a.array } : {}),
    });
  }
  if (DECLARE.has(inv.name)) {
    for (const w of inv.args) {
      if (!w.static) {
        // export EDITOR="$X", declare -A BASH_CMDS=([ls]=/bin/rm): the word parsed as the assignment it is
        const eq = w.raw.indexOf('=');
        if (eq <= 0 || w.raw.startsWith('-')) continue;
        const a = analyze(w.raw, { home }).commands[0]?.env[0];
        if (!a) continue;
        if (REBIND.has(a.name)) out.push({ name: a.name, value: null, span: w.span, ...(a.array ? { array: a.array } : { key: null }) });
        else if (!a.array && !a.subscript) out.push({ name: a.name, value: a.value && { ...a.value, span: w.span }, span: w.span });
        continue;
      }
      const v = w.value!;
      const eq = v.indexOf('=');
      if (eq <= 0 || v.startsWith('-')) continue;
      let name = v.slice(0, eq);
      if (name.endsWith('+')) name = name.slice(0, -1);
      let key: string | undefined;
      const br = name.indexOf('[');
      if (br > 0 && name.endsWith(']')) {
        key = unquote(name.slice(br + 1, -1));
        name = name.slice(0, br);
      }
      const value = v.slice(eq + 1);
      out.push({ name, value: value === '' ? null : { ...w, value, raw: value, approx: value }, span: w.span, ...(key !== undefined ? { key } : {}) });
    }
  }
  return out;
}

/** read's options that take a value (the rest of its operands are the names it sets). */
const READ_VALUED = new Set(['a', 'd', 'i', 'n', 'N', 'p', 't', 'u']);
const MAPFILE_VALUED = new Set(['d', 'n', 'O', 's', 'u', 'C', 'c']);

/** The text on read's stdin when a here-string or heredoc gives it statically (its first line). */
function readLine(inv: Invocation): string | null {
  for (let i = inv.redirects.length - 1; i >= 0; i--) {
    const r = inv.redirects[i]!;
    if (r.fd !== null && r.fd !== 0) continue;
    const w = r.op === '<<<' ? r.target : r.op === '<<' || r.op === '<<-' ? r.heredoc?.word : undefined;
    if (!w || !w.static) return null;
    const t = w.value ?? '';
    const nl = t.indexOf('\n');
    return nl < 0 ? t : t.slice(0, nl);
  }
  return null;
}

/**
 * Variables a builtin sets by name: read NAME…, mapfile/readarray ARRAY, printf -v NAME, getopts
 * OPTS NAME. A value from a static here-string is known (read's fields split on blanks, the last
 * taking the rest); every other value is only known at run time.
 */
export function boundByName(inv: Invocation): Set1[] {
  const a = inv.args;
  const names: Word[] = [];
  let valued: ReadonlySet<string> | null = null;
  if (inv.name === 'read') valued = READ_VALUED;
  else if (inv.name === 'mapfile' || inv.name === 'readarray') valued = MAPFILE_VALUED;
  if (valued) {
    let i = 0;
    for (; i < a.length; i++) {
      const v = a[i]!.static ? (a[i]!.value ?? '') : null;
      if (v === '--') {
        i++;
        break;
      }
      if (v === null || !v.startsWith('-') || v === '-') break;
      if (valued.has(v[v.length - 1]!)) i++;
    }
    names.push(...a.slice(i));
    if (inv.name !== 'read') names.splice(1);
  } else if (inv.name === 'printf') {
    for (let i = 0; i < a.length; i++) if (a[i]!.static && a[i]!.value === '-v' && a[i + 1]) names.push(a[i + 1]!);
  } else if (inv.name === 'getopts' && a[1]) names.push(a[1]);
  if (!names.length) return [];
  const line = inv.name === 'read' ? readLine(inv) : null;
  const fields = line === null ? null : line.trim().split(/[ \t]+/);
  const out: Set1[] = [];
  names.forEach((w, k) => {
    if (!w.static) return;
    const name = w.value ?? '';
    let text: string | null = null;
    if (fields) text = k === names.length - 1 ? fields.slice(k).join(' ') : (fields[k] ?? '');
    const value: Word = text === null ? { ...w, static: false, value: undefined, raw: `$(${inv.name})`, approx: `$(${inv.name})`, kinds: ['command'], substitutions: 1 } : { ...w, value: text, raw: text, approx: text };
    out.push({ name, value: text === '' ? null : value, span: w.span });
  });
  return out;
}

/** Namerefs the source makes (`declare -n r=NAME`, typeset/local -n): r → NAME. */
const REFS = new WeakMap<Extraction, Map<string, string>>();
function namerefs(ex: Extraction): Map<string, string> {
  let m = REFS.get(ex);
  if (m) return m;
  m = new Map();
  for (const c of ex.commands) {
    if (!makesNameref(c.argv)) continue;
    for (const w of c.argv.slice(1)) {
      const t = w.static ? (w.value ?? '') : '';
      const eq = t.indexOf('=');
      if (eq > 0 && !t.startsWith('-')) m.set(t.slice(0, eq), t.slice(eq + 1));
    }
  }
  REFS.set(ex, m);
  return m;
}

// Builtins that assign a variable named by an argument (printf -v, read, mapfile, declare -n).
const NAMERS = new Set(['printf', 'read', 'mapfile', 'readarray', 'declare', 'typeset', 'local', 'getopts']);
export const BINDERS: ReadonlySet<string> = new Set(['printf', 'read', 'mapfile', 'readarray', 'getopts']);
const NO_SETS: Set1[] = [];

/** A builtin that writes BASH_CMDS / BASH_ALIASES by name (or makes a nameref to them): any name may be rebound. */
function rebindsByName(inv: Invocation): string | null {
  if (!NAMERS.has(inv.name)) return null;
  const nameref = DECLARE.has(inv.name) && inv.args.some((w) => w.static && (w.value ?? '').startsWith('-') && (w.value ?? '').includes('n'));
  for (const w of inv.args) {
    const t = w.static ? (w.value ?? '') : w.raw;
    if (DECLARE.has(inv.name) && !nameref) continue;
    for (const r of REBIND) {
      const at = t.indexOf(r);
      if (at < 0) continue;
      const before = at === 0 ? '' : t[at - 1];
      const after = t[at + r.length];
      if ((before === '' || before === '=' || before === "'" || before === '"') && (after === undefined || after === '[' || after === "'" || after === '"')) return r;
    }
  }
  return null;
}

/**
 * The builtins for which envRuns may open something without assignments (a declaration builtin or
 * a builtin that assigns by name); normalize asks through the name traits (traits.ts).
 */
export const ENV_BUILTINS: readonly string[] = [...DECLARE, ...NAMERS];

/** Open what the assignments of `inv` run. `seen` keeps each assignment to one opening. */
export function envRuns(inv: Invocation, ex: Extraction, st: NormState, ops: Ops, seen: WeakSet<object>): void {
  const named = rebindsByName(inv);
  if (named) ops.opaque(bare(inv), `${inv.name} ${named}`, 'dynamic', st);
  // read GIT_PAGER <<< '…', printf -v PS4 …: a code-carrying name set by a builtin acts as if assigned
  const refs = inv.env.length ? namerefs(ex) : null;
  // r=VALUE where `declare -n r=GIT_PAGER` made r a name for GIT_PAGER: the assignment is to GIT_PAGER
  const viaRef = refs ? inv.env.filter((a) => refs.has(a.name) && acts(refs.get(a.name)!)).map((a): Set1 => ({ name: refs.get(a.name)!, value: a.value, span: a.value?.span ?? a.span })) : NO_SETS;
  const bound0 = DECLARE.has(inv.name) || !BINDERS.has(inv.name) ? NO_SETS : boundByName(inv).filter((b) => acts(refs?.get(b.name) ?? b.name));
  const bound = viaRef.length ? [...bound0, ...viaRef] : bound0;
  if (!inv.env.length && !DECLARE.has(inv.name) && !bound.length) return;
  // prefixes only, none of whose names runs anything (LANG=C, NODE_ENV=test): nothing to open
  if (!DECLARE.has(inv.name) && !bound.length && !anyActs(inv.env)) return;
  const outer = bare(inv);
  const git: Set1[] = [];
  const values = (st.values === undefined ? (st.values = staticValues(ex)) : st.values) ?? null;
  const one = (a: Set1): void => {
    const name = a.name;
    const w = a.value;
    const text = w === null ? '' : w.static ? w.value! : null;
    const span = a.span;
    if (REBIND.has(name)) {
      rebind(a, text, outer, st, ops);
      return;
    }
    if (name.startsWith('BASH_FUNC_')) {
      // An exported function: `() { body; }`; a child bash defines it and runs it when called.
      if (text === null) ops.opaque(outer, name, 'dynamic', st);
      else if (text.trim() !== '') ops.payload(text.startsWith('()') ? text.slice(2) : text, name, span, outer, st, false);
      return;
    }
    if (PROMPTS.has(name)) {
      // Prompts are expanded like a double-quoted word (after their escapes): substitutions in them run.
      const p = text === null ? null : promptText(text);
      if (p === null ? w !== null && w.substitutions > 0 : p.includes('$(') || p.includes('`')) {
        if (p === null) ops.opaque(outer, name, 'dynamic', st);
        else ops.payload(': ' + p, name, span, outer, st, false);
      }
      return;
    }
    if (name === 'GIT_CONFIG_PARAMETERS' || name.startsWith('GIT_CONFIG_KEY_') || name.startsWith('GIT_CONFIG_VALUE_')) {
      git.push(a);
      return;
    }
    const role = envRole(name);
    if (role === 'exec-line') {
      // less's input preprocessor: `|cmd %s` or `||cmd %s` (a leading `-` too); %s is the file.
      const line = text !== null && (name === 'LESSOPEN' || name === 'LESSCLOSE') ? lessLine(text) : text;
      if (line === null) ops.opaque(outer, `${name}=…`, w && ops.networkWord(w, ex) ? 'network' : 'dynamic', st);
      else if (line.trim() !== '') ops.payload(line, `${name}=`, span, outer, st, false);
    } else if (role === 'code' && text !== null && Object.hasOwn(ENV_LANGUAGE, name)) {
      // PERL5DB='exec "CMD"': the code perl -d runs first
      for (const l of codeCommands(ENV_LANGUAGE[name]!, text)) ops.payload(l, `${name}=`, span, outer, st, false);
    } else if (role === 'code-file' && w) {
      // BASH_ENV=FILE: bash sources FILE first.
      if (ops.networkWord(w, ex)) ops.opaque(outer, `${name}=`, 'network', st);
      else if (text !== null && text !== '') ops.payload(`. ${shellQuote(text)}`, `${name}=`, span, outer, st, false);
      // (a file known only at run time: what it sources cannot be seen)
      else if (text === null) ops.opaque(outer, `${name}=`, 'dynamic', st);
    }
  };
  for (const given of bound.length ? [...bound, ...assignments(inv, st.home)] : assignments(inv, st.home)) {
    const mark = given.value ?? given.array ?? null;
    if (mark && seen.has(mark)) continue;
    if (mark) seen.add(mark);
    // EDITOR="$C" with C='…' given in this source: each such text is the value too
    const name0 = given.value ? wholeName(given.value) : null;
    const known = name0 && values ? (values.get(name0) ?? []) : [];
    for (const a of [given, ...known.map((v) => ({ ...given, value: v === '' ? null : staticWord(v, given.span) }))]) one(a);
  }
  // git itself opens them with its -c configs (gitCarrier); any other program may run a git that reads them
  if (git.length && inv.name !== 'git') gitEnv(git, outer, st, ops);
}

/** Does any prefix assignment open something (acts)? */
function anyActs(env: readonly Assignment[]): boolean {
  for (const a of env) if (acts(a.name)) return true;
  return false;
}


/** Does an assignment to `name` open anything in envRuns (one)? */
function acts(name: string): boolean {
  if (REBIND.has(name) || name.startsWith('BASH_FUNC_') || PROMPTS.has(name)) return true;
  if (name === 'GIT_CONFIG_PARAMETERS' || name.startsWith('GIT_CONFIG_KEY_') || name.startsWith('GIT_CONFIG_VALUE_')) return true;
  const role = envRole(name);
  return role === 'exec-line' || role === 'code-file' || (role === 'code' && Object.hasOwn(ENV_LANGUAGE, name));
}

/**
 * Git config from the environment, opened like `git -c key=value`: a key whose value is a command
 * line (core.pager, core.sshCommand, alias.x …) runs that line. GIT_CONFIG_KEY_n and
 * GIT_CONFIG_VALUE_n pair by n; a half whose other half is set elsewhere could be any key.
 */
function gitEnv(list: Set1[], outer: Invocation, st: NormState, ops: Ops): void {
  const keys = new Map<string, Set1>();
  const vals = new Map<string, Set1>();
  for (const a of list) {
    if (a.name === 'GIT_CONFIG_PARAMETERS') {
      for (const c of envConfigs([{ name: a.name, value: a.value, append: false, span: a.span }])) gitOne(a.name, c.key, c.dynamic ? null : c.value, a.span, outer, st, ops);
    } else if (a.name.startsWith('GIT_CONFIG_KEY_')) keys.set(a.name.slice(15), a);
    else vals.set(a.name.slice(17), a);
  }
  for (const [n, k] of keys) {
    const key = k.value === null ? '' : k.value.static ? (k.value.value ?? '') : null;
    const v = vals.get(n);
    vals.delete(n);
    const value = !v ? null : v.value === null ? '' : v.value.static ? (v.value.value ?? '') : null;
    if (key === null) ops.opaque(outer, `GIT_CONFIG_KEY_${n}`, 'dynamic', st);
    else gitOne(`GIT_CONFIG_KEY_${n}`, key, value, k.span, outer, st, ops);
  }
  // a value whose key is set by another command: its line may run
  for (const [n, v] of vals) {
    const value = v.value === null ? '' : v.value.static ? (v.value.value ?? '') : null;
    if (value === null) ops.opaque(outer, `GIT_CONFIG_VALUE_${n}`, 'dynamic', st);
    else if (value.trim() !== '') ops.payload(value.startsWith('!') ? value.slice(1) : value, `GIT_CONFIG_VALUE_${n}`, v.span, outer, st, false);
  }
}

/** One key=value (value null: only known at run time; key '': any key). */
function gitOne(carrier: string, key: string, value: string | null, span: Span, outer: Invocation, st: NormState, ops: Ops): void {
  if (key !== '' && gitConfigRole(key) !== 'exec-line') return;
  const label = key ? `${carrier} ${key}` : carrier;
  if (value === null || key === '') return ops.opaque(outer, label, 'dynamic', st);
  const line = gitConfigLine(key, value);
  if (line.trim() !== '') ops.payload(line, label, span, outer, st, false);
}

/**
 * BASH_CMDS[name]=path (bash's command hash: a later `name` runs path) and BASH_ALIASES[name]=text
 * (an alias). A static key and value are remembered or opened; anything else could rebind any name.
 */
function rebind(a: Set1, text: string | null, outer: Invocation, st: NormState, ops: Ops): void {
  const items: { key: string | null; value: string | null }[] = [];
  if (a.array) {
    for (const item of a.array) {
      // `[ls]=/bin/rm` reads as a glob word: its text as written is the key and value
      const t = item.static ? (item.value ?? '') : item.kinds.every((k) => k === 'glob') ? item.raw : null;
      const close = t !== null && t.startsWith('[') ? t.indexOf(']=') : -1;
      items.push(close > 0 ? { key: unquote(t!.slice(1, close)), value: unquote(t!.slice(close + 2)) } : { key: null, value: null });
    }
  } else if (a.key !== undefined) items.push({ key: a.key, value: text });
  else if (text !== null && text !== '') items.push({ key: '0', value: text }); // NAME=v sets element 0
  for (const it of items) {
    const label = `${a.name}[${it.key ?? '…'}]`;
    if (it.key === null || it.value === null) {
      ops.opaque(outer, label, 'dynamic', st);
      continue;
    }
    if (it.value.trim() === '') continue;
    if (a.name === 'BASH_ALIASES') ops.payload(it.value, label, a.span, outer, st, false);
    else (st.rebind ??= new Map()).set(it.key, it.value);
  }
}

/** The name a word expands as a whole (`$x`, `"$x"`, `${x}`), or null. */
function wholeName(w: Word): string | null {
  if (w.static || w.kinds.length !== 1 || w.kinds[0] !== 'param' || w.params.length !== 1) return null;
  const n = w.params[0]!;
  return w.approx === '$' + n || w.approx === '${' + n + '}' ? n : null;
}

function unquote(s: string): string {
  if (s.length >= 2 && (s[0] === "'" || s[0] === '"') && s[s.length - 1] === s[0]) return s.slice(1, -1);
  return s;
}

function lessLine(v: string): string {
  let i = 0;
  while (i < v.length && (v[i] === '|' || v[i] === '-')) i++;
  return v.slice(i).split('%s').join('file');
}

