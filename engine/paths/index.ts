// Lexical POSIX path helpers and the protected / credential path lists (contract §6).
// Pure: no file-system access. Symlinks are resolved by the pipeline through the fs port.

/** Normalise an absolute path: collapse `//`, `.` and `..` (never above `/`). */
export function normalizePath(p: string): string {
  if (isNormal(p)) return p;
  const out: string[] = [];
  const n = p.length;
  for (let i = 0; i <= n; ) {
    let j = p.indexOf('/', i);
    if (j < 0) j = n;
    const len = j - i;
    if (len === 2 && p.charCodeAt(i) === 46 && p.charCodeAt(i + 1) === 46) out.pop();
    else if (len > 0 && !(len === 1 && p.charCodeAt(i) === 46)) out.push(p.slice(i, j));
    i = j + 1;
  }
  return '/' + out.join('/');
}

/** Already absolute with no empty, `.` or `..` segment and no trailing slash? (the common case) */
function isNormal(p: string): boolean {
  const n = p.length;
  if (n === 0 || p.charCodeAt(0) !== 47) return false;
  if (n === 1) return true;
  if (p.charCodeAt(n - 1) === 47) return false;
  for (let i = 0; i < n; i++) {
    if (p.charCodeAt(i) !== 47) continue;
    const a = p.charCodeAt(i + 1);
    if (a === 47) return false;
    if (a === 46) {
      const b = p.charCodeAt(i + 2);
      if (b === 47 || Number.isNaN(b)) return false;
      if (b === 46) {
        const c = p.charCodeAt(i + 3);
        if (c === 47 || Number.isNaN(c)) return false;
      }
    }
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
  return normalizePath(p.startsWith('/') ? p : cwd + '/' + p);
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

/** Directories whose contents are protected (matched on any path segment, case-insensitive). */
export const PROTECTED_DIRS: readonly string[] = [
  '.git',
  '.claude',
  '.vscode',
  '.idea',
  '.husky',
  '.config/git',
  '.devcontainer',
  '.ssh',
];

/** Files that are protected wherever they are (case-insensitive basename). */
export const PROTECTED_FILES: readonly string[] = [
  '.gitconfig',
  '.gitmodules',
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.profile',
  '.zshrc',
  '.zprofile',
  '.zshenv',
  '.envrc',
  '.npmrc',
  '.mcp.json',
  '.claude.json',
  // agent settings files
  'settings.json',
  'settings.local.json',
  '.cursorrules',
  'agents.md',
  'claude.md',
  '.windsurfrules',
];

const protectedFileSet = new Set(PROTECTED_FILES.map((f) => f.toLowerCase()));
// settings.json / settings.local.json / CLAUDE.md … count only inside an agent folder or at the root
// of a project; plain `settings.json` elsewhere (e.g. a VS Code-free app config) is ordinary.
const agentOnlyFiles = new Set(['settings.json', 'settings.local.json', 'agents.md', 'claude.md']);
const agentDirs = new Set(['.claude', '.codex', '.gemini', '.cursor']);

const PROTECTED_DIR_NAMES = new Set(['.git', '.vscode', '.idea', '.husky', '.devcontainer']);

/** End of the path segment starting at i. */
function segEnd(p: string, i: number): number {
  const j = p.indexOf('/', i);
  return j < 0 ? p.length : j;
}

/** Start of the next non-empty segment at or after i (p.length if none). */
function segStart(p: string, i: number): number {
  while (i < p.length && p.charCodeAt(i) === 47) i++;
  return i;
}

/** Why a path is protected, or null. `p` must be absolute and normalised. */
export function protectedReason(p: string, home: string): string | null {
  void home;
  // Every protected name holds a dot (and no letter lowercases to one).
  if (p.indexOf('.') < 0) return null;
  const lower = p.toLowerCase();
  const n = lower.length;
  let baseStart = -1;
  let parentStart = -1;
  for (let i = segStart(lower, 0); i < n; ) {
    const end = segEnd(lower, i);
    if (lower.charCodeAt(i) === 46) {
      const s = lower.slice(i, end);
      const next = segStart(lower, end);
      const nextSeg = next < n ? lower.slice(next, segEnd(lower, next)) : undefined;
      if (s === '.claude') return nextSeg === 'worktrees' ? null : '.claude/';
      // ~/.ssh is protected; a .ssh folder elsewhere is treated the same (it holds keys).
      if (s === '.ssh') return '.ssh/';
      if (s === '.config' && nextSeg === 'git') return '.config/git/';
      if (PROTECTED_DIR_NAMES.has(s)) return s + '/';
    }
    parentStart = baseStart;
    baseStart = i;
    i = segStart(lower, end);
  }
  const base = baseStart < 0 ? '' : lower.slice(baseStart, segEnd(lower, baseStart));
  if (protectedFileSet.has(base)) {
    if (!agentOnlyFiles.has(base)) return base;
    const parent = parentStart < 0 ? '' : lower.slice(parentStart, segEnd(lower, parentStart));
    if (agentDirs.has(parent)) return parent + '/' + base;
    if (base === 'claude.md' || base === 'agents.md') return base;
    // ~/settings.json is not special; only agent folders are.
  }
  return null;
}

export function isProtected(p: string, home: string): boolean {
  return protectedReason(p, home) !== null;
}

const HOME_CREDENTIALS = ['.ssh', '.aws/credentials', '.aws/config', '.netrc', '.git-credentials', '.npmrc', '.pypirc', '.config/gh/hosts.yml', '.docker/config.json', '.kube/config', '.config/gcloud', '.azure', '.gnupg'];

/** The credential paths under a home folder (lower-case, normalised), for the last home seen. */
let lastHome: string | null = null;
let lastHomePaths = new Map<string, string>();
function homePaths(home: string): Map<string, string> {
  if (home !== lastHome) {
    const h = home.toLowerCase();
    const m = new Map<string, string>([['', h]]);
    for (const rel of HOME_CREDENTIALS) m.set(rel, normalizePath(h + '/' + rel));
    lastHomePaths = m;
    lastHome = home;
  }
  return lastHomePaths;
}

/** Why reading a path exposes credentials, or null. */
export function credentialReason(p: string, home: string): string | null {
  const lower = p.toLowerCase();
  const base = basename(lower);
  const hp = homePaths(home);
  const inHome = (rel: string) => isInside(lower, hp.get(rel) ?? normalizePath(hp.get('')! + '/' + rel));
  if (inHome('.ssh') && (base.startsWith('id_') || base.endsWith('_key') || base === 'authorized_keys' || base === 'known_hosts')) {
    if (base.endsWith('.pub')) return null;
    return 'SSH key';
  }
  if (base.endsWith('.pem') || base.endsWith('.key') || base.endsWith('.p12') || base.endsWith('.pfx')) return 'private key file';
  if (base === '.env' || (base.startsWith('.env.') && !['example', 'sample', 'template', 'dist'].some((x) => base.endsWith(x)))) return 'environment secrets file';
  if (inHome('.aws/credentials') || inHome('.aws/config')) return 'AWS credentials';
  if (inHome('.netrc') || base === '.netrc') return '.netrc credentials';
  if (inHome('.git-credentials')) return 'git credentials';
  if (inHome('.npmrc')) return 'npm token file';
  if (inHome('.pypirc')) return 'PyPI token file';
  if (inHome('.config/gh/hosts.yml')) return 'GitHub CLI token';
  if (inHome('.docker/config.json')) return 'Docker registry credentials';
  if (inHome('.kube/config')) return 'Kubernetes credentials';
  if (inHome('.config/gcloud')) return 'Google Cloud credentials';
  if (inHome('.azure')) return 'Azure credentials';
  if (inHome('.gnupg')) return 'GnuPG keyring';
  if (lower === '/etc/shadow' || lower === '/etc/gshadow' || lower.startsWith('/etc/sudoers')) return 'system password database';
  if (lower.startsWith('/proc/') && lower.endsWith('/environ')) return 'process environment';
  return null;
}

export function isCredential(p: string, home: string): boolean {
  return credentialReason(p, home) !== null;
}
