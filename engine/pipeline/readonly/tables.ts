// Read-only allowlist: every flag of every allowed command (value-taking or not; `!` = known unsafe).
// Anything not listed is unknown, and an unknown flag means "not read-only".
import { spec, type Spec } from '../../shell/normalize/options.ts';

export interface RoEntry {
  spec: Spec;
  /** Programs that do not use getopt: judge the raw argv instead. */
  raw?: (args: RoParsed['args']) => string | null;
  /** Extra check on the parsed call; returns a reason when it is NOT read-only. */
  check?: (p: RoParsed) => string | null;
}

export interface RoWord {
  readonly static: boolean;
  readonly value?: string;
  readonly approx: string;
}

export interface RoParsed {
  options: Map<string, string | true>;
  list: { canon: string; value: string | true }[];
  /** The words themselves (read-only: a checker reads their static, value and approx). */
  operands: readonly RoWord[];
  args: readonly RoWord[];
}

const e = (defs: string, check?: RoEntry['check'], posix = false): RoEntry => ({ spec: spec(defs, { posix }), check });
const HV = 'help version';
const raw = (f: NonNullable<RoEntry['raw']>): RoEntry => ({ spec: spec(''), raw: f });
/** A program that is read-only whatever its arguments. */
export const always = raw(() => null);

