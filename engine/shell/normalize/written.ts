// Files the command itself writes with known text (`echo … > x`, `cat > x <<EOF`, `… | tee x`),
// then loads as code: `python3 x.py`, `bpftrace x.bt`, `neofetch --config x`, or a project file
// that a runner loads by convention (`npm run`, `make`, `pytest` read package.json, Makefile,
// conftest.py). What the text runs is checked as if it were given inline.
import type { Extraction, Invocation, SimpleCommand, Word } from '../types.ts';
import type { ProgramFacts } from '../../programs/types.ts';
import type { NormState, Ops } from './state.ts';
import { basename, withRedirects } from './words.ts';
import { resolveLiteral } from '../../paths/index.ts';
import { feedingStage, stageOutput } from '../printed.ts';
import { codeCommands, readsCode } from '../../programs/code.ts';
import { shellEscapes } from '../../programs/escapes.ts';
import { describe, lookup } from '../../programs/index.ts';

export function absIn(st: NormState, p: string): string {
  return resolveLiteral(p, st.cwd);
}

/**
 * The text written to `path` earlier in the source, before `at`, by stages whose output is known,
 * appends included: what a later `sh x.sh` or `source x.sh` runs. Only the known part: the caller
 * keeps the file opaque.
 */
export function writtenText(path: string, ex: Extraction, st: NormState, at: number, target?: string): string | null {
  const log = logOf(ex, st);
  const root = !st.root || st.root.ex === ex ? null : logOf(st.root.ex, st);
  // (most sources write no file: no path to work out)
  if (!log.all.length && (root === null || !root.all.length)) return null;
  target ??= absIn(st, path);
  const inner = textAt(log, target, at);
  // a payload run by a command of the source (`bash -c ./x.sh`, `su -c …`): what the source wrote before that command
  return inner !== null || root === null ? inner : textAt(root, target, st.root!.at);
}

/** One write of a file by a command: its stdout (a redirect, a tee operand) or a copy of another file. */
interface Write {
  /** As written (relative names stay relative). */
  raw: string;
  append: boolean;
  /** A copy (cp, ln, install, mv): the source's absolute path. */
  from: string | null;
  /** The text written, worked out on first use (undefined: not yet; null: not known). */
  text: string | null | undefined;
  /** The writing command (its span places the write in the source). */
  sc: SimpleCommand;
  tee: boolean;
}

/** Every write of a source, by target, worked out once per source and cwd. */
interface WriteLog {
  /** (undefined only in the shared log of a source that writes nothing, which textAt never reads) */
  ex: Extraction | undefined;
  cwd: string;
  byTarget: Map<string, Write[]>;
  all: Write[];
  /** textAt answers: target NUL at → text. */
  memo: Map<string, string | null>;
  /** For each k, the earliest end of the writes all[k…] (made on first use): no write from k on ends before it. */
  endsFrom: number[] | undefined;
}

const LOGS = new WeakMap<Extraction, WriteLog>();
/** The log of a source that writes nothing (most write nothing, whatever the cwd): shared, never stored. */
const NO_WRITES: WriteLog = { ex: undefined, cwd: '', byTarget: new Map(), all: [], memo: new Map(), endsFrom: undefined };
/** The last source found to write nothing (a WeakMap entry for each cost more than the scan). */
let quiet: Extraction | null = null;

function logOf(ex: Extraction, st: NormState): WriteLog {
  if (ex === quiet) return NO_WRITES;
  const known = LOGS.get(ex);
  if (known !== undefined && known.cwd === st.cwd) return known;
  let log: WriteLog | null = null;
  const add = (c: SimpleCommand, raw: string, append: boolean, from: string | null, tee: boolean) => {
    log ??= { ex, cwd: st.cwd, byTarget: new Map(), all: [], memo: new Map(), endsFrom: undefined };
    const w: Write = { raw, append, from, text: undefined, sc: c, tee };
    const target = absIn(st, raw);
    const list = log.byTarget.get(target);
    if (list) list.push(w);
    else log.byTarget.set(target, [w]);
    log.all.push(w);
  };
  for (const c of ex.commands) {
    const copies = copiesOf(c, st);
    if (copies !== null) {
      for (const [dest, from] of copies) add(c, dest, false, from, false);
      continue;
    }
    if (tees(c)) {
      const append = c.argv.some((w) => w.static && (w.value === '-a' || w.value === '--append'));
      for (let i = 1; i < c.argv.length; i++) if (c.argv[i]!.static && !(c.argv[i]!.value ?? '-').startsWith('-')) add(c, c.argv[i]!.value ?? '', append, null, true);
    }
    for (const r of c.redirects) if (stdoutWrite(r.op, r.fd) && r.target.static) add(c, r.target.value ?? '', r.op === '>>', null, false);
  }
  if (log === null) {
    quiet = ex;
    return NO_WRITES;
  }
  LOGS.set(ex, log);
  return log;
}

