// Is a traced exec read-only? An independent list of read-only programs and their known traps
// (find -exec, sort -o, sed -i/w/e, git's writing subcommands …), used by the oracle tests'
// soundness check and by the lab's c14 (a red-team find must really do something).
import type { OracleExec } from './harness.ts';
import { awkProblem } from './awk.ts';
import { sedProblem } from './sed.ts';
import { onlyPrintsVersion } from './versions.ts';
import { gitProblem } from './git.ts';
import { cpProblem, ddProblem, teeProblem, wipefsProblem } from './files.ts';
import { arProblem, unzipProblem, zipinfoProblem } from './archives.ts';
import { curlProblem, pipProblem, pythonPipProblem, runsPipModule, yarnProblem } from './clients.ts';

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
    'hostname groups tac rev fold column paste join look strings less more sleep awk gawk mawk nawk ' +
    'tar xxd base64 expand unexpand lsblk lscpu nproc free uptime arch getconf tty logname systemctl docker npm go getent').split(' '),
);

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

/** find's actions that run a command: the inner argv runs up to `;` or `+`. */
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** Why find is not read-only: a writing action, or an -exec whose command is not read-only. */
function findProblem(a: string[]): string | undefined {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (/^-(delete|fprint|fprint0|fprintf|fls)$/.test(x)) return x;
    if (!FIND_EXEC.has(x)) continue;
    let j = i + 1;
    while (j < a.length && a[j] !== ';' && !(a[j] === '+' && a[j - 1] === '{}')) j++;
    const inner = a.slice(i + 1, j);
    if (inner.length === 0) return `${x} without a command`;
    if (SHELLS.has(baseName(inner[0]!))) return `${x} runs a shell the oracle cannot follow`;
    const why = notReadOnly({ path: inner[0]!, argv: inner.slice(1) });
    if (why) return `${x} ${why}`;
    i = j;
  }
  return undefined;
}

/** fd -x/-X CMD…: the command (up to `;` or the end) runs once per match or once for all. */
function fdProblem(a: string[]): string | undefined {
  // -x CMD, --exec CMD, and the glued forms --exec=CMD, -x=CMD, -xCMD
  const i = a.findIndex((x) => /^(-x|-X|--exec|--exec-batch)$/.test(x) || /^--exec(-batch)?=./.test(x) || /^-[xX]./.test(x));
  if (i < 0) return undefined;
  const glued = /^(?:--exec(?:-batch)?=|-[xX]=?)(.+)$/.exec(a[i]!);
  let j = i + 1;
  while (j < a.length && a[j] !== ';') j++;
  const inner = glued && !/^(-x|-X)$/.test(a[i]!) ? [glued[1]!, ...a.slice(i + 1, j)] : a.slice(i + 1, j);
  if (inner.length === 0) return `${a[i]} without a command`;
  if (SHELLS.has(baseName(inner[0]!))) return `${a[i]} runs a shell the oracle cannot follow`;
  const why = notReadOnly({ path: inner[0]!, argv: inner.slice(1) });
  return why ? `${a[i]} ${why}` : fdProblem(a.slice(j + 1));
}

/** tar lists an archive (-t) and does nothing else: no other mode, no option that runs a
 *  program (-I, --to-command, --checkpoint-action, --rsh-command, -F) and no remote archive
 *  (a host: prefix goes through rsh). Only the options below are understood. */
const TAR_SHORT = new Set('tvzjJaf'.split(''));
const TAR_LONG = new Set(['--list', '--verbose', '--gzip', '--bzip2', '--xz', '--zstd', '--auto-compress', '--file', '--wildcards', '--force-local', '--no-same-owner', '--numeric-owner']);

