// find: start paths, then an expression whose actions delete, write, or run commands.
import { prog } from '../dsl.ts';
import type { ArgFact, HookContext, MatchSet, ProgramSpec } from '../types.ts';
import { startsAtDirVar, sv } from '../words.ts';
import { findRoots } from '../find.ts';
import { staticWord } from '../../shell/words.ts';

const F = 'findutils';

/** Tests and actions: how many value words each takes (execs are handled apart). */
const ONE = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-size', '-user', '-group', '-uid', '-gid', '-perm', '-links', '-inum', '-lname', '-ilname', '-used', '-mindepth', '-maxdepth', '-type', '-xtype', '-fstype', '-context', '-regextype', '-printf', '-newerXY', '-files0-from']);
const ZERO = new Set(['-print', '-print0', '-ls', '-prune', '-quit', '-true', '-false', '-empty', '-executable', '-readable', '-writable', '-nouser', '-nogroup', '-depth', '-d', '-mount', '-xdev', '-noleaf', '-ignore_readdir_race', '-noignore_readdir_race', '-follow', '-daystart', '-warn', '-nowarn', '-not', '-a', '-and', '-o', '-or', '!', '(', ')', ',', '-help', '--help', '-version', '--version', '-O0', '-O1', '-O2', '-O3']);
const READS = new Set(['-newer', '-anewer', '-cnewer', '-samefile']);

/** The files an -exec command gets: every match below the start paths (`.` when none is given). */
function matchesOf(args: readonly ArgFact['word'][]): MatchSet {
  const m = findRoots(args);
  if (!m.roots.length) m.roots.push(staticWord('.', args[0]!.span));
  return m;
}

function findHook(ctx: HookContext): void {
  const f = ctx.facts;
  const args = ctx.args;
  // find's expression words are not getopt options: the generic parser's view of them is dropped
  f.args = f.args.filter((a) => a.option !== undefined);
  f.issues = [];
  let i = 0;
  // global options before the start paths
  for (; i < args.length; i++) {
    const v = sv(args[i]);
    if (v === '-H' || v === '-L' || v === '-P') continue;
    if (v === '-D' || (v !== undefined && v.startsWith('-O') && v.length > 2)) {
      if (v === '-D') i++;
      continue;
    }
    break;
  }
  const roots: ArgFact[] = [];
  for (; i < args.length; i++) {
    const w = args[i];
    const v = sv(w);
    if (v === undefined) {
      if (w.approx.startsWith('-') || (w.approx.startsWith('$') && !startsAtDirVar(w))) f.issues.push(`dynamic word where a find expression could start: ${w.approx}`);
      const a: ArgFact = { role: 'read', word: w, recursive: true };
      roots.push(a);
      continue;
    }
    if (v.startsWith('-') || v === '!' || v === '(') break;
    roots.push({ role: 'read', word: w, recursive: true });
  }
  f.args.push(...roots);
  let deletes: ArgFact['word'] | null = null;
  let matches: MatchSet | undefined;
  for (; i < args.length; i++) {
    const w = args[i];
    const v = sv(w);
    if (v === undefined) {
      f.issues.push(`dynamic word in a find expression: ${w.approx}`);
      continue;
    }
    if (v === '-delete') {
      deletes = w;
      continue;
    }
    if (v === '-exec' || v === '-execdir' || v === '-ok' || v === '-okdir') {
      let j = i + 1;
      while (j < args.length && sv(args[j]) !== ';' && !(sv(args[j]) === '+' && sv(args[j - 1]) === '{}')) j++;
      if (j >= args.length) f.issues.push(`${v} without a terminating ; or +`);
      const argv = args.slice(i + 1, j);
      if (argv.length) f.args.push({ role: 'exec-argv', word: argv[0], argvIndex: i + 1, argv, option: v.slice(1), input: 'replace', placeholder: '{}', matches: (matches ??= matchesOf(args)) });
      else f.issues.push(`${v} without a command`);
      i = j;
      continue;
    }
    if (v === '-fprint' || v === '-fprint0' || v === '-fls') {
      const t = args[i + 1];
      if (t) f.args.push({ role: 'write', word: t, option: v.slice(1), create: 'truncate' });
      else f.issues.push(`missing value for ${v}`);
      i++;
      continue;
    }
    if (v === '-fprintf') {
      const t = args[i + 1];
      if (t) f.args.push({ role: 'write', word: t, option: 'fprintf', create: 'truncate' });
      else f.issues.push('missing value for -fprintf');
      i += 2;
      continue;
    }
    if (READS.has(v) || (v.startsWith('-newer') && v.length === 8)) {
      const t = args[i + 1];
      if (t) f.args.push({ role: 'read', word: t, option: v.slice(1) });
      i++;
      continue;
    }
    if (v === '-files0-from') {
      const t = args[i + 1];
      if (t) f.args.push({ role: 'read', word: t, option: 'files0-from', language: 'names' });
      i++;
      continue;
    }
    if (v === '-help' || v === '--help' || v === '-version' || v === '--version') {
      f.info = true;
      continue;
    }
    if (ONE.has(v)) {
      if (i + 1 >= args.length) f.issues.push(`missing value for ${v}`);
      i++;
      continue;
    }
    if (ZERO.has(v)) continue;
    f.issues.push(`unknown find expression word ${v}`);
  }
  if (deletes) {
    // a test that narrows the matches: -delete removes some paths below the roots, not the roots
    const within = (matches ??= matchesOf(args)).filtered;
    for (const r of roots) {
      r.role = 'delete';
      if (within) r.within = true;
    }
    // no start path: the current folder (text '.', carried by the -delete word)
    if (!roots.length) f.args.push(within ? { role: 'delete', word: deletes, text: '.', within } : { role: 'delete', word: deletes, text: '.', recursive: true });
  } else if (!roots.length) f.args.push({ role: 'read', word: args[0] ?? ctx.operands[0], text: '.', recursive: true });
  if (!args.length) f.args = [];
}

export const FINDUTILS = (): ProgramSpec[] => [
  prog(F, 'find|gfind|bfs', '', 'none*', { posix: true, loose: true, pure: true, writesStdout: true, hook: findHook, walksCwd: true }),
  prog(F, 'locate|mlocate|plocate', 'b|basename c|count d|database:read e|existing L|follow i|ignore-case l|limit:none 0|null S|statistics q|quiet r|regexp:none regex w|wholename ?h|help ?V|version', 'none*', { pure: true, writesStdout: true }),
  prog(F, 'updatedb', 'o|output:write U|database-root:read l:none', 'none*'),
];
