// Paths of effects: canonical when static, or the classes a dynamic one could reach. What a path
// is (protected, credential, critical …) comes from engine/paths; it is worked out on first use
// and kept on the reference, which lives for one decision (engine/paths and dynamicInfo below keep
// answers across decisions when there is no fs port).
import type { FsPort } from '../types.ts';
import type { Word } from '../shell/types.ts';
import type { PathRef } from './types.ts';
import { classifyPath, classifyWord, isTableName, joinPath, NAME_CHARS, normalizePath, type PathClass, type PathContext, type PathInfo, type PathOptions } from '../paths/index.ts';

export interface PathScope {
  home: string;
  workspace: readonly string[];
  /** Where relative paths resolve; null when a `cd` made it unknown. */
  cwd: string | null;
  /** With cwd null: the glob pattern the cwd is one match of (`cd /ho*`). */
  cwdGlob?: string;
  fs?: FsPort;
}

/** `/proc/self/cwd/x` → cwd/x, `/proc/<pid>/root/x` → /x; other magic links stay as they are. */
export function canonical(abs: string, cwd: string | null): string | null {
  if (!abs.startsWith('/proc/')) return abs;
  const segs = abs.split('/'); // ['', 'proc', pid, …]
  let i = 3;
  const pid = segs[2] ?? '';
  if (pid !== 'self' && pid !== 'thread-self' && !digits(pid)) return abs;
  if (segs[3] === 'task' && digits(segs[4] ?? '')) i = 5;
  const link = segs[i];
  if (link !== 'cwd' && link !== 'root') return abs;
  const rest = segs.slice(i + 1).join('/');
  if (link === 'root') return normalizePath('/' + rest);
  // Another process's cwd is unknown; our own is the cwd.
  if (pid !== 'self' && pid !== 'thread-self') return null;
  return cwd === null ? null : normalizePath(cwd + '/' + rest);
}

function digits(s: string): boolean {
  if (!s.length) return false;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  return true;
}

/** An absolute path for a static value, or null when the cwd is unknown and it is relative. */
export function resolveIn(value: string, sc: { cwd: string | null }): string | null {
  if (value.startsWith('/')) {
    // the kernel follows a magic link before the `..` after it: /proc/self/cwd/.. is the cwd's parent
    if (value.startsWith('/proc/')) {
      const linked = canonical(value, sc.cwd);
      if (linked !== value) return linked;
    }
    return canonical(normalizePath(value), sc.cwd);
  }
  if (sc.cwd === null) return null;
  return canonical(value === '.' ? sc.cwd : joinPath(sc.cwd, value), sc.cwd);
}

/** `$HOME`, `${HOME}`, `"$HOME"/x`, `$PWD/x` with a static rest: the path it names. */
function namedDir(w: Word, sc: PathScope): string | null {
  const a = w.approx;
  const sub = a.startsWith('$(…)') ? printedPath(w, sc) : null;
  // The shell's own pid: /proc/$$/cwd is the shell's cwd, as /proc/self/cwd is.
  const pid = a.startsWith('/proc/') ? OWN_PID.find((x) => a.startsWith(x, 6) && (a.length === 6 + x.length || a[6 + x.length] === '/')) : undefined;
  const base = sub !== null ? sub : pid !== undefined ? '/proc/self' : a.startsWith('$HOME') ? sc.home : a.startsWith('$PWD') ? sc.cwd : null;
  if (base === null) return null;
  const rest = a.slice(sub !== null ? 4 : pid !== undefined ? 6 + pid.length : a.startsWith('$HOME') ? 5 : 4);
  if (rest.length && rest[0] !== '/') return null;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '$' || c === '`' || c === '\\' || c === '*' || c === '?' || c === '[') return null;
  }
  return canonical(normalizePath(base + rest), sc.cwd);
}

const OWN_PID = ['$$', '${$}', '$BASHPID', '${BASHPID}'];

/**
 * What a leading `$(…)` or `` `…` `` prints when its command only prints a path the engine knows:
 * `pwd` (the cwd), `git rev-parse --show-toplevel` (the workspace holding the cwd), `dirname P`,
 * `realpath P`, `readlink -f P`, `echo P`, where P is static, `$PWD`, `$HOME`, `~` or such a
 * substitution itself. Unquoted, the output is split and globbed, so it is known only when it holds
 * no space or glob character. Null otherwise.
 */
