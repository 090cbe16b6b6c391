// Normalisation: wrappers unwrapped, carriers opened, options parsed (contract §4).
import type { ContextEntry, Extraction, Invocation, Issue, Redirect, SimpleCommand, Span, Word } from '../types.ts';
import { normalizePath } from '../../paths/index.ts';
import { cdStep } from '../cd.ts';
import { WRAPPERS } from './wrappers.ts';
import { prefixItems, prefixLines, prefixSubstitutions } from './items.ts';
import { codeOf, copiedProgram, loadWritten, projectWrites, runText, unknownLoads } from './written.ts';
import { analysedPayload, crontabStdin, runWritten, streamText, evalCarrier, interpreterCarrier, optionCarriers, shellCarrier, shellPrintsInfo, shellStdin, sourceCarrier, stdinText } from './carriers.ts';
import { NETWORK, SHELLS, type NormState, type Ops } from './state.ts';
import { basename, copyInv, dynamicWord, invocationFrom, staticWord, systemProgram, withArgs, withRedirects } from './words.ts';
import { describe, scanUnknown, type ArgFact, type ProgramFacts, type MatchSet } from '../../programs/index.ts';
import { envRuns } from './envcode.ts';
import { OPTION_ENV } from '../../programs/env.ts';
import { traitsOf, T_ENV_BUILTIN, T_INTERPRETER, T_OPTION_CARRIER, T_SHELL, T_WRAPPER } from './traits.ts';
import { functionCalls, positionalVariants, programVariants, staticValues, valueVariants, wordValues } from './values.ts';
import { hasShellEscapes, shellEscapes } from '../../programs/escapes.ts';

export { parseOptions, canonicalize, type Parsed } from './parse.ts';
export { mayBeFlag, basename } from './words.ts';
import { feedingStage, staticOutput } from '../printed.ts';
import { simpleCommand } from '../extract.ts';
import { shellQuote } from '../../programs/words.ts';

/** For a command run by `find -exec`: find's start paths and whether a test narrows them. */
const findCtx = new WeakMap<Invocation, MatchSet>();
export function findContextOf(inv: Invocation): MatchSet | undefined {
  return findCtx.get(inv);
}

export const MAX_DEPTH = 8;
/** Derived invocations of one run: the Bash check's units (each check takes one or more, so no more could be checked). */
const MAX_INVOCATIONS = 256;
const MAX_UNWRAP = 32;
/** Words handed on by the wrappers of one command (each level copies the argv it passes on). */
const MAX_UNWRAP_WORDS = 32_768;

/** Invocations whose word spans are relative to a carrier payload: the carrier's span in the source. */
const foreign = new WeakMap<Invocation, Span>();

/** The span to report for an invocation (or one of its words) in the original source. */
export function spanOf(inv: Invocation, w?: Word): Span {
  return foreign.get(inv) ?? w?.span ?? inv.source.span;
}

/** Value variants expanded in one run (each costs about one derived invocation's work). */
const MAX_VARIANTS = 256;
/** Payload text analysed in one run, over every carrier at every depth (value variants repeat a payload). */
const MAX_PAYLOAD_CHARS = 64 * 1024;

/**
 * Where a caller stops needing invocations: once the `cost` of those made so far (summed after
 * each top-level command) is more than `units`, the rest of the text is not expanded and the
 * result is `partial` (the Bash check's work budget, spent for sure by then).
 */
export interface NormStop {
  units: number;
  cost: (inv: Invocation) => number;
}

