// Text tools: awk, sed, jq, yq, grep and friends, pagers.
import { HV, prog, viewer } from '../dsl.ts';
import type { HookContext, ProgramSpec } from '../types.ts';
import { awkRunsInput, awkScan } from '../awk.ts';
import { scanSed } from '../sed.ts';
import { assignmentName } from '../hooks.ts';
import { sv } from '../words.ts';
import { fdHook } from '../fd.ts';

const F = 'text';

function awkHook(ctx: HookContext): void {
  const extra = [];
  for (const a of ctx.facts.args) {
    // (one scan gives both: harmless, and the files it writes)
    const scan = a.role === 'code' && a.language === 'awk' && a.word.static ? awkScan(a.text ?? a.word.value ?? '') : null;
    if (a.role === 'code' && a.language === 'awk') a.harmless = scan !== null && scan.harmless;
    // print > "F": a write of F, checked like any other (the program stays code that is not harmless)
    if (scan !== null) for (const w of scan.writes) extra.push({ role: w.append ? ('append' as const) : ('write' as const), word: a.word, text: w.path, create: w.append ? ('append' as const) : ('truncate' as const) });
    // var=value operands are assignments, not files
    if (a.role === 'read' && a.option === undefined && assignmentName(a.word) !== null) a.role = 'none';
  }
  ctx.facts.args.push(...extra);
  if (ctx.facts.args.some((a) => a.role === 'code' && a.language === 'awk' && (!a.word.static || awkRunsInput(a.text ?? a.word.value ?? '')))) inputIsCode(ctx);
  // gawk -i inplace (the inplace extension): every file operand is rewritten in place
  const inc = ctx.facts.args.find((a) => (a.option === 'include' || a.option === 'load') && ['inplace', 'inplace.awk', 'inplace.so'].includes(a.text ?? sv(a.word) ?? ''));
  if (inc) for (const a of ctx.facts.args) if (a.role === 'read' && a.option === undefined) {
    a.role = 'write';
    a.create = 'truncate';
  }
  if (ctx.facts.options.has('sandbox')) for (const a of ctx.facts.args) if (a.role === 'code' && a.word.static) a.harmless = true;
}

/** The program runs lines of its input as shell commands (sed `e`, awk `system($0)`): stdin is
 *  code, or each input file is a script. */
function inputIsCode(ctx: HookContext): void {
  const inputs = ctx.facts.args.filter((a) => a.role === 'read' && a.option === undefined);
  if (inputs.length === 0 || inputs.some((a) => a.word.static && a.word.value === '-')) ctx.facts.inputCode = 'sh';
  for (const a of inputs) {
    a.role = 'code-file';
    a.language = 'sh';
  }
}

function sedHook(ctx: HookContext): void {
  const f = ctx.facts;
  const extra = [];
  for (const a of f.args) {
    if (a.role !== 'code' || a.language !== 'sed') continue;
    if (!a.word.static) {
      a.harmless = false;
      continue;
    }
    const s = scanSed(a.text ?? a.word.value ?? '');
    a.harmless = s.harmless;
    if (f.options.has('sandbox') && !s.unclear) continue;
    for (const w of s.writes) extra.push({ role: 'write' as const, word: a.word, text: w, create: 'truncate' as const });
    for (const r of s.reads) extra.push({ role: 'read' as const, word: a.word, text: r });
    for (const l of s.lines) extra.push({ role: 'exec-line' as const, word: a.word, text: l, language: 'sh' });
    if (s.exec && !s.lines.length) {
      ctx.effect = true;
      inputIsCode(ctx);
    }
    if (s.unclear) ctx.effect = true;
  }
  f.args.push(...extra);
}

const JQ_ENV = ['$ENV', 'env', 'input_filename', 'include', 'import', '$__loc__', 'debug', 'stderr', 'input_line_number', 'halt_error', 'getpath'];
function jqHook(ctx: HookContext): void {
  for (const a of ctx.facts.args) {
    if (a.role !== 'code' || (a.language !== 'jq' && a.language !== 'yq')) continue;
    const t = a.word.static ? (a.text ?? a.word.value ?? '') : null;
    a.harmless = t !== null && !jqReadsOutside(t) && !(a.language === 'yq' && (t.includes('load') || t.includes('env') || t.includes('eval')));
  }
}