function printedPath(w: Word, sc: PathScope): string | null {
  if (w.substitutions !== 1 || w.kinds.length !== 1 || w.kinds[0] !== 'command' || sc.cwd === null) return null;
  const quoted = w.raw.startsWith('"');
  const inner = substitutionBody(quoted ? w.raw.slice(1) : w.raw);
  if (inner === null) return null;
  const out = printedBy(inner, sc, 0);
  if (out === null || (!quoted && !plainPath(out))) return null;
  return out;
}

/** The command text of a leading `$(…)` or `` `…` ``, or null. */
function substitutionBody(r: string): string | null {
  if (r.startsWith('`')) {
    const end = r.indexOf('`', 1);
    return end < 0 ? null : r.slice(1, end);
  }
  if (!r.startsWith('$(') || r.startsWith('$((')) return null;
  let depth = 1;
  let q: string | null = null;
  for (let i = 2; i < r.length; i++) {
    const c = r[i]!;
    if (q) {
      if (c === q) q = null;
      else if (c === '\\' && q === '"') i++;
      continue;
    }
    if (c === '"' || c === "'") q = c;
    else if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return r.slice(2, i);
  }
  return null;
}

function plainPath(p: string): boolean {
  for (const c of p) if (c === ' ' || c === '\t' || c === '\n' || c === '*' || c === '?' || c === '[') return false;
  return true;
}

/** Split a command text into words, each resolved (null when a word is not one the engine knows). */
function knownWords(cmd: string, sc: PathScope, depth: number): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i < cmd.length) {
    while (i < cmd.length && (cmd[i] === ' ' || cmd[i] === '\t')) i++;
    if (i >= cmd.length) break;
    let word = '';
    let any = false;
    while (i < cmd.length && cmd[i] !== ' ' && cmd[i] !== '\t') {
      const c = cmd[i]!;
      if (c === "'") {
        const e = cmd.indexOf("'", i + 1);
        if (e < 0) return null;
        word += cmd.slice(i + 1, e);
        i = e + 1;
      } else if (c === '"') {
        let e = i + 1;
        let body = '';
        while (e < cmd.length && cmd[e] !== '"') {
          if (cmd.startsWith('$(', e)) {
            const b = substitutionBody(cmd.slice(e));
            if (b === null) return null;
            body += '$(' + b + ')';
            e += b.length + 3;
          } else body += cmd[e++];
        }
        if (e >= cmd.length) return null;
        const v = expandPart(body, sc, depth, true);
        if (v === null) return null;
        word += v;
        i = e + 1;
      } else {
        let e = i;
        while (e < cmd.length && cmd[e] !== ' ' && cmd[e] !== '\t' && cmd[e] !== '"' && cmd[e] !== "'") e++;
        const v = expandPart(cmd.slice(i, e), sc, depth, !any && word === '');
        if (v === null) return null;
        word += v;
        i = e;
      }
      any = true;
    }
    out.push(word);
  }
  return out;
}

/** `$PWD`, `${HOME}`, a leading `~`, a nested `$(…)`, or plain path characters; null otherwise. */
function expandPart(t: string, sc: PathScope, depth: number, start: boolean): string | null {
  let out = '';
  for (let i = 0; i < t.length; ) {
    const c = t[i]!;
    if (c === '~' && i === 0 && start && (t.length === 1 || t[1] === '/')) {
      out += sc.home;
      i++;
    } else if (c === '$') {
      if (t.startsWith('$(', i)) {
        const b = substitutionBody(t.slice(i));
        const v = b === null || depth > 2 ? null : printedBy(b, sc, depth + 1);
        if (v === null) return null;
        out += v;
        i += b!.length + 3;
        continue;
      }
      const brace = t[i + 1] === '{';
      let e = i + (brace ? 2 : 1);
      const s0 = e;
      while (e < t.length && /* name char */ (t[e] === '_' || (t[e]! >= 'A' && t[e]! <= 'Z') || (t[e]! >= 'a' && t[e]! <= 'z') || (t[e]! >= '0' && t[e]! <= '9'))) e++;
      const name = t.slice(s0, e);
      if (brace) {
        if (t[e] !== '}') return null;
        e++;
      }
      if (name === 'PWD' && sc.cwd !== null) out += sc.cwd;
      else if (name === 'HOME') out += sc.home;
      else return null;
      i = e;
    } else if (c === ' ' || c === '-' || c === '.' || c === '/' || c === '_' || c === '+' || c === ',' || c === '@' || c === ':' || c === '=' || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
      out += c;
      i++;
    } else return null;
  }
  return out;
}