export function normalize(ex: Extraction, ctx: { home: string; cwd: string; depth?: number; payload?: { chars: number }; root?: NormState['root']; stop?: NormStop }): { invocations: Invocation[]; issues: Issue[]; partial: boolean } {
  // every field present from the start (one shape for every state the carriers are handed)
  const st: NormState = { home: ctx.home, cwd: ctx.cwd, depth: ctx.depth ?? 0, out: [], issues: ex.issues.slice(), count: { n: 0 }, variants: 0, payload: ctx.payload ?? { chars: 0, loaded: undefined, seen: undefined, parsed: undefined, code: undefined }, rebind: undefined, opened: undefined, values: undefined, root: ctx.root, calls: undefined };
  const stop = ctx.stop;
  let partial = false;
  let spent = 0;
  let costed = 0;
  try {
    const cds: { ctx: ContextEntry[]; end: number; dir: string | null }[] = [];
    for (const sc of ex.commands) {
      if (stop) {
        for (; costed < st.out.length; costed++) spent += stop.cost(st.out[costed]!);
        if (spent > stop.units) {
          partial = true;
          break;
        }
      }
      // past the invocation budget nothing more is kept (push drops it): the rest is not expanded
      if (st.count.n > MAX_INVOCATIONS) break;
      const cd = cdFor(sc, cds);
      const inv = invocationFrom(sc);
      if (cd !== undefined) inv.chdir = cd === null ? dynamicWord('$(cd)', sc.span) : staticWord(cd, sc.span);
      const mark = st.out.length;
      if (st.depth === 0) st.root = { ex, at: sc.span.start };
      // a function body is judged once per call, its $1 … $@ being the call's words
      const perCall = st.depth === 0 && sc.context.length ? positionalVariants(inv, (st.calls ??= functionCalls(ex))) : null;
      if (perCall) for (const v of perCall) expand(v, ex, st);
      else expand(inv, ex, st);
      // a payload word that expands a name given a static value here: that text runs too
      const values = st.depth < MAX_DEPTH ? (st.values === undefined ? (st.values = staticValues(ex)) : st.values) : null;
      // `x=rm; $x -rf ~`: the command each static value of the program word names runs too
      for (const v of values && !inv.program.static ? (programVariants(inv, values) ?? []) : []) {
        if (++st.variants > MAX_VARIANTS) break;
        expand(v, ex, st);
      }
      const valued = values ? valueVariants(inv, values) : null;
      if (valued) for (let k = mark; k < st.out.length; k++) {
        const o = st.out[k]!.opaque;
        if (o && o.reason === 'dynamic') st.out[k]!.opaque = { ...o, assigned: true };
      }
      for (const v of valued ?? []) {
        // the variant budget: each is expanded in full only to keep what a carrier opened
        if (++st.variants > MAX_VARIANTS) {
          if (st.variants === MAX_VARIANTS + 1) st.issues.push({ kind: 'limit', message: 'too many value variants', span: sc.span });
          break;
        }
        const from = st.out.length;
        const counted = st.count.n;
        expand(v, ex, st);
        // keep only what a carrier opened from the value; the rest is the pipeline's to vary
        const kept = st.out.splice(from).filter((x) => x.via.length > inv.via.length);
        st.out.push(...kept);
        // what was dropped again is not a derived invocation (the variant budget counted the work)
        if (st.count.n <= MAX_INVOCATIONS) st.count.n = counted + kept.length;
      }
      // Code in environment values (EDITOR=…, export GIT_SSH_COMMAND=…, env BASH_ENV=…).
      if (st.depth < MAX_DEPTH) {
        if (mayRunEnv(inv)) envRuns(inv, ex, st, ops, (st.opened ??= new WeakSet()));
        for (let k = mark, end = st.out.length; k < end; k++) if (mayRunEnv(st.out[k]!)) envRuns(st.out[k]!, ex, st, ops, (st.opened ??= new WeakSet()));
      }
      // BASH_CMDS[name]=path: bash's command hash runs path for name.
      const to = inv.program.static ? st.rebind?.get(inv.program.value!) : undefined;
      if (to !== undefined) {
        const hashed = copyInv(inv);
        hashed.program = staticWord(to, inv.program.span);
        hashed.name = basename(to);
        hashed.via = [...inv.via, { name: `BASH_CMDS[${inv.name}]`, kind: 'carrier', span: inv.program.span }];
        expand(hashed, ex, st);
      }
      trackCd(sc, cd === undefined ? st.cwd : cd, st, cds);
    }
    // pipe items and while-read lines from a plain lister; their program facts are read afresh
    const changed: Invocation[] = [];
    prefixItems(st.out, ex, changed);
    prefixLines(st.out, ex, changed);
    prefixSubstitutions(st.out, ex, changed);
    for (const inv of changed) factsMemo.delete(inv);
  } catch (e) {
    st.issues.push({ kind: 'parse', message: `normalisation failed: ${String(e)}`, span: { start: 0, end: ex.source.length } });
  }
  return { invocations: st.out, issues: st.issues, partial };
}

/** Could envRuns open anything for `inv` (assignments, a declaration builtin or a builtin that assigns by name)? */
function mayRunEnv(inv: Invocation): boolean {
  return inv.env.length > 0 || (traitsOf(inv.name) & T_ENV_BUILTIN) !== 0;
}

function sameCtx(a: ContextEntry, b: ContextEntry): boolean {
  return a.kind === b.kind && a.span.start === b.span.start && a.span.end === b.span.end;
}

/** The directory a top-level `cd` earlier in the same list moved to (null: unknown), or undefined. */
function cdFor(sc: SimpleCommand, cds: { ctx: ContextEntry[]; end: number; dir: string | null }[]): string | null | undefined {
  for (let i = cds.length - 1; i >= 0; i--) {
    const c = cds[i];
    if (c.end > sc.span.start || c.ctx.length > sc.context.length) continue;
    if (c.ctx.every((e, k) => sameCtx(e, sc.context[k]))) return c.dir;
  }
  return undefined;
}

