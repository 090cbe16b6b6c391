// git: global options, then one subcommand with its own options. Destructive and code-running
// options are marked; `-c key=value` and `git config key value` get their role from the key.
import { cmd, negatable, prog } from '../dsl.ts';
import type { CommandSpec, HookContext, ProgramSpec } from '../types.ts';
import type { Word } from '../../shell/types.ts';
import { gitConfigRole } from '../env.ts';
import { sv, textOf } from '../words.ts';

const DIFF =
  'cached staged stat:: numstat shortstat name-only name-status p|u|patch U|unified:none s|no-patch raw patch-with-raw patch-with-stat minimal patience histogram diff-algorithm:none color:: no-color word-diff:: word-diff-regex:none color-words:: color-moved:: color-moved-ws:none no-renames M|find-renames:: C|find-copies:: find-copies-harder B|break-rewrites:: D|irreversible-delete l:none S:none G:none O:read pickaxe-all pickaxe-regex R a|text w|ignore-all-space b|ignore-space-change ignore-space-at-eol ignore-blank-lines ignore-cr-at-eol I|ignore-matching-lines:none W|function-context inter-hunk-context:none exit-code quiet no-ext-diff no-textconv ignore-submodules:: src-prefix:none dst-prefix:none no-prefix default-prefix line-prefix:none relative:: no-relative z abbrev:: full-index binary check summary X|dirstat:: cumulative compact-summary merge-base no-index diff-filter:none submodule:: ita-invisible-in-index ita-visible-in-index indent-heuristic no-indent-heuristic anchored:none 1|base 2|ours 3|theirs 0 rotate-to:none skip-to:none find-object:none output-indicator-new:none output-indicator-old:none output-indicator-context:none output:write !ext-diff !textconv';
const LOG =
  'n|max-count:none skip:none since|after:none since-as-filter:none until|before:none author:none committer:none grep:none grep-reflog:none all-match invert-grep i|regexp-ignore-case basic-regexp E|extended-regexp F|fixed-strings P|perl-regexp merges no-merges min-parents:none max-parents:none no-min-parents no-max-parents first-parent exclude-first-parent-only all branches:: tags:: remotes:: glob:none exclude:none exclude-hidden:none reflog alternate-refs single-worktree ignore-missing bisect stdin cherry-mark cherry-pick left-only right-only cherry walk-reflogs|g merge boundary simplify-by-decoration show-pulls full-history dense sparse simplify-merges ancestry-path:: oneline format:: pretty:: abbrev-commit no-abbrev-commit decorate:: no-decorate decorate-refs:none decorate-refs-exclude:none clear-decorations source follow graph reverse date:none relative-date topo-order date-order author-date-order L:none left-right show-signature mailmap use-mailmap no-mailmap no-use-mailmap log-size encoding:none expand-tabs:: no-expand-tabs notes:: no-notes show-notes:: show-linear-break:: parents children no-walk:: do-walk m c cc dd remerge-diff:: diff-merges:none combined-all-paths no-diff-merges t timestamp count objects objects-edge objects-edge-aggressive unpacked object-names no-object-names filter:none filter-print-omitted missing:none exclude-promisor-objects in-commit-order no-kept-objects:: header show-origin';
const Q = 'q|quiet v|verbose progress no-progress';
const RO = { pure: true, writesStdout: true };
const NET = { network: true };
const PATHSPEC = 'pathspec-from-file:read pathspec-file-nul';

/** `-c key=value`, `--config-env key=ENV`, `git config key value`: the role follows the key. */
/**
 * `-c` keys that only change how git prints or names things (colours, dates, abbreviations,
 * the author): they load no code. Any other key git does not run is config (it may change what loads).
 */
const PRINT_KEYS = ['color.', 'advice.', 'column.', 'i18n.', 'user.name', 'user.email', 'core.quotepath', 'core.abbrev', 'log.date', 'log.decorate', 'log.abbrevcommit', 'log.follow', 'log.mailmap', 'format.pretty', 'pretty.', 'diff.renames', 'diff.algorithm', 'diff.mnemonicprefix', 'diff.noprefix', 'diff.context', 'diff.interhunkcontext', 'diff.statgraphwidth', 'status.short', 'status.branch', 'status.showuntrackedfiles', 'blame.date', 'blame.coloring', 'grep.linenumber', 'grep.column', 'grep.patterntype', 'init.defaultbranch', 'core.commentchar', 'branch.sort', 'tag.sort', 'versionsort.suffix', 'help.autocorrect_'].filter((k) => !k.endsWith('_'));

function printKey(k: string): boolean {
  return PRINT_KEYS.some((p) => (p.endsWith('.') ? k.startsWith(p) : k === p));
}

/** Pagers that only copy or filter stdin to stdout, with no escape to a shell. */
const INERT_PAGERS = new Set(['', 'cat', '/bin/cat', '/usr/bin/cat', 'tac', 'head', 'tail', 'nl', 'rev', 'fold', 'expand', 'col', 'tr -d \\r']);

/** core.pager=cat, pager.log=cat, core.pager= (no pager): git runs nothing but a filter. */
function inertPager(key: string, value: string): boolean {
  return (key === 'core.pager' || key.startsWith('pager.')) && INERT_PAGERS.has(value.trim());
}

