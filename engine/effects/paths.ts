// Paths of effects: canonical when static, or the classes a dynamic one could reach.
import type { Word } from '../shell/types.ts';
import type { PathClass, PathRef } from './types.ts';
import { isInWorkspace, normalizePath, protectedReason } from '../paths/index.ts';

export interface PathScope {
  home: string;
  workspace: readonly string[];
  /** Where relative paths resolve; null when a `cd` made it unknown. */
  cwd: string | null;
}

/** `/proc/self/cwd/x` → cwd/x, `/proc/self/root/x` → /x; other magic links stay as they are. */
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

/** An absolute path for a static value, or null when the cwd is unknown and it is relative. */
export function resolveIn(value: string, sc: PathScope): string | null {
  if (value.startsWith('/')) return canonical(normalizePath(value), sc.cwd);
  if (sc.cwd === null) return null;
  return canonical(value === '.' ? sc.cwd : normalizePath(sc.cwd + '/' + value), sc.cwd);
}

/** `$HOME`, `${HOME}`, `"$HOME"/x`, `$PWD/x` with a static rest: the path it names. */
function namedDir(w: Word, sc: PathScope): string | null {
  const a = w.approx;
  const base = a.startsWith('$HOME') ? sc.home : a.startsWith('$PWD') ? sc.cwd : null;
  if (base === null) return null;
  const rest = a.slice(a.startsWith('$HOME') ? 5 : 4);
  if (rest.length && rest[0] !== '/') return null;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '$' || c === '`' || c === '\\') return null;
  }
  return normalizePath(base + rest);
}

function digits(s: string): boolean {
  if (!s.length) return false;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  return true;
}

/** Index of the first glob character, or -1. */
function globAt(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '*' || c === '?' || c === '[') return i;
  }
  return -1;
}

/** A path word as a reference: static and canonical, or dynamic with what it could reach. */
export function pathRef(w: Word, sc: PathScope, value?: string): PathRef {
  const text = value ?? (w.static ? w.value! : w.approx);
  if (value !== undefined || w.static) {
    const abs = resolveIn(text, sc);
    return abs === null ? { abs: null, word: w, text, could: ANY } : { abs, word: w, text };
  }
  let spelled = namedDir(w, sc);
  // `$HOME/*` and friends: a glob below a named folder.
  if (spelled !== null && globAt(spelled) < 0) return { abs: spelled, word: w, text };
  let folder: string | null = null;
  if (spelled !== null) folder = spelled.slice(0, globAt(spelled));
  else if (w.kinds.length === 1 && w.kinds[0] === 'glob' && w.globPrefix !== undefined) folder = w.globPrefix;
  if (folder !== null) {
    const cut = folder.lastIndexOf('/');
    const dir = cut < 0 ? sc.cwd : cut === 0 ? '/' : resolveIn(folder.slice(0, cut), sc);
    if (dir !== null) {
      const full = spelled ?? w.approx;
      const deeper = full.slice(Math.max(0, folder.lastIndexOf('/') + 1)).includes('/');
      return { abs: null, word: w, text, could: globClasses(dir, full, sc), globDir: deeper ? undefined : dir };
    }
  }
  spelled = null;
  return { abs: null, word: w, text, could: tailClasses(w.approx, sc) };
}

const ANY: readonly PathClass[] = ['protected', 'credential', 'critical', 'outside', 'persistence', 'device'];

/** What a path under `dir` matching a glob could be. */
function globClasses(dir: string, pattern: string, sc: PathScope): PathClass[] {
  const out: PathClass[] = [];
  if (protectedReason(dir + '/x', sc.home) || names(pattern, PROTECTED_MARKS)) out.push('protected');
  if (credentialDir(dir) || names(pattern, CRED_MARKS)) out.push('credential');
  if (isCriticalDirAt(dir, sc)) out.push('critical');
  if (!isInWorkspace(dir, sc.workspace) && !isInWorkspace(dir + '/x', sc.workspace)) out.push('outside');
  if (dir === '/dev' || dir.startsWith('/dev/')) out.push('device');
  return out;
}

