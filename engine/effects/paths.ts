// Paths of effects: canonical when static, or the classes a dynamic one could reach. What a path
// is (protected, credential, critical …) comes from engine/paths; it is worked out on first use
// and kept on the reference, which lives for one decision.
import type { FsPort } from '../types.ts';
import type { Word } from '../shell/types.ts';
import type { PathRef } from './types.ts';
import { classifyPath, classifyWord, normalizePath, type PathClass, type PathContext, type PathInfo } from '../paths/index.ts';

export interface PathScope {
  home: string;
  workspace: readonly string[];
  /** Where relative paths resolve; null when a `cd` made it unknown. */
  cwd: string | null;
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
  if (value.startsWith('/')) return canonical(normalizePath(value), sc.cwd);
  if (sc.cwd === null) return null;
  return canonical(value === '.' ? sc.cwd : normalizePath(sc.cwd + '/' + value), sc.cwd);
}

/** `$HOME`, `${HOME}`, `"$HOME"/x`, `$PWD/x` with a static rest: the path it names. */
function namedDir(w: Word, sc: PathScope): string | null {
  const a = w.approx;
  const sub = a.startsWith('$(…)') ? printedPath(w, sc) : null;
  const base = sub !== null ? sub : a.startsWith('$HOME') ? sc.home : a.startsWith('$PWD') ? sc.cwd : null;
  if (base === null) return null;
  const rest = a.slice(sub !== null ? 4 : a.startsWith('$HOME') ? 5 : 4);
  if (rest.length && rest[0] !== '/') return null;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '$' || c === '`' || c === '\\' || c === '*' || c === '?' || c === '[') return null;
  }
  return normalizePath(base + rest);
}

/**
 * What a leading, double-quoted `$(…)` prints when its command only prints a path the engine knows: `pwd` (the
 * cwd), `git rev-parse --show-toplevel` (the workspace holding the cwd), `dirname P`. Null otherwise.
 */
function printedPath(w: Word, sc: PathScope): string | null {
  if (w.substitutions !== 1 || w.kinds.length !== 1 || w.kinds[0] !== 'command' || sc.cwd === null) return null;
  // Unquoted, the output is split into fields and globbed: only a quoted one is one known path.
  if (!w.raw.startsWith('"')) return null;
  let r = w.raw.slice(1);
  let inner: string;
  if (r.startsWith('$(')) inner = r.slice(2, r.indexOf(')'));
  else if (r.startsWith('`')) inner = r.slice(1, r.indexOf('`', 1));
  else return null;
  r = inner.trim();
  for (const c of r) if (!(c === ' ' || c === '-' || c === '.' || c === '/' || c === '_' || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return null;
  const argv = r.split(' ').filter((x) => x.length > 0);
  const cmd = argv.join(' ');
  if (cmd === 'pwd' || cmd === 'pwd -L' || cmd === 'pwd -P') return sc.cwd;
  if (cmd === 'git rev-parse --show-toplevel') return sc.workspace.find((d) => sc.cwd === d || sc.cwd!.startsWith(d + '/')) ?? null;
  if (argv.length === 2 && argv[0] === 'dirname' && !argv[1]!.startsWith('-')) {
    const p = resolveIn(argv[1]!, sc);
    if (p === null) return null;
    const at = p.lastIndexOf('/');
    return at <= 0 ? '/' : p.slice(0, at);
  }
  return null;
}

/** A path word as a reference; `value` is the path when it is only part of the word (`--out=F`). */
export function pathRef(w: Word, sc: PathScope, value?: string): PathRef {
  const text = value ?? (w.static ? w.value! : w.approx);
  if (value !== undefined || w.static) {
    const abs = resolveIn(text, sc);
    return { abs, word: w, text, scope: sc, literal: true };
  }
  const named = namedDir(w, sc);
  if (named !== null) return { abs: named, word: w, text, scope: sc, literal: true };
  return { abs: null, word: w, text, scope: sc, literal: false };
}

function contextOf(sc: PathScope): PathContext {
  return { cwd: sc.cwd, home: sc.home, workspace: sc.workspace, fs: sc.fs };
}

const NOTHING = Object.freeze({ dynamic: true, free: false, classes: new Set<PathClass>(), reasons: ['a file the program supplies'] }) as unknown as PathInfo;
/** xargs items: anything its input holds (outside the workspace, as far as anyone knows). */
const INPUT = Object.freeze({ dynamic: true, free: true, classes: new Set<PathClass>(['outside']), reasons: ['items read from input'] }) as unknown as PathInfo;
const NAMED = new Set<PathClass>(['protected', 'credential', 'gate-config', 'persistence']);

/** A word the analyser made up for run-time input (find's file, xargs' items): not a free path. */
export function synthetic(w: Word): boolean {
  return !w.static && w.substitutions === 0 && w.kinds.length === 1 && w.kinds[0] === 'command' && w.raw === w.approx;
}

/** What the path is or could be (worked out once per reference). */
export function infoOf(ref: PathRef): PathInfo {
  if (ref.info) return ref.info;
  const sc = ref.scope as PathScope;
  let info: PathInfo;
  if (ref.abs !== null) info = classifyPath(ref.abs, contextOf(sc), { tilde: false });
  else if (ref.literal) info = classifyPath(ref.text, contextOf(sc), { tilde: false });
  else if (synthetic(ref.word)) info = ref.word.approx === '$(xargs input)' ? INPUT : NOTHING;
  else info = refineGlob(ref, classifyWord(ref.word, contextOf(sc)), sc);
  ref.info = info;
  return info;
}

/**
 * A wildcard matches names nobody chose, so it does not by itself make a path protected or a
 * credential: `build/*` and `/etc/pass*` are neither, while `*.pem`, `.env*` and `~/.ssh/*` are
 * (the pattern's own text, or its folder, says so). Each wildcard is tried as nothing and as a
 * plain letter. Critical and outside stay as the classifier says (`~/*` is the whole home).
 */
function refineGlob(ref: PathRef, info: PathInfo, sc: PathScope): PathInfo {
  const w = ref.word;
  if (!(w.kinds.length === 1 && w.kinds[0] === 'glob') || w.approx.includes('[') || w.approx.includes('\\')) return info;
  let named = false;
  for (const c of info.classes) if (NAMED.has(c)) named = true;
  if (!named) return info;
  const classes = new Set<PathClass>();
  for (const c of info.classes) if (!NAMED.has(c)) classes.add(c);
  const reasons: string[] = [];
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