function trackCd(sc: SimpleCommand, base: string | null, st: NormState, cds: { ctx: ContextEntry[]; end: number; dir: string | null }[]): void {
  const w = sc.argv[0];
  if (!w || !w.static || (w.value !== 'cd' && w.value !== 'pushd' && w.value !== 'popd') || sc.pipe || sc.background) return;
  // (the stack of pushd / popd is the cwd tracker's: here a turn of it is an unknown folder)
  const step = cdStep(w.value, sc.argv.slice(1));
  let dir: string | null;
  const a = step && step.kind === 'to' ? step.target : undefined;
  if (!step || step.kind !== 'to') dir = null;
  else if (step.keep) dir = base;
  else if (!a) dir = normalizePath(st.home);
  else if (!a.static || a.value === '-' || base === null) dir = null;
  else {
    const v = a.value ?? '';
    const tail = '/' + v;
    // a folder an earlier cd moved to is normal already: a relative step with no `..` needs no
    // second walk of it (`.`, empty segments and a trailing slash only drop out of the step)
    if (v !== '' && !v.startsWith('/') && base !== st.cwd && base !== '/' && !climbs(v)) {
      const step = normalizePath(tail);
      dir = step === '/' ? base : base + step;
    } else dir = v.startsWith('/') ? normalizePath(v) : normalizePath(base + tail);
  }
  cds.push({ ctx: sc.context, end: sc.span.end, dir });
}

/** Does a relative path hold a `..` segment? */
function climbs(v: string): boolean {
  for (let i = v.indexOf('..'); i >= 0; i = v.indexOf('..', i + 1)) {
    if ((i === 0 || v.charCodeAt(i - 1) === 47) && (i + 2 === v.length || v.charCodeAt(i + 2) === 47)) return true;
  }
  return false;
}

function push(inv: Invocation, st: NormState, ex?: Extraction): void {
  if (++st.count.n > MAX_INVOCATIONS) {
    if (st.count.n === MAX_INVOCATIONS + 1) st.issues.push({ kind: 'limit', message: 'too many derived commands', span: inv.source.span });
    return;
  }
  st.out.push(inv);
}

function expand(start: Invocation, ex: Extraction, st: NormState): void {
  let inv = start;
  let words = 0;
  let system = false;
  let traits = 0;
  // `cp /bin/rm x; ./x -rf ~`: a program the command copied or linked runs as itself
  if (inv.program.static && (inv.program.value ?? '').includes('/')) inv = madeProgram(inv, ex, st);
  for (let n = 0; ; n++) {
    if (n > MAX_UNWRAP || words > MAX_UNWRAP_WORDS) return ops.opaque(inv, inv.name, 'depth', st);
    if (!inv.program.static) return push(inv, st, ex);
    system = systemProgram(inv.program);
    if (!system) break;
    traits = traitsOf(inv.name);
    if (!(traits & T_WRAPPER)) break;
    const h = WRAPPERS.get(inv.name)!;
    const r = h(inv);
    if (r.kind === 'inner') {
      words += r.inv.args.length;
      const own = optionWords(inv, r.inv.program) ? wrapperFiles(inv) : NO_REDIRECTS;
      inv = own.length ? withRedirects(r.inv, [...r.inv.redirects, ...own]) : r.inv;
      continue;
    }
    if (r.kind === 'self') break;
    if (r.kind === 'opaque') return ops.opaque(inv, inv.name, 'dynamic', st, { payload: r.why });
    // shell payload
    if (r.payload === null) return ops.opaque(inv, r.carrier, ex && r.word && ops.networkWord(r.word, ex) ? 'network' : 'dynamic', st);
    const text = r.args && r.args.length ? r.payload + ' ' + r.args.map(shellQuote).join(' ') : r.payload;
    return ops.payload(text, r.carrier, r.word?.span ?? inv.source.span, inv, st);
  }
  const name = inv.name;
  const path = inv.program.value ?? '';
  const optionVars = OPTIONS_OF.get(name);
  if (optionVars !== undefined && st.depth + 1 <= MAX_DEPTH) optionEnv(inv, optionVars, ex, st);
  // ./x.sh written earlier in the source with known text (a #! line aside, the shell runs it)
  if (path.includes('/')) runWritten(inv, inv.program, ex, st, ops);
  if (!system) {
    push(inv, st, ex);
    return nestedRuns(inv, ex, st);
  }
  if ((traits & T_SHELL) !== 0 && !shellPrintsInfo(inv)) return shellCarrier(inv, ex, st, ops);
  if (name === 'eval') return evalCarrier(inv, ex, st, ops);
  if (name === 'source' || name === '.') return sourceCarrier(inv, ex, st, ops);
  if ((traits & T_INTERPRETER) !== 0 && interpreterCarrier(inv, ex, st, ops)) return;
  if ((traits & T_OPTION_CARRIER) !== 0 && optionCarriers(inv, ex, st, ops)) {
    // awk '{system($0)}', sed e: the piped text runs as commands too
    if (inv.source.pipe && factsFor(inv).inputCode === 'sh') inputLines(inv, ex, st);
    // what the hand-written carrier does not open (git rebase --exec, submodule foreach, clone -u …)
    const own = CARRIER_OPENS.get(name);
    if (own) nestedRuns(inv, ex, st, own);
    return;
  }
  push(inv, st, ex);
  nestedRuns(inv, ex, st);
}