function tarProblem(a: string[]): string | undefined {
  let list = false;
  let file: string | undefined;
  const letters = (bundle: string, next: () => string | undefined): string | undefined => {
    for (let j = 0; j < bundle.length; j++) {
      const o = bundle[j]!;
      if (!TAR_SHORT.has(o)) return `option ${o}`;
      if (o === 't') list = true;
      if (o === 'f') file = j + 1 < bundle.length ? bundle.slice(j + 1) : next();
      if (o === 'f') return undefined;
    }
    return undefined;
  };
  let i = 0;
  const next = () => a[++i];
  // Old style: the first word is a bundle of letters without a dash (tar tzf x.tgz).
  if (a[0] !== undefined && !a[0].startsWith('-')) {
    const bad = letters(a[0], next);
    if (bad) return bad;
    i++;
  }
  let forceLocal = false;
  for (; i < a.length; i++) {
    const x = a[i]!;
    if (x === '--') break;
    if (x.startsWith('--')) {
      const key = x.split('=')[0]!;
      if (!TAR_LONG.has(key)) return `option ${x}`;
      if (key === '--list') list = true;
      if (key === '--force-local') forceLocal = true;
      if (key === '--file') file = x.includes('=') ? x.slice(7) : next();
    } else if (x.startsWith('-') && x !== '-') {
      const bad = letters(x.slice(1), next);
      if (bad) return bad;
    }
  }
  if (!list) return 'not a listing (-t)';
  if (file !== undefined && !forceLocal && /^[^/]*:/.test(file)) return `a remote archive ${file}`;
  return undefined;
}

/** xxd writes its second operand; -r turns a dump back into bytes (still to stdout then). */
const XXD_VALUE = new Set(['-c', '-cols', '-g', '-groupsize', '-l', '-len', '-n', '-name', '-o', '-offset', '-s', '-seek']);

function xxdProblem(a: string[]): string | undefined {
  const operands: string[] = [];
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x === '-' || !x.startsWith('-')) operands.push(x);
    else if (XXD_VALUE.has(x)) i++;
  }
  return operands.length >= 2 ? `writes ${operands[1]}` : undefined;
}

/** The subcommand of a program with subcommands, after its global options. */
function subcommand(a: string[]): { sub: string | undefined; rest: string[]; globals: string[] } {
  const i = a.findIndex((x) => !x.startsWith('-'));
  return i < 0 ? { sub: undefined, rest: [], globals: a } : { sub: a[i], rest: a.slice(i + 1), globals: a.slice(0, i) };
}

/** systemctl queries (status, show, list-*, is-*, cat) on this machine only (no -H/-M). */
const SYSTEMCTL_RO = new Set(['status', 'show', 'cat', 'is-active', 'is-enabled', 'is-failed', 'list-units', 'list-unit-files', 'list-timers', 'list-sockets', 'list-dependencies']);
const SYSTEMCTL_FLAGS = /^(--user|--system|--no-pager|--full|-l|--all|-a|--quiet|-q|--plain|--no-legend|-n\d*|--lines(=\d+)?|--type=\S+|--state=\S+|--property=\S+|-p\S*|--value|\d+)$/;

/** docker queries of the local daemon, with no global option (-H, --context, --config move it). */
const DOCKER_RO = new Set(['ps', 'images', 'info', 'version', 'inspect']);

/** Programs that are read-only only in some forms, each judged by its own rule. */
const JUDGES: Record<string, (a: string[]) => string | undefined> = {
  dd: ddProblem,
  tee: teeProblem,
  cp: cpProblem,
  wipefs: wipefsProblem,
  unzip: unzipProblem,
  zipinfo: zipinfoProblem,
  ar: arProblem,
  curl: curlProblem,
  yarn: yarnProblem,
};
for (const n of 'gzip gunzip pigz unpigz bzip2 bunzip2 pbzip2 xz unxz lzma unlzma zstd unzstd pzstd lz4 unlz4'.split(' ')) JUDGES[n] = compressorProblem;

/** A compressor writes its output file (and removes its input) unless it prints to stdout, lists or tests. */
function compressorProblem(a: string[]): string | undefined {
  let operands = 0;
  let printing = false;
  let dashdash = false;
  for (const x of a) {
    if (dashdash || x === '-' || !x.startsWith('-')) operands++;
    else if (x === '--') dashdash = true;
    else if (x === '--stdout' || x === '--to-stdout' || x === '--list' || x === '--test') printing = true;
    else if (x === '--rm' || x.startsWith('--output')) return `${x} writes or removes files`;
    else if (!x.startsWith('--')) {
      if (/[oS]/.test(x.slice(1))) return `${x} names an output`;
      if (/[clt]/.test(x.slice(1))) printing = true;
    }
  }
  return operands === 0 || printing ? undefined : 'writes the (de)compressed file and removes the input';
}

