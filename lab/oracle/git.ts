// git for the oracle: which invocations only read the repository and run no program.
// Facts from git(1), git-config(1), git-submodule(1), git-ls-remote(1) and git-difftool(1).

const GIT_RO = new Set(
  ('status diff log show branch tag remote rev-parse ls-files blame grep stash config describe ' +
    'shortlog ls-tree cat-file show-ref rev-list merge-base name-rev reflog help version whatchanged worktree ' +
    'submodule ls-remote difftool mergetool').split(' '),
);

/** `git -c key=value` keys that only change how git prints: they name no program, hook or path.
 *  Keys are case-insensitive except a subsection (color.diff.meta), which none of these test. */
const INERT_SECTIONS = new Set(['color', 'advice']);
const INERT_KEYS = new Set(['core.quotepath', 'diff.renames', 'log.date', 'log.decorate', 'log.abbrevcommit']);
/** Keys whose value is a command: inert only for these values (an empty pager means none). */
const PAGER_VALUES = new Set(['', 'cat']);
const FALSE = new Set(['false', 'no', 'off', '0']);

/** Why `git -c ENTRY` may run a program or change what git touches (undefined when inert). */
export function gitConfigEntryProblem(entry: string): string | undefined {
  const eq = entry.indexOf('=');
  const key = (eq < 0 ? entry : entry.slice(0, eq)).toLowerCase();
  const value = eq < 0 ? undefined : entry.slice(eq + 1);
  const section = key.split('.')[0]!;
  if (key.split('.').length >= 2 && INERT_SECTIONS.has(section)) return undefined;
  if (INERT_KEYS.has(key)) return undefined;
  // core.pager and pager.<cmd> run their value through the shell; cat, empty or false run no pager program.
  if (key === 'core.pager' && value !== undefined && PAGER_VALUES.has(value.trim())) return undefined;
  if (/^pager\.[^.]+$/.test(key) && value !== undefined && (PAGER_VALUES.has(value.trim()) || FALSE.has(value.trim().toLowerCase()))) return undefined;
  return `git -c ${key}`;
}

