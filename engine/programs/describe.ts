// describe(): parse one invocation's argv with its program spec and give every word its role.
import type { Word } from '../shell/types.ts';
import type { ArgFact, ArgRole, Grammar, OperandToken, OptionDef, ProgramFacts, ProgramSpec } from './types.ts';
import { needsOf, planOf, shortAt, subPlan, type Plan } from './plan.ts';
import { optionDef } from './dsl.ts';
import { FAMILY_COUNT, familySpecs } from './specs/index.ts';
import { basename, fields, mayBeFlag, sv, textOf } from './words.ts';
import { argFact, fullFact, isFull } from './fact.ts';

// name → plan of its spec (describe's one lookup) for the names REG holds; emptied when REG loses names.
const PLAN_OF_NAME = new Map<string, Plan>();

// name → spec, filled a family at a time (loadFamily). With a program index (useProgramIndex)
// a name builds only the family that names it; without one, the first name REG lacks builds
// every family, in table order. Either way the first spec naming a program wins.
const REG = new Map<string, ProgramSpec>();
/** Per family, the names it wins as `|a|b|…|` (programIndex()), or none yet. */
let INDEX: readonly string[] | undefined;
const loaded: boolean[] = [];
let loadedCount = 0;

function loadFamily(i: number): void {
  if (loaded[i]) return;
  loaded[i] = true;
  loadedCount++;
  const own = INDEX?.[i];
  for (const s of familySpecs(i)) for (const n of s.names) if (!REG.has(n) && (own === undefined || own.includes(`|${n}|`))) REG.set(n, s);
}

function loadAll(): void {
  for (let i = 0; i < FAMILY_COUNT && loadedCount < FAMILY_COUNT; i++) loadFamily(i);
}

/** A name REG does not hold: build the family that names it (every family, without an index). */
function load(name: string): ProgramSpec | undefined {
  if (loadedCount === FAMILY_COUNT) return undefined;
  if (!INDEX) loadAll();
  else {
    const key = `|${name}|`;
    let i = 0;
    while (i < FAMILY_COUNT && (loaded[i] || !INDEX[i]!.includes(key))) i++;
    if (i === FAMILY_COUNT) return undefined;
    loadFamily(i);
  }
  return REG.get(name);
}

/**
 * Which family wins each program name, as data for useProgramIndex (the hook's snapshot build
 * computes it once and hands it to the snapshot, so that a call builds only the families its
 * programs belong to). Builds every family.
 */
export function programIndex(): string[] {
  loadAll();
  const out: string[] = [];
  for (let i = 0; i < FAMILY_COUNT; i++) {
    let own = '|';
    for (const s of familySpecs(i)) for (const n of s.names) if (REG.get(n) === s && !own.includes(`|${n}|`)) own += `${n}|`;
    out.push(own);
  }
  return out;
}

/** Build families by name from now on, with an index from programIndex() of this same engine. */
export function useProgramIndex(index: readonly string[]): void {
  if (index.length !== FAMILY_COUNT || index.some((s) => typeof s !== 'string' || s[0] !== '|' || s[s.length - 1] !== '|')) throw new Error('program index: not from this engine');
  INDEX = index;
}

/** Every program name with a spec. */
export function programNames(): string[] {
  loadAll();
  const out: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < FAMILY_COUNT; i++)
    for (const s of familySpecs(i))
      for (const n of s.names)
        if (REG.get(n) === s && !seen.has(n)) {
          seen.add(n);
          out.push(n);
        }
  for (const n of REG.keys()) if (!seen.has(n)) out.push(n);
  return out;
}

/**
 * Add specs for programs the table does not know (a lab exercise, a host's own tools). A name the
 * table already has is refused (an added spec never weakens a built-in one). Returns a function
 * that removes them again.
 */
export function addPrograms(specs: readonly ProgramSpec[]): () => void {
  loadAll();
  const added: string[] = [];
  for (const s of specs)
    for (const n of s.names) {
      if (REG.has(n)) throw new Error(`program spec: ${JSON.stringify(n)} already has a spec`);
      REG.set(n, s);
      added.push(n);
    }
  return () => {
    for (const n of added) REG.delete(n);
    PLAN_OF_NAME.clear();
  };
}