const PIP = /^pip(3(\.\d+)?)?$/;
const PYTHON = /^python(3(\.\d+)?)?$/;

/** The rule for this program, if it has one (pip under any version, python -m pip). */
function judgeOf(name: string, a: string[]): ((a: string[]) => string | undefined) | undefined {
  if (PIP.test(name)) return pipProblem;
  if (PYTHON.test(name) && runsPipModule(a)) return pythonPipProblem;
  return JUDGES[name];
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
  if (onlyPrintsVersion(name, a)) return null;
  const judge = judgeOf(name, a);
  if (judge) {
    const why = judge(a);
    return why === undefined ? null : `${name}: ${why}`;
  }
  if (!READ_ONLY.has(name)) return `${name} is not a read-only program`;
  const flag = (re: RegExp) => a.find((x) => re.test(x));
  let bad: string | undefined | null;
  switch (name) {
    case 'find':
      bad = findProblem(a);
      break;
    case 'sort':
      bad = flag(/^(-[bdfgiMhnRrVcCmsuz]*o|--o|--compress)/);
      break;
    case 'uniq':
      if (a.filter((x) => !x.startsWith('-')).length >= 2) bad = 'an output file';
      break;
    case 'sed':
      bad = sedProblem(a);
      break;
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk':
      bad = awkProblem(a);
      break;
    case 'tar':
      bad = tarProblem(a);
      break;
    case 'xxd':
      bad = xxdProblem(a);
      break;
    case 'git':
      bad = gitProblem(a);
      break;
    case 'systemctl': {
      const { sub, rest, globals } = subcommand(a);
      if (!sub || !SYSTEMCTL_RO.has(sub)) bad = `systemctl ${sub ?? ''}`.trim();
      else bad = [...globals, ...rest].find((x) => x.startsWith('-') && !SYSTEMCTL_FLAGS.test(x));
      break;
    }
    case 'docker': {
      const { sub, globals } = subcommand(a);
      if (globals.length > 0) bad = `global option ${globals[0]}`;
      else if (!sub || !DOCKER_RO.has(sub)) bad = `docker ${sub ?? ''}`.trim();
      break;
    }
    case 'npm': {
      // npm ls prints the dependency tree; npm config get/list print settings.
      const { sub, rest, globals } = subcommand(a);
      const pos = rest.filter((x) => !x.startsWith('-'));
      if (globals.length > 0) bad = `global option ${globals[0]}`;
      else if (sub === 'ls' || sub === 'list') bad = rest.find((x) => x.startsWith('-') && !/^(--depth(=\d+)?|--all|-a|--json|--long|-l|--parseable|-p|--prod|--dev|--omit=\w+)$/.test(x));
      else if (sub === 'config') bad = ['get', 'list', 'ls'].includes(pos[0] ?? '') ? undefined : `npm config ${pos[0] ?? ''}`.trim();
      else bad = `npm ${sub ?? ''}`.trim();
      break;
    }
    case 'go': {
      // go env prints settings; -w and -u write the go env file.
      const { sub, rest } = subcommand(a);
      if (sub !== 'env') bad = `go ${sub ?? ''}`.trim();
      else bad = rest.find((x) => x.startsWith('-') && x !== '-json');
      break;
    }
    case 'rg':
      bad = flag(/^--pre(=|$)/);
      break;
    case 'fd':
      bad = fdProblem(a);
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
  return bad === undefined || bad === null ? null : `${name}: ${bad}`;
}

/** Quote a word for display (and for re-deciding one exec on its own). */
export function shellQuote(s: string): string {
  if (s !== '' && /^[A-Za-z0-9_./=:,+@%^-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function showExec(e: OracleExec): string {
  return [e.path, ...e.argv].map(shellQuote).join(' ');
}