const PROTECTED_MARKS = ['.git', '.claude', '.vscode', '.idea', '.husky', '.devcontainer', '.ssh', '.config/git', 'rc', 'profile', '.gitconfig', '.gitmodules', '.npmrc', '.envrc', '.mcp.json', '.claude.json', 'settings', 'claude.md', 'agents.md'];
const CRED_MARKS = ['.ssh', '.aws', '.gnupg', '.kube', '.docker', '.azure', 'gcloud', '.env', 'id_', '.pem', '.key', 'netrc', 'credential', 'shadow', 'environ', 'token', 'secret', '.npmrc', '.pypirc', 'hosts.yml', '.p12', '.pfx', 'sudoers'];

/** Does the (lower-cased) static text of a pattern name one of the marks? */
function names(text: string, marks: readonly string[]): boolean {
  const t = text.toLowerCase();
  for (const m of marks) if (t.includes(m)) return true;
  return false;
}

const HOLE = '\u0000';

/** A word's approx with every expansion replaced by a hole character. */
function holes(approx: string): string {
  let out = '';
  for (let i = 0; i < approx.length; i++) {
    const c = approx[i]!;
    if (c === '`') {
      const j = approx.indexOf('`', i + 1);
      out += HOLE;
      i = j < 0 ? approx.length : j;
    } else if (c === '$' || (c === '<' && approx[i + 1] === '(')) {
      const n = approx[i + 1];
      if (n === '(' || c === '<') {
        const j = approx.indexOf(')', i);
        i = j < 0 ? approx.length : j;
        while (approx[i + 1] === ')') i++;
      } else if (n === '{') {
        const j = approx.indexOf('}', i);
        i = j < 0 ? approx.length : j;
      } else {
        let j = i + 1;
        while (j < approx.length && isIdent(approx.charCodeAt(j))) j++;
        if (j === i + 1 && j < approx.length) j++; // $1 $@ $?
        i = j - 1;
      }
      out += HOLE;
    } else out += c;
  }
  return out;
}

function isIdent(c: number): boolean {
  return c === 95 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * A word known only in part: what its static text says it could be. A word with no static path
 * text at all could be anything.
 */
function tailClasses(approx: string, sc: PathScope): PathClass[] {
  const lit = holes(approx);
  let plain = false;
  for (let i = 0; i < lit.length; i++) {
    const c = lit.charCodeAt(i);
    if (c === 46 || isIdent(c)) plain = true;
  }
  if (!plain) return ANY.slice();
  const out: PathClass[] = [];
  if (names(lit, PROTECTED_MARKS)) out.push('protected');
  if (names(lit, CRED_MARKS)) out.push('credential');
  // A dynamic start (`$X/…`, `~user/…`, `$(…)/…`) can be outside the workspace, or a critical dir.
  if (lit.startsWith(HOLE) || lit.startsWith('~')) out.push('outside', 'critical');
  else if (lit.startsWith('/')) {
    out.push('outside');
    if (lit.indexOf('/', 1) < 0) out.push('critical');
  }
  void sc;
  return out;
}

function credentialDir(dir: string): boolean {
  for (const d of ['/.ssh', '/.aws', '/.gnupg', '/.kube', '/.docker', '/.azure', '/.config/gcloud']) {
    const i = dir.indexOf(d);
    if (i >= 0 && (dir.length === i + d.length || dir[i + d.length] === '/')) return true;
  }
  return false;
}

/** `/`, a top-level directory, home or a parent, a workspace root or a parent. */
export function isCriticalDirAt(p: string, sc: { home: string; workspace: readonly string[] }, withWorkspace = true): boolean {
  if (p === '/') return true;
  if (p.indexOf('/', 1) < 0) return true;
  if (p === sc.home || sc.home.startsWith(p + '/')) return true;
  if (withWorkspace) for (const w of sc.workspace) if (p === w || w.startsWith(p + '/')) return true;
  return false;
}

/** Could this reference reach a class (static: does it)? */
export function mayBe(ref: PathRef, cls: PathClass): boolean {
  return ref.abs === null ? (ref.could?.includes(cls) ?? false) : false;
}