/**
 * What a program runs besides itself, from its program facts: an argv (`uv run CMD`, `docker exec
 * C CMD`) or a command line (`script -c LINE`, `watch LINE`). An unknown program's argv is scanned:
 * a suffix that starts with a known program, and an argument that parses as a command line, are
 * analysed as nested invocations, so a deny is not hidden behind a wrapper nobody listed.
 */
/**
 * A wrapper's own files (xargs -a F, strace -o F, time -o F): kept as redirects on fd 9 of what it
 * runs, so their reads and writes are checked like any other.
 */
function wrapperFiles(inv: Invocation): Redirect[] {
  const out: Redirect[] = [];
  for (const f of factsFor(inv).args) {
    if (f.option === undefined) continue;
    const op = f.role === 'read' || f.role === 'code-file' ? '<' : f.role === 'append' || (f.role === 'write' && f.create === 'append') ? '>>' : f.role === 'write' ? '>' : null;
    if (!op) continue;
    const target = f.text !== undefined ? staticWord(f.text, f.word.span) : f.word.static ? f.word : dynamicWord(f.approx ?? f.word.approx, f.word.span);
    out.push({ span: f.word.span, fd: 9, op, target });
  }
  return out;
}

const NO_REDIRECTS: Redirect[] = [];

/** Does the wrapper have a word before the program it runs that may be an option (a file option needs one)? */
function optionWords(inv: Invocation, program: Word): boolean {
  for (const w of inv.args) {
    if (w === program) return false;
    if (!w.static || (w.value ?? '').charCodeAt(0) === 45) return true;
  }
  return true;
}

/** Program → the variables that add options to it (OPTION_ENV turned around). */
const OPTIONS_OF = new Map<string, string[]>();
for (const [v, o] of Object.entries(OPTION_ENV)) for (const p of o.programs) {
  const list = OPTIONS_OF.get(p);
  if (list) list.push(v);
  else OPTIONS_OF.set(p, [v]);
}

/**
 * TAR_OPTIONS='--to-command=…' tar x, LESS='+!cmd' less f, VIMINIT=':!cmd' vim: the program reads
 * the variable as more of its options, so it is checked again with them in front of its arguments
 * (each value the variable gets on the command or anywhere in the source; an unknown one is opaque).
 */
function optionEnv(inv: Invocation, vars: readonly string[], ex: Extraction, st: NormState): void {
  for (const name of vars) {
    if (inv.via.some((v) => v.name === name)) continue;
    const given = inv.env.filter((a) => a.name === name);
    const values = (st.values === undefined ? (st.values = staticValues(ex)) : st.values)?.get(name) ?? [];
    const dynamic = given.some((a) => a.value !== null && !a.value.static) || (!values.length && dynamicNames(ex).has(name));
    if (dynamic) {
      ops.opaque(inv, name, 'dynamic', st);
      continue;
    }
    const texts = given.length ? given.map((a) => a.value?.value ?? '') : values;
    const o = OPTION_ENV[name]!;
    for (const t of texts) {
      if (!t.trim()) continue;
      const words = o.as ? [o.as, t] : o.whole ? [t.trim()] : envWords(t);
      ops.command([inv.program, ...words.map((w) => staticWord(w, inv.program.span)), ...inv.args], name, withRedirects(inv, inv.redirects), st, ex);
    }
  }
}

/** The names some command of the source gives a value known only at run time (the last source asked). */
let dynamicOf: Extraction | undefined;
let dynamicSet: ReadonlySet<string> = new Set();
function dynamicNames(ex: Extraction): ReadonlySet<string> {
  if (ex !== dynamicOf) {
    const names = new Set<string>();
    for (const c of ex.commands) for (const a of c.env) if (a.value !== null && !a.value.static) names.add(a.name);
    dynamicOf = ex;
    dynamicSet = names;
  }
  return dynamicSet;
}

/** A variable's options split as the programs split them: on blanks, with quotes and backslashes kept together. */
function envWords(t: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q = '';
  let any = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (q) {
      if (c === q) q = '';
      else if (c === '\\' && q === '"' && i + 1 < t.length) cur += t[++i];
      else cur += c;
    } else if (c === "'" || c === '"') {
      q = c;
      any = true;
    } else if (c === '\\' && i + 1 < t.length) {
      cur += t[++i];
      any = true;
    } else if (c === ' ' || c === '\t' || c === '\n') {
      if (cur || any) out.push(cur);
      cur = '';
      any = false;
    } else cur += c;
  }
  if (cur || any) out.push(cur);
  return out;
}

/** Options an option carrier opens itself (its other exec roles are opened from the program facts). */
const CARRIER_OPENS: ReadonlyMap<string, ReadonlySet<string>> = new Map([['git', new Set(['c', 'config-env'])]]);

