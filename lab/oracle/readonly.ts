// Is a traced exec read-only? An independent list of read-only programs and their known traps
// (find -exec, sort -o, sed -i/w/e, git's writing subcommands …), used by the oracle tests'
// soundness check and by the lab's c14 (a red-team find must really do something).
import type { OracleExec } from './harness.ts';

function baseName(p: string): string {
  const i = p.lastIndexOf('/');
  return i >= 0 ? p.slice(i + 1) : p;
}

/** Shells whose stubs hand over to the hidden bash: their payload's execs are traced too. */
export const SHELLS = new Set(['bash', 'sh', 'dash']);

const READ_ONLY = new Set(
  ('ls cat head tail wc grep egrep fgrep rg fd find stat file du df tree pwd echo printf which ' +
    'basename dirname realpath readlink cut sort uniq tr diff cmp comm jq sed date uname whoami id ' +
    'env printenv ps true false git test [ seq nl od md5sum sha1sum sha256sum sha512sum cksum expr ' +
    'hostname groups tac rev fold column paste join look strings less more sleep').split(' '),
);

const GIT_RO = new Set(
  ('status diff log show branch tag remote rev-parse ls-files blame grep stash config describe ' +
    'shortlog ls-tree cat-file show-ref rev-list merge-base name-rev reflog help version whatchanged').split(' '),
);

/** sed script without its /regex/ parts, so letters inside patterns are not read as commands. */
function sedCommands(script: string): string {
  let out = '';
  let inRe = false;
  for (let i = 0; i < script.length; i++) {
    const ch = script[i]!;
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '/') inRe = !inRe;
    else if (!inRe) out += ch;
  }
  return out;
}

function gitProblem(args: string[]): string | null {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) {
    // Global options: these run programs or page through one.
    if (/^(-c|--config-env|--exec-path|-p|--paginate)(=|$)/.test(args[i]!)) return `git ${args[i]}`;
    i += ['-C', '--git-dir', '--work-tree', '--namespace'].includes(args[i]!) ? 2 : 1;
  }
  const bad = args.slice(i).find((a) => /^(--output|--ext-diff|--textconv|--upload-pack|--receive-pack|--exec|--pre)(=|$)/.test(a));
  if (bad) return `git ${bad}`;
  const sub = args[i];
  if (sub === undefined) return null;
  const rest = args.slice(i + 1);
  const pos = rest.filter((a) => !a.startsWith('-'));
  if (!GIT_RO.has(sub)) return `git ${sub}`;
  const has = (...f: string[]) => rest.some((a) => f.some((x) => a === x || a.startsWith(`${x}=`)));
  if (sub === 'branch' && (has('-d', '-D', '-m', '-M', '-c', '-C', '--delete', '--move', '--copy', '-f', '--force', '-u', '--set-upstream-to', '--unset-upstream', '--edit-description') || (pos.length > 0 && !has('-l', '--list', '--contains', '--merged', '--no-merged', '--points-at'))))
    return 'git branch with a change';
  if (sub === 'tag' && (has('-d', '-a', '-s', '-m', '-f', '-u', '--delete', '--annotate', '--sign', '--force') || (pos.length > 0 && !has('-l', '--list'))))
    return 'git tag with a change';
  if (sub === 'remote' && pos.length > 0 && !['show', 'get-url'].includes(pos[0]!)) return `git remote ${pos[0]}`;
  if (sub === 'stash' && pos.length > 0 && !['list', 'show'].includes(pos[0]!)) return `git stash ${pos[0]}`;
  if (sub === 'reflog' && pos.length > 0 && pos[0] !== 'show') return `git reflog ${pos[0]}`;
  if (sub === 'config' && !has('--get', '--get-all', '--get-regexp', '--list', '-l')) return 'git config without --get/--list';
  return null;
}

/** Wrappers that only change how their command runs: value-taking options, and how many
 *  operands come before the command (timeout's duration). */