export function lookup(name: string): ProgramSpec | undefined {
  return REG.get(name) ?? versioned(name);
}

// Families installed under versioned names (python3.12, gcc-13, clang++-17, pip3.11, node20, php8.2).
const VERSIONED = new Set(['python', 'python3', 'pip', 'pip3', 'pypy', 'pypy3', 'gcc', 'g++', 'cc', 'c++', 'clang', 'clang++', 'node', 'nodejs', 'ruby', 'perl', 'php', 'lua', 'luajit', 'java', 'javac', 'go', 'tclsh', 'wish', 'Rscript', 'julia', 'pg_dump', 'psql', 'mysql', 'gfortran', 'ld', 'lldb', 'gdb', 'bash', 'zsh', 'ksh']);

/**
 * A name REG does not hold yet: its own spec once its family is built (load), else for the
 * families above `gcc-13` → gcc's spec, `python3.12` → python3's.
 */
function versioned(name: string): ProgramSpec | undefined {
  const own = load(name);
  if (own) return own;
  let end = name.length;
  while (end > 0) {
    const c = name.charCodeAt(end - 1);
    if ((c >= 48 && c <= 57) || c === 46) end--;
    else break;
  }
  if (end === name.length || end === 0) return installedAs(name);
  let base = name.slice(0, end);
  if (base.endsWith('-')) base = base.slice(0, -1);
  return VERSIONED.has(base) ? (REG.get(base) ?? load(base)) : undefined;
}

/** Families whose GNU tools are installed with a `g` prefix beside the system's own (grm, gsed, gtar). */
const GNU_PREFIXED = new Set(['coreutils', 'findutils', 'text']);

/**
 * Another installed name of a known tool: a Windows port (rm.exe), a GNU tool beside the BSD one
 * (grm, gchmod, gdd, gsed), uutils (uu-rm, uu_rm). The tool's own spec describes it.
 */
function installedAs(name: string): ProgramSpec | undefined {
  let s: ProgramSpec | undefined;
  if (name.length > 4 && name.endsWith('.exe')) s = lookup(name.slice(0, -4));
  else if (name.length > 3 && name.startsWith('uu') && (name[2] === '-' || name[2] === '_')) {
    s = lookup(name.slice(3));
    if (s && s.family !== 'coreutils') s = undefined;
  }
  else if (name.length > 2 && name[0] === 'g') {
    s = lookup(name.slice(1));
    if (s && !GNU_PREFIXED.has(s.family)) s = undefined;
  }
  if (s) ALIASES.add(name);
  return s;
}

/** Names described by another tool's spec (installedAs): never read-only, since the guess may be wrong. */
const ALIASES = new Set<string>();

/** The options of facts that have none yet (shared, never written: record() makes a map on the first one). */
const EMPTY: ReadonlyMap<string, string | true> = new Map();

/** Roles whose word is a path (a recursive option makes them recursive). */
function pathish(r: ArgRole): boolean {
  return r === 'read' || r === 'write' || r === 'append' || r === 'delete' || r === 'mode' || r === 'owner' || r === 'dir-target';
}

function blank(name: string, known: boolean): ProgramFacts {
  // every field present from the start, so all facts share one shape
  return {
    name,
    known,
    subcommand: [],
    args: [],
    options: EMPTY,
    effectsFree: false,
    info: false,
    issues: [],
    stdin: undefined,
    stdinLanguage: undefined,
    inputCode: undefined,
    writesStdout: undefined,
    network: undefined,
    destructive: undefined,
    projectCode: undefined,
    walksCwd: undefined,
    pager: undefined,
    installs: undefined,
    unmodelled: undefined,
    copies: undefined,
    execStdio: undefined,
    printsEnv: undefined,
  };
}

