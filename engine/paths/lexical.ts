// Lexical POSIX path helpers. Pure: no file-system access.

/** Normalise an absolute path: collapse `//`, `.` and `..` (never above `/`). */
export function normalizePath(p: string): string {
  const k = abnormalAt(p);
  if (k < 0) return p;
  // p up to k is already normal (a long cwd with a relative path after it): only the rest is
  // resolved segment by segment, and a `..` there climbs out of the head
  let head = p.slice(0, k);
  const out: string[] = [];
  const n = p.length;
  for (let i = p.charCodeAt(0) === 47 ? k + 1 : 0; i <= n; ) {
    let j = p.indexOf('/', i);
    if (j < 0) j = n;
    const len = j - i;
    if (len === 2 && p.charCodeAt(i) === 46 && p.charCodeAt(i + 1) === 46) {
      if (out.length) out.pop();
      else head = head.slice(0, Math.max(0, head.lastIndexOf('/')));
    } else if (len > 0 && !(len === 1 && p.charCodeAt(i) === 46)) out.push(p.slice(i, j));
    i = j + 1;
  }
  if (!out.length) return head || '/';
  return head + '/' + out.join('/');
}

/**
 * -1 when p is already absolute with no empty, `.` or `..` segment and no trailing slash (the
 * common case); else where the normal part ends: the `/` before the first such segment (0 for a
 * relative path).
 */
function abnormalAt(p: string): number {
  const n = p.length;
  if (n === 0 || p.charCodeAt(0) !== 47) return 0;
  if (n === 1) return -1;
  for (let i = 0; i < n; i++) {
    if (p.charCodeAt(i) !== 47) continue;
    const a = p.charCodeAt(i + 1);
    if (a === 47 || Number.isNaN(a)) return i;
    if (a === 46) {
      const b = p.charCodeAt(i + 2);
      if (b === 47 || Number.isNaN(b)) return i;
      if (b === 46) {
        const c = p.charCodeAt(i + 3);
        if (c === 47 || Number.isNaN(c)) return i;
      }
    }
  }
  return -1;
}

/** The directory joinPath found normal last (a decision resolves most paths against one cwd). */
let normalDir = '/';

/**
 * normalizePath(dir + '/' + rel): for a relative rel with no empty, `.` or `..` segment, against
 * the normal directory seen last, the join as it is (no scan of the directory again).
 */
export function joinPath(dir: string, rel: string): string {
  if (plainRelative(rel)) {
    if (dir === normalDir) return dir === '/' ? '/' + rel : dir + '/' + rel;
    if (abnormalAt(dir) < 0) {
      normalDir = dir;
      return dir === '/' ? '/' + rel : dir + '/' + rel;
    }
  }
  return normalizePath(dir + '/' + rel);
}

/** Relative, with no empty, `.` or `..` segment (so no trailing slash either). */
function plainRelative(p: string): boolean {
  const n = p.length;
  let start = 0;
  for (let i = 0; i <= n; i++) {
    if (i < n && p.charCodeAt(i) !== 47) continue;
    const len = i - start;
    if (len === 0) return false;
    if (p.charCodeAt(start) === 46 && (len === 1 || (len === 2 && p.charCodeAt(start + 1) === 46))) return false;
    start = i + 1;
  }
  return true;
}

/** Resolve a path as bash would see it (after tilde expansion) against cwd and home. */
export function resolvePath(p: string, cwd: string, home: string): string {
  if (p === '~') return normalizePath(home);
  if (p.startsWith('~/')) return normalizePath(home + '/' + p.slice(2));
  if (p.startsWith('/')) return normalizePath(p);
  return normalizePath(cwd + '/' + p);
}

/** Resolve a word's value (already tilde-expanded by the parser) against cwd: `~` stays literal. */
export function resolveLiteral(p: string, cwd: string): string {
  if (p === '.') return normalizePath(cwd); // the common case, without a `/.` to remove
  return p.startsWith('/') ? normalizePath(p) : joinPath(cwd, p);
}

/** Windows and NT path forms that a POSIX check would misjudge (UNC, \\?\, \??\, ADS, 8.3 names …). */
export function suspiciousPath(p: string): string | null {
  if (p.startsWith('\\\\') || p.startsWith('\\??\\') || p.startsWith('//?/') || p.startsWith('//./')) return 'Windows device or UNC path';
  if (p.includes('\\')) return 'backslash in path';
  const segs = p.split('/');
  for (const s of segs) {
    if (s === '...') return '"..." path component';
    if (s.length > 1 && (s.endsWith('.') || s.endsWith(' ')) && s !== '..') return 'trailing dot or space';
    if (s.toLowerCase().includes(':$data')) return 'NTFS alternate data stream';
  }
  return null;
}

/** True when `p` is `dir` or lies below it (both absolute and normalised). */
export function isInside(p: string, dir: string): boolean {
  if (dir === '/') return true;
  return p === dir || (p.length > dir.length && p.charCodeAt(dir.length) === 47 && p.startsWith(dir));
}

export function isInWorkspace(p: string, workspace: readonly string[]): boolean {
  return workspace.some((w) => isInside(p, w));
}

export function basename(p: string): string {
  const i = p.lastIndexOf('/');
  return i < 0 ? p : p.slice(i + 1);
}

export function dirname(p: string): string {
  const i = p.lastIndexOf('/');
  if (i <= 0) return '/';
  return p.slice(0, i);
}