/** Does the jq program name one of JQ_ENV as a whole word? */
function jqReadsOutside(t: string): boolean {
  for (let k = 0; k < JQ_ENV.length; k++) if (hasWord(t, JQ_ENV[k]!)) return true;
  return false;
}

function identChar(c: number): boolean {
  return c === 95 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function hasWord(t: string, w: string): boolean {
  let i = t.indexOf(w);
  while (i >= 0) {
    const before = i > 0 ? t.charCodeAt(i - 1) : 32;
    const after = i + w.length < t.length ? t.charCodeAt(i + w.length) : 32;
    if ((w[0] === '$' || !identChar(before)) && !identChar(after)) return true;
    i = t.indexOf(w, i + 1);
  }
  return false;
}

/** patch: without a file operand it writes the files the patch names (unknown here). */
function patchHook(c: HookContext): void {
  if (c.facts.options.has('dry-run')) {
    for (const a of c.facts.args) if (a.role === 'write' && a.option === undefined) a.role = 'read';
    return;
  }
  if (!c.operands.length) c.effect = true;
}

const AWK = `F|field-separator:none v|assign:none f|file:codefile.awk e|source:code.awk E|exec:codefile.awk i|include:codefile.awk l|load:codefile.so b|characters-as-bytes c|traditional C|copyright d|dump-variables::write D|debug:: g|gen-pot h|help L|lint:: M|bignum n|non-decimal-data N|use-lc-numeric o|pretty-print::write O|optimize p|profile::write P|posix r|re-interval s|no-optimize S|sandbox t|lint-old ?V|version W:none`;
const GREP = `E|extended-regexp F|fixed-strings G|basic-regexp P|perl-regexp e|regexp:none f|file:read i|ignore-case no-ignore-case y v|invert-match w|word-regexp x|line-regexp c|count color|colour:: L|files-without-match l|files-with-matches m|max-count:none o|only-matching q|quiet|silent s|no-messages b|byte-offset H|with-filename h|no-filename label:none n|line-number T|initial-tab Z|null A|after-context:none B|before-context:none C|context:none #context a|text binary-files:none D|devices:none d|directories:none exclude:none exclude-from:read exclude-dir:none include:none ^r|recursive ^R|dereference-recursive line-buffered U|binary z|null-data ?V|version ?help`;

/** rg, ag, ack: every folder operand is searched recursively, without -r. */
function searchesTrees(c: HookContext): void {
  for (const a of c.facts.args) if (a.role === 'read' && a.option === undefined) a.recursive = true;
}

export const TEXT = (): ProgramSpec[] => [
  prog(F, 'awk|gawk|mawk|nawk|busybox-awk', AWK, 'code.awk read*', { pure: true, writesStdout: true, stdin: 'data', alt: [['file|source|exec', 'read*']], hook: awkHook }),
  prog(F, 'sed|gsed', `n|quiet|silent debug e|expression:code.sed f|file:codefile.sed follow-symlinks i|in-place:: l|line-length:none posix E|r|regexp-extended s|separate sandbox u|unbuffered z|null-data b|binary ${HV}`, 'code.sed read*', { pure: true, writesStdout: true, stdin: 'data', alt: [['in-place,expression|in-place,file', 'write*'], ['in-place', 'code.sed write*'], ['expression|file', 'read*']], hook: sedHook }),
  prog(F, 'jq|gojq|jaq', 'c|compact-output r|raw-output j|join-output a|ascii-output n|null-input s|slurp e|exit-status S|sort-keys C|color-output M|monochrome-output tab indent:none unbuffered stream stream-errors seq R|raw-input raw-output0 arg:2 argjson:2 args jsonargs ?h|help ?V|version build-configuration f|from-file:codefile.jq rawfile:2read slurpfile:2read L:config', 'code.jq read*', { pure: true, writesStdout: true, stdin: 'data', alt: [['from-file', 'read*']], hook: jqHook }),
  // sd FIND REPLACE FILE…: rewrites the files in place (stdin to stdout without files; -p only previews)
  prog(F, 'sd', 'p|preview F|fixed-strings s|string-mode n|max-replacements:none f|flags:none A|across ?h|help ?V|version', 'none none write*', { pure: true, writesStdout: true, stdin: 'data', alt: [['preview', 'none none read*']] }),
  // rpl OLD NEW FILE…: replaces in place (-R walks folders)
  prog(F, 'rpl', 'i|ignore-case w|whole-words ^R|recursive x:none p|prompt s|quiet d|keep-times t|dry-run f|force e|escape q ?h|help ?version', 'none none write+', { alt: [['dry-run', 'none none read+']], pure: true }),
  prog(F, 'yq', 'i|inplace I|indent:none o|output-format:none p|input-format:none r|unwrapScalar e|exit-status n|null-input s|split-exp:write P|prettyPrint C|colors M|no-colors N|no-doc j|tojson from-file:codefile.yq expression:code.yq front-matter:none header-preprocess nul-output ?h|help ?V|version v|verbose', 'code.yq read*', { pure: true, writesStdout: true, stdin: 'data', alt: [['inplace', 'code.yq write*'], ['from-file|expression', 'read*']], hook: (c) => { const first = c.operands[0]; if (first && first.static && ['eval', 'e', 'eval-all', 'ea'].includes(first.value ?? '')) { const a = c.facts.args.find((x) => x.word === first); if (a) a.role = 'none'; const b = c.facts.args.find((x) => x.word === c.operands[1]); if (b) { b.role = 'code'; b.language = 'yq'; } } jqHook(c); } }),
  viewer(F, 'grep|egrep|fgrep|zgrep|bzgrep|xzgrep', GREP, 'none read*', { stdin: 'data', alt: [['regexp|file', 'read*']] }),
  viewer(F, 'rg|ripgrep', 'e|regexp:none f|file:read i|ignore-case S|smart-case s|case-sensitive F|fixed-strings w|word-regexp x|line-regexp v|invert-match c|count count-matches l|files-with-matches files-without-match files n|line-number N|no-line-number H|with-filename I|no-filename A|after-context:none B|before-context:none C|context:none g|glob:none iglob:none glob-case-insensitive t|type:none T|type-not:none type-list type-add:none type-clear:none u|unrestricted .|hidden no-hidden no-ignore no-ignore-vcs no-ignore-parent no-ignore-dot no-ignore-global no-ignore-files no-ignore-exclude ignore-file:read L|follow no-follow m|max-count:none d|max-depth|maxdepth:none max-filesize:none j|threads:none M|max-columns:none max-columns-preview o|only-matching r|replace:none p|pretty heading no-heading color:none colors:none column no-column json b|byte-offset trim vimgrep 0|null null-data U|multiline multiline-dotall P|pcre2 no-pcre2 E|encoding:none q|quiet sort:none sortr:none sort-files stats a|text binary no-binary no-messages passthru|passthrough crlf no-unicode one-file-system include-zero line-buffered block-buffered engine:none path-separator:none field-match-separator:none field-context-separator:none context-separator:none auto-hybrid-regex ?h|help ?V|version debug trace no-config regex-size-limit:none dfa-size-limit:none pre:line pre-glob:none hostname-bin:line !z|search-zip', 'none read*', { alt: [['regexp|file|files|type-list', 'read*']], hook: searchesTrees, walksCwd: true }),
  viewer(F, 'ag', 'a|all-types A|after:none B|before:none C|context:none c|count color nocolor column D|debug depth:none f|follow F|fixed-strings g:none G|file-search-regex:none hidden i|ignore-case ignore:none ignore-dir:none l|files-with-matches L|files-without-matches m|max-count:none n|norecurse p|path-to-ignore:read print0 Q|literal s|case-sensitive S|smart-case search-binary t|all-text u|unrestricted U|skip-vcs-ignores v|invert-match w|word-regexp z|search-zip ?h|help ?version', 'none read*', { hook: searchesTrees }),
  viewer(F, 'ack', 'i|ignore-case v|invert-match w|word-regexp Q|literal l L c h H n f g:none o k type:none ?help ?version', 'none read*', { hook: searchesTrees }),
  viewer(F, 'fd|fdfind', 'H|hidden I|no-ignore u|unrestricted no-ignore-vcs no-ignore-parent no-global-ignore-file s|case-sensitive i|ignore-case g|glob regex F|fixed-strings a|absolute-path l|list-details L|follow p|full-path 0|print0 d|max-depth|maxdepth:none min-depth:none exact-depth:none prune t|type:none e|extension:none E|exclude:none c|color:none j|threads:none S|size:none changed-within|change-newer-than|newer:none changed-before|change-older-than|older:none o|owner:none max-results:none 1 q|quiet|has-results show-errors base-directory:cwd path-separator:none search-path:read strip-cwd-prefix:: one-file-system format:none ignore-file:read and:none hyperlink:: ?h|help ?V|version >x|exec >X|exec-batch batch-size:none', 'none? read*', { alt: [['exec|exec-batch', 'argv']], hook: fdHook, walksCwd: true }),
  viewer(F, 'less', 'a|search-skip-screen b|buffers:none B|auto-buffers c|clear-screen C d|dumb e|quit-at-eof E|QUIT-AT-EOF f|force F|quit-if-one-screen g|hilite-search G|HILITE-SEARCH h|max-back-scroll:none i|ignore-case I|IGNORE-CASE j|jump-target:none J|status-column k|lesskey-file:config K|quit-on-intr L|no-lessopen m|long-prompt M|LONG-PROMPT n|line-numbers N|LINE-NUMBERS o|log-file:write O|LOG-FILE:write p|pattern:none P|prompt:none q|quiet|silent Q|QUIET|SILENT r|raw-control-chars R|RAW-CONTROL-CHARS s|squeeze-blank-lines S|chop-long-lines t|tag:none T|tag-file:read u|underline-special U|UNDERLINE-SPECIAL V|version w|hilite-unread W|HILITE-UNREAD x|tabs:none X|no-init y|max-forw-scroll:none z|window:none mouse no-keypad use-color header:none incsearch ?help #window', 'read*', { hook: (c) => { c.effect = true; for (const a of c.facts.args) if (a.option === undefined && a.word.static && (a.word.value ?? '').startsWith('+')) { a.role = 'code'; a.language = 'less'; a.harmless = false; } } }),
  viewer(F, 'more|most|pg', 'd l f p c s u n:none ?h|help ?V|version', 'read*', { hook: (c) => { c.effect = true; } }),
  viewer(F, 'bat|batcat', 'A|show-all p|plain l|language:none H|highlight-line:none file-name:none d|diff diff-context:none tabs:none wrap:none S|chop-long-lines terminal-width:none n|number color:none italic-text:none decorations:none paging:none pager:line m|map-syntax:none theme:none list-themes style:none r|line-range:none L|list-languages u|unbuffered no-config ?h|help ?V|version', 'read*', { hook: (c) => { const p = c.facts.options.get('paging'); if (p !== 'never' && !c.facts.options.has('plain')) c.effect = true; } }),
  viewer(F, 'iconv', `f|from-code:none t|to-code:none l|list c o|output:write s|silent verbose ${HV}`),
  viewer(F, 'xmllint', 'format noout xpath:none html valid dtdvalid:read schema:read relaxng:read o|output:write nonet noent', 'read*'),
  viewer(F, 'zcat|bzcat|xzcat|zstdcat|lz4cat', `f|force q|quiet v|verbose ${HV}`),
  viewer(F, 'zless|zmore', '', 'read*', { hook: (c) => { c.effect = true; } }),
  viewer(F, 'wdiff|colordiff', 'i|ignore-case w:none x:none y:none z:none', 'read read'),
  prog(F, 'dos2unix|unix2dos|mac2unix', 'n|newfile:2write o|oldfile k|keep-date q|quiet f|force ?h|help ?V|version', 'write*', {}),
  prog(F, 'patch', 'b|backup B|prefix:none backup-if-mismatch no-backup-if-mismatch binary c|context d|directory:cwd D|ifdef:none dry-run E|remove-empty-files e|ed f|force F|fuzz:none g|get:none ?help i|input:read l|ignore-whitespace merge:: n|normal N|forward o|output:write p|strip:none posix quoting-style:none r|reject-file:write R|reverse s|silent|quiet t|batch T|set-time u|unified ?v|version V|version-control:none verbose x|debug:none Y|basename-prefix:none z|suffix:none Z|set-utc', 'write? read?', { stdin: 'data', hook: patchHook }),
];