/** What a command that only prints a path prints (trailing newline dropped), or null. */
function printedBy(cmd: string, sc: PathScope, depth: number): string | null {
  const argv = knownWords(cmd.trim(), sc, depth);
  if (argv === null || argv.length === 0) return null;
  const [name, ...args] = argv;
  const ops = args.filter((a) => a !== '--');
  const one = ops.length === 1 && !ops[0]!.startsWith('-') ? ops[0]! : null;
  switch (name) {
    case 'pwd':
      if (args.every((a) => a === '-L' || a === '-P')) return args.includes('-P') && sc.fs ? (sc.fs.realpath(sc.cwd!) ?? sc.cwd) : sc.cwd;
      return null;
    case 'git':
      if (args.length === 2 && args[0] === 'rev-parse' && args[1] === '--show-toplevel') return sc.workspace.find((d) => sc.cwd === d || sc.cwd!.startsWith(d + '/')) ?? null;
      return null;
    case 'dirname': {
      if (one === null) return null;
      const p = resolveIn(one, sc);
      if (p === null) return null;
      const at = p.lastIndexOf('/');
      return at <= 0 ? '/' : p.slice(0, at);
    }
    case 'realpath':
    case 'readlink': {
      const flags = args.filter((a) => a.startsWith('-') && a !== '--');
      const paths = args.filter((a) => !a.startsWith('-'));
      const one = paths.length === 1 ? paths[0]! : null;
      if (one === null || (name === 'readlink' ? !flags.every((f) => f === '-f' || f === '-e' || f === '-m') || flags.length === 0 : !flags.every((f) => f === '-e' || f === '-m' || f === '-s'))) return null;
      const p = resolveIn(one, sc);
      if (p === null) return null;
      return (!flags.includes('-s') && sc.fs?.realpath(p)) || p;
    }
    case 'echo':
      return args.length === 1 && args[0]!.startsWith('/') ? args[0]! : null;
    default:
      return null;
  }
}

/** A path word as a reference; `value` is the path when it is only part of the word (`--out=F`). */
export function pathRef(w: Word, sc: PathScope, value?: string): PathRef {
  const text = value ?? (w.static ? w.value! : w.approx);
  if (value !== undefined || w.static) {
    const abs = resolveIn(text, sc);
    // (info present from the start, filled by infoOf: one shape for every reference)
    return { abs, word: w, text, scope: sc, literal: true, info: undefined };
  }
  const named = namedDir(w, sc);
  // An unquoted `$(…)` is split and globbed at run time: its path is known, but the word is not
  // taken as one that cannot be an option (read-only stays off).
  if (named !== null) return { abs: named, word: w, text, scope: sc, literal: !(w.substitutions > 0 && !w.raw.startsWith('"')), info: undefined };
  return { abs: null, word: w, text, scope: sc, literal: false, info: undefined };
}

/**
 * The dynamic value glued to an option (`-C"$HOME"`, `--directory=$HOME/x`, `-o"$(pwd)"/f`): a
 * reference to that part alone, as if it were its own word (what the program reads as the path).
 */
export function partRef(w: Word, part: string, sc: PathScope): PathRef {
  const c = part[0] ?? '';
  let at = c === '' ? -1 : w.raw.indexOf(c === '$' ? '$' : c);
  if (at > 0 && w.raw[at - 1] === '"') at--;
  // (inside a quoted word, `"@$HOME/f"`, the part is quoted too)
  const raw = at < 0 ? part : w.raw[0] === '"' && w.raw[at] !== '"' ? '"' + w.raw.slice(at) : w.raw.slice(at);
  const word: Word = { ...w, raw, approx: part, globPrefix: undefined, braces: undefined };
  const r = pathRef(word, sc);
  r.word = w;
  return r;
}

/** The context made last and the scope fields it was made from (the checks of one invocation share one scope). */
let lastScope: PathScope | null = null;
let lastCtx: PathContext | null = null;