export const RO: Map<string, RoEntry> = new Map([
  ['echo', always],
  ['true', always],
  ['false', always],
  ['test', always],
  ['[', always],
  ['expr', always],
  ['printf', raw((a) => (!a[0] ? null : !a[0].static ? 'dynamic printf format' : a[0].value === '-v' || (a[0].value ?? '').startsWith('-v') ? 'printf -v assigns a variable' : a[0].value === '--' && a[1] && !a[1].static ? 'dynamic printf format' : null))],
  ['ps', raw(psCheck)],
  ['ls', e(`a|all A|almost-all author b|escape block-size: B|ignore-backups c C color:: d|directory D|dired f F|classify:: file-type format: full-time g group-directories-first G|no-group h|human-readable si H|dereference-command-line dereference-command-line-symlink-to-dir hide: hyperlink:: indicator-style: i|inode I|ignore: k|kibibytes l L|dereference m n|numeric-uid-gid N|literal o p q|hide-control-chars show-control-chars Q|quote-name quoting-style: r|reverse R|recursive s|size S sort: t time: time-style: T|tabsize: u U v w|width: x X Z|context zero 1 ${HV}`)],
  ['cat', e(`A|show-all b|number-nonblank e E|show-ends n|number s|squeeze-blank t T|show-tabs u v|show-nonprinting ${HV}`)],
  ['head', e(`c|bytes: n|lines: q|quiet|silent v|verbose z|zero-terminated #lines ${HV}`)],
  ['tail', e(`c|bytes: f|follow:: F n|lines: max-unchanged-stats: pid: q|quiet|silent retry s|sleep-interval: v|verbose z|zero-terminated #lines ${HV}`)],
  ['wc', e(`c|bytes m|chars l|lines files0-from: L|max-line-length w|words total: z ${HV}`)],
  ...['grep', 'egrep', 'fgrep'].map((n) => [n, e(`E|extended-regexp F|fixed-strings G|basic-regexp P|perl-regexp e|regexp: f|file: i|ignore-case no-ignore-case y v|invert-match w|word-regexp x|line-regexp c|count color|colour:: L|files-without-match l|files-with-matches m|max-count: o|only-matching q|quiet|silent s|no-messages b|byte-offset H|with-filename h|no-filename label: n|line-number T|initial-tab Z|null A|after-context: B|before-context: C|context: #context a|text binary-files: D|devices: d|directories: exclude: exclude-from: exclude-dir: include: r|recursive R|dereference-recursive line-buffered U|binary z|null-data I V|version help`)] as [string, RoEntry]),
  ...['rg', 'ripgrep'].map((n) => [n, e(`e|regexp: f|file: i|ignore-case S|smart-case s|case-sensitive F|fixed-strings w|word-regexp x|line-regexp v|invert-match c|count count-matches l|files-with-matches files-without-match files n|line-number N|no-line-number H|with-filename I|no-filename A|after-context: B|before-context: C|context: g|glob: iglob: glob-case-insensitive t|type: T|type-not: type-list type-add: type-clear: u|unrestricted .|hidden no-hidden no-ignore no-ignore-vcs no-ignore-parent no-ignore-dot no-ignore-global no-ignore-files no-ignore-exclude ignore-file: L|follow no-follow m|max-count: d|max-depth|maxdepth: max-filesize: j|threads: M|max-columns: max-columns-preview o|only-matching r|replace: p|pretty heading no-heading color: colors: column no-column json b|byte-offset trim vimgrep 0|null null-data U|multiline multiline-dotall P|pcre2 no-pcre2 E|encoding: q|quiet sort: sortr: sort-files stats a|text binary no-binary no-messages passthru|passthrough crlf no-unicode one-file-system include-zero line-buffered block-buffered engine: path-separator: field-match-separator: field-context-separator: context-separator: auto-hybrid-regex smart-case h|help V|version debug trace no-config regex-size-limit: dfa-size-limit: !pre: !pre-glob: !hostname-bin: !z|search-zip`, (p) => (p.options.has('pre') ? '--pre runs a program' : null))] as [string, RoEntry]),
  ...['fd', 'fdfind'].map((n) => [n, e(`H|hidden I|no-ignore u|unrestricted no-ignore-vcs no-ignore-parent no-global-ignore-file s|case-sensitive i|ignore-case g|glob regex F|fixed-strings a|absolute-path l|list-details L|follow p|full-path 0|print0 d|max-depth|maxdepth: min-depth: exact-depth: prune t|type: e|extension: E|exclude: c|color: j|threads: S|size: changed-within|change-newer-than|newer: changed-before|change-older-than|older: o|owner: max-results: 1 q|quiet|has-results show-errors base-directory: path-separator: search-path: strip-cwd-prefix:: one-file-system format: ignore-file: and: hyperlink:: h|help V|version !x|exec: !X|exec-batch: !batch-size:`)] as [string, RoEntry]),
  ['stat', e(`L|dereference f|file-system c|format: printf: t|terse cached: ${HV}`)],
  ['file', e(`b|brief c|checking-printout e|exclude: exclude-quiet: E extension F|separator: f|files-from: h|no-dereference i|mime mime-type mime-encoding k|keep-going l|list L|dereference m|magic-file: N|no-pad n|no-buffer 0|print0 r|raw s|special-files S|no-sandbox z|uncompress Z|uncompress-noreport P|parameter: v|version help apple !C|compile !p|preserve-date`)],
  ['du', e(`0|null a|all apparent-size B|block-size: b|bytes c|total D|dereference-args H d|max-depth: files0-from: h|human-readable inodes k L|dereference l|count-links m P|no-dereference S|separate-dirs si s|summarize t|threshold: time:: time-style: X|exclude-from: exclude: x|one-file-system ${HV}`)],
  ['df', e(`a|all B|block-size: h|human-readable H|si i|inodes k l|local no-sync output:: P|portability sync total t|type: T|print-type x|exclude-type: v ${HV}`)],
  ['tree', e(`a d l f x L: P: I: gitignore gitfile: noreport ignore-case matchdirs metafirst prune filelimit: dirsfirst filesfirst i q N Q p u g s h si D inodes device F v t c U r C n A S J X timefmt: charset: nolinks du info infofile: fromfile fromtabfile hintro: houtro: H: T: version help !o !R`)],
  ['pwd', e('L P help version')],
  ['which', e('a s all skip-dot skip-tilde show-dot show-tilde tty-only i|read-alias skip-alias read-functions skip-functions V|version v help')],
  ['type', e('a f p P t')],
  ['basename', e(`a|multiple s|suffix: z|zero ${HV}`)],
  ['dirname', e(`z|zero ${HV}`)],
  ['realpath', e(`e|canonicalize-existing m|canonicalize-missing L|logical P|physical q|quiet relative-to: relative-base: s|strip|no-symlinks z|zero ${HV}`)],
  ['readlink', e(`f|canonicalize e|canonicalize-existing m|canonicalize-missing n|no-newline q|quiet s|silent v|verbose z|zero ${HV}`)],
  ['cut', e(`b|bytes: c|characters: d|delimiter: f|fields: n complement s|only-delimited output-delimiter: z|zero-terminated ${HV}`)],
  ['sort', e(`b|ignore-leading-blanks d|dictionary-order f|ignore-case g|general-numeric-sort i|ignore-nonprinting M|month-sort h|human-numeric-sort n|numeric-sort R|random-sort random-source: r|reverse sort: V|version-sort batch-size: c|check:: C k|key: m|merge debug S|buffer-size: s|stable t|field-separator: T|temporary-directory: parallel: u|unique z|zero-terminated files0-from: help version !o|output: !compress-program:`)],
  ['uniq', e(`c|count d|repeated D|all-repeated:: f|skip-fields: group:: i|ignore-case s|skip-chars: u|unique z|zero-terminated w|check-chars: ${HV}`, (p) => (p.operands.length > 1 ? 'uniq writes its second operand' : null))],
  ['tr', e(`c|C|complement d|delete s|squeeze-repeats t|truncate-set1 ${HV}`)],
  ['diff', e(`q|brief s|report-identical-files c C|context:: u U|unified:: e|ed n|rcs y|side-by-side W|width: left-column suppress-common-lines p|show-c-function F|show-function-line: label: t|expand-tabs T|initial-tab tabsize: suppress-blank-empty l|paginate r|recursive no-dereference N|new-file unidirectional-new-file ignore-file-name-case no-ignore-file-name-case x|exclude: X|exclude-from: S|starting-file: from-file: to-file: i|ignore-case E|ignore-tab-expansion Z|ignore-trailing-space b|ignore-space-change w|ignore-all-space B|ignore-blank-lines I|ignore-matching-lines: a|text strip-trailing-cr D|ifdef: old-group-format: new-group-format: changed-group-format: unchanged-group-format: line-format: old-line-format: new-line-format: unchanged-line-format: d|minimal horizon-lines: speed-large-files color:: palette: normal v|version help #unified`)],
  ['cmp', e(`b|print-bytes i|ignore-initial: l|verbose n|bytes: s|quiet|silent ${HV}`)],
  ['comm', e(`1 2 3 check-order nocheck-order output-delimiter: total z|zero-terminated ${HV}`)],
  ['jq', e('c|compact-output r|raw-output j|join-output a|ascii-output n|null-input s|slurp e|exit-status S|sort-keys C|color-output M|monochrome-output tab indent: unbuffered stream stream-errors seq R|raw-input raw-output0 arg:2 argjson:2 args jsonargs h|help V|version build-configuration !f|from-file: !rawfile:2 !slurpfile:2 !L:', jqCheck)],
  ['sed', e('n|quiet|silent E|r|regexp-extended s|separate z|null-data u|unbuffered posix e|expression: debug sandbox help version !i|in-place:: !f|file:', sedCheck)],
  ['date', e(`d|date: f|file: I|iso-8601:: R|rfc-email rfc-3339: r|reference: u|utc|universal debug resolution ${HV} !s|set:`, (p) => (p.operands.some((o) => !o.static || !(o.value ?? '').startsWith('+')) ? 'a date operand sets the clock' : null))],
  ['uname', e(`a|all s|kernel-name n|nodename r|kernel-release v|kernel-version m|machine p|processor i|hardware-platform o|operating-system ${HV}`)],
  ['whoami', e(HV)],
  ['id', e(`a Z|context g|group G|groups n|name r|real u|user z|zero ${HV}`)],
  ['groups', e(HV)],
  ['env', e(`0|null ${HV}`, (p) => (p.operands.length ? 'env runs a command' : null))],
  ['printenv', e(`0|null ${HV}`)],
  ['nproc', e(`all ignore: ${HV}`)],
  ['hostname', e('a|alias d|domain f|fqdn|long A|all-fqdns i|ip-address I|all-ip-addresses s|short y|yp|nis h|help V|version', (p) => (p.operands.length ? 'hostname NAME sets the host name' : null))],
  // cd only moves the shell; a computed or unknown target makes the paths after it dynamic (pipeline/tools/cwd.ts).
  ['cd', raw((a) => (a.filter((w) => !(w.static && w.value!.startsWith('-') && w.value !== '-')).length > 1 ? 'too many operands' : null))],
  ['tac', e(`b|before r|regex s|separator: ${HV}`)],
  ['nl', e(`b|body-numbering: d|section-delimiter: f|footer-numbering: h|header-numbering: i|line-increment: l|join-blank-lines: n|number-format: p|no-renumber s|number-separator: v|starting-line-number: w|number-width: ${HV}`)],
  ['rev', e('h|help V|version')],
  ['paste', e(`d|delimiters: s|serial z|zero-terminated ${HV}`)],
  ['seq', e(`f|format: s|separator: w|equal-width ${HV}`)],
  ['sleep', e(HV)],
  ['column', e('t|table s|separator: o|output-separator: c|output-width: x|fillrows n|table-name: N|table-columns: R|table-right: T|table-truncate: H|table-hide: O|table-order: J|json e|table-noheadings r|tree: d|table-noextreme L|keep-empty-lines W|table-wrap: h|help V|version')],
  ['fold', e(`b|bytes s|spaces w|width: ${HV}`)],
  ...['md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum'].map((n) => [n, e(`b|binary c|check t|text z|zero tag ignore-missing quiet status strict w|warn a|algorithm: l|length: untagged base64 raw debug ${HV}`)] as [string, RoEntry]),
  ['strings', e(`a|all d|data f|print-file-name n|bytes: #bytes t|radix: e|encoding: s|output-separator: w|include-all-whitespace U|unicode: h|help v|version`)],
  ['od', e(`A|address-radix: j|skip-bytes: N|read-bytes: S|strings:: t|format: v|output-duplicates w|width:: traditional a b c d f i l o s x endian: ${HV}`)],
  ['hexdump', e('b c C d o x e: f: n: s: v L:: h|help V|version')],
  ['xxd', e('a|autoskip b|bits C|capitalize c|cols: E|EBCDIC e g|groupsize: h|help i|include l|len: n|name: o|offset: p|ps|postscript|plain s|seek: u v|version R:', (p) => (p.operands.length > 1 ? 'xxd writes its second operand' : null))],
  ['base64', e(`d|decode i|ignore-garbage w|wrap: ${HV}`, (p) => (p.operands.length > 1 ? 'too many operands' : null))],
  ['command', e('p v V', (p) => (p.options.has('v') || p.options.has('V') ? null : 'command runs a program'))],
  ['uptime', e(`p|pretty s|since ${HV}`)],
  ['free', e('b k m g t p kibi mebi gibi tebi pebi kilo mega giga tera peta h|human w|wide c|count: s|seconds: l|lo t|total v|committed help V|version si')],
  ['locale', e('a|all-locales m|charmaps k|keyword-name c|category-name v|verbose help version')],
]);

