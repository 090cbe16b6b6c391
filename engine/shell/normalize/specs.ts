// Per-program option specs used by parseOptions (meaning, not safety: see pipeline/readonly).
import { spec, type Spec } from './options.ts';

export const PROGRAM_SPECS: Map<string, Spec> = new Map([
  ['rm', spec('f|force i I interactive:: one-file-system no-preserve-root preserve-root:: r|R|recursive d|dir v|verbose help version')],
  ['rmdir', spec('ignore-fail-on-non-empty p|parents v|verbose help version')],
  ['shred', spec('f|force n|iterations: random-source: s|size: u remove:: v|verbose x|exact z|zero help version')],
  ['chmod', spec('c|changes f|silent|quiet v|verbose no-preserve-root preserve-root reference: R|recursive help version')],
  ['chown', spec('c|changes f|silent|quiet v|verbose dereference h|no-dereference from: no-preserve-root preserve-root reference: R|recursive H L P help version')],
  ['chgrp', spec('c|changes f|silent|quiet v|verbose dereference h|no-dereference no-preserve-root preserve-root reference: R|recursive H L P help version')],
  ['cp', spec('a|archive attributes-only backup:: b copy-contents d f|force i|interactive H l|link L|dereference n|no-clobber P|no-dereference p preserve:: no-preserve: parents R|r|recursive reflink:: remove-destination sparse: strip-trailing-slashes s|symbolic-link S|suffix: t|target-directory: T|no-target-directory u|update:: v|verbose x|one-file-system Z context:: help version')],
  ['mv', spec('backup:: b f|force i|interactive n|no-clobber exchange no-copy strip-trailing-slashes S|suffix: t|target-directory: T|no-target-directory u|update:: v|verbose Z|context help version')],
  ['ln', spec('backup:: b d|F|directory f|force i|interactive L|logical n|no-dereference P|physical r|relative s|symbolic S|suffix: t|target-directory: T|no-target-directory v|verbose help version')],
  ['install', spec('backup:: b C|compare d|directory D g|group: m|mode: o|owner: p|preserve-timestamps s|strip strip-program: S|suffix: t|target-directory: T|no-target-directory v|verbose preserve-context Z context:: help version')],
  ['touch', spec('a c|no-create d|date: f h|no-dereference m r|reference: t: time: help version')],
  ['mkdir', spec('m|mode: p|parents v|verbose Z context:: help version')],
  ['truncate', spec('c|no-create o|io-blocks r|reference: s|size: help version')],
  ['tee', spec('a|append i|ignore-interrupts p output-error:: help version')],
  ['patch', spec('b|backup B|prefix: backup-if-mismatch no-backup-if-mismatch binary c|context d|directory: D|ifdef: dry-run E|remove-empty-files e|ed f|force F|fuzz: g|get: help i|input: l|ignore-whitespace merge:: n|normal N|forward o|output: p|strip: posix quoting-style: r|reject-file: R|reverse s|silent|quiet t|batch T|set-time u|unified v|version V|version-control: verbose x|debug: Y|basename-prefix: z|suffix: Z|set-utc')],
  ['sed', spec('n|quiet|silent debug e|expression: f|file: follow-symlinks i|in-place:: l|line-length: posix E|r|regexp-extended s|separate sandbox u|unbuffered z|null-data help version')],
  ['curl', spec('d|data: data-ascii: data-binary: data-raw: data-urlencode: F|form: form-string: T|upload-file: o|output: O|remote-name K|config: H|header: X|request: u|user: A|user-agent: e|referer: b|cookie: c|cookie-jar: x|proxy: L|location s|silent S|show-error f|fail k|insecure I|head i|include v|verbose m|max-time: connect-timeout: retry: json: url: G|get w|write-out: D|dump-header: C|continue-at: r|range: z|time-cond: E|cert: key: cacert: unix-socket: q|disable compressed n|netrc netrc-file: netrc-optional')],
  ['wget', spec('O|output-document: o|output-file: a|append-output: q|quiet v|verbose nv|no-verbose i|input-file: P|directory-prefix: post-data: post-file: body-data: body-file: method: header: U|user-agent: user: password: c|continue N|timestamping r|recursive l|level: np|no-parent k|convert-links m|mirror t|tries: T|timeout: no-check-certificate S|server-response spider')],
  ['tar', spec('A|catenate|concatenate c|create d|diff|compare delete r|append t|list test-label u|update x|extract|get C|directory: f|file: v|verbose z|gzip|gunzip|ungzip j|bzip2 J|xz Z|compress a|auto-compress I|use-compress-program: to-command: checkpoint:: checkpoint-action: rsh-command: F|info-script|new-volume-script: k|keep-old-files overwrite p|preserve-permissions same-owner no-same-owner exclude: T|files-from: X|exclude-from: O|to-stdout strip-components: transform|xform: wildcards no-wildcards h|dereference P|absolute-names', { })],
  ['find', spec('H L P D: O::')],
  ['crontab', spec('u: l r e i n: c T V s')],
  ['systemctl', spec('user system global t|type: a|all q|quiet now force no-block f|runtime l|full H|host: M|machine: p|property: no-pager')],
  ['xargs', spec('0|null a|arg-file: d|delimiter: E: e|eof:: I: i|replace:: L|max-lines: l:: n|max-args: o|open-tty P|max-procs: p|interactive process-slot-var: r|no-run-if-empty s|max-chars: show-limits t|verbose x|exit help version', { posix: true })],
  ['ssh', spec('4 6 A a C f G g K k M N n q s T t V v X x Y y B: b: c: D: E: e: F: I: i: J: L: l: m: O: o: P: p: Q: R: S: W: w:', { posix: true })],
  ['scp', spec('3 4 6 A B C O p q R r T v D: c: F: i: J: l: o: P: S: X:')],
  ['rsync', spec('v|verbose q|quiet c|checksum a|archive r|recursive R|relative b|backup backup-dir: suffix: u|update l|links L|copy-links H|hard-links p|perms E|executability o|owner g|group D t|times n|dry-run W|whole-file x|one-file-system e|rsh: rsync-path: delete delete-before delete-after delete-excluded remove-source-files z|compress exclude: include: exclude-from: include-from: files-from: P progress h|human-readable i|itemize-changes f|filter: stats partial checksum-choice: chmod: chown: info: port: password-file:')],
  ['nc', spec('4 6 C D d F h k l N n r S t U u v z b: e: c: I: i: M: m: O: P: p: q: s: T: V: W: w: X: x:')],
  ['npm', spec('g|global w|workspace: ws|workspaces prefix: C: s|silent q|quiet loglevel: y|yes', { posix: true })],
  ['chattr', spec('R V f v: p:')],
  ['setfacl', spec('b|remove-all k|remove-default m|modify: M|modify-file: x|remove: X|remove-file: set: set-file: R|recursive d|default L|logical P|physical n|no-mask mask restore: test')],
]);

