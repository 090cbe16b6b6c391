// git's read-only subcommands, with flag checks.
import type { Invocation } from '../../shell/types.ts';
import { getopt, spec, type Spec } from '../../shell/normalize/options.ts';
import { parseGit } from '../../shell/normalize/git.ts';
import { describe, envRole } from '../../programs/index.ts';
import { GIT_DIFFISH, GIT_LOGISH } from '../../shell/normalize/specs.ts';
import { factsFor } from '../../shell/normalize/index.ts';

type Check = (ops: Map<string, string | true>, operands: number) => string | null;
interface Sub {
  spec: Spec;
  check?: Check;
  /** Subcommands of this subcommand that are read-only (stash list/show, remote show …). */
  subs?: Map<string, Sub>;
  /** Read-only with no sub-subcommand word? */
  bare?: boolean;
}

const LOG = spec(`${GIT_DIFFISH} ${GIT_LOGISH} #max-count`);
const DIFF = spec(`${GIT_DIFFISH} #unified`);
const s = (defs: string, check?: Check): Sub => ({ spec: spec(defs), check });

const BRANCH_LIST = 'l|list a|all r|remotes v|verbose q|quiet show-current abbrev:: no-abbrev contains: no-contains: merged: no-merged: points-at: sort: format: color:: no-color column:: no-column ignore-case i omit-empty !d|delete !D !f|force !m|move !M !c|copy !C !t|track:: !u|set-upstream-to: !unset-upstream !edit-description !create-reflog';

export const GIT_RO: Map<string, Sub> = new Map<string, Sub>([
  ['status', s('s|short b|branch porcelain:: long v|verbose u|untracked-files:: ignore-submodules:: ignored:: z column:: no-column ahead-behind no-ahead-behind renames no-renames find-renames:: show-stash')],
  ['diff', { spec: DIFF }],
  ['log', { spec: LOG }],
  ['show', { spec: LOG }],
  ['whatchanged', { spec: LOG }],
  ['shortlog', { spec: spec(`${GIT_DIFFISH} ${GIT_LOGISH} #max-count s|summary e|email group: w::`) }],
  ['rev-list', { spec: spec(`${GIT_DIFFISH} ${GIT_LOGISH} #max-count quiet disk-usage:: bisect-vars bisect-all`) }],
  ['branch', s(BRANCH_LIST, (o, n) => (n > 0 && !o.has('list') ? 'git branch NAME creates a branch' : null))],
  ['tag', s('l|list n:: contains: no-contains: merged: no-merged: points-at: sort: format: color:: i|ignore-case column:: no-column omit-empty !a|annotate !s|sign !d|delete !f|force !m|message: !F|file: !v|verify', (o, n) => (n > 0 && !o.has('list') ? 'git tag NAME creates a tag' : null))],
  ['remote', { spec: spec('v|verbose'), bare: true, subs: new Map([['show', s('n')], ['get-url', s('push all')]]) }],
  ['rev-parse', s('abbrev-ref:: short:: verify q|quiet show-toplevel git-dir absolute-git-dir git-common-dir is-inside-work-tree is-inside-git-dir is-bare-repository is-shallow-repository show-prefix show-cdup symbolic symbolic-full-name all branches:: tags:: remotes:: glob: exclude: since: after: until: before: default: prefix: local-env-vars resolve-git-dir: git-path: show-object-format:: show-ref-format shared-index-path show-superproject-working-tree not revs-only no-revs flags no-flags sq')],
  ['ls-files', s('c|cached d|deleted m|modified o|others i|ignored s|stage u|unmerged k|killed directory no-empty-directory eol z t v f full-name recurse-submodules abbrev:: x|exclude: X|exclude-from: exclude-per-directory: exclude-standard error-unmatch with-tree: debug deduplicate sparse format:')],
  ['ls-tree', s('d r t l|long z name-only name-status object-only full-name full-tree abbrev:: format:')],
  ['blame', s('L: s e|show-email l t b root show-stats p|porcelain line-porcelain incremental c f|show-name n|show-number M:: C:: w S: reverse: first-parent date: contents: encoding: score-debug abbrev: color-lines color-by-age progress no-progress ignore-rev: ignore-revs-file:')],
  ['describe', s('all tags contains abbrev: candidates: exact-match debug long match: exclude: always first-parent dirty:: broken::')],
  ['grep', s('cached no-index untracked no-exclude-standard exclude-standard recurse-submodules a|text no-textconv i|ignore-case I max-depth: r|recursive no-recursive w|word-regexp v|invert-match h H full-name E|extended-regexp G|basic-regexp P|perl-regexp F|fixed-strings n|line-number column l|files-with-matches name-only L|files-without-match z|null o|only-matching c|count color:: no-color break heading p|show-function A|after-context: B|before-context: C|context: #context W|function-context m|max-count: threads: f: e: and or not all-match q|quiet !O|open-files-in-pager:: !textconv')],
  ['stash', { spec: spec(''), subs: new Map([['list', { spec: LOG }], ['show', { spec: spec(`${GIT_DIFFISH} u|include-untracked only-untracked`) }]]) }],
  ['config', s('global system local worktree f|file: blob: get get-all get-regexp get-urlmatch l|list type: bool int bool-or-int path expiry-date no-type z|null name-only show-origin show-scope get-color get-colorbool includes no-includes default: fixed-value', (o, n) => (o.has('get') || o.has('get-all') || o.has('get-regexp') || o.has('get-urlmatch') || o.has('list') || o.has('get-color') || o.has('get-colorbool') ? null : n === 1 ? null : 'git config without --get writes'))],
  ['for-each-ref', s('count: sort: format: color:: shell perl python tcl points-at: merged:: no-merged:: contains:: no-contains:: ignore-case omit-empty exclude: include-root-refs')],
  ['cat-file', s('t s e p batch:: batch-check:: batch-all-objects buffer unordered follow-symlinks allow-unknown-type mailmap use-mailmap Z z path: !textconv !filters !batch-command::')],
  ['merge-base', s('a|all octopus independent is-ancestor fork-point')],
  ['reflog', { spec: LOG, bare: true, subs: new Map([['show', { spec: LOG }]]) }],
  ['worktree', { spec: spec(''), subs: new Map([['list', s('porcelain v|verbose expire: z')]]) }],
  ['show-ref', s('head branches tags verify exists hash:: abbrev:: q|quiet d|dereference exclude-existing::')],
  ['name-rev', s('tags refs: exclude: all annotate-stdin name-only no-undefined always')],
  ['count-objects', s('v|verbose H|human-readable')],
  ['var', s('l')],
  ['version', s('build-options')],
]);