function nestedRuns(inv: Invocation, ex: Extraction, st: NormState, skip?: ReadonlySet<string>): void {
  if (!inv.program.static || inv.opaque || st.depth + 1 > MAX_DEPTH) return;
  const facts = inv.name ? factsFor(inv) : null;
  let argvs: Word[][] = NO_ARGVS;
  let lines: Word[] = NO_WORDS;
  // the search whose matches each argv gets (find -exec, fd -x), when it does
  let sets: Map<Word[], ArgFact> | undefined;
  const loads = facts !== null && facts.known && (facts.projectCode === true || facts.unmodelled === true || loadsFiles(facts));
  if (facts && facts.known) {
    // (nothing to open: no exec role, no code on stdin, no file it loads as code, the common case)
    if (!opensAny(facts) && !loads) return;
    for (const f of facts.args) {
      // skipped: what the carrier opened, and a value stored for later (git config alias.x '!…'), not run now
      if (skip && f.option !== undefined && (skip.has(f.option) || f.option.startsWith('config:'))) continue;
      if (f.role === 'exec-argv') {
        const argv = f.argv ?? inv.args.slice(f.argvIndex ?? Math.max(0, inv.args.indexOf(f.word)));
        if (argv.length) (argvs === NO_ARGVS ? (argvs = []) : argvs).push(argv);
        if (argv.length && f.matches) (sets ??= new Map()).set(argv, f);
      } else if (f.role === 'code' && hasShellEscapes(f.language) && f.word.static) {
        // gdb -ex 'shell CMD', make --eval 'x:; CMD', less +'!CMD': the shell runs CMD
        for (const l of shellEscapes(f.language, f.text ?? f.word.value ?? '', inv.name)) (lines === NO_WORDS ? (lines = []) : lines).push({ ...f.word, static: true, value: l, raw: l, approx: l });
      } else if (f.role === 'exec-line') {
        // npm --script-shell=/bin/bash: a system shell as the program's shell runs the program's own
        // scripts, nothing new (unless stdin or a connection feeds it commands: nc -e /bin/sh)
        if (f.option !== undefined && systemShell(f.text ?? (f.word.static ? f.word.value : undefined)) && !fedStdin(inv) && facts.execStdio === undefined) continue;
        if (f.text !== undefined) (lines === NO_WORDS ? (lines = []) : lines).push(f.text === f.word.value ? f.word : { ...f.word, static: true, value: f.text, raw: f.text, approx: f.text });
        else if (f.word.static) (lines === NO_WORDS ? (lines = []) : lines).push(f.word);
        else ops.opaque(inv, `${inv.name} (command line)`, 'dynamic', st);
      }
    }
  } else {
    const scan = scanUnknown(inv.args);
    argvs = scan.nestedArgv;
    lines = scan.lines;
  }
  const mark = st.out.length;
  // files this command wrote, then loads as code or config (`python3 x.py`, `make`, `npm run x`)
  if (loads) loadFiles(inv, facts!, ex, st);
  else if (!facts || !facts.known) unknownLoads(inv, inv.args, ex, st, ops);
  // a program whose stdin is a shell script (at, batch): the here-string, heredoc or piped text runs later
  if (facts && facts.known && ((facts.stdin === 'code' && facts.stdinLanguage === 'sh') || facts.inputCode === 'sh') && !SHELLS.has(inv.name) && !facts.info) shellStdin(inv, inv.name, ex, st, ops);
  // sqlite3 <<< '.shell CMD', ed <<< '!CMD', m4 <<< 'esyscmd(CMD)': the text on stdin runs CMD
  if (facts && facts.known && facts.stdin === 'code' && hasShellEscapes(facts.stdinLanguage)) stdinEscapes(inv, facts.stdinLanguage, ex, st);
  // a crontab read from stdin: each entry's command runs later
  if (facts && facts.known && facts.stdin === 'code' && facts.stdinLanguage === 'crontab') crontabStdin(inv, ex, st, ops);
  else if (facts && facts.known && crontabDash(facts)) crontabStdin(inv, ex, st, ops);
  if (argvs.length) {
    // a folder the program moves to first (cmake -E chdir D, sudo -D D, make -C D): its commands run there
    const outer = withRedirects(inv, []);
    const dir = facts?.args.find((a) => a.role === 'cwd');
    if (dir) outer.chdir = dir.text !== undefined ? staticWord(dir.text, dir.word.span) : dir.word;
    for (const argv of argvs) {
      const search = sets?.get(argv);
      ops.command(argv, search?.option ? `${inv.name} -${search.option}` : `${inv.name} runs`, outer, st, ex, search?.matches);
    }
  }
  for (const l of lines) ops.payload(l.value!, `${inv.name} runs`, l.span, withRedirects(inv, []), st, false);
  for (let k = mark; k < st.out.length; k++) if (!nestedParent.has(st.out[k]!)) nestedParent.set(st.out[k]!, inv);
}

function stdinEscapes(inv: Invocation, language: string | undefined, ex: Extraction, st: NormState): void {
  const text = stdinText(inv, ex, st);
  if (text !== null) for (const l of shellEscapes(language, text, inv.name)) ops.payload(l, `${inv.name} runs`, inv.source.span, withRedirects(inv, []), st, false);
}

