// Lexical POSIX path helpers and the protected / credential path lists (contract §6).
// Pure: no file-system access. Symlinks are resolved by the pipeline through the fs port.

/** Normalise an absolute path: collapse `//`, `.` and `..` (never above `/`). */
export function normalizePath(p: string): string {
  if (isNormal(p)) return p;
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
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
  return p === dir || p.startsWith(dir + '/');
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

/** Why a path is protected, or null. `p` must be absolute and normalised. */
export function protectedReason(p: string, home: string): string | null {
  const segs = p.toLowerCase().split('/').filter(Boolean);
  const homeSegs = home.toLowerCase().split('/').filter(Boolean);
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    if (s === '.claude') {
      if (segs[i + 1] === 'worktrees') return null;
      return '.claude/';
    }
    if (s === '.ssh') {
      // ~/.ssh is protected; a .ssh folder elsewhere is treated the same (it holds keys).
      return '.ssh/';
    }
    if (s === '.config' && segs[i + 1] === 'git') return '.config/git/';
    if (i < segs.length - 1 && (s === '.git' || s === '.vscode' || s === '.idea' || s === '.husky' || s === '.devcontainer')) {
      return s + '/';
    }
    if (i === segs.length - 1 && (s === '.git' || s === '.vscode' || s === '.idea' || s === '.husky' || s === '.devcontainer')) {
      return s + '/';
    }
  }
  const base = segs[segs.length - 1] ?? '';
  if (protectedFileSet.has(base)) {
    if (!agentOnlyFiles.has(base)) return base;
    const parent = segs[segs.length - 2] ?? '';
    if (agentDirs.has(parent)) return parent + '/' + base;
    if (base === 'claude.md' || base === 'agents.md') return base;
    // ~/settings.json is not special; only agent folders are.
    void homeSegs;
  }
  return null;
}

export function isProtected(p: string, home: string): boolean {
  return protectedReason(p, home) !== null;
}

/** Why reading a path exposes credentials, or null. */
export function credentialReason(p: string, home: string): string | null {
  const lower = p.toLowerCase();
  const base = basename(lower);
  const h = home.toLowerCase();
  const inHome = (rel: string) => isInside(lower, normalizePath(h + '/' + rel));
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
