// Environment variables whose value is code, a command line, or config that changes loaded code,
// and the git config keys that run commands.
import type { ArgRole } from './types.ts';

const LINE = 'exec-line' as const;
const CODE = 'code' as const;
const CONF = 'config' as const;
const FILE = 'code-file' as const;

/** Env values that are code in a language (the debugger perl -d loads from PERL5DB). */
export const ENV_LANGUAGE: Readonly<Record<string, string>> = { PERL5DB: 'perl' };

/**
 * Variables a program reads as more of its own options (or start-up commands): each value's words
 * go before the program's arguments. `as` names the option one whole value is given to (vim's
 * VIMINIT runs as `--cmd VALUE`); `whole` keeps the value one word (less takes `+cmd` to its end).
 */
export const OPTION_ENV: Readonly<Record<string, { programs: readonly string[]; as?: string; whole?: boolean }>> = {
  TAR_OPTIONS: { programs: ['tar', 'gtar'] },
  MAKEFLAGS: { programs: ['make', 'gmake'] },
  GNUMAKEFLAGS: { programs: ['make', 'gmake'] },
  LESS: { programs: ['less'], whole: true },
  MANOPT: { programs: ['man'] },
  GREP_OPTIONS: { programs: ['grep', 'egrep', 'fgrep'] },
  ZIPOPT: { programs: ['zip'] },
  UNZIP: { programs: ['unzip'] },
  PYTEST_ADDOPTS: { programs: ['pytest', 'py.test'] },
  FZF_DEFAULT_OPTS: { programs: ['fzf'] },
  PARALLEL: { programs: ['parallel'] },
  VIMINIT: { programs: ['vim', 'vi', 'nvim', 'view', 'vimdiff', 'gvim'], as: '--cmd' },
  EXINIT: { programs: ['vi', 'ex', 'vim', 'view'], as: '--cmd' },
  LUA_INIT: { programs: ['lua', 'luajit'], as: '-e' },
};