/** The static text piped into a program that runs its input lines: each line runs. */
function inputLines(inv: Invocation, ex: Extraction, st: NormState): void {
  const sc = inv.source;
  if (!sc.pipe || sc.pipe.index === 0) return;
  const prev = feedingStage(ex, sc)[0];
  const text = prev ? staticOutput(prev.argv, prev.redirects) : null;
  if (text !== null) ops.payload(text, `| ${inv.name}`, sc.span, inv, st, true);
}

const NO_ARGVS: Word[][] = [];
const NO_WORDS: Word[] = [];

/** The invocation as the program its path was copied or linked from earlier in the source (a chain of up to 8 copies). */
function madeProgram(inv: Invocation, ex: Extraction, st: NormState): Invocation {
  let from: string | null = null;
  let path = inv.program.value ?? '';
  for (let k = 0; k < 8; k++) {
    const src = copiedProgram(path, ex, st, inv.source.span.start);
    if (src === null || src === from) break;
    from = path = src;
  }
  if (from === null) return inv;
  const next = copyInv(inv);
  next.program = staticWord(from, inv.program.span);
  next.name = basename(from);
  return next;
}

/** Does the program load a file as code or configuration (where the command may have written it)? */
function loadsFiles(f: ProgramFacts): boolean {
  for (const a of f.args) if ((a.role === 'code-file' || a.role === 'config') && a.word.static) return true;
  return false;
}

function loadFiles(inv: Invocation, f: ProgramFacts, ex: Extraction, st: NormState): void {
  for (const a of f.args) {
    if (a.role !== 'code-file' && a.role !== 'config') continue;
    // a shell's own script is read by the shell carrier
    if (a.role === 'code-file' && a.language === 'sh' && SHELLS.has(inv.name)) continue;
    const language = a.role === 'config' ? undefined : a.language;
    const w = a.word.static && a.text !== undefined && a.text !== a.word.value ? staticWord(a.text, a.word.span) : a.word;
    // make -f /dev/stdin <<< TEXT, make -f <(echo TEXT): the file is a stream, that text is what loads
    const text = streamText(w, inv, ex, st, a.role === 'code-file');
    if (typeof text === 'string') runText(inv, text, w.static ? (w.value ?? '-') : 'stdin', language, w, st, ops);
    else if (text === null) ops.opaque(inv, `${inv.name} (${w.static ? w.value : w.approx})`, ops.networkPipe(inv.source, ex) || (!w.static && ops.networkWord(w, ex)) ? 'network' : 'stdin', st, language ? { language } : undefined);
    else if (a.word.static) loadWritten(inv, a.word, language, ex, st, ops, a.text ?? a.word.value);
  }
  if (f.projectCode) projectWrites(inv, f, ex, st, ops);
  if (f.unmodelled) unknownLoads(inv, inv.args, ex, st, ops);
}

/** Could nestedRuns open anything from these facts: an exec role, or code on stdin? */
function opensAny(f: ProgramFacts): boolean {
  if (f.stdin === 'code' || f.inputCode) return true;
  for (const a of f.args) if (a.role === 'exec-argv' || a.role === 'exec-line' || a.role === 'code-file' || (a.role === 'code' && hasShellEscapes(a.language))) return true;
  return false;
}

/** `crontab -`: the table is read from stdin. */
function crontabDash(f: ProgramFacts): boolean {
  for (const a of f.args) if (a.role === 'code-file' && a.language === 'crontab' && a.word.static && a.word.value === '-') return true;
  return false;
}

const SYSTEM_SHELL_DIRS = new Set(['', '/bin', '/usr/bin', '/usr/local/bin']);

/** `bash`, `/bin/sh`, `/usr/bin/zsh`: a shell program with no arguments. */
function systemShell(v: string | undefined): boolean {
  if (!v) return false;
  const slash = v.lastIndexOf('/');
  return SYSTEM_SHELL_DIRS.has(slash < 0 ? '' : v.slice(0, slash)) && SHELLS.has(v.slice(slash + 1)) && !v.includes(' ');
}

/** Something feeds this invocation's stdin (a pipe, `<`, a heredoc or here-string). */
function fedStdin(inv: Invocation): boolean {
  return (!!inv.source.pipe && inv.source.pipe.index > 0) || inv.redirects.some((r) => (r.fd === null || r.fd === 0) && r.op.startsWith('<'));
}