/** What target holds just before `at`: the known text of its writes in order (a copy brings its source's). */
function textAt(log: WriteLog, target: string, at: number): string | null {
  const list = log.byTarget.get(target);
  if (!list) return null;
  const key = target + '\0' + at;
  const memo = log.memo.get(key);
  if (memo !== undefined) return memo;
  log.memo.set(key, null); // (a copy cycle reads as unknown)
  let text: string | null = null;
  for (const w of list) {
    if (w.sc.span.end > at) break;
    if (w.from !== null) {
      text = textAt(log, w.from, w.sc.span.start) ?? text;
      continue;
    }
    if (w.text === undefined) w.text = w.tee ? teeInput(log.ex!, w.sc) : stageOutput(log.ex!, w.sc);
    if (w.text === null) continue;
    text = w.append && text !== null ? text + w.text : w.text;
  }
  log.memo.set(key, text);
  return text;
}

/** A copying command's (cp, ln, install, mv: ProgramFacts.copies) destinations, each with its source (absolute), or null. */
function copiesOf(c: SimpleCommand, st: NormState): [string, string][] | null {
  const a0 = c.argv[0];
  if (!a0 || !a0.static || c.argv.length < 3) return null;
  const name = basename(a0.value ?? '');
  if (!lookup(name)?.copies) return null;
  const f = describe(name, c.argv.slice(1));
  if (!f.known || !f.copies) return null;
  let dir: string | null = null;
  let file: string | null = null;
  const sources: string[] = [];
  for (const a of f.args) {
    const v = a.word.static ? (a.text ?? a.word.value ?? '') : null;
    if (a.role === 'read' || a.role === 'delete') {
      if (v !== null) sources.push(v);
    } else if (a.role === 'write') file = v;
    else if (a.role === 'dir-target') dir = v;
  }
  const out: [string, string][] = [];
  if (file !== null && sources.length === 1) out.push([file, absIn(st, sources[0]!)]);
  // a destination folder: each source keeps its name there (also `cp SRC DIR` when DIR exists)
  const into = dir ?? file;
  if (into !== null) for (const src of sources) out.push([into + '/' + basename(src), absIn(st, src)]);
  return out;
}

/**
 * The program a path names when the command made it by copying or linking one (`cp /bin/rm x`,
 * `ln -s /bin/rm x`, `install /bin/sh x`) before `at`: running x is running that program.
 */
export function copiedProgram(path: string, ex: Extraction, st: NormState, at: number): string | null {
  let from: string | null = null;
  const log = logOf(ex, st);
  for (const w of (log.all.length ? log.byTarget.get(absIn(st, path)) : undefined) ?? []) {
    if (w.sc.span.end > at) break;
    from = w.from;
  }
  if (from === null && st.root && st.root.ex !== ex) return copiedProgram(path, st.root.ex, st, st.root.at);
  return from;
}

function tees(c: SimpleCommand): boolean {
  const w = c.argv[0];
  return !!w && w.static && basename(w.value ?? '') === 'tee';
}

function stdoutWrite(op: string, fd: number | null): boolean {
  return (op === '>' || op === '>>' || op === '>|') && (fd === null || fd === 1);
}

function teeInput(ex: Extraction, c: SimpleCommand): string | null {
  const fed = feedingStage(ex, c);
  return fed.length === 1 ? stageOutput(ex, fed[0]!) : null;
}

/**
 * The writes of one runner (program, folder, context) looked at already: every write of `logs[k]`
 * before index `next[k]` is looked at (or is a copy, or lies after every `at` asked so far).
 */
export interface Looked {
  writes: Set<object>;
  logs: WriteLog[];
  next: number[];
}

/**
 * Each write before `at` with text of its own (not a copy) that `looked` has not seen, in the
 * source and (for a payload) its root; each is marked seen before it is visited.
 */
function eachNewWriteBefore(ex: Extraction, st: NormState, at: number, looked: Looked, visit: (w: Write) => void): void {
  newWritesIn(logOf(ex, st), at, looked, visit);
  if (st.root && st.root.ex !== ex) newWritesIn(logOf(st.root.ex, st), st.root.at, looked, visit);
}

function newWritesIn(log: WriteLog, at: number, looked: Looked, visit: (w: Write) => void): void {
  const all = log.all;
  if (!all.length) return;
  let k = looked.logs.indexOf(log);
  if (k < 0) k = looked.logs.push(log) - 1;
  let i = looked.next[k] ?? 0;
  const ends = (log.endsFrom ??= endsFrom(all));
  // (a write taken or skipped for good moves the start on, while no write before it is left)
  let prefix = true;
  for (; i < all.length && ends[i]! <= at; i++) {
    const w = all[i]!;
    if (w.from !== null || looked.writes.has(w)) {
      if (prefix) looked.next[k] = i + 1;
      continue;
    }
    if (w.sc.span.end > at) {
      prefix = false;
      continue;
    }
    looked.writes.add(w);
    if (prefix) looked.next[k] = i + 1;
    visit(w);
  }
}