function contextOf(sc: PathScope): PathContext {
  const c = lastCtx;
  if (c !== null && lastScope === sc && c.cwd === sc.cwd && c.cwdGlob === (sc.cwd === null ? sc.cwdGlob : undefined) && c.home === sc.home && c.workspace === sc.workspace && c.fs === sc.fs) return c;
  lastScope = sc;
  return (lastCtx = sc.cwd === null && sc.cwdGlob !== undefined ? { cwd: null, cwdGlob: sc.cwdGlob, home: sc.home, workspace: sc.workspace, fs: sc.fs } : { cwd: sc.cwd, home: sc.home, workspace: sc.workspace, fs: sc.fs });
}

const NO_TILDE: PathOptions = { tilde: false };

const NOTHING = Object.freeze({ dynamic: true, free: false, classes: new Set<PathClass>(), reasons: ['a file the program supplies'] }) as unknown as PathInfo;
/** xargs items: anything its input holds (outside the workspace, as far as anyone knows). */
const INPUT = Object.freeze({ dynamic: true, free: true, classes: new Set<PathClass>(['outside']), reasons: ['items read from input'] }) as unknown as PathInfo;
const NAMED = new Set<PathClass>(['protected', 'credential', 'gate-config', 'persistence']);
/** Pinned classes in the order their reasons are shown (a credential read names the credential). */
const PINNED_ORDER: readonly PathClass[] = ['credential', 'protected', 'gate-config', 'persistence'];

/** A word the analyser made up for run-time input (find's file, xargs' items): not a free path. */
export function synthetic(w: Word): boolean {
  return !w.static && w.substitutions === 0 && w.kinds.length === 1 && w.kinds[0] === 'command' && w.raw === w.approx;
}

/** What the path is or could be (worked out once per reference). */
export function infoOf(ref: PathRef): PathInfo {
  if (ref.info) return ref.info;
  const sc = ref.scope as PathScope;
  let info: PathInfo;
  if (ref.abs !== null) info = classifyPath(ref.abs, contextOf(sc), NO_TILDE);
  else if (ref.literal) info = classifyPath(ref.text, contextOf(sc), NO_TILDE);
  else if (synthetic(ref.word)) info = ref.word.approx === '$(xargs input)' ? INPUT : NOTHING;
  else info = dynamicInfo(ref, sc);
  ref.info = info;
  return info;
}

/**
 * Dynamic words' classes, kept across decisions: a loop body checked once per command names the
 * same glob (`./*`, the items of `find .`) every time, and sessions repeat words (`"$OUT"`,
 * `$HOME/x`). The classes depend only on the word's kinds and text and on the scope's cwd, cwd
 * glob, home, workspace and fs (contextOf passes nothing else), so an entry is keyed by those.
 * Without an fs port one bounded map serves the last home and workspace seen; with one, a map per
 * scope object, which lives for one decision. Every answer kept is frozen (nobody changes one).
 */
/** Answers for one word text, told apart by where the word sits and what kinds it has. */
interface Entry {
  at: string;
  kinds: readonly string[];
  info: PathInfo;
}
interface Memo {
  fs: FsPort | undefined;
  infos: Map<string, Entry[]>;
}
const memos = new WeakMap<PathScope, Memo>();
const WORD_MEMO_MAX = 2048;
let wordMemo = new Map<string, Entry[]>();
let wordEntries = 0;
let wordHome = '';
let wordWs: readonly string[] | null = null;

function memoOf(sc: PathScope): Map<string, Entry[]> {
  if (sc.fs === undefined) {
    if (sc.home !== wordHome || sc.workspace !== wordWs || wordEntries >= WORD_MEMO_MAX) {
      wordMemo = new Map();
      wordEntries = 0;
      wordHome = sc.home;
      wordWs = sc.workspace;
    }
    return wordMemo;
  }
  let m = memos.get(sc);
  if (m === undefined || m.fs !== sc.fs) memos.set(sc, (m = { fs: sc.fs, infos: new Map() }));
  return m.infos;
}