// The program facts of an invocation, described once per argv (normalize and effects both need
// them). Kept on the args array (a symbol key: a WeakMap set costs more than describing a short
// argv), so the copies a carrier, an opaque mark or the pipeline make (copyInv, `{ ...inv, chdir }`) share
// one description; an argv replaced by a new array is described afresh, and one rewritten in
// place is forgotten (factsMemo.delete). The facts' own name must match too.
const FACTS = Symbol('program facts');
type Described = Word[] & { [FACTS]?: ProgramFacts };
export function factsFor(inv: Invocation): ProgramFacts {
  const args = inv.args as Described;
  const m = args[FACTS];
  if (m !== undefined && m.name === inv.name) return m;
  const f = describe(inv.name, args);
  if (Object.isExtensible(args)) args[FACTS] = f;
  return f;
}
const factsMemo = {
  delete: (inv: Invocation) => {
    const args = inv.args as Described;
    if (args[FACTS] !== undefined) args[FACTS] = undefined;
  },
};

/** For an invocation a program runs (uv run CMD, an unknown wrapper's argv): that program's. */
const nestedParent = new WeakMap<Invocation, Invocation>();
export function parentOf(inv: Invocation): Invocation | undefined {
  return nestedParent.get(inv);
}


function step(name: string, span: Span) {
  return { name, kind: 'carrier' as const, span };
}

const ops: Ops = {
  payload(text, carrier, span, outer, st, keepRedirects) {
    if (st.depth + 1 > MAX_DEPTH) return ops.opaque(outer, carrier, 'depth', st, { payload: text });
    // past the invocation budget nothing the payload runs is kept
    if (st.count.n > MAX_INVOCATIONS) return;
    // the payload budget, charged before the analysis
    if ((st.payload.chars += text.length) > MAX_PAYLOAD_CHARS) {
      st.issues.push({ kind: 'limit', message: `${carrier}: more than ${MAX_PAYLOAD_CHARS} characters of payload text to analyse`, span });
      return ops.opaque(outer, carrier, 'depth', st, { payload: text });
    }
    let sub: Extraction | undefined;
    try {
      sub = analysedPayload(text, st);
    } catch (e) {
      st.issues.push({ kind: 'parse', message: `${carrier}: payload could not be analysed`, span });
      return ops.opaque(outer, carrier, 'dynamic', st, { payload: text });
    }
    const inner = normalize(sub, { home: st.home, cwd: st.cwd, depth: st.depth + 1, payload: st.payload, root: st.root });
    for (const is of inner.issues) st.issues.push({ kind: is.kind, message: `${carrier}: ${is.message}`, span });
    const redirects = keepRedirects === false ? [] : outer.redirects;
    const prefix = [...outer.via, step(carrier, span)];
    if (!inner.invocations.length && redirects.length) {
      const empty = withArgs(outer, []);
      empty.name = '';
      empty.program = staticWord('', span);
      empty.via = prefix;
      empty.redirects = redirects;
      foreign.set(empty, span);
      return push(empty, st);
    }
    // the copies keep who ran whom (nc -e sh inside bash -c: sh's parent is the copy of nc)
    const copies = inner.invocations.some((i) => nestedParent.has(i)) ? new Map<Invocation, Invocation>() : undefined;
    for (const i of inner.invocations) {
      const inv = copyInv(i);
      if (copies) {
        const parent = nestedParent.get(i);
        if (parent !== undefined) nestedParent.set(inv, copies.get(parent) ?? parent);
        copies.set(i, inv);
      }
      if (outer.env.length) inv.env = [...outer.env, ...i.env];
      if (redirects.length) inv.redirects = [...redirects, ...i.redirects];
      inv.via = [...prefix, ...i.via];
      if (outer.chdir && !inv.chdir) inv.chdir = outer.chdir;
      foreign.set(inv, foreign.has(outer) ? foreign.get(outer)! : span);
      push(inv, st);
    }
  },
  command(words, carrier, outer, st, ex, matches) {
    const o = outer.source;
    const sc = simpleCommand(o.span, [], words, [], o.context, o.background, o.conditional, undefined);
    const inv = invocationFrom(sc);
    inv.env = outer.env;
    inv.via = [...outer.via, step(carrier, words[0].span)];
    if (outer.chdir) inv.chdir = outer.chdir;
    if (foreign.has(outer)) foreign.set(inv, foreign.get(outer)!);
    if (st.depth + 1 > MAX_DEPTH) return ops.opaque(inv, carrier, 'depth', st);
    const saved = st.depth;
    st.depth++;
    try {
      const mark = st.out.length;
      expand(inv, ex ?? { source: '', commands: [sc], functions: [], issues: [], arith: undefined, assigned: undefined, stats: { chars: 0, tokens: 0, maxDepth: 0, commands: 1 } }, st);
      if (foreign.has(outer)) for (let k = mark; k < st.out.length; k++) foreign.set(st.out[k], foreign.get(outer)!);
      if (matches) for (let k = mark; k < st.out.length; k++) findCtx.set(st.out[k], matches);
    } finally {
      st.depth = saved;
    }
  },
  opaque(inv, carrier, reason, st, extra) {
    const o: NonNullable<Invocation['opaque']> = { carrier, reason };
    if (extra?.language) o.language = extra.language;
    if (extra?.payload !== undefined) o.payload = extra.payload;
    const next = copyInv(inv);
    next.opaque = o;
    if (foreign.has(inv)) foreign.set(next, foreign.get(inv)!);
    push(next, st);
    // inline interpreter code: its shell calls and file calls, as equivalent command lines
    if (reason === 'language' && extra?.language && extra.payload !== undefined) {
      const code = codeOf(st, extra.language, extra.payload);
      for (const line of code.lines) ops.payload(line, `${carrier} code`, inv.source.span, withRedirects(inv, []), st, false);
      if (code.dynamic) o.runsInput = true;
      // a reverse shell: the code connects out and gives a program the connection
      if (code.socket) o.reason = 'network';
    }
  },
  networkWord,
  networkOutput,
  networkPipe(sc, ex) {
    const p = sc.pipe;
    if (!p) return false;
    return ex.commands.some((c) => c.pipe && c.pipe.id === p.id && c.pipe.index < p.index && networkOutput(c, ex));
  },
};