function jqCheck(p: RoParsed): string | null {
  const prog = p.operands[0];
  if (!prog) return null;
  if (!prog.static) return 'dynamic jq program';
  const t = prog.value ?? '';
  if (t.includes('$ENV') || t.includes('input_filename') || t.includes('$__prog') || hasWord(t, 'env')) return 'jq reads the environment';
  return null;
}

function hasWord(t: string, w: string): boolean {
  let i = t.indexOf(w);
  while (i >= 0) {
    const before = i > 0 ? t.charCodeAt(i - 1) : 32;
    const after = i + w.length < t.length ? t.charCodeAt(i + w.length) : 32;
    const id = (c: number) => c === 95 || c === 46 || c === 36 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!id(before) && (after === 46 || !id(after))) return true;
    i = t.indexOf(w, i + 1);
  }
  return false;
}

/** sed is read-only only as `sed -n` with print-only scripts: Np, N,Mp, $p, /re/p. */
function sedCheck(p: RoParsed): string | null {
  if (!p.options.has('quiet')) return 'sed without -n';
  const scripts: string[] = [];
  for (const o of p.list) if (o.canon === 'expression') scripts.push(String(o.value));
  let files = p.operands;
  if (!scripts.length) {
    const s = p.operands[0];
    if (!s) return 'sed without a script';
    if (!s.static) return 'dynamic sed script';
    scripts.push(s.value ?? '');
    files = p.operands.slice(1);
  }
  void files;
  for (const s of scripts) for (const part of s.split(';')) if (!printOnly(part.trim())) return `sed script ${JSON.stringify(part)} is not print-only`;
  return null;
}