/** Facts about one invocation. `name` is the program's basename as the shell resolved it. Never throws. */
export function describe(name: string, args: readonly Word[]): ProgramFacts {
  let p = PLAN_OF_NAME.get(name);
  let spec: ProgramSpec | undefined;
  if (p === undefined) {
    spec = REG.get(name) ?? versioned(name);
    if (!spec) return blank(name, false);
  }
  const facts = blank(name, true);
  try {
    if (p === undefined) {
      p = planOf(spec!);
      // (only names REG holds: the map stays as small as the table)
      if (REG.get(name) === spec) PLAN_OF_NAME.set(name, p);
    }
    const st: RunState = { effect: false, maybe: undefined, stop: false, recursive: false, last: p };
    run(p, args, 0, facts, st, 0);
    finish(facts, st);
    // another name of a tool (grm, uu-rm) is probably that tool: its effects count, but it is never read-only
    if (ALIASES.has(name)) facts.effectsFree = false;
  } catch (e) {
    facts.issues.push(`internal: ${(e as Error).message}`);
    facts.effectsFree = false;
  }
  return facts;
}

interface RunState {
  effect: boolean;
  /** Dynamic operands that could be options the spec says cannot add effects. */
  maybe: Set<Word> | undefined;
  /** An option marked `>` was seen: the rest are operands. */
  stop: boolean;
  recursive: boolean;
  last: Plan;
}

/** No condition, or every option of one set is given (`!x`: x is not). */
function optionsHold(when: string[][], o: ReadonlyMap<string, unknown>): boolean {
  if (!when.length) return true;
  return when.some((all) => all.every((n) => (n.startsWith('!') ? !o.has(n.slice(1)) : o.has(n))));
}

function finish(f: ProgramFacts, st: RunState): void {
  const c = st.last;
  const shell = c.startsShell !== undefined && f.stdin === undefined && optionsHold(c.startsShell, f.options);
  if (shell) {
    f.stdin = 'code';
    f.stdinLanguage = 'sh';
  }
  if (c.stdin && f.stdin === undefined) f.stdin = c.stdin;
  if (c.stdinLanguage && f.stdinLanguage === undefined) f.stdinLanguage = c.stdinLanguage;
  if (c.writesStdout !== undefined && f.writesStdout === undefined) f.writesStdout = c.writesStdout;
  const args = f.args;
  if (f.stdin === 'code') {
    for (const a of args) {
      // (su -s /bin/sh names the shell that reads stdin: no command of its own)
      if (shell && a.option !== undefined && a.option === c.shellOption) continue;
      if (a.role === 'code' || a.role === 'code-file' || a.role === 'exec-line' || a.role === 'exec-argv') {
        f.stdin = 'data';
        f.stdinLanguage = undefined;
        break;
      }
    }
  }
  let free = true;
  for (let k = 0; k < args.length; k++) {
    let a = args[k]!;
    // a hook's literal fact takes the one shape every other fact has
    if (!isFull(a)) args[k] = a = fullFact(a);
    if (st.recursive && pathish(a.role)) a.recursive = true;
    // writing /dev/null (tee /dev/null, dd of=/dev/null) keeps nothing: no effect
    if ((a.role === 'write' || a.role === 'append') && (a.text ?? sv(a.word)) === '/dev/null') a.role = 'none';
    // (a command run per match of a search, find -exec or fd -x, is a nested invocation checked on its own)
    if (free && !(a.role === 'read' || a.role === 'none' || a.role === 'cwd' || (a.role === 'code' && a.harmless === true) || (a.role === 'exec-argv' && a.matches !== undefined))) free = false;
  }
  if (st.effect) f.unmodelled = true;
  if (f.issues.length) {
    f.effectsFree = false;
    return;
  }
  if (f.info) {
    f.effectsFree = true;
    return;
  }
  f.effectsFree = c.pure && !st.effect && !f.network && !f.destructive && free;
}

function lookupLong(g: Grammar, name: string): OptionDef | undefined | null {
  const exact = g.long.get(name);
  if (exact) return exact;
  if (g.negatable && name.startsWith('no-')) {
    // git's parse-options: every long flag has a --no- form, which never adds an effect
    const base = g.long.get(name.slice(3));
    if (base && base.arg === 0) return negation(base);
  }
  if (g.exact || !name) return undefined;
  let found: OptionDef | undefined;
  for (const n of g.longNames) {
    if (n.startsWith(name)) {
      const d = g.long.get(n)!;
      if (found && found !== d) return null;
      found = d;
    }
  }
  return found;
}

const NEGATIONS = new WeakMap<OptionDef, OptionDef>();
function negation(d: OptionDef): OptionDef {
  let n = NEGATIONS.get(d);
  if (!n) {
    n = optionDef('no-' + d.canon, 0, 'none');
    NEGATIONS.set(d, n);
  }
  return n;
}

