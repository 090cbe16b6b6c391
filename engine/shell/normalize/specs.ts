// getopt specs for parseOptions and the carriers, read from the program specs (engine/programs):
// each program's option grammar is written once, there. This file only says which programs and
// git subcommands parseOptions canonicalises (the rest keep their options as written).
import { lookup, type CommandSpec, type Grammar, type OptionDef } from '../../programs/index.ts';
import type { OptInfo, Spec } from './options.ts';

/** Programs whose options parseOptions names canonically (rm's -r, -R, --recursive → recursive).
 *  find is not one: its expression words are not getopt options (findutils' hook reads them). */
const PARSED = new Set(['rm', 'rmdir', 'shred', 'chmod', 'chown', 'chgrp', 'cp', 'mv', 'ln', 'install', 'touch', 'mkdir', 'truncate', 'tee', 'patch', 'sed', 'curl', 'wget', 'tar', 'crontab', 'systemctl', 'xargs', 'ssh', 'scp', 'rsync', 'nc', 'npm', 'chattr', 'setfacl']);

/** git subcommands parseOptions names canonically (their second word too for stash, worktree, reflog). */
const GIT_PARSED = new Set(['reset', 'clean', 'push', 'branch', 'checkout', 'switch', 'restore', 'stash', 'worktree', 'reflog', 'update-ref', 'config', 'diff', 'log', 'show', 'rm', 'commit', 'add']);

const SAFE_ROLES = new Set(['none', 'read']);
const specs = new WeakMap<Grammar, Spec>();

/** A program grammar as a getopt spec; an option with an effect of its own (`!`, a write …) is unsafe. */
export function grammarSpec(g: Grammar): Spec {
  let s = specs.get(g);
  if (s) return s;
  s = { short: new Map(), long: new Map(), longNames: [], posix: g.posix, exact: g.exact, ...(g.numeric ? { numeric: g.numeric } : {}) };
  const infos = new Map<OptionDef, OptInfo>();
  const info = (o: OptionDef): OptInfo => {
    let i = infos.get(o);
    if (!i) {
      // 4 (the next word if there is one) is read as a required value, as getopt has no such kind
      i = { canon: o.canon, arg: o.arg === 4 ? 1 : o.arg, ...(o.effect || !SAFE_ROLES.has(o.role) ? { unsafe: true } : {}) };
      infos.set(o, i);
    }
    return i;
  };
  for (const [n, o] of g.short) s.short.set(n, info(o));
  for (const [n, o] of g.long) {
    s.long.set(n, info(o));
    s.longNames.push(n);
  }
  if (g.negatable) {
    // git's parse-options: every long flag has a --no- form
    for (const [n, o] of g.long) {
      if (o.arg !== 0 || n.startsWith('no-') || s.long.has('no-' + n)) continue;
      s.long.set('no-' + n, { canon: 'no-' + o.canon, arg: 0 });
      s.longNames.push('no-' + n);
    }
  }
  specs.set(g, s);
  return s;
}

/** The getopt spec of a program parseOptions canonicalises, or undefined. */
export function optionSpec(name: string): Spec | undefined {
  if (!PARSED.has(name)) return undefined;
  const p = lookup(name);
  return p ? grammarSpec(p.grammar) : undefined;
}

/** The getopt spec of a carrier's own options (sed, tar, rsync, ssh, scp …). */
export function programSpec(name: string): Spec {
  const p = lookup(name);
  if (!p) throw new Error(`no program spec for ${name}`);
  return grammarSpec(p.grammar);
}

function gitSpec(): CommandSpec {
  const g = lookup('git');
  if (!g) throw new Error('no program spec for git');
  return g;
}

/** git's global options (before the subcommand); spelled in full, as git requires. */
export function gitGlobalSpec(): Spec {
  return grammarSpec(gitSpec().grammar);
}

/** The spec of `git SUB` (and `git SUB SUB2` where git has one), or undefined when not canonicalised. */
export function gitSubSpec(sub: string, sub2?: string): Spec | undefined {
  if (!GIT_PARSED.has(sub)) return undefined;
  const c = gitSpec().subs?.get(sub);
  if (!c) return undefined;
  const c2 = sub2 !== undefined ? c.subs?.get(sub2) : undefined;
  return grammarSpec((c2 ?? c).grammar);
}

