// Environment variables that change which code loads or runs (LD_PRELOAD, PATH, GIT_*, PAGER …).
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import type { Assignment } from '../shell/types.ts';
import { finding, text } from './util.ts';
import { envRole } from '../programs/index.ts';
import { BINDERS, boundByName } from '../shell/normalize/envcode.ts';

const meta: DetectorMeta = {
  id: 'env-override',
  family: 'env',
  title: 'Code-loading environment override',
  rationale: 'These variables make an innocent-looking program load or run other code.',
  behaviour: 'ask',
  examples: {
    bad: ['LD_PRELOAD=./evil.so ls', 'env PYTHONPATH=/tmp/x python3 -m pytest', 'export PATH=/tmp/bin:$PATH', 'GIT_SSH_COMMAND="$CMD" git fetch', 'PAGER="$P" git log', 'NODE_OPTIONS=--require=/tmp/x.js npm test', 'declare -x BASH_ENV=/tmp/rc'],
    good: ['LANG=C sort file', 'NO_COLOR=1 npm test', 'NODE_ENV=production node server.js', 'TZ=UTC date', 'CI=1 RUST_LOG=debug cargo test', 'GIT_AUTHOR_NAME=bot git commit -m x'],
  },
};

const EXACT = new Set([
  'LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT', 'PYTHONPATH', 'PYTHONSTARTUP', 'PYTHONHOME', 'PYTHONUSERBASE', 'PYTHONINSPECT', 'PYTHONEXECUTABLE',
  'NODE_OPTIONS', 'NODE_PATH', 'RUBYOPT', 'RUBYLIB', 'PERL5OPT', 'PERL5LIB', 'PERLLIB', 'PERL5DB', 'BASH_ENV', 'ENV', 'PROMPT_COMMAND',
  'PATH', 'PAGER', 'MANPAGER', 'EDITOR', 'VISUAL', 'BROWSER', 'SHELLOPTS', 'BASHOPTS', 'IFS', 'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS', 'CLASSPATH', 'GCONV_PATH', 'AGENT_BROWSER_SESSION', 'LESSOPEN', 'LESSCLOSE', 'SSH_ASKPASS', 'SUDO_ASKPASS',
  'HOME', 'ZDOTDIR', 'XDG_CONFIG_HOME', 'SHELL', 'CDPATH', 'GLOBIGNORE', 'PS4', 'TERMINFO', 'HOSTALIASES', 'RIPGREP_CONFIG_PATH',
  'NPM_CONFIG_PREFIX', 'npm_config_script_shell', 'NPM_CONFIG_SCRIPT_SHELL', 'PIP_INDEX_URL', 'PIP_EXTRA_INDEX_URL', 'DOCKER_HOST',
  'LUA_PATH', 'LUA_CPATH', 'GEM_PATH', 'GEM_HOME', 'R_PROFILE', 'R_PROFILE_USER', 'PHPRC', 'OPENSSL_CONF', 'CURL_HOME', 'WGETRC', 'MAKEFLAGS', 'CC', 'CXX', 'PARALLEL',
]);
const PREFIXES = ['LD_', 'DYLD_', 'GIT_', 'BASH_FUNC_'];
const GIT_SAFE = new Set(['GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_AUTHOR_DATE', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL', 'GIT_COMMITTER_DATE', 'GIT_TERMINAL_PROMPT', 'GIT_MERGE_AUTOEDIT', 'GIT_PROGRESS_DELAY', 'GIT_FLUSH', 'GIT_REDACT_COOKIES', 'GIT_OPTIONAL_LOCKS']);

export function isOverride(name: string): boolean {
  if (EXACT.has(name)) return true;
  if (GIT_SAFE.has(name)) return false;
  for (const p of PREFIXES) if (name.startsWith(p)) return true;
  return false;
}

const DECLARE = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

export const envOverride: Detector = {
  meta,
  concerns: { effects: ['env'], programs: ['export', 'declare', 'typeset', 'local', 'readonly', 'set', ...BINDERS] },
  check(inv) {
    if (!inv.env.length && !DECLARE.has(inv.name) && inv.name !== 'set' && !BINDERS.has(inv.name)) return [];
    const out: Finding[] = [];
    const seen = new Set<string>();
    const flag = (a: Assignment | { name: string; span: Assignment['span'] }, how: string, value?: string) => {
      if (seen.has(a.name) || !isOverride(a.name)) return;
      // IFS= read -r line: IFS only tells the read builtin where to split the line it reads
      if (a.name === 'IFS' && inv.name === 'read' && !inv.via.length) return;
      // CDPATH= (or only empty entries, which mean the cwd) makes cd search nothing but the cwd
      if (a.name === 'CDPATH' && value !== undefined && value.split(':').every((d) => d === '' || d === '.')) return;
      // A static command line (EDITOR=vim, PAGER=cat) is opened and checked as its own command;
      // an empty one (GIT_PAGER=) runs nothing.
      if (value !== undefined && envRole(a.name) === 'exec-line' && a.name !== 'PROMPT_COMMAND') return;
      // So is an exported function's static body (BASH_FUNC_f%%='() { …; }').
      if (value !== undefined && a.name.startsWith('BASH_FUNC_')) return;
      seen.add(a.name);
      out.push(finding(meta, inv, `${how} sets ${a.name}`));
    };
    for (const a of inv.env) flag(a, inv.via.some((v) => v.name === 'env') ? 'env' : inv.args.length || inv.name ? 'a prefix' : 'an assignment', a.value === null ? '' : a.value.static ? a.value.value : undefined);
    if (!inv.program.static) return out;
    if (DECLARE.has(inv.name)) {
      const exporting = inv.name === 'export' || inv.args.some((w) => w.static && (w.value ?? '').startsWith('-') && (w.value ?? '').includes('x'));
      const global = inv.name !== 'local';
      for (const w of inv.args) {
        const t = text(w);
        const eq = t.indexOf('=');
        const name = eq < 0 ? t : t.slice(0, eq);
        if (t.startsWith('-') || !name) continue;
        const n = name.endsWith('+') ? name.slice(0, -1) : name;
        if (eq >= 0 && (exporting || global)) flag({ name: n, span: w.span }, inv.name, w.static ? t.slice(eq + 1) : undefined);
      }
    }
    // read PATH, mapfile -t LD_PRELOAD, printf -v NODE_OPTIONS …: the builtin sets the variable by name
    if (BINDERS.has(inv.name)) for (const b of boundByName(inv)) flag(b, inv.name, b.value === null ? '' : b.value.static ? b.value.value : undefined);
    if (inv.name === 'set') {
      const a = inv.args.map(text);
      const allexport = a.some((t) => t.startsWith('-') && !t.startsWith('--') && t.includes('a')) || a.some((t, i) => t === '-o' && a[i + 1] === 'allexport');
      if (allexport) out.push(finding(meta, inv, 'set -a exports every later assignment'));
    }
    return out;
  },
};