function optName(d: OptionDef): string {
  return d.canon.length > 1 ? '--' + d.canon : '-' + d.canon;
}

/** Set an option in the facts (their first option makes their map). */
function setOption(f: ProgramFacts, name: string, value: string | true): void {
  let o = f.options as Map<string, string | true>;
  if (o === EMPTY) f.options = o = new Map();
  o.set(name, value);
}

/** Record one option occurrence; `valueWord` is the word holding the value, `text` set when only part of it is. */
function record(f: ProgramFacts, st: RunState, d: OptionDef, value: string | true, valueWord: Word | undefined, partial: boolean, text?: string): void {
  setOption(f, d.canon, value);
  if (d.info) f.info = true;
  if (d.effect) st.effect = true;
  if (d.network) f.network = true;
  if (d.recursive) st.recursive = true;
  if (d.destructive && !f.destructive) f.destructive = d.destructive;
  if (d.stop) st.stop = true;
  if (d.role === 'none' || !valueWord) return;
  const a = argFact(d.role, valueWord);
  a.option = d.canon;
  if (partial) {
    if (text !== undefined) a.text = text;
    a.approx = text !== undefined ? text : typeof value === 'string' ? value : '';
  }
  if (d.language) a.language = d.language;
  if (d.direction) a.direction = d.direction;
  if (d.create) a.create = d.create;
  if (d.role === 'env' && typeof value === 'string') {
    // NAME=value: name apart, text the value (static only)
    const eq = value.indexOf('=');
    if (eq > 0) {
      a.name = value.slice(0, eq);
      a.approx = value.slice(eq + 1);
      if (valueWord.static) a.text = a.approx;
      else a.text = undefined;
    } else a.name = value;
  }
  f.args.push(a);
}

/** The value of a short or long option that takes the next word. */
function nextValue(f: ProgramFacts, args: readonly Word[], i: number, d: OptionDef): Word | undefined {
  const w = args[i];
  if (!w) f.issues.push(`missing value for ${optName(d)}`);
  return w;
}

/** Does every character of `v` after the first name a short option? */
function allShort(p: Plan, v: string): boolean {
  for (let k = 1; k < v.length; k++) if (shortAt(p, v, k) === undefined) return false;
  return true;
}