// git's diff and log options as option strings, for the read-only allowlist (pipeline/readonly/git.ts),
// which does not read the program specs yet.
const DIFFISH =
  'cached staged stat:: numstat shortstat name-only name-status p|u|patch U|unified: s|no-patch raw patch-with-raw patch-with-stat minimal patience histogram diff-algorithm: color:: no-color word-diff:: word-diff-regex: color-words:: color-moved:: color-moved-ws: no-renames M|find-renames:: C|find-copies:: find-copies-harder B|break-rewrites:: D|irreversible-delete l: S: G: O: pickaxe-all pickaxe-regex R a|text w|ignore-all-space b|ignore-space-change ignore-space-at-eol ignore-blank-lines ignore-cr-at-eol I|ignore-matching-lines: W|function-context inter-hunk-context: exit-code quiet no-ext-diff no-textconv ignore-submodules:: src-prefix: dst-prefix: no-prefix default-prefix line-prefix: relative:: no-relative z abbrev:: full-index binary check summary X|dirstat:: cumulative compact-summary merge-base no-index diff-filter: submodule:: ita-invisible-in-index ita-visible-in-index indent-heuristic no-indent-heuristic anchored: 1|base 2|ours 3|theirs 0 rotate-to: skip-to: find-object: output-indicator-new: output-indicator-old: output-indicator-context: !output: !ext-diff !textconv';
const LOGISH =
  'n|max-count: skip: since|after: since-as-filter: until|before: author: committer: grep: grep-reflog: all-match invert-grep i|regexp-ignore-case basic-regexp E|extended-regexp F|fixed-strings P|perl-regexp merges no-merges min-parents: max-parents: no-min-parents no-max-parents first-parent exclude-first-parent-only all branches:: tags:: remotes:: glob: exclude: exclude-hidden: reflog alternate-refs single-worktree ignore-missing bisect stdin cherry-mark cherry-pick left-only right-only cherry walk-reflogs|g merge boundary simplify-by-decoration show-pulls full-history dense sparse simplify-merges ancestry-path:: oneline format:: pretty:: abbrev-commit no-abbrev-commit decorate:: no-decorate decorate-refs: decorate-refs-exclude: clear-decorations source follow graph reverse date: relative-date topo-order date-order author-date-order L: left-right show-signature mailmap use-mailmap no-mailmap no-use-mailmap log-size encoding: expand-tabs:: no-expand-tabs notes:: no-notes show-notes:: show-linear-break:: parents children no-walk:: do-walk m c cc dd remerge-diff:: diff-merges: combined-all-paths no-diff-merges t timestamp count objects objects-edge objects-edge-aggressive unpacked object-names no-object-names filter: filter-print-omitted missing: exclude-promisor-objects in-commit-order no-kept-objects:: header show-origin';
export const GIT_DIFFISH = DIFFISH;
export const GIT_LOGISH = LOGISH;

/** npm's commands, for unique-prefix abbreviations (`npm publis`). */
export const NPM_COMMANDS = 'access adduser audit bugs cache ci completion config dedupe deprecate diff dist-tag docs doctor edit exec explain explore find-dupes fund get help help-search hook init install install-ci-test install-test link ll login logout ls org outdated owner pack ping pkg prefix profile prune publish query rebuild repo restart root run-script sbom search set shrinkwrap star stars start stop team test token uninstall unpublish unstar update version view whoami'.split(' ');

/** npm command aliases → canonical command (as users usually write it). */
export const NPM_ALIASES: Map<string, string> = new Map(
  (
    'test:t,tst,test|install:i,in,ins,inst,insta,instal,install,isnt,isnta,isntal,isntall,add|run:run,run-script,rum,urn|' +
    'uninstall:un,uninstall,unlink,remove,rm,r|ci:ci,clean-install,ic,install-clean,isntall-clean|exec:exec,x|' +
    'ls:ls,list,la,ll|view:view,v,info,show|update:update,up,upgrade,udpate|start:start|stop:stop|restart:restart|' +
    'install-test:install-test,it|install-ci-test:install-ci-test,cit,clean-install-test,sit|link:link,ln|' +
    'config:config,c|publish:publish|audit:audit|outdated:outdated|pack:pack|init:init,create,innit'
  )
    .split('|')
    .flatMap((g) => {
      const [canon, names] = g.split(':');
      return names.split(',').map((n) => [n, canon] as [string, string]);
    }),
);