/** The suffix minima of the writes' ends. */
function endsFrom(all: readonly Write[]): number[] {
  const out = new Array<number>(all.length);
  let min = Infinity;
  for (let k = all.length - 1; k >= 0; k--) out[k] = min = Math.min(min, all[k]!.sc.span.end);
  return out;
}

/** Does the source (or its root) write any file at all (most do not: answered without a closure). */
function writesAny(ex: Extraction, st: NormState): boolean {
  return logOf(ex, st).all.length > 0 || (!!st.root && st.root.ex !== ex && logOf(st.root.ex, st).all.length > 0);
}

const SHELL_LANGUAGES = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh']);
const LANGUAGE_ALIASES: Record<string, string> = { node: 'javascript', js: 'javascript', deno: 'javascript', python3: 'python' };
/** A project file's language by its extension or name (the rest: read for embedded command lines). */
const BY_EXTENSION: ReadonlyMap<string, string> = new Map(Object.entries({
  py: 'python', js: 'javascript', mjs: 'javascript', cjs: 'javascript', ts: 'javascript', mts: 'javascript', cts: 'javascript', jsx: 'javascript', tsx: 'javascript',
  rb: 'ruby', rake: 'ruby', gemspec: 'ruby', pl: 'perl', pm: 'perl', t: 'perl', php: 'php', lua: 'lua', r: 'r', R: 'r',
  sh: 'sh', bash: 'sh', zsh: 'sh', mk: 'make',
}));
const BY_NAME: ReadonlyMap<string, string> = new Map(Object.entries({ Makefile: 'make', makefile: 'make', GNUmakefile: 'make', Rakefile: 'ruby', Gemfile: 'ruby', Guardfile: 'ruby', SConstruct: 'python', SConscript: 'python', wscript: 'python' }));
/** Runners that load only part of their project: git runs its hooks and repository config, not the work tree. */
const LOADED_PART: Record<string, readonly string[]> = { git: ['.git/', '.husky/', '.githooks/'] };
/** Text no runner loads as code: prose and data kept beside a project. */
const PROSE = new Set(['md', 'markdown', 'txt', 'rst', 'adoc', 'log', 'csv', 'tsv']);

function languageOf(path: string): string | undefined {
  const name = basename(path);
  const named = BY_NAME.get(name);
  if (named !== undefined) return named;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? BY_EXTENSION.get(name.slice(dot + 1)) : undefined;
}

/**
 * `w` names a file this command wrote before, with known text, that the invocation loads as code
 * (in `language`, else by its name) or as configuration: its commands are checked as payloads of
 * the invocation. The file stays opaque; this only adds what it is known to run. `path` is the
 * part of the word that names the file (`--vars=FILE`), the whole word by default.
 */
export function loadWritten(inv: Invocation, w: Word, language: string | undefined, ex: Extraction, st: NormState, ops: Ops, path = w.value): void {
  if (!w.static || path === undefined) return;
  const text = writtenText(path, ex, st, inv.source.span.start);
  if (text !== null) runText(inv, text, path, language, w, st, ops);
}

/** What, besides the program, decides how a loaded text runs: wrappers (sudo), env, a cd. */
function runContext(inv: Invocation): string {
  return `${inv.via.map((v) => v.name).join(' ')}\0${inv.env.map((a) => a.name).join(' ')}\0${inv.chdir?.raw ?? ''}`;
}

/** Run a text the program loads as code (a file written here, a here-string it reads as /dev/stdin). */
export function runText(inv: Invocation, text: string, path: string, language: string | undefined, w: Word, st: NormState, ops: Ops, abs = absIn(st, path), context = runContext(inv)): void {
  const given = language !== undefined ? (LANGUAGE_ALIASES[language] ?? language) : languageOf(path);
  // the same text loaded the same way again (npm test; npm test) adds nothing to check; under
  // another wrapper, env or folder (sudo npm test) it is checked again
  const key = `${inv.name}\0${context}\0${given ?? ''}\0${abs}\0${text}`;
  const loaded = (st.payload.loaded ??= new Set());
  if (loaded.has(key)) return;
  loaded.add(key);
  if (given !== undefined && SHELL_LANGUAGES.has(given)) return ops.payload(text, writtenHere(path), w.span, withRedirects(inv, []), st, false);
  const code = given !== undefined && readsCode(given) ? codeOf(st, given, text) : null;
  const lines = code !== null ? code.lines : shellEscapes(given, text, inv.name);
  // (most loaded texts run nothing: no copy of the invocation, no label made for them)
  if (lines.length) {
    const bare = withRedirects(inv, []);
    const label = writtenHere(path);
    for (const line of lines) ops.payload(line, label, w.span, bare, st, false);
  }
  // a reverse shell written first: the code connects out and hands a program the connection
  if (code !== null && code.socket) ops.opaque(inv, writtenHere(path), 'network', st, { language: given });
}