function run(c: Plan, args: readonly Word[], start: number, f: ProgramFacts, st: RunState, depth: number): void {
  st.last = c;
  if (c.marks) {
    if (c.projectCode) f.projectCode = true;
    if (c.copies) f.copies = true;
    if (c.walksCwd) f.walksCwd = true;
    // before the hook, so a hook can lift them (fdisk -l, kill -l, rsync between local folders)
    if (c.destructive && !f.destructive) f.destructive = c.destructive;
    if (c.network) f.network = true;
    if (c.installs) f.installs = true;
    if (c.pager) f.pager = true;
  }
  const g = c.grammar;
  const stopAtOperand = c.stopAtOperand;
  const stopCount = c.stopCount;
  const ops: Word[] = [];
  const idx: number[] = [];
  let i = start;
  let dashdash = false;
  if (c.bundleFirst && i < args.length) {
    const w = args[i];
    const v = sv(w);
    if (v && v[0] !== '-' && !c.subs) {
      i = bundle(c, args, i, v, f, st);
    }
  }
  for (; i < args.length; i++) {
    const w = args[i];
    if (!w.static) {
      if (mayBeFlag(w)) {
        // `--output=$F`, `-o$F`: a known option whose value is dynamic
        const n = dynamicOption(c, args, i, w, f, st);
        if (n >= 0) {
          i = n;
          continue;
        }
        if (!c.loose && !absoluteParam(w)) {
          if (inertFor(c, f)) (st.maybe ??= new Set()).add(w);
          else f.issues.push(`dynamic word where an option could be: ${w.approx}`);
        }
      }
      ops.push(w);
      idx.push(i);
      if (stopAtOperand && ops.length >= stopCount) {
        i++;
        break;
      }
      continue;
    }
    const v = w.value ?? '';
    const c0 = v.charCodeAt(0);
    if (v.length < 2 || (c0 !== 45 && c0 !== 43)) {
      ops.push(w);
      idx.push(i);
      if (stopAtOperand && ops.length >= stopCount) {
        i++;
        break;
      }
      continue;
    }
    if (c0 === 43) {
      // `+x`: an option only where the spec says so
      if (c.plusOptions) {
        i = shorts(c, args, i, v, 1, f, st);
        continue;
      }
      ops.push(w);
      idx.push(i);
      if (stopAtOperand && ops.length >= stopCount) {
        i++;
        break;
      }
      continue;
    }
    if (v === '--' && !c.keepDashDash) {
      dashdash = true;
      i++;
      break;
    }
    const long = v.charCodeAt(1) === 45;
    if (long || (c.singleDash && v.length > 2)) {
      const body = v.slice(long ? 2 : 1);
      const eq = body.indexOf('=');
      const name = eq < 0 ? body : body.slice(0, eq);
      let d = long ? lookupLong(g, name) : c.long.get(name);
      // single-dash grammar: a long name with an attached value (7z -aoa, rar -op/dir -hpSECRET)
      if (!long && !d && eq < 0) {
        const n = attachedLong(c, body);
        if (n > 0) {
          record(f, st, c.long.get(body.slice(0, n))!, body.slice(n), w, true, body.slice(n));
          continue;
        }
      }
      if (d) {
        if (eq >= 0) {
          if (d.arg === 0) f.issues.push(`${optName(d)} takes no value`);
          // the value is the rest of the (static) word
          const rest = body.slice(eq + 1);
          record(f, st, d, rest, w, true, rest);
        } else if (d.arg === 1 || (d.arg === 4 && i + 1 < args.length)) {
          const vw = nextValue(f, args, i + 1, d);
          record(f, st, d, vw ? textOf(vw) : '', vw, false);
          i++;
        } else if (d.arg === 3) {
          const a1 = nextValue(f, args, i + 1, d);
          const a2 = nextValue(f, args, i + 2, d);
          record(f, st, d, (a1 ? textOf(a1) : '') + '\u0000' + (a2 ? textOf(a2) : ''), a2, false);
          i += 2;
        } else record(f, st, d, true, undefined, false);
        if (st.stop) {
          st.stop = false;
          i++;
          break;
        }
        continue;
      }
      if (long) {
        if (c.loose) {
          ops.push(w);
          idx.push(i);
          continue;
        }
        f.issues.push(d === null ? `ambiguous option --${name}` : `unknown option --${name}`);
        continue;
      }
      // single-dash grammar: fall back to short options
    }
    const numeric = c.numeric;
    if (numeric && digits(v, 1)) {
      const d = c.short.get(numeric) ?? c.long.get(numeric);
      if (d) record(f, st, d, v.slice(1), undefined, false);
      else setOption(f, numeric, v.slice(1));
      continue;
    }
    if (c.loose && !allShort(c, v)) {
      ops.push(w);
      idx.push(i);
      continue;
    }
    i = shorts(c, args, i, v, 1, f, st);
    if (st.stop) {
      st.stop = false;
      i++;
      break;
    }
  }
  for (; i < args.length; i++) {
    ops.push(args[i]);
    idx.push(i);
  }
  const subs = c.subs;
  if (subs !== undefined && ops.length && depth < 6) {
    const w = ops[0];
    const v = sv(w);
    if (v === undefined) f.issues.push(`dynamic subcommand ${w.approx}`);
    else {
      let canon = c.aliases?.get(v) ?? v;
      if (!subs.has(canon) && c.subPrefix) canon = uniquePrefix(c, v) ?? canon;
      const sub = subs.get(canon);
      if (sub) {
        f.subcommand.push(canon);
        run(subPlan(c, canon, sub), args, idx[0] + 1, f, st, depth + 1);
        // the outer level's hook still sees its own options (git -c …)
        if (c.hook) {
          const ctx = { facts: f, args, operands: [], operandIndex: [], stop: idx[0], effect: false };
          c.hook(ctx);
          if (ctx.effect) st.effect = true;
        }
        return;
      }
      if (!c.subOpen) f.issues.push(`unknown subcommand ${v}`);
      else f.subcommand.push(v);
    }
    assign(c, f, st, ops.slice(1), idx.slice(1), args, dashdash);
    return;
  }
  if (subs !== undefined && c.subRequired && !ops.length && !f.info && !f.options.size) f.issues.push('missing subcommand');
  assign(c, f, st, ops, idx, args, dashdash);
}