/** git's global options (before the subcommand); spelled in full, as git requires. */
export const GIT_GLOBAL = spec(
  'C: c: git-dir: work-tree: namespace: p|paginate P|no-pager exec-path:: config-env: bare no-replace-objects no-lazy-fetch literal-pathspecs glob-pathspecs noglob-pathspecs icase-pathspecs no-optional-locks no-advice super-prefix: list-cmds: attr-source: version help html-path man-path info-path',
  { posix: true, exact: true },
);

const DIFFISH =
  'cached staged stat:: numstat shortstat name-only name-status p|u|patch U|unified: s|no-patch raw patch-with-raw patch-with-stat minimal patience histogram diff-algorithm: color:: no-color word-diff:: word-diff-regex: color-words:: color-moved:: color-moved-ws: no-renames M|find-renames:: C|find-copies:: find-copies-harder B|break-rewrites:: D|irreversible-delete l: S: G: O: pickaxe-all pickaxe-regex R a|text w|ignore-all-space b|ignore-space-change ignore-space-at-eol ignore-blank-lines ignore-cr-at-eol I|ignore-matching-lines: W|function-context inter-hunk-context: exit-code quiet no-ext-diff no-textconv ignore-submodules:: src-prefix: dst-prefix: no-prefix default-prefix line-prefix: relative:: no-relative z abbrev:: full-index binary check summary X|dirstat:: cumulative compact-summary merge-base no-index diff-filter: submodule:: ita-invisible-in-index ita-visible-in-index indent-heuristic no-indent-heuristic anchored: 1|base 2|ours 3|theirs 0 rotate-to: skip-to: find-object: output-indicator-new: output-indicator-old: output-indicator-context: !output: !ext-diff !textconv';
const LOGISH =
  'n|max-count: skip: since|after: since-as-filter: until|before: author: committer: grep: grep-reflog: all-match invert-grep i|regexp-ignore-case basic-regexp E|extended-regexp F|fixed-strings P|perl-regexp merges no-merges min-parents: max-parents: no-min-parents no-max-parents first-parent exclude-first-parent-only all branches:: tags:: remotes:: glob: exclude: exclude-hidden: reflog alternate-refs single-worktree ignore-missing bisect stdin cherry-mark cherry-pick left-only right-only cherry walk-reflogs|g merge boundary simplify-by-decoration show-pulls full-history dense sparse simplify-merges ancestry-path:: oneline format:: pretty:: abbrev-commit no-abbrev-commit decorate:: no-decorate decorate-refs: decorate-refs-exclude: clear-decorations source follow graph reverse date: relative-date topo-order date-order author-date-order L: left-right show-signature mailmap use-mailmap no-mailmap no-use-mailmap log-size encoding: expand-tabs:: no-expand-tabs notes:: no-notes show-notes:: show-linear-break:: parents children no-walk:: do-walk m c cc dd remerge-diff:: diff-merges: combined-all-paths no-diff-merges t timestamp count objects objects-edge objects-edge-aggressive unpacked object-names no-object-names filter: filter-print-omitted missing: exclude-promisor-objects in-commit-order no-kept-objects:: header show-origin';