export const CODE_ENV: ReadonlyMap<string, ArgRole> = new Map<string, ArgRole>([
  // command lines a program runs
  ...['GIT_SSH_COMMAND', 'GIT_SSH', 'GIT_PAGER', 'PARALLEL_SHELL', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_EXTERNAL_DIFF', 'GIT_ASKPASS', 'GIT_PROXY_COMMAND', 'SSH_ASKPASS', 'SUDO_ASKPASS', 'PAGER', 'MANPAGER', 'SYSTEMD_PAGER', 'EDITOR', 'VISUAL', 'FCEDIT', 'BROWSER', 'LESSOPEN', 'LESSCLOSE', 'PROMPT_COMMAND', 'RSYNC_RSH', 'RSYNC_CONNECT_PROG', 'CVS_RSH', 'TAR_OPTIONS_', 'MAKEFLAGS_', 'DIFF_PROGRAM', 'SHELL', 'TERMINAL', 'PS0', 'PS1', 'PS2', 'PS4', 'npm_config_script_shell', 'NPM_CONFIG_SCRIPT_SHELL', 'COMPOSER_', 'CARGO_BUILD_RUSTC_WRAPPER', 'RUSTC_WRAPPER', 'RUSTC', 'CC', 'CXX', 'LD', 'AR', 'GOFLAGS_', 'PYTHONBREAKPOINT_', 'MYSQL_PS1_', 'LESSEDIT', 'FZF_DEFAULT_COMMAND', 'HGEDITOR', 'SVN_EDITOR', 'KUBE_EDITOR', 'TIG_EDITOR', 'CARGO_TARGET_RUNNER_', 'CRASHPAGER', 'RESTIC_PASSWORD_COMMAND', 'BORG_PASSCOMMAND', 'BORG_RSH', 'SYSTEMD_EDITOR', 'SUDO_EDITOR', 'PSQL_PAGER', 'PSQL_EDITOR', 'AWS_PAGER', 'GH_PAGER', 'GH_EDITOR', 'BAT_PAGER', 'PERLDOC_PAGER', 'SVN_SSH', 'KUBECTL_EXTERNAL_DIFF', 'HGMERGE', 'P4EDITOR', 'P4DIFF', 'CVSEDITOR', 'AUTOM4TE', 'GIT_SSH_VARIANT_'].filter((n) => !n.endsWith('_')).map((n) => [n, LINE] as [string, ArgRole]),
  // shell code and startup files
  ...['BASH_ENV', 'ENV', 'ZDOTDIR', 'PERL5DB', 'PYTHONSTARTUP', 'NODE_REPL_EXTERNAL_MODULE', 'RUBYOPT', 'PERL5OPT', 'NODE_OPTIONS', 'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS', 'PYTHONWARNINGS_'].filter((n) => !n.endsWith('_')).map((n) => [n, n === 'BASH_ENV' || n === 'ENV' || n === 'PYTHONSTARTUP' ? FILE : n.endsWith('OPTIONS') || n.endsWith('OPT') || Object.hasOwn(ENV_LANGUAGE, n) ? CODE : CONF] as [string, ArgRole]),
  // where code is loaded from
  ...['LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT', 'DYLD_INSERT_LIBRARIES', 'DYLD_LIBRARY_PATH', 'PATH', 'CDPATH_', 'PYTHONPATH', 'PYTHONHOME', 'PYTHONUSERBASE', 'NODE_PATH', 'PERL5LIB', 'PERLLIB', 'RUBYLIB', 'GEM_PATH', 'GEM_HOME', 'BUNDLE_GEMFILE', 'CLASSPATH', 'LUA_PATH', 'LUA_CPATH', 'LUA_INIT', 'GIT_EXEC_PATH', 'GIT_TEMPLATE_DIR', 'GIT_DIR', 'GIT_WORK_TREE', 'GIT_CONFIG', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_CONFIG_COUNT', 'GIT_CONFIG_PARAMETERS', 'XDG_CONFIG_HOME', 'HOME', 'NPM_CONFIG_USERCONFIG', 'npm_config_userconfig', 'NPM_CONFIG_GLOBALCONFIG', 'NPM_CONFIG_PREFIX', 'PIP_CONFIG_FILE', 'PIP_INDEX_URL', 'PIP_EXTRA_INDEX_URL', 'UV_INDEX_URL', 'CARGO_HOME', 'RUSTUP_HOME', 'GOPATH', 'GOPROXY', 'GOFLAGS', 'MAKEFLAGS', 'MAKEFILES', 'TAR_OPTIONS', 'GZIP', 'BZIP2', 'XZ_OPT', 'ZSTD_CLEVEL_', 'LESSKEY', 'INPUTRC', 'VIMINIT', 'EXINIT', 'MYVIMRC', 'GNUPGHOME', 'SSH_AUTH_SOCK', 'KUBECONFIG', 'DOCKER_HOST', 'DOCKER_CONFIG', 'AWS_CONFIG_FILE', 'AWS_SHARED_CREDENTIALS_FILE', 'BASH_LOADABLES_PATH', 'BASH_XTRACEFD', 'PROMPT_DIRTRIM_', 'IFS', 'GLOBIGNORE', 'BASH_COMPAT', 'SHELLOPTS', 'BASHOPTS', 'PYTEST_PLUGINS', 'PYTEST_ADDOPTS', 'TOX_', 'NODE_EXTRA_CA_CERTS_', 'PERL_MB_OPT', 'PERL_MM_OPT', 'CFLAGS_', 'LDFLAGS', 'CPATH_', 'PKG_CONFIG_PATH', 'R_PROFILE', 'R_PROFILE_USER', 'R_LIBS', 'JULIA_LOAD_PATH', 'JULIA_DEPOT_PATH', 'PHPRC', 'PHP_INI_SCAN_DIR', 'COMPOSER_HOME', 'GIT_SSL_NO_VERIFY_'].filter((n) => !n.endsWith('_')).map((n) => [n, CONF] as [string, ArgRole]),
]);

/** Env names matched by prefix: GIT_CONFIG_KEY_0, GIT_CONFIG_VALUE_0, BASH_FUNC_x%%, npm_config_* … */
const ENV_PREFIXES: [string, ArgRole][] = [
  ['GIT_CONFIG_KEY_', CONF],
  ['GIT_CONFIG_VALUE_', LINE],
  ['BASH_FUNC_', CODE],
  ['npm_config_', CONF],
  ['NPM_CONFIG_', CONF],
  ['PIP_', CONF],
  ['UV_', CONF],
  ['POETRY_', CONF],
  ['CARGO_', CONF],
  ['PYTEST_', CONF],
  ['LD_', CONF],
  ['DYLD_', CONF],
];

/** The role of an environment variable's value (none for plain data). */
export function envRole(name: string): ArgRole {
  const r = CODE_ENV.get(name);
  if (r) return r;
  for (const [p, role] of ENV_PREFIXES) if (name.startsWith(p)) return role;
  return 'none';
}

// git config keys (lower-cased) whose value is a command line git runs.
const GIT_LINE_KEYS = new Set([
  'core.pager', 'core.editor', 'core.sshcommand', 'core.fsmonitor', 'core.askpass', 'core.hookspath_', 'core.gitproxy',
  'sequence.editor', 'diff.external', 'diff.tool_', 'merge.tool_', 'pager.*', 'gpg.program', 'gpg.ssh.program', 'gpg.x509.program',
  'gpg.ssh.defaultkeycommand', 'credential.helper', 'web.browser', 'instaweb.httpd', 'uploadpack.packobjectshook',
  'sendemail.smtpserver', 'sendemail.tocmd', 'sendemail.cccmd', 'ssh.variant_', 'http.proxy_', 'remote.*.uploadpack',
  'remote.*.receivepack', 'remote.*.proxy_', 'filter.*.clean', 'filter.*.smudge', 'filter.*.process', 'diff.*.textconv',
  'diff.*.command', 'merge.*.driver', 'difftool.*.cmd', 'mergetool.*.cmd', 'alias.*', 'browser.*.cmd', 'man.*.cmd',
  'credential.*.helper', 'pager.*', 'interactive.difffilter', 'core.alternaterefscommand', 'receive.procreceiverefs_',
  'url.*.insteadof_', 'protocol.ext.allow_', 'submodule.*.update', 'hook.*.command', 'bisect.*_', 'trailer.*.command', 'trailer.*.cmd',
  'log.*_', 'format.*_', 'diff.*.cachetextconv_',
].filter((k) => !k.endsWith('_')));
// keys that change what code git loads or where it looks (config, hooks, templates)
const GIT_CONFIG_KEYS = new Set([
  'core.hookspath', 'include.path', 'includeif.*.path', 'core.worktree', 'core.excludesfile', 'core.attributesfile',
  'init.templatedir', 'protocol.allow', 'protocol.*.allow', 'url.*.insteadof', 'url.*.pushinsteadof', 'http.proxy',
  'http.sslverify', 'safe.directory', 'core.symlinks', 'core.protectntfs', 'core.protecthfs', 'submodule.recurse',
  'receive.denycurrentbranch', 'transfer.fsckobjects', 'core.repositoryformatversion', 'extensions.worktreeconfig',
  'uploadpack.allowfilter', 'core.sharedrepository', 'diff.*.xfuncname_', 'remote.*.url', 'remote.*.pushurl',
  'http.extraheader', 'http.*.extraheader', 'credential.usehttppath', 'gpg.format', 'commit.gpgsign_', 'core.bare',
].filter((k) => !k.endsWith('_')));

function matchKey(set: Set<string>, key: string): boolean {
  if (set.has(key)) return true;
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first < 0) return false;
  const section = key.slice(0, first);
  if (set.has(section + '.*')) return true;
  if (last > first) return set.has(section + '.*' + key.slice(last));
  return false;
}

/** core.pager / core.sshCommand / alias.* / filter.*.clean / diff.*.textconv … → exec-line; hooksPath, include.path … → config. */
export function gitConfigRole(key: string): ArgRole {
  const k = key.toLowerCase();
  if (matchKey(GIT_LINE_KEYS, k)) return 'exec-line';
  if (matchKey(GIT_CONFIG_KEYS, k)) return 'config';
  return 'none';
}

/** A git config entry carried by the environment; value null for a bare key (boolean true). */
export interface EnvConfig {
  key: string;
  value: string | null;
}

/**
 * GIT_CONFIG_PARAMETERS as git reads it: entries separated by blanks, each `'key'='value'`,
 * `'key'=` (empty), `'key'` (true) or the older `'key=value'`; inside quotes `'\''` and `'\!'`
 * stand for ' and !. Null when the text is not in this form (git then refuses to run).
 */
export function gitConfigParameters(text: string): EnvConfig[] | null {
  const out: EnvConfig[] = [];
  let i = 0;
  const blank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n';
  // one quoted token starting at i, or null
  const token = (): string | null => {
    if (text[i] !== "'") return null;
    let s = '';
    i++;
    for (;;) {
      const end = text.indexOf("'", i);
      if (end < 0) return null;
      s += text.slice(i, end);
      i = end + 1;
      if (text[i] === '\\' && (text[i + 1] === "'" || text[i + 1] === '!') && text[i + 2] === "'") {
        s += text[i + 1];
        i += 3;
        continue;
      }
      return s;
    }
  };
  for (;;) {
    while (blank(text[i])) i++;
    if (i >= text.length) return out;
    const first = token();
    if (first === null) return null;
    if (text[i] === '=') {
      i++;
      if (i >= text.length || blank(text[i])) out.push({ key: first, value: null });
      else {
        const v = token();
        if (v === null) return null;
        out.push({ key: first, value: v });
      }
    } else {
      const eq = first.indexOf('=');
      out.push(eq < 0 ? { key: first, value: null } : { key: first.slice(0, eq), value: first.slice(eq + 1) });
    }
    if (i < text.length && !blank(text[i])) return null;
  }
}

/** The shell line a git config value runs: an alias `!cmd` is cmd, any other alias is git's own words. */
export function gitConfigLine(key: string, value: string): string {
  if (!key.toLowerCase().startsWith('alias.')) return value;
  return value.startsWith('!') ? value.slice(1) : 'git ' + value;
}