/** Where bash decides the rest of a word at run time ($, `, globs, braces). */
function staticPrefix(w: Word): string {
  const a = w.approx;
  let k = 0;
  while (k < a.length) {
    const c = a[k];
    if (c === '$' || c === '`' || c === '*' || c === '?' || c === '[' || c === '{' || c === '\\') break;
    k++;
  }
  return a.slice(0, k);
}

/**
 * A dynamic word whose static prefix fixes a known option that takes a value (`--output=$F`,
 * `-vo$F`): record it and return the index of the last word used; -1 when the prefix says too little.
 */
function dynamicOption(c: Plan, args: readonly Word[], i: number, w: Word, f: ProgramFacts, st: RunState): number {
  const p = staticPrefix(w);
  if (p.length < 2 || p[0] !== '-') return -1;
  if (p[1] === '-') {
    const eq = p.indexOf('=');
    if (eq < 0) return -1;
    const d = lookupLong(c.grammar, p.slice(2, eq));
    if (!d || d.arg === 0) return -1;
    record(f, st, d, w.approx.slice(eq + 1), w, true, undefined);
    return i;
  }
  for (let j = 1; j < p.length; j++) {
    const d = shortAt(c, p, j);
    if (!d) return -1;
    if (d.arg === 0) {
      record(f, st, d, true, undefined, false);
      continue;
    }
    if (d.arg === 3) return -1;
    // the value starts inside the prefix or right at the dynamic part
    record(f, st, d, w.approx.slice(j + 1), w, true, undefined);
    return i;
  }
  return -1; // the dynamic part could be more option letters
}

/** npm-style abbreviations: the one subcommand (or alias) that starts with `v`. */
function uniquePrefix(c: Plan, v: string): string | undefined {
  let found: string | undefined;
  for (const k of c.subs!.keys()) {
    if (!k.startsWith(v)) continue;
    if (found !== undefined && found !== k) return undefined;
    found = k;
  }
  if (c.aliases)
    for (const [k, canon] of c.aliases) {
      if (!k.startsWith(v)) continue;
      if (found !== undefined && found !== canon) return undefined;
      found = canon;
    }
  return found;
}

/** A bundle of short options starting at v[from]; returns the index of the last word consumed. */
function shorts(c: Plan, args: readonly Word[], i: number, v: string, from: number, f: ProgramFacts, st: RunState): number {
  for (let j = from; j < v.length; j++) {
    const d = shortAt(c, v, j);
    if (!d) {
      f.issues.push(`unknown option -${v[j]}`);
      continue;
    }
    if (d.arg === 0) {
      record(f, st, d, true, undefined, false);
      continue;
    }
    const rest = v.slice(j + 1);
    const w = args[i];
    if (d.arg === 4 && !rest.length && i + 1 >= args.length) record(f, st, d, true, undefined, false);
    else if (d.arg === 2) record(f, st, d, rest.length ? rest : true, rest.length ? w : undefined, true, rest.length ? rest : undefined);
    else if (d.arg === 3) {
      const a1 = nextValue(f, args, i + 1, d);
      const a2 = nextValue(f, args, i + 2, d);
      record(f, st, d, (a1 ? textOf(a1) : '') + '\u0000' + (a2 ? textOf(a2) : ''), a2, false);
      i += 2;
    } else if (rest.length) record(f, st, d, rest, w, true, rest);
    else {
      const vw = nextValue(f, args, i + 1, d);
      record(f, st, d, vw ? textOf(vw) : '', vw, false);
      i++;
    }
    break;
  }
  return i;
}

/** Old-style bundle (`tar xzf F`, `ar rcs`): letters are short options, values come from the next words in order. */
function bundle(c: Plan, args: readonly Word[], i: number, v: string, f: ProgramFacts, st: RunState): number {
  let next = i + 1;
  for (const ch of v) {
    const d = c.short.get(ch);
    if (!d) {
      f.issues.push(`unknown option ${ch} in ${v}`);
      continue;
    }
    if (d.arg === 1 || d.arg === 3) {
      const vw = nextValue(f, args, next, d);
      record(f, st, d, vw ? textOf(vw) : '', vw, false);
      next += d.arg === 3 ? 2 : 1;
    } else record(f, st, d, true, undefined, false);
  }
  return next;
}