function printOnly(s: string): boolean {
  if (!s.endsWith('p') || s.length < 2) return false;
  const addr = s.slice(0, -1).trim();
  const parts = splitRange(addr);
  if (!parts || parts.length > 2) return false;
  return parts.every(isAddress);
}

function splitRange(a: string): string[] | null {
  if (a.startsWith('/')) {
    let i = 1;
    while (i < a.length && a[i] !== '/') i += a[i] === '\\' ? 2 : 1;
    if (i >= a.length) return null;
    const first = a.slice(0, i + 1);
    const rest = a.slice(i + 1).trim();
    if (!rest) return [first];
    if (rest[0] !== ',') return null;
    return [first, rest.slice(1).trim()];
  }
  const c = a.indexOf(',');
  return c < 0 ? [a] : [a.slice(0, c).trim(), a.slice(c + 1).trim()];
}

function isAddress(a: string): boolean {
  if (a === '$') return true;
  if (a.length >= 2 && a[0] === '/' && a[a.length - 1] === '/') {
    for (let i = 1; i < a.length - 1; i++) {
      const c = a[i];
      if (c === '\\') i++;
      else if (c === '/' || c === '\n') return false;
    }
    return true;
  }
  if (!a.length) return false;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

const PS_UNIX = new Set('AaedfFlHjLmMTwxyZcPrNXl'.split(''));
const PS_UNIX_VALUE = new Set('CGgpqstuUoOk'.split(''));
const PS_BSD = new Set('auxwfjlvrcTShHnmsXZ'.split(''));

/** ps: UNIX (-aux) and BSD (aux) styles; no `e` in BSD style (it prints every process's environment). */
function psCheck(args: RoParsed['args']): string | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.static) return 'dynamic ps argument';
    const v = a.value ?? '';
    if (v.startsWith('--')) {
      const name = v.slice(2).split('=')[0];
      if (['forest', 'sort', 'pid', 'ppid', 'user', 'group', 'format', 'cols', 'columns', 'lines', 'rows', 'headers', 'no-headers', 'width', 'help', 'version', 'tty', 'sid', 'deselect'].includes(name)) {
        if (!v.includes('=') && ['sort', 'pid', 'ppid', 'user', 'group', 'format', 'cols', 'columns', 'lines', 'rows', 'width', 'tty', 'sid'].includes(name)) i++;
        continue;
      }
      return `unknown ps option ${v}`;
    }
    if (v.startsWith('-')) {
      for (let j = 1; j < v.length; j++) {
        const c = v[j];
        if (PS_UNIX_VALUE.has(c)) {
          if (j === v.length - 1) i++;
          break;
        }
        if (!PS_UNIX.has(c)) return `unknown ps option -${c}`;
      }
      continue;
    }
    for (const c of v) {
      if (c >= '0' && c <= '9') continue;
      if (!PS_BSD.has(c)) return c === 'e' ? 'ps e prints process environments' : `unknown ps option ${c}`;
    }
  }
  return null;
}
