// The oracle's fixed world: the stub script, the fake HOME and /etc, and file-tree snapshots.
// Node-only code (the oracle tests and the lab's c14).
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const HOME = '/home/dev';
export const CWD = '/home/dev/app';
export const HIDDEN = '/.oracle';
export const HIDDEN_BASH = `${HIDDEN}/bash/bash`;
export const LOG_DIR = `${HIDDEN}/log`;
/** The batch driver's folder: each command's stderr goes to `err` there. */
export const CTL_DIR = `${HIDDEN}/ctl`;
/** Shell names whose stub follows into the hidden bash (sh-alikes run with --posix). */
export const SHELLS: Record<string, string[]> = { bash: [], sh: ['--posix'], dash: ['--posix'] };
/** Programs agents call that may be missing on the host; they get stubs too. */
export const EXTRA_NAMES = [
  'curl', 'wget', 'python', 'python3', 'node', 'npm', 'npx', 'perl', 'ruby', 'php', 'lua', 'zsh',
  'sudo', 'doas', 'su', 'rg', 'fd', 'jq', 'tree', 'parallel', 'busybox', 'rsync', 'crontab',
  'terraform', 'gcloud', 'aws', 'docker', 'kubectl', 'claude', 'pytest', 'cargo', 'make', 'zip',
  'unzip', 'nc', 'ncat', 'socat', 'scp', 'ssh', 'vim', 'vi', 'nano', 'less', 'more', 'man', 'git',
  'pip', 'pip3', 'yarn', 'pnpm', 'bun', 'deno', 'go', 'rustc', 'gcc', 'tsc', 'tsx', 'gh', 'psql',
  'mysql', 'sqlite3', 'redis-cli', 'base32', 'xxd', 'openssl', 'gpg', 'nohup', 'strace', 'gdb',
  'systemctl', 'launchctl', 'pkexec', 'mkfs', 'mkfs.ext4', 'wipefs', 'shred', 'dd', 'tee',
  'at', 'batch', 'atq', 'atrm', 'systemd-run', 'lsblk', 'nproc', 'xz', 'java', 'cmake',
];

export function writeFile(p: string, text: string, mode = 0o644): void {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text, { mode });
}

/** The fake HOME with dotfiles and a workspace holding a git dir. */
export function buildHome(home: string): void {
  const f = (rel: string, text: string, mode?: number) => writeFile(path.join(home, rel), text, mode);
  f('.bashrc', "# fake bashrc\nalias ll='ls -l'\nexport EDITOR=vi\n");
  f('.profile', '# fake profile\n[ -f ~/.bashrc ] && . ~/.bashrc\n');
  f('.bash_history', 'ls\ngit status\n');
  f('.gitconfig', '[user]\n\tname = Dev\n\temail = dev@example.test\n');
  f('.ssh/id_rsa', '-----BEGIN OPENSSH PRIVATE KEY-----\nnot-a-real-key\n-----END OPENSSH PRIVATE KEY-----\n', 0o600);
  f('.ssh/id_rsa.pub', 'ssh-ed25519 AAAAnotreal dev@host\n');
  f('.ssh/known_hosts', 'example.test ssh-ed25519 AAAAnotreal\n');
  f('.aws/credentials', '[default]\naws_access_key_id = NOTREAL\naws_secret_access_key = NOTREAL\n', 0o600);
  f('.config/git/config', '[core]\n\teditor = vi\n');
  f('.npmrc', 'registry=https://registry.npmjs.org/\n');
  const a = (rel: string, text: string, mode?: number) => f(path.join('app', rel), text, mode);
  a('README.md', '# app\n\nTODO: write docs\n');
  a('package.json', '{ "name": "app", "version": "1.0.0", "scripts": { "test": "vitest run" } }\n');
  a('src/index.ts', 'export const answer = 42; // TODO\n');
  a('src/util.ts', 'export function add(a: number, b: number) { return a + b; }\n');
  a('notes.txt', 'rm -rf is dangerous\ngit reset --hard too\n');
  a('list.txt', 'build\ndist\n');
  a('.env', 'API_KEY=not-real\n');
  a('build.sh', '#!/bin/sh\necho building\nrm -rf dist\n', 0o755);
  a('dist/out.js', 'console.log(1)\n');
  a('.git/HEAD', 'ref: refs/heads/main\n');
  a('.git/config', '[core]\n\trepositoryformatversion = 0\n\tbare = false\n');
  a('.git/description', 'fake\n');
  a('.git/hooks/pre-commit.sample', '#!/bin/sh\nexit 0\n', 0o755);
  a('.git/refs/heads/main', '0000000000000000000000000000000000000000\n');
  a('.claude/settings.json', '{}\n');
  a('.vscode/settings.json', '{}\n');
}