/** A word holding `$(…)` or `<(…)` that runs a network program, or a variable given such a value (`x=$(curl …); sh <<< "$x"`). */
function networkWord(w: Word, ex: Extraction, depth = 0): boolean {
  if (w.substitutions || w.kinds.includes('command') || w.kinds.includes('process')) {
    for (const c of ex.commands) {
      const ctxEntry = c.context.find((e) => (e.kind === 'cmdsub' || e.kind === 'procsub') && e.span.start >= w.span.start && e.span.end <= w.span.end);
      if (ctxEntry && isNetwork(c, ex)) return true;
    }
  }
  if (depth > 2 || !w.params.length) return false;
  for (const c of ex.commands) for (const a of c.env) if (a.value && w.params.includes(a.name) && networkWord(a.value, ex, depth + 1)) return true;
  return false;
}

/** May a pipe stage print what a network program fetched: it is one, or a word of it substitutes one (`echo "$(curl …)"`). */
export function networkOutput(c: SimpleCommand, ex: Extraction): boolean {
  if (isNetwork(c, ex)) return true;
  for (const w of c.argv) if ((w.substitutions || w.params.length) && networkWord(w, ex)) return true;
  for (const r of c.redirects) if ((r.target.substitutions || r.target.params.length) && networkWord(r.target, ex)) return true;
  return false;
}

/** The effective program of a simple command after wrappers, e.g. `timeout 5 curl` → curl. */
export function effectiveName(sc: SimpleCommand): string {
  // Fast path: a plain first word that is not a wrapper names the program itself.
  const w0 = sc.argv[0];
  if (!w0) return '';
  if (!(w0.braces && w0.braces.length > 1 && w0.braces.length <= 256)) {
    if (!w0.static) return '';
    const name = basename(w0.value ?? '');
    if (!systemProgram(w0) || !WRAPPERS.has(name)) return name;
  }
  let inv = invocationFrom(sc);
  let words = 0;
  for (let n = 0; n < MAX_UNWRAP && words <= MAX_UNWRAP_WORDS && inv.program.static && systemProgram(inv.program); n++) {
    const h = WRAPPERS.get(inv.name);
    if (!h) break;
    const r = h(inv);
    if (r.kind !== 'inner') break;
    inv = r.inv;
    words += inv.args.length;
  }
  return inv.program.static ? basename(inv.program.value ?? '') : '';
}

function isNetwork(sc: SimpleCommand, ex: Extraction): boolean {
  return NETWORK.has(effectiveName(sc)) || runsNetwork(sc.argv, 0) || namedNetwork(sc, ex);
}

/** `X=curl; $X -s URL`: a program word that expands a name given a network program's name in the source. */
const VALUES = new WeakMap<Extraction, Map<string, string[]> | null>();
function namedNetwork(sc: SimpleCommand, ex: Extraction): boolean {
  const w0 = sc.argv[0];
  if (!w0 || w0.static || w0.params.length !== 1) return false;
  let values = VALUES.get(ex);
  if (values === undefined) VALUES.set(ex, (values = staticValues(ex)));
  return values !== null && wordValues(w0, values).some((v) => NETWORK.has(basename(v.split(' ')[0]!)));
}

/** A network program run through any wrapper the program facts know (envchain prod curl …) or an unknown one's argv. */
function runsNetwork(words: readonly Word[], depth: number): boolean {
  const w0 = words[0];
  if (!w0 || !w0.static || depth > 4) return false;
  const name = basename(w0.value ?? '');
  if (depth > 0 && NETWORK.has(name)) return true;
  const args = words.slice(1);
  const facts = describe(name, args);
  if (!facts.known) return scanUnknown(args).nestedArgv.some((a) => runsNetwork(a, depth + 1));
  for (const f of facts.args) {
    // a program that connects to a host named here prints what the host sends (telnet, openssl s_client)
    if (f.role === 'network') return true;
    if (f.role !== 'exec-argv') continue;
    const argv = f.argv ?? args.slice(f.argvIndex ?? Math.max(0, args.indexOf(f.word)));
    if (runsNetwork(argv, depth + 1)) return true;
  }
  return false;
}