export const GIT_DIFFISH = DIFFISH;
export const GIT_LOGISH = LOGISH;

const LOG_SPEC = spec(`${DIFFISH} ${LOGISH} #max-count`);

export const GIT_SUB_SPECS: Map<string, Spec> = new Map([
  ['reset', spec('soft mixed N hard merge keep q|quiet no-quiet p|patch recurse-submodules:: no-recurse-submodules pathspec-from-file: pathspec-file-nul refresh no-refresh intent-to-add')],
  ['clean', spec('d f|force i|interactive n|dry-run q|quiet e|exclude: x X')],
  ['push', spec('all branches mirror tags follow-tags atomic no-atomic n|dry-run porcelain delete d prune f|force force-with-lease:: no-force-with-lease force-if-includes no-force-if-includes repo: u|set-upstream thin no-thin q|quiet v|verbose progress no-progress recurse-submodules: verify no-verify no-recurse-submodules signed:: no-signed push-option|o: receive-pack|exec: 4|ipv4 6|ipv6')],
  ['branch', spec('d|delete D f|force m|move M c|copy C l|list a|all r|remotes v|verbose q|quiet show-current abbrev:: no-abbrev t|track:: no-track set-upstream u|set-upstream-to: unset-upstream edit-description contains: no-contains: merged: no-merged: points-at: sort: format: color:: no-color column:: no-column create-reflog ignore-case i omit-empty recurse-submodules')],
  ['checkout', spec('q|quiet progress no-progress f|force ours theirs b: B: t|track:: no-track guess no-guess l detach orphan: ignore-skip-worktree-bits m|merge conflict: p|patch ignore-other-worktrees overwrite-ignore no-overwrite-ignore recurse-submodules:: no-recurse-submodules overlay no-overlay pathspec-from-file: pathspec-file-nul')],
  ['switch', spec('c|create: C|force-create: d|detach guess no-guess f|force|discard-changes m|merge conflict: q|quiet progress no-progress t|track:: no-track orphan: ignore-other-worktrees recurse-submodules:: no-recurse-submodules')],
  ['restore', spec('s|source: p|patch W|worktree S|staged q|quiet progress no-progress ours theirs m|merge conflict: ignore-unmerged ignore-skip-worktree-bits recurse-submodules:: no-recurse-submodules overlay no-overlay pathspec-from-file: pathspec-file-nul')],
  ['stash', spec('p|patch S|staged k|keep-index no-keep-index u|include-untracked a|all q|quiet m|message: pathspec-from-file: pathspec-file-nul index', { posix: true })],
  ['worktree', spec('f|force', { posix: true })],
  ['reflog', spec(`${DIFFISH} ${LOGISH} expire: expire-unreachable: rewrite updateref stale-fix all single-worktree dry-run|n verbose`, { posix: true })],
  ['update-ref', spec('m: d no-deref z stdin create-reflog')],
  ['config', spec('global system local worktree f|file: blob: get get-all get-regexp get-urlmatch replace-all add unset unset-all rename-section remove-section l|list fixed-value type: bool int bool-or-int path expiry-date no-type z|null name-only show-origin show-scope get-color get-colorbool e|edit includes no-includes default: comment: all value: regexp url:')],
  ['diff', spec(`${DIFFISH} #unified`)],
  ['log', LOG_SPEC],
  ['show', LOG_SPEC],
  ['rm', spec('f|force n|dry-run r cached ignore-unmatch sparse q|quiet pathspec-from-file: pathspec-file-nul')],
  ['commit', spec('a|all p|patch C|reuse-message: c|reedit-message: fixup: squash: reset-author short branch porcelain long z|null F|file: author: date: m|message: t|template: s|signoff no-signoff trailer: n|no-verify verify allow-empty allow-empty-message cleanup: e|edit no-edit amend no-post-rewrite i|include o|only pathspec-from-file: pathspec-file-nul u|untracked-files:: v|verbose q|quiet dry-run status no-status S|gpg-sign:: no-gpg-sign')],
  ['add', spec('n|dry-run v|verbose f|force i|interactive p|patch e|edit u|update A|all no-ignore-removal no-all ignore-removal N|intent-to-add refresh ignore-errors ignore-missing sparse no-warn-embedded-repo renormalize chmod: pathspec-from-file: pathspec-file-nul')],
]);

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
