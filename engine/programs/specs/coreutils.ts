// GNU coreutils (and the util-linux / BSD tools that sit next to them): writers, deleters, viewers.
import { HV, prog, viewer } from '../dsl.ts';
import type { HookContext, ProgramSpec } from '../types.ts';
import { contentsInto, ddHook, dateHook, dotContents, envPrefix, printenvHook } from '../hooks.ts';

const F = 'coreutils';

/** A disk tool's write targets: a dynamic one that could name a block device is a device write. */
export function diskTargets(c: HookContext): void {
  for (const a of c.facts.args) {
    if (a.role !== 'write' && a.role !== 'append' && a.role !== 'delete') continue;
    a.device = true;
    // dd's of=VALUE: the value is the path
    const t = a.word.approx;
    if (a.approx === undefined && a.option === undefined && t.startsWith('of=')) a.approx = t.slice(3);
  }
}
// the options marked `!` act on an existing destination itself (rename it away, remove it, copy
// mode and owner onto it): even /dev/null as the destination is then an effect
const BACKUP = '!backup:: !b S|suffix:none';
const CTX = 'Z context::';

export const COREUTILS = (): ProgramSpec[] => [
  // writers and deleters
  prog(F, 'cp', `^!a|archive !attributes-only ${BACKUP} copy-contents d f|force i|interactive H !l|link L|dereference n|no-clobber P|no-dereference !p !preserve:: no-preserve: parents ^R|r|recursive reflink:: !remove-destination sparse: strip-trailing-slashes !s|symbolic-link t|target-directory:dir T|no-target-directory u|update:: v|verbose x|one-file-system keep-directory-symlink debug ${CTX} ${HV}`, 'read+ dest', { alt: [['target-directory', 'read+']], pure: true, copies: true, hook: (c) => contentsInto(c, c.facts.options.has('recursive') || c.facts.options.has('archive'), dotContents) }),
  prog(F, 'mv', `${BACKUP} f|force i|interactive n|no-clobber exchange no-copy strip-trailing-slashes t|target-directory:dir T|no-target-directory u|update:: v|verbose debug Z|context ${HV}`, 'delete+ dest', { alt: [['target-directory', 'delete+']], copies: true }),
  prog(F, 'ln', `${BACKUP} d|F|directory f|force i|interactive L|logical n|no-dereference P|physical r|relative s|symbolic t|target-directory:dir T|no-target-directory v|verbose ${HV}`, 'read+ dest', { alt: [['target-directory', 'read+']], copies: true }),
  prog(F, 'link', HV, 'read write.create'),
  prog(F, 'install', `${BACKUP} C|compare d|directory D g|group:none m|mode:none o|owner:none p|preserve-timestamps s|strip strip-program:line t|target-directory:dir T|no-target-directory v|verbose preserve-context debug ${CTX} ${HV}`, 'read+ dest', { alt: [['directory', 'write.create+'], ['target-directory', 'read+']], copies: true }),
  prog(F, 'rm', `f|force i I interactive:: one-file-system no-preserve-root preserve-root:: ^r|R|recursive d|dir v|verbose ${HV}`, 'delete+'),
  // other deleters of the same shape: safe-rm (rm with a deny list of its own), srm (overwrites first), rimraf and del-cli (always recursive)
  prog(F, 'safe-rm|srm', `f|force i I interactive:: one-file-system no-preserve-root preserve-root:: ^r|R|recursive d|dir v|verbose s|simple m|medium z|zero D|dod E|doe P|openbsd C|rcmp n|no-remove x|one-file-system ${HV}`, 'delete+'),
  prog(F, 'rimraf|del-cli|del', `glob preserve-root no-preserve-root tmp:dir max-retries:none retry-delay:none backoff:none max-backoff:none i|impl:none v|verbose f|force d|dry-run ${HV}`, 'delete+', { hook: (c) => { for (const a of c.facts.args) if (a.role === 'delete') a.recursive = true; if (c.facts.options.has('dry-run')) for (const a of c.facts.args) if (a.role === 'delete') a.role = 'none'; } }),
  // wipe [-rfiqsc] PATH…: overwrites files (or a block device) and removes them, -r recursively
  prog(F, 'wipe', `^r|R f i q Q:none s c k D Z l:none x:none p:none b:none T:none S:none e ${HV}`, 'write+', { destructive: 'data-wipe', hook: (c) => { diskTargets(c); for (const a of [...c.facts.args]) if (a.role === 'write') c.facts.args.push({ role: 'delete', word: a.word, recursive: a.recursive }); } }),
  prog(F, 'rmdir', `ignore-fail-on-non-empty p|parents v|verbose ${HV}`, 'delete+'),
  prog(F, 'unlink', HV, 'delete'),
  prog(F, 'shred', `f|force n|iterations:none random-source:read s|size:none u remove:: v|verbose x|exact z|zero ${HV}`, 'write+', { alt: [['u|remove', 'delete+']], destructive: 'data-wipe', hook: diskTargets }),
  // chmod -x FILE: a mode may look like an option (-r -w -x -X -s -t -u -g -o -a); then every operand is a file
  prog(F, 'chmod', `c|changes f|silent|quiet v|verbose no-preserve-root preserve-root reference:read ^R|recursive r w x X s t u g o a ${HV}`, 'none mode+', { alt: [['reference|r|w|x|X|s|t|u|g|o|a', 'mode+']] }),
  prog(F, 'chown', `c|changes f|silent|quiet v|verbose dereference h|no-dereference from:none no-preserve-root preserve-root reference:read ^R|recursive H L P ${HV}`, 'none owner+', { alt: [['reference', 'owner+']] }),
  prog(F, 'chgrp', `c|changes f|silent|quiet v|verbose dereference h|no-dereference no-preserve-root preserve-root reference:read ^R|recursive H L P ${HV}`, 'none owner+', { alt: [['reference', 'owner+']] }),
  prog(F, 'chcon', `dereference h|no-dereference no-preserve-root preserve-root reference:read u|user:none r|role:none t|type:none l|range:none ^R|recursive v|verbose H L P ${HV}`, 'none mode+', { alt: [['reference|user|role|type|range', 'mode+']] }),
  prog(F, 'chattr', '^R V f v:none p:none', 'none mode+', { loose: true }),
  prog(F, 'setfacl', `b|remove-all k|remove-default m|modify:none M|modify-file:read x|remove:none X|remove-file:read set:none set-file:read ^R|recursive d|default L|logical P|physical n|no-mask mask restore:mode test ?v|version ?h|help`, 'mode*'),
  prog(F, 'touch', `a c|no-create d|date:none f h|no-dereference m r|reference:read t:none time:none ${HV}`, 'write.create+'),
  prog(F, 'mkdir', `m|mode:none p|parents v|verbose ${CTX} ${HV}`, 'write.create+'),
  prog(F, 'mkfifo', `m|mode:none ${CTX} ${HV}`, 'write.create+'),
  prog(F, 'mknod', `m|mode:none ${CTX} ${HV}`, 'write.create none*'),
  prog(F, 'mktemp', `d|directory u|dry-run q|quiet suffix:none p:dir tmpdir::dir t ${HV}`, 'none?', { writesStdout: true }),
  prog(F, 'truncate', `c|no-create o|io-blocks r|reference:read s|size:none ${HV}`, 'write+'),
  prog(F, 'tee', `a|append i|ignore-interrupts p output-error:: ${HV}`, 'write*', { alt: [['append', 'append*']], stdin: 'data', writesStdout: true, pure: true }),
  // without of= dd copies to stdout; of= is a disk tool's target (a dynamic one may be a device)
  prog(F, 'dd', HV, 'none*', { pure: true, hook: (c) => { ddHook(c); diskTargets(c); }, writesStdout: true }),
  prog(F, 'split', `a|suffix-length:none additional-suffix:none b|bytes:none C|line-bytes:none d x numeric-suffixes:: hex-suffixes:: e|elide-empty-files filter:line l|lines:none n|number:none separator:none t:none u|unbuffered verbose #lines ${HV}`, 'read? write.create?'),
  prog(F, 'csplit', `b|suffix-format:none f|prefix:write k|keep-files suppress-matched n|digits:none s|quiet|silent z|elide-empty-files ${HV}`, 'read none*', { writesStdout: true }),
  prog(F, 'sync', `d|data f|file-system ${HV}`, 'read*'),
  prog(F, 'fallocate', 'c|collapse-range d|dig-holes i|insert-range l|length:none n|keep-size o|offset:none p|punch-hole z|zero-range x|posix v|verbose ?h|help ?V|version', 'write'),
  prog(F, 'chroot', `groups:none userspec:none skip-chdir ${HV}`, 'read argv', { posix: true, startsShell: true }),
  prog(F, 'stty', `a|all g|save F|file:write ${HV}`, 'none*'),
  prog(F, 'hostname', 'a|alias d|domain f|fqdn|long A|all-fqdns i|ip-address I|all-ip-addresses s|short y|yp|nis F|file:read b|boot ?h|help ?V|version', 'none?', { pure: true, writesStdout: true, alt: [['file', '']], hook: (c) => { if (c.operands.length) c.effect = true; } }),
  prog(F, 'date', `d|date:none f|file:read I|iso-8601:: R|rfc-email rfc-3339:none r|reference:read u|utc|universal debug resolution !s|set:none ${HV}`, 'none*', { pure: true, writesStdout: true, hook: dateHook }),
  prog(F, 'uniq', `c|count d|repeated D|all-repeated:: f|skip-fields:none group:: i|ignore-case s|skip-chars:none u|unique z|zero-terminated w|check-chars:none #skip-fields ${HV}`, 'read? write?', { pure: true, writesStdout: true }),
  prog(F, 'sort', `b|ignore-leading-blanks d|dictionary-order f|ignore-case g|general-numeric-sort i|ignore-nonprinting M|month-sort h|human-numeric-sort n|numeric-sort R|random-sort random-source:read r|reverse sort:none V|version-sort batch-size:none c|check:: C k|key:none m|merge debug S|buffer-size:none s|stable t|field-separator:none T|temporary-directory:dir parallel:none u|unique z|zero-terminated files0-from:read.list o|output:write compress-program:line ${HV}`, 'read*', { pure: true, writesStdout: true, stdin: 'data' }),
  prog(F, 'env', `i|ignore-environment 0|null u|unset:none C|chdir:cwd S|split-string:line P:none v|debug block-signal:: default-signal:: ignore-signal:: list-signal-handling ${HV}`, 'argv', { posix: true, pure: true, writesStdout: true, hook: envPrefix }),
  // viewers
  viewer(F, 'cat', `A|show-all b|number-nonblank e E|show-ends n|number s|squeeze-blank t T|show-tabs u v|show-nonprinting ${HV}`, 'read*', { stdin: 'data' }),
  viewer(F, 'tac', `b|before r|regex s|separator:none ${HV}`),
  viewer(F, 'head', `c|bytes:none n|lines:none q|quiet|silent v|verbose z|zero-terminated #lines ${HV}`),
  viewer(F, 'tail', `c|bytes:none f|follow:: F n|lines:none max-unchanged-stats:none pid:none q|quiet|silent retry s|sleep-interval:none v|verbose z|zero-terminated #lines ${HV}`),
  viewer(F, 'wc', `c|bytes m|chars l|lines files0-from:read.list L|max-line-length w|words total:none z ${HV}`),
  viewer(F, 'nl', `b|body-numbering:none d|section-delimiter:none f|footer-numbering:none h|header-numbering:none i|line-increment:none l|join-blank-lines:none n|number-format:none p|no-renumber s|number-separator:none v|starting-line-number:none w|number-width:none ${HV}`),
  viewer(F, 'cut', `b|bytes:none c|characters:none d|delimiter:none f|fields:none n complement s|only-delimited output-delimiter:none z|zero-terminated ${HV}`),
  viewer(F, 'paste', `d|delimiters:none s|serial z|zero-terminated ${HV}`),
  viewer(F, 'join', `a:none e:none i|ignore-case j:none j1:none j2:none o:none t:none v:none 1:none 2:none check-order nocheck-order header z|zero-terminated ${HV}`, 'read read'),
  viewer(F, 'comm', `1 2 3 check-order nocheck-order output-delimiter:none total z|zero-terminated ${HV}`, 'read read'),
  viewer(F, 'tr', `c|C|complement d|delete s|squeeze-repeats t|truncate-set1 ${HV}`, 'none none?', { stdin: 'data' }),
  viewer(F, 'fold', `b|bytes s|spaces w|width:none #width ${HV}`),
  viewer(F, 'fmt', `c|crown-margin p|prefix:none s|split-only t|tagged-paragraph u|uniform-spacing w|width:none g|goal:none #width ${HV}`),
  viewer(F, 'pr', `a|across c|show-control-chars d|double-space D|date-format:none e|expand-tabs:: F|f|form-feed h|header:none i|output-tabs:: J|join-lines l|length:none m|merge n|number-lines:: N|first-line-number:none o|indent:none r|no-file-warnings s|separator:: S|sep-string:: t|omit-header T|omit-pagination v|show-nonprinting w|width:none W|page-width:none ${HV}`),
  viewer(F, 'expand', `i|initial t|tabs:none ${HV}`),
  viewer(F, 'unexpand', `a|all first-only t|tabs:none ${HV}`),
  viewer(F, 'rev', '?h|help ?V|version'),
  viewer(F, 'column', 't|table s|separator:none o|output-separator:none c|output-width:none x|fillrows n|table-name:none N|table-columns:none l|table-columns-limit:none R|table-right:none T|table-truncate:none H|table-hide:none O|table-order:none W|table-wrap:none E|table-noextreme:none d|table-noheadings e|table-header-repeat J|json r|tree:none i|tree-id:none p|tree-parent:none L|keep-empty-lines ?h|help ?V|version'),
  viewer(F, 'od', `A|address-radix:none j|skip-bytes:none N|read-bytes:none S|strings:: t|format:none v|output-duplicates w|width:: traditional a b c d f i l o s x endian:none ${HV}`),
  viewer(F, 'base64|base32|basenc', `d|decode i|ignore-garbage w|wrap:none base64 base64url base32 base32hex base16 base2msbf base2lsbf z85 ${HV}`, 'read?'),
  viewer(F, 'md5sum|sha1sum|sha224sum|sha256sum|sha384sum|sha512sum|b2sum|cksum|sum', `b|binary c|check t|text z|zero tag ignore-missing quiet status strict w|warn a|algorithm:none l|length:none untagged base64 raw debug r s|sysv ${HV}`),
  viewer(F, 'shasum', 'a|algorithm:none b|binary c|check t|text U|UNIVERSAL 0|01 tag z|zero ignore-missing q|quiet s|status strict w|warn ?h|help ?v|version'),
  viewer(F, 'ls|dir|vdir', `a|all A|almost-all author b|escape block-size:none B|ignore-backups c C color:: d|directory D|dired f F|classify:: file-type format:none full-time g group-directories-first G|no-group h|human-readable si H|dereference-command-line dereference-command-line-symlink-to-dir hide:none hyperlink:: indicator-style:none i|inode I|ignore:none k|kibibytes l L|dereference m n|numeric-uid-gid N|literal o p q|hide-control-chars show-control-chars Q|quote-name quoting-style:none r|reverse ^R|recursive s|size S sort:none t time:none time-style:none T|tabsize:none u U v w|width:none x X Z|context zero 1 ${HV}`, 'read*', { walksCwd: true }),
  viewer(F, 'stat', `L|dereference f|file-system c|format:none printf:none t|terse cached:none ${HV}`),
  viewer(F, 'du', `0|null a|all apparent-size B|block-size:none b|bytes c|total D|dereference-args H d|max-depth:none files0-from:read.names h|human-readable inodes k L|dereference l|count-links m P|no-dereference S|separate-dirs si s|summarize t|threshold:none time:: time-style:none X|exclude-from:read exclude:none x|one-file-system ${HV}`, 'read*', { walksCwd: true }),
  viewer(F, 'df', `a|all B|block-size:none h|human-readable H|si i|inodes k l|local no-sync output:: P|portability sync total t|type:none T|print-type x|exclude-type:none v ${HV}`),
  viewer(F, 'pwd', `L P ${HV}`, ''),
  viewer(F, 'basename', `a|multiple s|suffix:none z|zero ${HV}`, 'none+'),
  viewer(F, 'dirname', `z|zero ${HV}`, 'none+'),
  viewer(F, 'realpath', `e|canonicalize-existing m|canonicalize-missing L|logical P|physical q|quiet relative-to:none relative-base:none s|strip|no-symlinks z|zero ${HV}`, 'none+'),
  viewer(F, 'readlink', `f|canonicalize e|canonicalize-existing m|canonicalize-missing n|no-newline q|quiet s|silent v|verbose z|zero ${HV}`, 'none+'),
  viewer(F, 'echo', 'n e E', 'none*', { posix: true, loose: true, keepDashDash: true }),
  viewer(F, 'printf', '!v:none', 'none+', { posix: true, loose: true }),
  viewer(F, 'true|false|:', '', 'none*', { loose: true, keepDashDash: true }),
  viewer(F, 'test|[', '', 'none*', { loose: true, keepDashDash: true }),
  viewer(F, 'expr', '', 'none*', { loose: true, keepDashDash: true }),
  viewer(F, 'seq', `f|format:none s|separator:none w|equal-width ${HV}`, 'none+', { loose: true }),
  viewer(F, 'yes', HV, 'none*'),
  viewer(F, 'sleep', HV, 'none+'),
  viewer(F, 'uname', `a|all s|kernel-name n|nodename r|kernel-release v|kernel-version m|machine p|processor i|hardware-platform o|operating-system ${HV}`, ''),
  viewer(F, 'arch|nproc|hostid|logname|tty|users|whoami|groups', `all ignore:none s|silent|quiet ${HV}`, 'none*'),
  viewer(F, 'id', `a Z|context g|group G|groups n|name r|real u|user z|zero ${HV}`, 'none?'),
  viewer(F, 'who|w', 'a|all b|boot d|dead H|heading l|login lookup m p|process q|count r|runlevel s|short t|time T|w|mesg u|users f o i ?help ?version', 'none*'),
  viewer(F, 'printenv', `0|null ${HV}`, 'none*', { hook: printenvHook }),
  viewer(F, 'factor|numfmt', `d|delimiter:none field:none format:none from:none from-unit:none grouping header:: invalid:none padding:none round:none suffix:none to:none to-unit:none z|zero-terminated h|exponents ${HV}`, 'none*'),
  viewer(F, 'shuf', `e|echo i|input-range:none n|head-count:none o|output:write random-source:read r|repeat z|zero-terminated ${HV}`, 'read*', { alt: [['echo|input-range', 'none*']] }),
  viewer(F, 'ptx|tsort', `${HV}`),
  viewer(F, 'pathchk', `p P portability ${HV}`, 'none+'),
  viewer(F, 'dircolors', `b|sh|bourne-shell c|csh|c-shell p|print-database print-ls-colors ${HV}`, 'read?'),
  viewer(F, 'getconf', 'a v:none', 'none*'),
  viewer(F, 'locale', `a|all-locales m|charmaps k|keyword-name c|category-name v|verbose ${HV}`, 'none*'),
  viewer(F, 'uptime', `p|pretty s|since ${HV}`, ''),
  viewer(F, 'free', 'b k m g t p kibi mebi gibi tebi pebi kilo mega giga tera peta h|human w|wide c|count:none s|seconds:none l|lo t|total v|committed si ?help ?V|version', ''),
  viewer(F, 'cal|ncal', '1 3 j y Y m:none A:none B:none h ?V|version', 'none*'),
  viewer(F, 'cmp', `b|print-bytes i|ignore-initial:none l|verbose n|bytes:none s|quiet|silent ${HV}`, 'read read? none*'),
  viewer(F, 'diff', `q|brief s|report-identical-files c C|context:: u U|unified:: e|ed n|rcs y|side-by-side W|width:none left-column suppress-common-lines p|show-c-function F|show-function-line:none label:none t|expand-tabs T|initial-tab tabsize:none suppress-blank-empty l|paginate ^r|recursive no-dereference N|new-file unidirectional-new-file ignore-file-name-case no-ignore-file-name-case x|exclude:none X|exclude-from:read S|starting-file:none from-file:read to-file:read i|ignore-case E|ignore-tab-expansion Z|ignore-trailing-space b|ignore-space-change w|ignore-all-space B|ignore-blank-lines I|ignore-matching-lines:none a|text strip-trailing-cr D|ifdef:none old-group-format:none new-group-format:none changed-group-format:none unchanged-group-format:none line-format:none old-line-format:none new-line-format:none unchanged-line-format:none d|minimal horizon-lines:none speed-large-files color:: palette:none normal ?v|version ?help #unified`),
  viewer(F, 'diff3', `A|show-all e|ed E|show-overlap x|overlap-only X 3|easy-only i m|merge a|text strip-trailing-cr T|initial-tab L|label:none diff-program:line ?v|version ?help`, 'read read read'),
  viewer(F, 'sdiff', `o|output:write i|ignore-case E|ignore-tab-expansion Z|ignore-trailing-space b|ignore-space-change W|ignore-all-space B|ignore-blank-lines I|ignore-matching-lines:none strip-trailing-cr a|text w|width:none l|left-column s|suppress-common-lines t|expand-tabs tabsize:none d|minimal H|speed-large-files diff-program:line ?v|version ?help`, 'read read'),
  viewer(F, 'file', `b|brief c|checking-printout e|exclude:none exclude-quiet:none E extension F|separator:none f|files-from:read.names h|no-dereference i|mime mime-type mime-encoding k|keep-going l|list L|dereference m|magic-file:config N|no-pad n|no-buffer 0|print0 r|raw s|special-files S|no-sandbox z|uncompress Z|uncompress-noreport P|parameter:none ?v|version ?help apple !C|compile p|preserve-date`),
  viewer(F, 'strings', `a|all d|data f|print-file-name n|bytes:none #bytes t|radix:none e|encoding:none s|output-separator:none w|include-all-whitespace U|unicode:none T|target:none ?h|help ?v|version`),
  viewer(F, 'xxd', 'a|autoskip b|bits C|capitalize c|cols:none E|EBCDIC e g|groupsize:none ?h|help i|include l|len:none n|name:none o|offset:none p|ps|postscript|plain r|revert d s|seek:none u ?v|version R:none', 'read? write?'),
  viewer(F, 'hexdump|hd', 'b c C d o x e:none f:read n:none s:none v L:: ?h|help ?V|version'),
  viewer(F, 'tree', 'a d l f x L:none P:none I:none gitignore gitfile:read noreport ignore-case matchdirs metafirst prune filelimit:none dirsfirst filesfirst i q N Q p u g s h si D inodes device F v t c U r C n A S J X timefmt:none charset:none nolinks du info infofile:read fromfile fromtabfile hintro:read houtro:read H:none T:none ?version ?help o:write R', 'read*', { walksCwd: true, hook: (c) => { if (c.facts.options.has('fromfile') || c.facts.options.has('fromtabfile')) for (const a of c.facts.args) if (a.option === undefined && a.role === 'read') a.language = 'names'; } }),
  viewer(F, 'which', 'a s all skip-dot skip-tilde show-dot show-tilde tty-only i|read-alias skip-alias read-functions skip-functions ?V|version v ?help', 'none+'),
];