export function buildEtc(etc: string): void {
  writeFile(path.join(etc, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\ndev:x:1000:1000:dev:/home/dev:/bin/bash\n');
  writeFile(path.join(etc, 'group'), 'root:x:0:\ndev:x:1000:\n');
  writeFile(path.join(etc, 'hostname'), 'oracle\n');
  writeFile(path.join(etc, 'hosts'), '127.0.0.1 localhost\n');
  writeFile(path.join(etc, 'os-release'), 'NAME=oracle\n');
  writeFile(path.join(etc, 'shadow'), 'root:*:1::::::\n', 0o600);
}

/** Every name in the host's program folders, plus the extras. */
export function stubNames(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

export function stubScript(follow: boolean): string {
  // -p: privileged mode ignores BASH_ENV, ENV and exported functions from the traced command.
  // One file per exec (unique name: time + pid), NUL-separated fields: $0 then each argument.
  const lines = [
    `#!${HIDDEN_BASH} -p`,
    `builtin printf '%s\\0' "$0" "$@" > "${LOG_DIR}/\${EPOCHREALTIME}-$$" 2>/dev/null`,
  ];
  // `cat` also copies its input or files to stdout (with builtins only), so payloads built by
  // `cat <<EOF | sh` or `"$(cat <<'EOF' … EOF)"` look the way they would for real.
  lines.push(
    'if [[ ${0##*/} == cat ]]; then',
    '  (( $# )) || builtin set -- -',
    '  for f in "$@"; do',
    '    if [[ $f == - ]]; then exec 3<&0; elif [[ $f != -* && -f $f && -r $f ]]; then exec 3<"$f"; else continue; fi',
    '    while IFS= builtin read -r -u 3 l || [[ -n $l ]]; do builtin printf \'%s\\n\' "$l"; done',
    '    exec 3<&-',
    '  done',
    'fi',
  );
  if (follow) {
    lines.push('case "${0##*/}" in');
    for (const [name, flags] of Object.entries(SHELLS)) {
      lines.push(`  ${name}) builtin exec -a ${name} ${HIDDEN_BASH} ${flags.join(' ')} "$@" ;;`);
    }
    lines.push('esac');
  }
  lines.push('builtin exit 0', '');
  return lines.join('\n');
}

/** Snapshot of a host tree: relative path → type + mode + content hash (or link target). */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (abs: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const a = path.join(abs, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      const st = fs.lstatSync(a);
      const mode = (st.mode & 0o7777).toString(8);
      if (st.isSymbolicLink()) out.set(r, `link:${fs.readlinkSync(a)}`);
      else if (st.isDirectory()) {
        out.set(r, `dir:${mode}`);
        walk(a, r);
      } else if (st.isFile()) {
        const h = createHash('sha256').update(fs.readFileSync(a)).digest('hex');
        out.set(r, `file:${mode}:${h}`);
      } else out.set(r, `other:${mode}`);
    }
  };
  walk(dir, '');
  return out;
}

export function diffSnapshots(before: Map<string, string>, after: Map<string, string>, prefix: string): string[] {
  const changed: string[] = [];
  for (const [k, v] of before) if (after.get(k) !== v) changed.push(`${prefix}/${k}`);
  for (const k of after.keys()) if (!before.has(k)) changed.push(`${prefix}/${k}`);
  return changed.sort();
}