function sameKinds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function dynamicInfo(ref: PathRef, sc: PathScope): PathInfo {
  const w = ref.word;
  // brace alternatives are words of their own: no memo
  if (w.braces && w.braces.length > 0) return refineGlob(ref, classifyWord(w, contextOf(sc)), sc);
  const m = memoOf(sc);
  const at = sc.cwd !== null ? sc.cwd : sc.cwdGlob === undefined ? '\0' : '\0\0' + sc.cwdGlob;
  let list = m.get(w.approx);
  if (list !== undefined) {
    for (let i = 0; i < list.length; i++) {
      const e = list[i]!;
      if (e.at === at && sameKinds(e.kinds, w.kinds)) return e.info;
    }
  } else m.set(w.approx, (list = []));
  const info = refineGlob(ref, classifyWord(w, contextOf(sc)), sc);
  Object.freeze(info.reasons);
  if (info.why) Object.freeze(info.why);
  list.push({ at, kinds: w.kinds.slice(), info: Object.freeze(info) });
  if (m === wordMemo) wordEntries++;
  return info;
}

/**
 * A wildcard matches names nobody chose, so it does not by itself make a path protected or a
 * credential: `docs/*` is neither, though docs/CLAUDE.md may exist. The pattern's own text says so
 * (`*.pem`; each wildcard tried as nothing and as a plain letter), or the classifier's pinned
 * classes: a row anchored in the glob's folder (`/etc/sh*`, `~/.config/gh/*`) or a name the glob's
 * own leading dot chose (`.e*`, `~/.bash*`). Critical and outside stay (`~/*` is the whole home).
 */
function refineGlob(ref: PathRef, info: PathInfo, sc: PathScope): PathInfo {
  const w = ref.word;
  if (!(w.kinds.length === 1 && w.kinds[0] === 'glob') || w.approx.includes('[') || w.approx.includes('\\')) return info;
  let named = false;
  for (const c of info.classes) if (NAMED.has(c)) named = true;
  if (!named) return info;
  const classes = new Set<PathClass>();
  const reasons: string[] = [];
  for (const c of info.classes) if (!NAMED.has(c)) classes.add(c);
  // One `?` and no `*`: a fill that spells a name of the tables is what the word means (`.gi?` is
  // .git, `id_rsa.pu?` a public key); only when none does are the wildcards tried as nothing or a letter.
  const q = w.approx.indexOf('?');
  if (q >= 0 && w.approx.indexOf('?', q + 1) < 0 && !w.approx.includes('*')) {
    const a = w.approx;
    const start = a.lastIndexOf('/', q) + 1;
    const end = a.indexOf('/', q) < 0 ? a.length : a.indexOf('/', q);
    let hit = false;
    for (const ch of NAME_CHARS) {
      const seg = (a.slice(start, q) + ch + a.slice(q + 1, end)).toLowerCase();
      if (!isTableName(seg)) continue;
      hit = true;
      const again = classifyPath(a.slice(0, q) + ch + a.slice(q + 1), contextOf(sc), { tilde: false });
      for (const c of again.classes) if (NAMED.has(c)) classes.add(c);
      if (again.classes.size) reasons.push(...again.reasons);
    }
    if (hit) return { ...info, classes, reasons: reasons.length ? reasons : info.reasons };
  }
  if (info.pinned) {
    for (const c of PINNED_ORDER) {
      if (!info.pinned.has(c)) continue;
      classes.add(c);
      const why = info.why?.[c];
      if (why && !reasons.includes(why)) reasons.push(why);
    }
  }
  for (const fill of ['', 'x']) {
    let t = '';
    for (const ch of w.approx) t += ch === '*' || ch === '?' ? fill : ch;
    if (t.endsWith('/') || t === '') t += 'x';
    while (t.includes('//')) t = t.split('//').join('/');
    const again = classifyPath(t, contextOf(sc), { tilde: false });
    for (const c of again.classes) if (NAMED.has(c)) classes.add(c);
    if (again.classes.size) reasons.push(...again.reasons);
  }
  return { ...info, classes, reasons: reasons.length ? reasons : info.reasons };
}



/** Is (or, for a dynamic path, could) this path be of a class? */
export function reachesClass(ref: PathRef, cls: PathClass): boolean {
  return infoOf(ref).classes.has(cls);
}

/** `/`, a top-level directory, home or a parent, a workspace root or a parent. */
export function isCriticalDirAt(p: string, sc: { home: string; workspace: readonly string[] }, withWorkspace = true): boolean {
  if (p === '/') return true;
  if (p.indexOf('/', 1) < 0) return true;
  if (p === sc.home || sc.home.startsWith(p + '/')) return true;
  if (withWorkspace) for (const w of sc.workspace) if (p === w || w.startsWith(p + '/')) return true;
  return false;
}