/** Global options that are fine before a read-only subcommand. */
const SAFE_GLOBALS = new Set(['no-pager', 'no-optional-locks', 'literal-pathspecs', 'glob-pathspecs', 'noglob-pathspecs', 'icase-pathspecs', 'no-replace-objects', 'no-advice', 'version', 'help', 'namespace', 'no-lazy-fetch']);

/** `gitDir` says whether `git -C DIR` stays in the trusted repository (the workspace's, not a nested one). */
export function gitReadOnly(inv: Invocation, trustRepoConfig: boolean, gitDir?: (dir: string) => boolean): string | null {
  if (!trustRepoConfig) return 'repository config is not trusted (core.fsmonitor, pagers and diff drivers can run code)';
  for (const a of inv.env) {
    if (!a.name.startsWith('GIT_')) continue;
    const role = envRole(a.name);
    // A static command line (GIT_PAGER=cat) is opened and checked as its own command, an empty one
    // (GIT_PAGER=) runs nothing; data (author names) is fine.
    if (role === 'none' || (role === 'exec-line' && (a.value === null || a.value.static))) continue;
    return `${a.name} changes what git runs`;
  }
  if (specReadOnly(inv, gitDir)) return null;
  const g = parseGit(inv.args);
  if (g.globals.unknown.length) return `unknown git option ${g.globals.unknown[0]}`;
  if (g.globals.dynamic) return 'dynamic git option';
  for (const o of g.globals.list) {
    if (o.canon === 'C' && typeof o.value === 'string' && gitDir?.(o.value)) continue;
    if (!SAFE_GLOBALS.has(o.canon)) return `git ${o.canon.length > 1 ? '--' : '-'}${o.canon} is not read-only`;
  }
  if (g.subIndex < 0) return g.globals.list.length ? null : 'git without a subcommand';
  if (g.subDynamic || g.sub === null) return 'dynamic git subcommand';
  let sub = GIT_RO.get(g.sub);
  if (!sub) return `git ${g.sub} is not read-only`;
  let rest = inv.args.slice(g.subIndex + 1);
  if (sub.subs) {
    const w = rest[0];
    const v = w && w.static ? (w.value ?? '') : undefined;
    if (v !== undefined && sub.subs.has(v)) {
      sub = sub.subs.get(v)!;
      rest = rest.slice(1);
    } else if (!sub.bare || (w && (!w.static || !(v ?? '').startsWith('-')))) {
      return `git ${g.sub} ${w ? w.approx : ''} is not read-only`.trim();
    }
  }
  const r = getopt(rest, sub.spec, 0);
  if (r.unknown.length) return `unknown option ${r.unknown[0]} of git ${g.sub}`;
  if (r.dynamic) return 'dynamic word where a git option could be';
  for (const o of r.list) if (o.unsafe) return `git ${g.sub} ${o.canon.length > 1 ? '--' : '-'}${o.canon} is not read-only`;
  return sub.check ? sub.check(r.options, r.operands.length) : null;
}

/**
 * What git's program spec says: a subcommand and options with no effect beyond reads (submodule
 * status, difftool --tool-help, ls-remote of this repository, -c color.ui=never, -c core.pager=cat).
 * A -C folder or a repository read must be the trusted one.
 */
function specReadOnly(inv: Invocation, gitDir?: (dir: string) => boolean): boolean {
  // (the invocation's own facts when it is git itself: described once, in normalize)
  const f = inv.name === 'git' ? factsFor(inv) : describe('git', inv.args);
  if (!f.known || f.issues.length || !f.effectsFree || f.projectCode === undefined) return false;
  for (const a of f.args) {
    if (a.role === 'none') continue;
    const t = a.text ?? (a.word.static ? a.word.value : undefined);
    if (a.role === 'cwd' || (a.role === 'read' && a.option === undefined && f.subcommand[0] === 'ls-remote')) {
      if (t === undefined || !gitDir?.(t)) return false;
      continue;
    }
    if (a.role !== 'read' || t === undefined) return false;
  }
  return true;
}