/** git config reads when it gets a value, lists, or names one key without a value. */
const CONFIG_VALUE = new Set(['-f', '--file', '--blob', '--type', '--default']);
const CONFIG_WRITE = new Set(['--add', '--replace-all', '--unset', '--unset-all', '--rename-section', '--remove-section', '-e', '--edit']);
const CONFIG_READ = new Set(['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '--list', '-l']);

function configProblem(rest: string[]): string | undefined {
  const pos: string[] = [];
  let reading = false;
  for (let k = 0; k < rest.length; k++) {
    const x = rest[k]!;
    if (x === '--') {
      pos.push(...rest.slice(k + 1));
      break;
    }
    if (!x.startsWith('-')) pos.push(x);
    else if (CONFIG_WRITE.has(x.split('=')[0]!)) return `git config ${x}`;
    else if (CONFIG_READ.has(x)) reading = true;
    else if (CONFIG_VALUE.has(x)) k++;
  }
  if (reading) return undefined;
  // The subcommand syntax (git 2.46): get and list read; set, unset, edit … write.
  if (pos[0] === 'get' || pos[0] === 'list') return undefined;
  // The old syntax: one section.key alone prints its value; a name and a value set it
  // (a word without a dot is no key: `git config edit` is the subcommand that opens an editor).
  return pos.length === 1 && pos[0]!.includes('.') ? undefined : 'git config without --get/--list';
}

/** A repository given as a local path (no host: prefix, no transport:: helper, no URL). */
function localRepo(r: string | undefined): boolean {
  return r !== undefined && (r === '.' || r === '..' || /^(\/|\.\/|\.\.\/)/.test(r));
}

const LS_REMOTE_FLAGS = /^(-h|--heads|-b|--branches|-t|--tags|--refs|-q|--quiet|--exit-code|--symref|--sort=[^\s]+)$/;
const SUBMODULE_STATUS_FLAGS = new Set(['--recursive', '--cached', '-q', '--quiet']);

export function gitProblem(args: string[]): string | null {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) {
    if (args[i] === '-c') {
      const bad = gitConfigEntryProblem(args[i + 1] ?? '');
      if (bad) return bad;
      i += 2;
      continue;
    }
    // Global options: these run programs or page through one.
    if (/^(-c|--config-env|--exec-path|-p|--paginate)(=|$)/.test(args[i]!)) return `git ${args[i]}`;
    i += ['-C', '--git-dir', '--work-tree', '--namespace'].includes(args[i]!) ? 2 : 1;
  }
  const bad = args.slice(i).find((a) => /^(--output|--ext-diff|--textconv|--upload-pack|--receive-pack|--exec|--pre)(=|$)/.test(a));
  if (bad) return `git ${bad}`;
  const sub = args[i];
  if (sub === undefined) return null;
  const rest = args.slice(i + 1);
  // Operands: words that are not options nor the value of -n/--max-count (git reflog -n 10).
  const pos = rest.filter((a, k) => !a.startsWith('-') && !(k > 0 && ['-n', '--max-count'].includes(rest[k - 1]!)));
  if (!GIT_RO.has(sub)) return `git ${sub}`;
  const has = (...f: string[]) => rest.some((a) => f.some((x) => a === x || a.startsWith(`${x}=`)));
  if (sub === 'branch' && (has('-d', '-D', '-m', '-M', '-c', '-C', '--delete', '--move', '--copy', '-f', '--force', '-u', '--set-upstream-to', '--unset-upstream', '--edit-description') || (pos.length > 0 && !has('-l', '--list', '--contains', '--merged', '--no-merged', '--points-at'))))
    return 'git branch with a change';
  if (sub === 'tag' && (has('-d', '-a', '-s', '-m', '-f', '-u', '--delete', '--annotate', '--sign', '--force') || (pos.length > 0 && !has('-l', '--list'))))
    return 'git tag with a change';
  if (sub === 'remote' && pos.length > 0 && !['show', 'get-url'].includes(pos[0]!)) return `git remote ${pos[0]}`;
  if (sub === 'stash' && pos.length > 0 && !['list', 'show'].includes(pos[0]!)) return `git stash ${pos[0]}`;
  // git reflog REF means show; expire, delete and drop rewrite the reflog.
  if (sub === 'reflog' && pos.length > 0 && ['expire', 'delete', 'drop'].includes(pos[0]!)) return `git reflog ${pos[0]}`;
  if (sub === 'worktree' && pos[0] !== 'list') return `git worktree ${pos[0] ?? ''}`.trim();
  if (sub === 'config') return configProblem(rest) ?? null;
  // git submodule alone is status; foreach runs a command, update/init/sync … write.
  if (sub === 'submodule') {
    if (rest.length > 0 && rest[0] !== 'status') return `git submodule ${rest[0]}`;
    const dd = rest.indexOf('--');
    const off = (dd < 0 ? rest : rest.slice(0, dd)).slice(1).find((a) => a.startsWith('-') && !SUBMODULE_STATUS_FLAGS.has(a));
    return off ? `git submodule status ${off}` : null;
  }
  // ls-remote talks to a remote (ssh, a helper, the network) unless it names a local path.
  if (sub === 'ls-remote') {
    const off = rest.find((a) => a.startsWith('-') && !LS_REMOTE_FLAGS.test(a));
    if (off) return `git ls-remote ${off}`;
    return localRepo(pos[0]) ? null : 'git ls-remote of a remote';
  }
  // difftool and mergetool start a tool, except --tool-help, which only lists them.
  if (sub === 'difftool' || sub === 'mergetool') return rest.length === 1 && rest[0] === '--tool-help' ? null : `git ${sub}`;
  return null;
}