/**
 * git-remote-ext's command: words split at unescaped spaces, `% ` a space inside a word, `%%` a
 * percent sign, `%s`/`%S` the service name (git-upload-pack …), `%G` the repository. No shell
 * runs it, so each word is quoted for the shell line the carrier analyses.
 */
function extLine(cmd: string): string {
  const words: string[] = [];
  let cur = '';
  for (let i = 0; i < cmd.length; i++) {
    const c = cmd[i];
    if (c === '%' && i + 1 < cmd.length) {
      const n = cmd[++i];
      cur += n === ' ' ? ' ' : n === '%' ? '%' : n === 's' ? 'upload-pack' : n === 'S' ? 'git-upload-pack' : '';
    } else if (c === ' ') {
      if (cur) words.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur) words.push(cur);
  return words.map((w) => "'" + w.split("'").join("'\\''") + "'").join(' ');
}

/** Remote helpers git runs for `TRANSPORT::ADDRESS` URLs; `ext::CMD` runs CMD (split at spaces). */
function remoteHelpers(ctx: HookContext): void {
  for (const a of ctx.facts.args) {
    if (a.role !== 'network' || !a.word.static) continue;
    const t = a.text ?? a.word.value ?? '';
    const k = t.indexOf('::');
    if (k <= 0 || t.slice(0, k).includes('/')) continue;
    const helper = t.slice(0, k).toLowerCase();
    if (helper === 'ext') {
      a.role = 'exec-line';
      a.text = extLine(t.slice(k + 2));
      a.language = 'sh';
    } else if (!['http', 'https', 'ftp', 'ftps', 'fd', 'file'].includes(helper)) ctx.facts.issues.push(`git runs the remote helper git-remote-${helper}`);
  }
}

/** A remote that is a path (., ../x, /srv/repo.git, file://…): git reads that repository, no network. */
function localRemotes(ctx: HookContext): void {
  const f = ctx.facts;
  let net = false;
  for (const a of f.args) {
    if (a.role !== 'network') continue;
    const t = a.word.static ? (a.text ?? a.word.value ?? '') : undefined;
    if (t !== undefined && (t === '.' || t === '..' || t.startsWith('/') || t.startsWith('./') || t.startsWith('../') || t.startsWith('file://'))) {
      a.role = 'read';
      if (t.startsWith('file://')) a.text = t.slice(7);
      delete a.direction;
    } else net = true;
  }
  if (!net) f.network = false;
}

/** difftool/mergetool --tool-help lists the tools git knows; anything else runs one. */
function toolHelp(ctx: HookContext): void {
  if (!ctx.facts.options.has('tool-help')) ctx.effect = true;
}

function configHook(ctx: HookContext): void {
  remoteHelpers(ctx);
  const sub = ctx.facts.subcommand[0];
  for (const a of ctx.facts.args) {
    if (a.option !== 'c' && a.option !== 'config' && a.option !== 'config-env') continue;
    const t = a.word.static ? (a.text ?? a.word.value ?? '') : undefined;
    if (t === undefined) {
      a.role = 'config';
      ctx.facts.issues.push(`dynamic git config ${a.word.approx}`);
      continue;
    }
    const eq = t.indexOf('=');
    const key = eq < 0 ? t : t.slice(0, eq);
    const lkey = key.toLowerCase();
    a.role = gitConfigRole(key);
    const value = eq < 0 ? '' : t.slice(eq + 1);
    // a local clone or fetch starts upload-pack with the command-line config cleared (local_repo_env)
    if ((lkey.startsWith('uploadpack.') && sub !== 'upload-pack') || (a.role === 'exec-line' && a.option === 'c' && inertPager(lkey, value))) {
      a.role = 'none';
      continue;
    }
    if (a.role === 'none') {
      if (!printKey(lkey)) a.role = 'config';
      continue;
    }
    if (a.role === 'exec-line') {
      a.text = aliasLine(key, eq < 0 ? '' : t.slice(eq + 1));
      a.language = 'sh';
      const lk = key.toLowerCase();
      if (lk.startsWith('alias.')) {
        // the alias is the subcommand this invocation runs: its body is the exec-line above
        const name = key.slice(6);
        const i = ctx.facts.issues.indexOf(`unknown subcommand ${name}`);
        if (i >= 0) {
          ctx.facts.issues.splice(i, 1);
          ctx.effect = true;
        }
      }
    }
  }
}

/** An alias body as a shell line: `!cmd` runs cmd; anything else is git's own arguments. */
function aliasLine(key: string, value: string): string {
  if (!key.toLowerCase().startsWith('alias.')) return value;
  return value.startsWith('!') ? value.slice(1) : 'git ' + value;
}

/** git config [--global] KEY VALUE writes a setting (code when the key runs code); reads otherwise. */
function gitConfigWrite(ctx: HookContext): void {
  const f = ctx.facts;
  const o = f.options;
  const reads = ['get', 'get-all', 'get-regexp', 'get-urlmatch', 'list', 'get-color', 'get-colorbool', 'show-origin'].some((k) => o.has(k));
  let ops = ctx.operands;
  const first = sv(ops[0]);
  const SUBS = ['get', 'list', 'set', 'unset', 'rename-section', 'remove-section', 'edit', 'get-color'];
  let verb = '';
  if (first !== undefined && SUBS.includes(first)) {
    verb = first;
    ops = ops.slice(1);
  }
  f.args = f.args.filter((a) => a.option !== undefined);
  if (reads || verb === 'get' || verb === 'list' || verb === 'get-color' || (!verb && ops.length === 1 && !o.has('unset') && !o.has('unset-all') && !o.has('edit'))) {
    for (const w of ops) f.args.push({ role: 'none', word: w });
    // git config --file F --list / --get parses F and prints its values
    const file = f.args.find((a) => a.option === 'file');
    if (file) file.role = 'read';
    return;
  }
  ctx.effect = true;
  // the file the setting lands in: --file F, or the scope's file (protected either way)
  const fileArg = f.args.find((a) => a.option === 'file');
  if (fileArg) fileArg.role = 'write';
  else {
    const scope = ['global', 'system', 'worktree'].find((s) => o.has(s));
    const path = scope === 'global' ? '~/.gitconfig' : scope === 'system' ? '/etc/gitconfig' : scope === 'worktree' ? '.git/config.worktree' : '.git/config';
    const w = ctx.args.find((x) => x.static && x.value === '--' + scope) ?? ctx.args[0];
    if (w) f.args.push({ role: 'write', word: w, text: path, create: 'create', option: scope ?? 'local' });
  }
  if (o.has('edit') || verb === 'edit') f.args.push({ role: 'exec-line', word: ctx.args[ctx.args.length - 1] ?? ops[0], text: '$GIT_EDITOR', language: 'sh' });
  const key = ops[0];
  if (!key) return;
  const k = sv(key);
  if (k === undefined) {
    f.issues.push(`dynamic git config key ${key.approx}`);
    return;
  }
  const role = gitConfigRole(k);
  f.args.push({ role: 'none', word: key });
  const value = ops[1];
  if (value && role !== 'none') f.args.push({ role, word: value, option: `config:${k}`, ...(role === 'exec-line' ? { language: 'sh', ...(value.static ? { text: aliasLine(k, value.value ?? '') } : {}) } : {}) });
  else if (value) f.args.push({ role: 'none', word: value });
  if (role !== 'none') f.destructive ??= 'git-config-code';
}

/** git clone URL with no folder: a new folder named after the repository, in the current one. */
function cloneTarget(ctx: HookContext): void {
  const f = ctx.facts;
  if (f.args.some((a) => a.option === undefined && a.role === 'write')) return;
  const url = f.args.find((a) => a.option === undefined && a.role === 'network');
  if (!url) return;
  let name: string | undefined;
  if (url.word.static) {
    let u = url.word.value ?? '';
    while (u.endsWith('/')) u = u.slice(0, -1);
    if (u.endsWith('.git')) u = u.slice(0, -4);
    const k = Math.max(u.lastIndexOf('/'), u.lastIndexOf(':'));
    name = u.slice(k + 1) || undefined;
  }
  f.args.push({ role: 'write', word: url.word, create: 'create', option: 'directory', ...(name !== undefined ? { text: name } : {}) });
}

function pushHook(ctx: HookContext): void {
  const f = ctx.facts;
  for (const w of ctx.operands.slice(1)) {
    const v = textOf(w);
    if (v.startsWith('+') || v.startsWith(':')) f.destructive ??= v.startsWith(':') ? 'git-remote-ref-delete' : 'git-force-push';
  }
}

/** A name no branch can have: `.`, `..`, a leading `.` (`.bashrc`), or a glob or a `/` (a path, as git guesses). */
function surePath(w: Word): boolean {
  const t = textOf(w);
  return t.startsWith('.') || t.includes('/') || t.includes('*');
}

function checkoutHook(ctx: HookContext): void {
  const f = ctx.facts;
  const o = f.options;
  // `git checkout -- PATH`, `git checkout REV -- PATH`, `git checkout REV PATH`, `git checkout .`: discards work-tree changes
  const dd = ctx.args.findIndex((w) => sv(w) === '--');
  const ops = f.args.filter((a) => a.option === undefined);
  // -b/-B/--orphan/--detach/--track switch to a branch: the operand is where it starts, not a path
  if (dd < 0 && (o.has('b') || o.has('B') || o.has('orphan') || o.has('detach') || o.has('track'))) {
    if (o.has('force')) f.destructive ??= 'git-discard-changes';
    return;
  }
  const hasPaths = dd >= 0 ? dd < ctx.args.length - 1 : ops.length > 1 || ops.some((a) => surePath(a.word));
  if (o.has('force') || hasPaths) f.destructive ??= 'git-discard-changes';
  // paths after `--` are overwritten from the index or the commit; without it, the operands after a
  // tree-ish, or a lone one that may be a branch or a path (fail closed: a path)
  if (dd >= 0) for (const a of ops) if (ctx.args.indexOf(a.word) > dd) a.role = 'write';
  if (dd < 0) for (const a of ops.length > 1 ? ops.slice(1) : ops) a.role = 'write';
}

/** git apply: the files the patch names are written below the work tree (or --directory), under names the patch chooses. */
function applyHook(c: HookContext): void {
  const o = c.facts.options;
  if ((o.has('stat') || o.has('numstat') || o.has('summary') || o.has('check')) && !o.has('apply')) return;
  c.effect = true;
  const w = c.operands[0] ?? c.args[0];
  if (w && !o.has('cached')) c.facts.args.push({ role: 'dir-target', word: w, text: '.', option: 'patched files', members: true });
}

// Built with the family, on first use (describe.ts).
const gitSubs = (): Record<string, CommandSpec> => aliased({
  status: cmd(`s|short b|branch porcelain:: long v|verbose u|untracked-files:: ignore-submodules:: ignored:: z column:: no-column ahead-behind no-ahead-behind renames no-renames find-renames:: show-stash`, 'read*', RO),
  // --no-index compares two paths outside any repository: folders are read whole
  diff: cmd(`${DIFF} #unified`, 'read*', { ...RO, hook: (c) => { if (c.facts.options.has('no-index')) for (const a of c.facts.args) if (a.role === 'read' && a.option === undefined) a.recursive = true; } }),
  log: cmd(`${DIFF} ${LOG} #max-count`, 'none*', RO),
  show: cmd(`${DIFF} ${LOG} #max-count`, 'none*', RO),
  whatchanged: cmd(`${DIFF} ${LOG} #max-count`, 'none*', RO),
  shortlog: cmd(`${DIFF} ${LOG} s|summary e|email n|numbered c|committer group:none w::`, 'none*', RO),
  'rev-list': cmd(`${DIFF} ${LOG} #max-count quiet disk-usage:: bisect-vars bisect-all`, 'none*', RO),
  'rev-parse': cmd('abbrev-ref:: short:: verify q|quiet show-toplevel git-dir absolute-git-dir git-common-dir is-inside-work-tree is-inside-git-dir is-bare-repository is-shallow-repository show-prefix show-cdup symbolic symbolic-full-name all branches:: tags:: remotes:: glob:none exclude:none since:none after:none until:none before:none default:none prefix:none local-env-vars resolve-git-dir:none git-path:none show-object-format:: show-ref-format shared-index-path show-superproject-working-tree not revs-only no-revs flags no-flags sq parseopt stuck-long keep-dashdash stop-at-non-option sq-quote', 'none*', RO),
  'ls-files': cmd('c|cached d|deleted m|modified o|others i|ignored s|stage u|unmerged k|killed directory no-empty-directory eol z t v f full-name recurse-submodules abbrev:: x|exclude:none X|exclude-from:read exclude-per-directory:none exclude-standard error-unmatch with-tree:none debug deduplicate sparse format:none', 'read*', RO),
  'ls-tree': cmd('d r t l|long z name-only name-status object-only full-name full-tree abbrev:: format:none', 'none*', RO),
  'ls-remote': cmd('h|heads t|tags refs q|quiet upload-pack:line exit-code get-url sort:none symref o|server-option:none b|branches', 'net? none*', { ...RO, ...NET, hook: localRemotes }),
  blame: cmd('L:none s e|show-email l t b root show-stats p|porcelain line-porcelain incremental c f|show-name n|show-number M:: C:: w S:read reverse:none first-parent date:none contents:read encoding:none score-debug abbrev:none color-lines color-by-age progress no-progress ignore-rev:none ignore-revs-file:read', 'none*', RO),
  annotate: cmd('L:none s e l t b root p|porcelain c f n M:: C:: w S:read', 'none*', RO),
  describe: cmd('all tags contains abbrev:none candidates:none exact-match debug long match:none exclude:none always first-parent dirty:: broken::', 'none*', RO),
  grep: cmd('cached no-index untracked no-exclude-standard exclude-standard recurse-submodules a|text no-textconv i|ignore-case I max-depth:none r|recursive no-recursive w|word-regexp v|invert-match h H full-name E|extended-regexp G|basic-regexp P|perl-regexp F|fixed-strings n|line-number column l|files-with-matches name-only L|files-without-match z|null o|only-matching c|count color:: no-color break heading p|show-function A|after-context:none B|before-context:none C|context:none #context W|function-context m|max-count:none threads:none f:read e:none and or not all-match q|quiet !O|open-files-in-pager::line !textconv', 'none* read*', { ...RO, alt: [['e|f', 'read*']] }),
  'cat-file': cmd('t s e p batch:: batch-check:: batch-all-objects buffer unordered follow-symlinks allow-unknown-type mailmap use-mailmap Z z path:none !textconv !filters batch-command::', 'none*', RO),
  'merge-base': cmd('a|all octopus independent is-ancestor fork-point', 'none*', RO),
  'show-ref': cmd('head branches tags verify exists hash:: abbrev:: q|quiet d|dereference exclude-existing::', 'none*', RO),
  'show-branch': cmd('r|remotes a|all current topo-order date-order sparse more:: list independent merge-base no-name sha1-name topics g|reflog:: color:: no-color', 'none*', RO),
  'name-rev': cmd('tags refs:none exclude:none all annotate-stdin name-only no-undefined always', 'none*', RO),
  'count-objects': cmd('v|verbose H|human-readable', '', RO),
  'for-each-ref': cmd('count:none sort:none format:none color:: shell perl python tcl points-at:none merged:: no-merged:: contains:: no-contains:: ignore-case omit-empty exclude:none include-root-refs', 'none*', RO),
  'check-ignore': cmd('q|quiet v|verbose stdin z n|non-matching no-index', 'read*', RO),
  'check-attr': cmd('a|all cached stdin z source:none', 'none*', RO),
  'verify-commit': cmd('v|verbose raw', 'none*', RO),
  'verify-tag': cmd('v|verbose raw format:none', 'none*', RO),
  var: cmd('l', 'none?', RO),
  version: cmd('build-options', '', RO),
  // git help TOPIC opens the manual through man (a pager with ! escapes), info or a browser; -a/-g/-c only list
  help: cmd('a|all g|guides c|config i|info m|man w|web user-interfaces developer-interfaces', 'none*', { ...RO, hook: (c) => { const o = c.facts.options; if (c.operands.length || o.has('info') || o.has('man') || o.has('web')) c.effect = true; } }),
  'hash-object': cmd('t:none w stdin stdin-paths path:none no-filters literally', 'read*', { pure: true, alt: [['w', 'read*']], hook: (c) => { if (c.facts.options.has('w')) c.effect = true; } }),
  // writers of the work tree or the repository
  add: cmd(`n|dry-run v|verbose f|force i|interactive p|patch e|edit u|update A|all no-ignore-removal no-all ignore-removal N|intent-to-add refresh ignore-errors ignore-missing sparse no-warn-embedded-repo renormalize chmod:none ${PATHSPEC}`, 'read*'),
  commit: cmd(`a|all p|patch C|reuse-message:none c|reedit-message:none fixup:none squash:none reset-author short branch porcelain long z|null F|file:read author:none date:none m|message:none t|template:read s|signoff no-signoff trailer:none n|no-verify verify allow-empty allow-empty-message cleanup:none e|edit no-edit amend no-post-rewrite i|include o|only ${PATHSPEC} u|untracked-files:: ${Q} dry-run status no-status S|gpg-sign:: no-gpg-sign`, 'read*'),
  // -f removes files with uncommitted changes too (not with --cached, which keeps the files)
  rm: cmd(`f|force n|dry-run ^r cached ignore-unmatch sparse q|quiet ${PATHSPEC}`, 'delete*', { alt: [['cached', 'none*'], ['dry-run', 'read*']], hook: (c) => { const o = c.facts.options; if (o.has('force') && !o.has('cached') && !o.has('dry-run')) c.facts.destructive ??= 'git-discard-changes'; } }),
  mv: cmd('f|force k n|dry-run v|verbose sparse', 'delete+ dest'),
  reset: cmd(`soft mixed N hard@git-discard-changes merge keep q|quiet no-quiet p|patch recurse-submodules:: no-recurse-submodules ${PATHSPEC} refresh no-refresh intent-to-add`, 'none*'),
  restore: cmd(`s|source:none p|patch W|worktree S|staged ${Q} ours theirs m|merge conflict:none ignore-unmerged ignore-skip-worktree-bits recurse-submodules:: no-recurse-submodules overlay no-overlay ${PATHSPEC}`, 'write*', { hook: (c) => { const o = c.facts.options; if (!o.has('staged') || o.has('worktree')) c.facts.destructive ??= 'git-discard-changes'; } }),
  checkout: cmd(`${Q} f|force ours theirs b:none B:none t|track:: no-track guess no-guess l detach orphan:none ignore-skip-worktree-bits m|merge conflict:none p|patch ignore-other-worktrees overwrite-ignore no-overwrite-ignore recurse-submodules:: no-recurse-submodules overlay no-overlay ${PATHSPEC}`, 'none*', { hook: checkoutHook }),
  switch: cmd(`c|create:none C|force-create:none d|detach guess no-guess f|force|discard-changes@git-discard-changes m|merge conflict:none ${Q} t|track:: no-track orphan:none ignore-other-worktrees recurse-submodules:: no-recurse-submodules`, 'none*'),
  clean: cmd('d f|force@git-clean i|interactive n|dry-run q|quiet e|exclude:none x X', 'delete*', { alt: [['dry-run', 'read*']], hook: (c) => { if (c.facts.options.has('dry-run')) c.facts.destructive = undefined; } }),
  branch: cmd('d|delete D@git-branch-delete f|force m|move M c|copy C l|list a|all r|remotes v|verbose q|quiet show-current abbrev:: no-abbrev t|track:: no-track set-upstream u|set-upstream-to:none unset-upstream edit-description contains:?none no-contains:?none merged:?none no-merged:?none points-at:none sort:none format:none color:: no-color column:: no-column create-reflog ignore-case i omit-empty recurse-submodules', 'none*', { hook: (c) => { const o = c.facts.options; if (o.has('delete') && o.has('force')) c.facts.destructive ??= 'git-branch-delete'; if (o.has('edit-description')) c.effect = true; const listing = o.has('list') || o.has('show-current') || (!c.operands.length && !o.has('delete') && !o.has('move') && !o.has('copy') && !o.has('set-upstream-to') && !o.has('unset-upstream')); if (!listing) c.effect = true; }, pure: true }),
  tag: cmd('l|list n:: contains:?none no-contains:?none merged:?none no-merged:?none points-at:?none sort:none format:none color:: i|ignore-case column:: no-column omit-empty a|annotate s|sign u|local-user:none d|delete f|force m|message:none F|file:read e|edit v|verify cleanup:none create-reflog', 'none*', { pure: true, hook: (c) => { const o = c.facts.options; if (!(o.has('list') || (!c.operands.length && !o.has('delete')))) c.effect = true; if (o.has('delete')) c.facts.destructive ??= 'git-tag-delete'; } }),
  merge: cmd(`commit no-commit edit e no-edit cleanup:none ff no-ff ff-only S|gpg-sign:: no-gpg-sign log:: no-log signoff no-signoff stat n no-stat squash no-squash verify no-verify s|strategy:none X|strategy-option:none verify-signatures no-verify-signatures summary no-summary ${Q} autostash no-autostash allow-unrelated-histories m:none F|file:read into-name:none rerere-autoupdate no-rerere-autoupdate overwrite-ignore no-overwrite-ignore abort quit continue`, 'none*'),
  rebase: cmd(`onto:none keep-base continue skip abort quit edit-todo show-current-patch apply m|merge empty:none keep-empty no-keep-empty reapply-cherry-picks no-reapply-cherry-picks allow-empty-message s|strategy:none X|strategy-option:none S|gpg-sign:: no-gpg-sign ${Q} stat n|no-stat no-verify verify C:none f|force-rebase|no-ff fork-point no-fork-point ignore-whitespace whitespace:none committer-date-is-author-date ignore-date reset-author-date signoff i|interactive r|rebase-merges:: x|exec:line.sh root autosquash no-autosquash autostash no-autostash reschedule-failed-exec no-reschedule-failed-exec update-refs no-update-refs`, 'none*'),
  'cherry-pick': cmd('e|edit cleanup:none x r m|mainline:none n|no-commit s|signoff S|gpg-sign:: no-gpg-sign ff allow-empty allow-empty-message keep-redundant-commits empty:none strategy:none X|strategy-option:none rerere-autoupdate no-rerere-autoupdate continue skip quit abort', 'none*'),
  revert: cmd('e|edit no-edit cleanup:none m|mainline:none n|no-commit S|gpg-sign:: no-gpg-sign s|signoff strategy:none X|strategy-option:none rerere-autoupdate no-rerere-autoupdate reference continue skip quit abort', 'none*'),
  stash: cmd(`p|patch S|staged k|keep-index no-keep-index u|include-untracked a|all ${Q} m|message:none ${PATHSPEC} index`, 'none*', { posix: true, subOpen: true, subs: {
    list: cmd(`${DIFF} ${LOG}`, 'none*', RO),
    show: cmd(`${DIFF} u|include-untracked only-untracked`, 'none*', RO),
    drop: cmd('q|quiet', 'none?', { destructive: 'git-stash-drop' }),
    clear: cmd('', '', { destructive: 'git-stash-drop' }),
    pop: cmd('index q|quiet', 'none?'),
    apply: cmd('index q|quiet', 'none?'),
    push: cmd(`p|patch S|staged k|keep-index no-keep-index u|include-untracked a|all ${Q} m|message:none ${PATHSPEC}`, 'read*'),
    save: cmd(`p|patch S|staged k|keep-index no-keep-index u|include-untracked a|all ${Q}`, 'none*'),
    branch: cmd('', 'none none?'),
    create: cmd('', 'none*'),
    store: cmd('m|message:none q|quiet', 'none'),
  } }),
  worktree: cmd('', 'none*', { subRequired: true, subs: {
    list: cmd('porcelain v|verbose expire:none z', '', RO),
    add: cmd('f|force detach checkout no-checkout lock reason:none orphan b:none B:none track no-track guess-remote no-guess-remote q|quiet', 'write.create none?'),
    remove: cmd('f|force@git-worktree-remove', 'delete'),
    prune: cmd('n|dry-run v|verbose expire:none', ''),
    move: cmd('f|force', 'delete write'),
    lock: cmd('reason:none', 'none'),
    unlock: cmd('', 'none'),
    repair: cmd('', 'none*'),
  } }),
  reflog: cmd(`${DIFF} ${LOG}`, 'none*', { ...RO, subOpen: true, subs: {
    show: cmd(`${DIFF} ${LOG}`, 'none*', RO),
    list: cmd('', '', RO),
    exists: cmd('', 'none', RO),
    expire: cmd('expire:none expire-unreachable:none rewrite updateref stale-fix all single-worktree n|dry-run verbose', 'none*', { destructive: 'git-reflog-expire' }),
    delete: cmd('rewrite updateref n|dry-run verbose', 'none*', { destructive: 'git-reflog-expire' }),
  } }),
  gc: cmd('aggressive auto quiet prune:: no-prune force keep-largest-pack cruft no-cruft max-cruft-size:none detach no-detach', '', { hook: (c) => { const p = c.facts.options.get('prune'); if (p === 'now' || p === 'all' || p === true) c.facts.destructive ??= 'git-prune'; } }),
  prune: cmd('n|dry-run v|verbose progress expire:none', 'none*', { destructive: 'git-prune' }),
  'update-ref': cmd('m:none d@git-ref-delete no-deref z stdin create-reflog', 'none*', { hook: (c) => { if (c.facts.options.has('stdin')) c.facts.destructive ??= 'git-ref-delete'; } }),
  'symbolic-ref': cmd('d|delete@git-ref-delete q|quiet short no-recurse m:none', 'none*'),
  'filter-branch': cmd('setup:line.sh subdirectory-filter:none env-filter:line.sh tree-filter:line.sh index-filter:line.sh parent-filter:line.sh msg-filter:line.sh commit-filter:line.sh tag-name-filter:line.sh prune-empty original:none d:dir f|force state-branch:none', 'none*', { destructive: 'git-history-rewrite' }),
  'filter-repo': cmd('path:none invert-paths path-glob:none path-regex:none path-rename:none replace-text:read strip-blobs-bigger-than:none force analyze commit-callback:code.python blob-callback:code.python name-callback:code.python email-callback:code.python refname-callback:code.python message-callback:code.python filename-callback:code.python tag-callback:code.python reset-callback:code.python mailmap:read', 'none*', { destructive: 'git-history-rewrite' }),
  replace: cmd('f|force d|delete edit graft convert-graft-file l|list:: format:none', 'none*'),
  config: cmd('global system local worktree f|file:config blob:none get get-all get-regexp get-urlmatch replace-all add unset unset-all rename-section remove-section l|list fixed-value type:none bool int bool-or-int path expiry-date no-type z|null name-only show-origin show-scope get-color get-colorbool e|edit includes no-includes default:none comment:none all value:none regexp:none url:none', 'none*', { pure: true, hook: gitConfigWrite }),
  init: cmd('q|quiet bare template:config separate-git-dir:write object-format:none ref-format:none b|initial-branch:none shared::', 'write.create?'),
  clone: cmd(`l|local no-hardlinks s|shared dissociate ${Q} n|no-checkout bare sparse filter:none also-filter-submodules mirror o|origin:none b|branch:none revision:none u|upload-pack:line.sh template:config c|config:config depth:none shallow-since:none shallow-exclude:none single-branch no-single-branch no-tags recurse-submodules:: shallow-submodules no-shallow-submodules remote-submodules no-remote-submodules j|jobs:none separate-git-dir:write ref-format:none reference:read reference-if-able:read bundle-uri:net server-option:none 4|ipv4 6|ipv6`, 'net write.create?', { network: true, hook: (c) => { configHook(c); cloneTarget(c); } }),
  fetch: cmd(`all a|append atomic depth:none deepen:none shallow-since:none shallow-exclude:none unshallow update-shallow negotiation-tip:none negotiate-only dry-run porcelain write-fetch-head no-write-fetch-head f|force k|keep multiple auto-maintenance no-auto-maintenance auto-gc no-auto-gc write-commit-graph no-write-commit-graph prefetch p|prune P|prune-tags n no-tags refmap:none t|tags recurse-submodules:: j|jobs:none no-recurse-submodules set-upstream submodule-prefix:none upload-pack|exec:line.sh ${Q} o|server-option:none show-forced-updates no-show-forced-updates 4|ipv4 6|ipv6 filter:none stdin`, 'net? none*', { network: true }),
  pull: cmd(`${Q} recurse-submodules:: no-recurse-submodules commit no-commit e|edit no-edit cleanup:none ff no-ff ff-only S|gpg-sign:: no-gpg-sign log:: no-log signoff no-signoff stat n|no-stat squash no-squash verify no-verify s|strategy:none X|strategy-option:none verify-signatures no-verify-signatures summary no-summary autostash no-autostash allow-unrelated-histories r|rebase:: no-rebase all a|append depth:none deepen:none shallow-since:none shallow-exclude:none unshallow update-shallow negotiation-tip:none dry-run f|force k|keep prefetch p|prune no-tags refmap:none t|tags j|jobs:none set-upstream upload-pack:line.sh 4|ipv4 6|ipv6 o|server-option:none`, 'net? none*', { network: true }),
  push: cmd(`all branches mirror@git-force-push tags follow-tags atomic no-atomic n|dry-run porcelain delete@git-remote-ref-delete d prune@git-remote-ref-delete f|force@git-force-push force-with-lease:: no-force-with-lease force-if-includes no-force-if-includes repo:net u|set-upstream thin no-thin ${Q} recurse-submodules:none verify no-verify no-recurse-submodules signed:: no-signed push-option|o:none receive-pack|exec:line.sh 4|ipv4 6|ipv6`, 'net? none*', { network: true, hook: (c) => { pushHook(c); if (c.facts.options.has('d')) c.facts.destructive ??= 'git-remote-ref-delete'; if (c.facts.options.has('dry-run')) c.facts.destructive = undefined; for (const a of c.facts.args) if (a.role === 'network') a.direction = 'out'; } }),
  remote: cmd('v|verbose', '', { ...RO, subOpen: false, subs: {
    show: cmd('n', 'none*', { ...RO, network: true }),
    'get-url': cmd('push all', 'none', RO),
    add: cmd('t:none m:none f fetch tags no-tags mirror::', 'none net'),
    remove: cmd('', 'none'),
    rm: cmd('', 'none'),
    rename: cmd('progress no-progress', 'none none'),
    'set-url': cmd('push add delete', 'none net none?'),
    'set-head': cmd('a|auto d|delete', 'none none?'),
    'set-branches': cmd('add', 'none none*'),
    prune: cmd('n|dry-run', 'none*', NET),
    update: cmd('p|prune', 'none*', NET),
  } }),
  submodule: cmd('q|quiet cached', '', { subs: {
    foreach: cmd('recursive q|quiet', 'lines.sh'),
    update: cmd('init remote N|no-fetch no-recommend-shallow recommend-shallow f|force checkout rebase merge reference:read depth:none recursive jobs|j:none single-branch no-single-branch filter:none q|quiet', 'none*', NET),
    init: cmd('q|quiet', 'none*'),
    status: cmd('cached recursive q|quiet', 'none*', RO),
    summary: cmd('cached files n|summary-limit:none', 'none*', RO),
    add: cmd('b:none f|force name:none reference:read depth:none q|quiet', 'net write.create?', NET),
    deinit: cmd('f|force all q|quiet', 'delete*'),
    sync: cmd('recursive q|quiet', 'none*'),
    absorbgitdirs: cmd('', 'none*'),
    'set-url': cmd('', 'none net'),
    'set-branch': cmd('b|branch:none d|default', 'none'),
  } }),
  bisect: cmd('', 'none*', { subOpen: true, subs: {
    run: cmd('', 'argv'),
    start: cmd('term-new:none term-bad:none term-old:none term-good:none no-checkout first-parent', 'none*'),
    log: cmd('', '', RO),
    view: cmd(`${LOG}`, 'none*', RO),
    visualize: cmd(`${LOG}`, 'none*', RO),
    replay: cmd('', 'codefile.git-bisect'),
  } }),
  difftool: cmd(`${DIFF} d|dir-diff y|no-prompt prompt rotate-to:none skip-to:none t|tool:line x|extcmd:line.sh g|gui no-gui trust-exit-code no-trust-exit-code tool-help symlinks no-symlinks`, 'none*', { pure: true, hook: toolHelp }),
  mergetool: cmd('t|tool:line y|no-prompt prompt g|gui no-gui O:read tool-help', 'none*', { pure: true, hook: toolHelp }),
  am: cmd('s|signoff k|keep keep-non-patch keep-cr no-keep-cr c|scissors no-scissors quoted-cr:none m|message-id no-message-id q|quiet u|utf8 no-utf8 3|3way no-3way rerere-autoupdate no-rerere-autoupdate ignore-space-change ignore-whitespace whitespace:none C:none p:none directory:cwd exclude:none include:none reject patch-format:none i|interactive empty:none committer-date-is-author-date ignore-date skip S|gpg-sign:: no-gpg-sign continue r|resolved resolvemsg:none abort quit retry show-current-patch::', 'read*', { hook: applyHook }),
  apply: cmd('stat numstat summary check index intent-to-add 3|3way ours theirs union build-fake-ancestor:write R|reverse reject z p:none C:none unidiff-zero apply no-add allow-binary-replacement|binary exclude:none include:none ignore-space-change|ignore-whitespace whitespace:none inaccurate-eof v|verbose q|quiet recount directory:cwd unsafe-paths allow-empty cached', 'read*', { hook: applyHook }),
  'format-patch': cmd(`${DIFF} ${LOG} o|output-directory:dir stdout attach:: inline:: thread:: cover-letter numbered|n N|no-numbered start-number:none numbered-files k|keep-subject s|signoff subject-prefix:none rfc:: v|reroll-count:none to:none cc:none from:: add-header:none base:none`, 'none*'),
  archive: cmd('format:none l|list v|verbose prefix:none add-file:read add-virtual-file:none o|output:write worktree-attributes remote:net exec:line.sh 0 1 2 3 4 5 6 7 8 9', 'none*', { writesStdout: true, hook: (c) => { if (c.facts.options.has('remote')) c.facts.network = true; } }),
  bundle: cmd('progress q|quiet all', 'none*', { subs: { create: cmd('progress q|quiet all', 'write none*'), verify: cmd('q|quiet', 'read', RO), 'list-heads': cmd('', 'read none*', RO), unbundle: cmd('progress', 'read none*') } }),
  notes: cmd('ref:none', 'none*', { subOpen: true }),
  maintenance: cmd('', 'none*', { subOpen: true }),
  'send-email': cmd('to:none cc:none bcc:none from:none smtp-server:net smtp-server-port:none smtp-user:none smtp-pass:none annotate compose confirm:none dry-run', 'read*', { network: true }),
  daemon: cmd('base-path:read export-all port:none listen:none', 'read*', { network: true }),
  credential: cmd('', 'none', { subOpen: true, hook: (c) => { c.effect = true; c.facts.destructive ??= 'git-credential-read'; } }),
  'credential-store': cmd('file:read', 'none', { hook: (c) => { c.effect = true; c.facts.destructive ??= 'git-credential-read'; } }),
  fsck: cmd('unreachable dangling no-dangling root tags cache no-reflogs full no-full connectivity-only strict verbose lost-found name-objects progress no-progress', 'none*'),
  'repack|pack-refs': cmd('a A d l f F q|quiet n window:none depth:none all prune no-prune', ''),
  sparse: cmd('', 'none*'),
  'sparse-checkout': cmd('', 'none*', { subOpen: true }),
  lfs: cmd('', 'none*', { subOpen: true, network: true }),
  'cherry|range-diff|merge-tree|diff-tree|diff-files|diff-index': cmd(`${DIFF} ${LOG} stdin r t root`, 'none*', RO),
});

/** `a|b` keys name one spec under each name; git's parse-options gives every long flag a --no- form. */
function aliased(subs: Record<string, CommandSpec>): Record<string, CommandSpec> {
  for (const k of Object.keys(subs)) {
    if (k.includes('|')) {
      for (const n of k.split('|')) if (!n.endsWith('_')) subs[n] = subs[k];
      delete subs[k];
    }
  }
  for (const s of Object.values(subs)) negatable(s);
  return subs;
}

export const GIT = (): ProgramSpec[] => [
  prog('git', 'git', 'C:cwd c:config git-dir:config work-tree:cwd namespace:none !p|paginate P|no-pager exec-path::config config-env:config bare no-replace-objects no-lazy-fetch literal-pathspecs glob-pathspecs noglob-pathspecs icase-pathspecs no-optional-locks no-advice super-prefix:none list-cmds:none attr-source:none ?version ?help ?html-path ?man-path ?info-path', 'none*', { posix: true, exact: true, subs: gitSubs(), subRequired: true, hook: configHook, writesStdout: true, projectCode: true, pager: true }),
];