function digits(s: string, from: number): boolean {
  if (s.length <= from) return false;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** `$PWD…`, `$HOME…`, `$OLDPWD…`: the shell keeps these absolute, so the word cannot start with `-`. */
function absoluteParam(w: Word): boolean {
  const a = w.approx;
  for (const p of ABSOLUTE_PARAMS) {
    if (!a.startsWith(p)) continue;
    const c = a.charCodeAt(p.length);
    const ident = c === 95 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!ident) return true;
  }
  return false;
}
const ABSOLUTE_PARAMS = ['$PWD', '$HOME', '$OLDPWD'];

/**
 * Could an unseen option change this invocation's effects? Options that matter: a value role other
 * than none/read, a mark (effect, network, destructive, stop), recursive where operands are written
 * or deleted, any option a layout depends on, every value option with a role. Specs with a hook or
 * subcommands read options in code, so every option matters there.
 */
function relevantOf(p: Plan): { flags: string[]; always: boolean } {
  let r = p.relevant;
  if (r) return r;
  const c = p.spec;
  // options that pick a layout with writes, deletes, code … (a layout of reads only changes nothing)
  const alts = new Set<string>();
  for (const a of c.alt) if (a.operands.some((t) => t.role !== 'read' && t.role !== 'none')) for (const all of a.when) for (const o of all) alts.add(o);
  const writes = [c.operands, ...c.alt.map((a) => a.operands)].some((ts) => ts.some((t) => t.role !== 'read' && t.role !== 'none'));
  const flags: string[] = [];
  let always = !!c.hook || !!c.subs;
  for (const d of p.grammar.all) {
    const matters = (d.role !== 'none' && d.role !== 'read') || d.effect || d.network || !!d.destructive || d.stop || (d.recursive && writes) || alts.has(d.canon);
    if (!matters) continue;
    if (d.arg !== 0) always = true;
    else flags.push(d.canon);
  }
  if (p.numeric && alts.has(p.numeric)) always = true;
  r = { flags, always };
  p.relevant = r;
  return r;
}

/** Every option that could matter is a flag already given: a hidden option adds nothing. */
function inertFor(c: Plan, f: ProgramFacts): boolean {
  const r = relevantOf(c);
  if (r.always) return false;
  for (const n of r.flags) if (!f.options.has(n)) return false;
  return true;
}

function layout(c: Plan, f: ProgramFacts): OperandToken[] {
  const o = f.options;
  if (o.size === 0 && !c.altFree) return c.operands;
  for (const a of c.alt) {
    for (const all of a.when) {
      let every = true;
      for (const name of all) if (!o.has(name)) every = false;
      if (every) return a.operands;
    }
  }
  return c.operands;
}

function assign(c: Plan, f: ProgramFacts, st: RunState, ops: Word[], idx: number[], args: readonly Word[], dashdash: boolean): void {
  void dashdash;
  if (ops.length) {
    const tokens = layout(c, f);
    const need = tokens === c.operands ? c.need : needsOf(tokens);
    let p = 0;
    let sources = 0;
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k];
      const left = ops.length - p;
      let take: number;
      if (t.role === 'exec-argv' || t.join) take = Math.max(0, left - need[k + 1]);
      else if (t.count === '') take = Math.min(1, left);
      else if (t.count === '?') take = left > need[k + 1] ? 1 : 0;
      else take = Math.max(t.count === '+' ? Math.min(1, left) : 0, left - need[k + 1]);
      if (take <= 0) continue;
      if (t.role === 'exec-argv') {
        // `PROFILE -- CMD`: a separator between the wrapper's operands and the command
        if (sv(ops[p]) === '--' && p + 1 < ops.length) p++;
        const a = argFact('exec-argv', ops[p]);
        a.argvIndex = idx[p];
        if (st.maybe?.has(ops[p])) a.mayBeOption = true;
        f.args.push(a);
        p += take;
        continue;
      }
      if (t.join) {
        const words = ops.slice(p, p + take);
        const a = argFact(t.role, ops[p]);
        a.argv = words;
        if (st.maybe?.has(ops[p])) a.mayBeOption = true;
        if (t.language) a.language = t.language;
        if (words.every((x) => x.static)) a.text = words.map((x) => x.value ?? '').join(' ');
        f.args.push(a);
        p += take;
        continue;
      }
      for (let n = 0; n < take; n++, p++) {
        const w = ops[p];
        if (t.dest) {
          const dir = f.options.has('target-directory') ? false : sources > 1 || (sv(w) ?? '').endsWith('/');
          const a = argFact(dir ? 'dir-target' : 'write', w);
          if (!dir) {
            a.create = 'truncate';
            if (!f.options.has('no-target-directory')) a.mayBeDir = true;
          }
          f.args.push(a);
          continue;
        }
        const a = operandFact(t, w, f);
        if (st.maybe?.has(w)) a.mayBeOption = true;
        f.args.push(a);
        if (k < tokens.length - 1) sources++;
      }
    }
    if (p < ops.length) f.issues.push(`extra operand ${ops[p].approx}`);
  }
  if (c.hook) {
    const ctx = { facts: f, args, operands: ops, operandIndex: idx, stop: idx.length ? idx[0] : args.length, effect: false };
    c.hook(ctx);
    if (ctx.effect) st.effect = true;
  }
}