/** The carrier label of a text loaded from a file the command wrote. */
function writtenHere(path: string): string {
  return `${basename(path)} written here`;
}

/**
 * The command lines code in `language` runs (codeCommands), read once per text in a decision: a
 * text written to many files, or loaded by many runners, is the same code each time.
 */
export function codeOf(st: NormState, language: string, text: string): Code {
  const memo = (st.payload.code ??= new Map());
  let c = memo.get(text);
  // (by text alone: the same text in another language is read again)
  if (c === undefined || c.language !== language) {
    const info = { dynamic: false, socket: false };
    const lines = codeCommands(language, text, info);
    memo.set(text, (c = { language, lines, dynamic: info.dynamic, socket: info.socket }));
  }
  return c;
}

export interface Code {
  language: string;
  lines: string[];
  dynamic: boolean;
  socket: boolean;
}

/**
 * A runner of project code (npm run, make, pytest, bundle, cargo …) loads files of its project by
 * convention: each file this command wrote earlier under the folder the runner works in, with
 * known text, may be one of them (package.json scripts, a Makefile, conftest.py, a test file).
 */
export function projectWrites(inv: Invocation, f: ProgramFacts, ex: Extraction, st: NormState, ops: Ops): void {
  const at = inv.source.span.start;
  if (!writesAny(ex, st)) return;
  // each write is looked at once per runner program and folder (npm test; npm test reads the same files)
  const dir = projectDir(inv, f, st);
  const context = runContext(inv);
  const runner = `${inv.name}\0${dir}\0${context}`;
  const all = (st.payload.seen ??= new Map());
  let looked = all.get(runner);
  if (looked === undefined) all.set(runner, (looked = { writes: new Set(), logs: [], next: [] }));
  const part = Object.hasOwn(LOADED_PART, inv.name) ? LOADED_PART[inv.name]! : null;
  eachNewWriteBefore(ex, st, at, looked, (w) => {
    const raw = w.raw;
    const abs = absIn(st, raw);
    const inside = insideDir(raw, abs, dir);
    if (inside === null) return;
    if (part && !part.some((p) => inside.startsWith(p) || inside.includes('/' + p))) return;
    const name = basename(raw);
    const dot = name.lastIndexOf('.');
    if (dot > 0 && PROSE.has(name.slice(dot + 1).toLowerCase())) return;
    const text = writtenText(raw, ex, st, at, abs);
    if (text !== null) runText(inv, text, raw, undefined, inv.program, st, ops, abs, context);
  });
}

/**
 * Where a written file lies in the runner's folder (relative to it), or null when outside. A
 * relative name was written where the runner runs, as far as anyone knows (after the same cd),
 * and so is any file when the folder is unknown.
 */
function insideDir(raw: string, abs: string, dir: string | null): string | null {
  if (!raw.startsWith('/') || dir === null) return raw.startsWith('./') ? raw.slice(2) : raw;
  if (abs === dir) return '';
  const prefix = dir === '/' ? '/' : dir + '/';
  return abs.startsWith(prefix) ? abs.slice(prefix.length) : null;
}

/** The folder a runner works in: its -C/--prefix/--cwd option, a cd before it, or the cwd (null: unknown). */
function projectDir(inv: Invocation, f: ProgramFacts, st: NormState): string | null {
  for (const a of f.args) if (a.role === 'cwd') return a.word.static ? absIn(st, a.text ?? a.word.value ?? '.') : null;
  if (inv.chdir) return inv.chdir.static ? absIn(st, inv.chdir.value ?? '.') : null;
  return absIn(st, '.');
}

/**
 * A program whose effects are not modelled (unknown, or a spec that says only "it does something")
 * may load any file it is given as code or configuration: each argument naming a file this command
 * wrote before, with known text (`--vars=FILE` too), is read for the commands it embeds.
 */
export function unknownLoads(inv: Invocation, words: readonly Word[], ex: Extraction, st: NormState, ops: Ops): void {
  for (const w of words) {
    if (!w.static) continue;
    const v = w.value ?? '';
    const eq = v.startsWith('-') ? v.indexOf('=') : -1;
    if (v.startsWith('-') && eq < 0) continue;
    loadWritten(inv, w, undefined, ex, st, ops, eq < 0 ? v : v.slice(eq + 1));
  }
}