const WRAPPERS: Record<string, { values: string[]; operands: number; bad?: string[] }> = {
  timeout: { values: ['-k', '--kill-after', '-s', '--signal'], operands: 1 },
  nice: { values: ['-n', '--adjustment'], operands: 0 },
  stdbuf: { values: ['-i', '-o', '-e', '--input', '--output', '--error'], operands: 0 },
  env: { values: ['-u', '--unset', '-C', '--chdir'], operands: 0, bad: ['-S', '--split-string'] },
  xargs: { values: ['-n', '--max-args', '-L', '--max-lines', '-P', '--max-procs', '-d', '--delimiter', '-I', '-E', '-s', '--max-chars', '-a', '--arg-file'], operands: 0 },
  ionice: { values: ['-c', '--class', '-n', '--classdata'], operands: 0, bad: ['-p', '--pid', '-P', '--pgid', '-u', '--uid'] },
  nohup: { values: [], operands: 0 },
  setsid: { values: [], operands: 0 },
  time: { values: ['-f', '--format'], operands: 0, bad: ['-o', '--output'] },
};

/** The command a wrapper would run, or a reason it is not read-only. */
function unwrap(name: string, a: string[]): { inner: string[] } | { bad: string } {
  const w = WRAPPERS[name]!;
  let i = 0;
  while (i < a.length && a[i]!.startsWith('-') && a[i] !== '-') {
    const x = a[i]!;
    if (x === '--') {
      i++;
      break;
    }
    const key = x.startsWith('--') ? x.split('=')[0]! : x.slice(0, 2);
    if (w.bad?.includes(key)) return { bad: `${name} ${x}` };
    const attached = x.startsWith('--') ? x.includes('=') : x.length > 2;
    i += w.values.includes(key) && !attached ? 2 : 1;
  }
  if (name === 'env') while (i < a.length && a[i]!.includes('=')) i++;
  i += w.operands;
  const inner = a.slice(i);
  if (inner.length === 0) return { inner: name === 'xargs' ? ['echo'] : [] };
  return { inner };
}

/** Why this traced exec is not a read-only program with read-only flags (null when it is). */
export function notReadOnly(e: OracleExec): string | null {
  const name = baseName(e.path);
  const a = e.argv;
  if (name in WRAPPERS) {
    const u = unwrap(name, a);
    if ('bad' in u) return u.bad;
    if (u.inner.length === 0) return name === 'env' ? null : `${name} without a command`;
    // The stub did not run the inner command, so judge its argv here (a shell would hide its payload).
    if (SHELLS.has(baseName(u.inner[0]!))) return `${name} runs a shell the oracle cannot follow`;
    return notReadOnly({ path: u.inner[0]!, argv: u.inner.slice(1) });
  }
  if (!READ_ONLY.has(name)) return `${name} is not a read-only program`;
  const flag = (re: RegExp) => a.find((x) => re.test(x));
  let bad: string | undefined;
  switch (name) {
    case 'find':
      bad = flag(/^-(exec|execdir|ok|okdir|delete|fprint|fprint0|fprintf|fls)$/);
      break;
    case 'sort':
      bad = flag(/^(-[bdfgiMhnRrVcCmsuz]*o|--o|--compress)/);
      break;
    case 'uniq':
      if (a.filter((x) => !x.startsWith('-')).length >= 2) bad = 'an output file';
      break;
    case 'sed': {
      bad = flag(/^(-[a-zA-Z]*i|--in|-s$|--sep)/);
      if (!bad && !a.some((x) => x === '-n' || x === '--quiet' || x === '--silent' || /^-[a-zA-Z]*n/.test(x))) bad = 'no -n';
      const script = a.find((x) => !x.startsWith('-'));
      if (!bad && script !== undefined && /[wWe]/.test(sedCommands(script))) bad = `script ${script}`;
      break;
    }
    case 'git':
      bad = gitProblem(a) ?? undefined;
      break;
    case 'rg':
      bad = flag(/^--pre(=|$)/);
      break;
    case 'fd':
      bad = flag(/^(-x|-X|--exec|--exec-batch)(=|$)/);
      break;
    case 'date':
      bad = flag(/^(-s|--set)/);
      break;
    case 'tree':
      bad = flag(/^-o$/);
      break;
    case 'hostname':
      if (a.some((x) => !x.startsWith('-'))) bad = 'sets the hostname';
      break;
    case 'less':
    case 'more':
      bad = 'can run commands (!)';
      break;
  }
  return bad === undefined ? null : `${name}: ${bad}`;
}

/** Quote a word for display (and for re-deciding one exec on its own). */
export function shellQuote(s: string): string {
  if (s !== '' && /^[A-Za-z0-9_./=:,+@%^-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function showExec(e: OracleExec): string {
  return [e.path, ...e.argv].map(shellQuote).join(' ');
}