function operandFact(t: OperandToken, w: Word, f: ProgramFacts): ArgFact {
  const v = sv(w);
  if (v === '-' && (t.role === 'read' || t.role === 'write' || t.role === 'append' || t.role === 'code-file')) {
    // `-` is stdin or stdout
    if (t.role === 'code-file') {
      f.stdin = 'code';
      if (t.language) f.stdinLanguage = t.language;
    } else if (t.role === 'read') f.stdin = 'data';
    return argFact('none', w);
  }
  const a = argFact(t.role, w);
  if (t.language) a.language = t.language;
  if (t.direction) a.direction = t.direction;
  if (t.create) a.create = t.create;
  return a;
}

/** For unknown programs: argv suffixes that start with a known program, and words that look like command lines. */
export function scanUnknown(args: readonly Word[]): { nestedArgv: Word[][]; lines: Word[] } {
  const nestedArgv: Word[][] = [];
  const lines: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (!w.static) continue;
    const v = w.value ?? '';
    if (v && namesProgram(v)) nestedArgv.push(args.slice(i));
    const line = commandLine(v);
    if (line !== null) lines.push(line === v ? w : { ...w, raw: line, value: line, approx: line });
  }
  return { nestedArgv, lines };
}

/** A known program's name, or an absolute path to one (`rm`, `/bin/rm`; not `./rm` or `x/rm`). */
export function namesProgram(p: string): boolean {
  return (p.indexOf('/') < 0 || p[0] === '/') && !!lookup(basename(p));
}

/** The part of `v` that looks like a shell command line (after `--opt=`), or null. */
function commandLine(v: string): string | null {
  if (v.length < 2) return null;
  if (v[0] === '-') {
    // --cmd='rm -rf ~', or a glued short option: -c'rm -rf ~'
    const eq = v.indexOf('=');
    if (eq >= 0) return lineText(v.slice(eq + 1));
    return v[1] !== '-' && v.length > 2 ? lineText(v.slice(2)) : null;
  }
  return lineText(v);
}

function lineText(text: string): string | null {
  let blank = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ';' || c === '&' || c === '|' || c === '`' || c === '\n' || (c === '$' && text[i + 1] === '(')) return text;
    if (c === ' ' || c === '\t' || c === '\r') blank = true;
  }
  // one field at most: not a command line (no split needed to know)
  if (!blank) return null;
  const parts = fields(text);
  if (parts.length < 2) return null;
  for (let k = 0; k < parts.length - 1; k++) {
    const p = parts[k];
    if (namesProgram(p)) return text;
  }
  return null;
}

/** The length of the longest single-dash long option with an attached value that `body` starts with (2 for `ao` of `aoa`), or 0. */
function attachedLong(c: { long: ReadonlyMap<string, OptionDef> }, body: string): number {
  for (let n = body.length - 1; n >= 2; n--) {
    const d = c.long.get(body.slice(0, n));
    if (d !== undefined && d.arg === 2) return n;
  }
  return 0;
}
