// Inline interpreter code (python -c, node -e, perl -e, ruby -e, php -r, lua -e, and the same
// program on stdin): the effects its calls have, written as the equivalent shell command lines so
// every check reads them like any other command. A shell call with a literal command line or argv
// (os.system, subprocess.run, execSync, system, os.execute, backticks) is that command; a delete,
// write or read call with a path the scanner can evaluate (literals, home, path joins) is
// `rm -rf`, `: >`, `: >>` or `cat` on it; code that evaluates text and names a URL runs remote code.
// The invocation stays an opaque ask: this only adds effects, it never proves code harmless.

import { blankWords, shellQuote } from './words.ts';

type Tok =
  | { t: 'id'; v: string }
  | { t: 'str'; v: string | null; tick?: boolean } // null: interpolated at run time
  | { t: 'p'; v: string };

/** Stands for the home folder inside an evaluated string. */
const HOME = '\u0000';
/** Stands for any name inside an evaluated path: a glob's `*` or `?`, an entry a folder listing yields. */
const ANY = '\u0001';

const SHELL_CALLS = new Set([
  'system', 'popen', 'execSync', 'execute', 'shell_exec', 'passthru', 'proc_open', 'getoutput', 'getstatusoutput',
  'check_output', 'check_call', 'Popen', 'spawn', 'spawnSync', 'execFile', 'execFileSync', 'capture2', 'capture2e',
  'capture3', 'popen2', 'popen3', 'pipeline', 'qx', 'execa', 'execaSync', 'execvp', 'execv', 'execl', 'execlp',
  'execve', 'execvpe', 'spawnv', 'spawnvp', 'spawnl', 'spawnlp', 'pcntl_exec',
]);
/** Called through a module only (too common a name otherwise): subprocess.run, child_process.exec … */
const SHELL_QUALIFIED = new Set(['run', 'call', 'exec']);
const SHELL_MODULES = ['subprocess', 'child_process', 'cp', 'os', 'Kernel', 'Open3', 'IO', 'shell', 'sh'];
const EVAL_CALLS = new Set(['exec', 'eval', 'compile', 'Function', 'runInThisContext', 'runInNewContext', 'runInContext', 'instance_eval', 'class_eval', 'module_eval', 'load', 'loadstring', 'dostring', 'import_module']);
const DELETE_TREE = new Set(['rmtree', 'rm_rf', 'rm_r', 'remove_tree', 'remove_dir', 'remove_entry', 'remove_entry_secure', 'rimraf', 'removeSync', 'remove_all', 'emptyDirSync', 'emptydir', 'delete_tree']);
const DELETE_MAYBE_TREE = new Set(['rmSync', 'rm', 'rmdirSync', 'rmdir', 'promises.rm']);
const DELETE_ONE = new Set(['remove', 'unlink', 'unlinkSync', 'delete', 'rm_f', 'safe_unlink']);
const WRITE_CALLS = new Set(['writeFileSync', 'writeFile', 'outputFileSync', 'outputFile', 'createWriteStream', 'write', 'file_put_contents', 'binwrite', 'write_file', 'spurt']);
const APPEND_CALLS = new Set(['appendFileSync', 'appendFile', 'append_file']);
const READ_CALLS = new Set(['readFileSync', 'readFile', 'read', 'readlines', 'file_get_contents', 'createReadStream', 'binread', 'read_file', 'slurp', 'lines', 'foreach', 'readfile', 'file']);
const OPEN_CALLS = new Set(['open', 'fopen', 'sysopen', 'openSync', 'io.open']);
const COPY_CALLS = new Set(['copy', 'copy2', 'copyfile', 'copyfileobj', 'copyFileSync', 'copyFile', 'cp', 'copySync', 'cpSync', 'copytree', 'move', 'rename', 'renameSync', 'mv', 'symlink', 'symlinkSync', 'link', 'linkSync']);
const SOCKET_CALLS = new Set(['fsockopen', 'pfsockopen', 'stream_socket_client', 'socket', 'create_connection', 'createConnection', 'connect', 'TCPSocket', 'INET', 'tcp', 'Socket', 'createServer', 'accept', 'TCPServer', 'stream_socket_server']);
/** Calls that hand descriptors or a terminal to a program (os.dup2, pty.spawn, IO.popen with a socket). */
const FD_CALLS = new Set(['dup2', 'dup', 'spawn', 'fdopen']);
const HOME_IDS = new Set(['homedir', 'Dir.home', 'Path.home', 'home_dir', 'gethomedir', 'File.home', 'HOMEDIR', 'home']);
const PATH_WRAPPERS = new Set(['expanduser', 'expand_path', 'expandvars', 'abspath', 'realpath', 'normpath', 'resolve', 'Path', 'PurePath', 'PosixPath', 'File', 'new', 'absolute_path', 'canonpath', 'rel2abs', 'fspath', 'str', 'String']);
/** Calls that expand a pattern into the paths it matches (glob.glob, Dir.glob, perl glob, globSync). */
const GLOB_CALLS = new Set(['glob', 'iglob', 'rglob', 'globSync', 'glob.sync', 'fg.sync', 'fastGlob.sync']);
/** Calls that list a folder's entries (names): os.listdir, fs.readdirSync, Dir.children, scandir, iterdir. */
const LIST_CALLS = new Set(['listdir', 'scandir', 'readdirSync', 'readdir', 'children', 'entries', 'each_child', 'iterdir', 'opendir']);
/** Methods that run a block for each item of their receiver (Dir.glob(p).each { |f| … }, list.forEach(f => …)). */
const EACH_METHODS = new Set(['each', 'forEach', 'map', 'each_entry', 'select', 'filter', 'flatMap', 'each_with_index']);
/** pathlib's methods that act on the path they are called on, as the shell command they equal. */
const PATH_METHODS: Record<string, string> = { read_text: 'cat --', read_bytes: 'cat --', write_text: ': >', write_bytes: ': >', unlink: 'rm -f --', rmdir: 'rm -f --', touch: ': >>' };
/** Calls that pack files into an archive, with the argument they read (shutil.make_archive's root_dir). */
const PACK_CALLS: Record<string, { index: number; key: string }> = { make_archive: { index: 2, key: 'root_dir' } };
/** Archive objects' adders (tarfile's add, zipfile's write), read only where the code uses one of these modules. */
const ARCHIVE_ADDERS = new Set(['add', 'write', 'addfile', 'addFile']);
const ARCHIVE_MODULES = ['tarfile', 'zipfile', 'ZipFile', 'TarFile', 'shutil.make_archive', 'Zip', 'Gem::Package::TarWriter', 'archiver', 'AdmZip', 'JSZip', 'ZipArchive', 'PharData', 'Archive::Tar', 'Archive::Zip'];
const MODIFIERS = new Set(['for', 'foreach', 'if', 'unless', 'while', 'until']);
const JOIN_CALLS = new Set(['join', 'File.join', 'catfile', 'catdir', 'joinpath', 'resolve']);
const RUNNER: Record<string, string> = { python: 'python3', javascript: 'node', perl: 'perl', ruby: 'ruby', php: 'php', lua: 'lua', r: 'Rscript' };

function isIdent(c: string | undefined, first = false): boolean {
  if (c === undefined) return false;
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '$' || c === '@' || (!first && c >= '0' && c <= '9');
}

/** Interpolation inside a double-quoted string: HOME for the known home spellings, else null. */
function interpolation(lang: string, s: string, i: number): { v: string | null; end: number } | null {
  // (called for every character of a string literal: reject on the first characters before slicing)
  const c = s[i];
  if (lang === 'perl' || lang === 'php') {
    if (c !== '$' && c !== '@') return null;
  } else if (lang === 'ruby') {
    if (c !== '#' || s[i + 1] !== '{') return null;
  } else if (lang === 'javascript') {
    if (c !== '$' || s[i + 1] !== '{') return null;
  } else return lang === 'python' && c === '{' ? { v: null, end: i + 1 } : null;
  const rest = s.slice(i);
  if (lang === 'perl' || lang === 'php') {
    if (rest[0] !== '$' && rest[0] !== '@') return null;
    for (const open of ['$ENV{', '${ENV{', '$_SERVER[', '$_ENV[', '{$_SERVER[', '{$_ENV[']) {
      if (!rest.startsWith(open)) continue;
      const close = rest.indexOf(open.endsWith('{') ? '}' : ']', open.length);
      if (close < 0) break;
      let end = close + 1;
      if ((open[0] === '{' || open === '${ENV{') && rest[end] === '}') end++;
      if (unquote(rest.slice(open.length, close)) === 'HOME') return { v: HOME, end: i + end };
      break;
    }
    return isIdent(rest[1], true) || rest[1] === '{' ? { v: null, end: i + 1 } : null;
  }
  if (lang === 'ruby' && rest.startsWith('#{')) {
    const close = rest.indexOf('}');
    const inner = close < 0 ? '' : noSpace(rest.slice(2, close));
    const home = inner === 'Dir.home' || inner === 'ENV["HOME"]' || inner === "ENV['HOME']";
    return { v: home ? HOME : null, end: close < 0 ? s.length : i + close + 1 };
  }
  if (lang === 'javascript' && rest.startsWith('${')) {
    const close = rest.indexOf('}');
    const inner = close < 0 ? '' : noSpace(rest.slice(2, close));
    const home = inner.endsWith('homedir()') || inner === 'process.env.HOME';
    return { v: home ? HOME : null, end: close < 0 ? s.length : i + close + 1 };
  }
  return null;
}

const PY_PREFIX = 'rRbBfFuU';
const FILE_MODULES = new Set(['File', 'IO', 'fs', 'io', 'Deno', 'Bun', 'Path', 'os', 'FileUtils', 'Files', 'fsp', 'promises']);

function unquote(s: string): string {
  const t = s.trim();
  return t.length >= 2 && (t[0] === '"' || t[0] === "'") && t[t.length - 1] === t[0] ? t.slice(1, -1) : t;
}

function noSpace(s: string): string {
  return s.split(' ').join('').split('\t').join('');
}

function trimSlash(s: string): string {
  return s.endsWith('/') ? s.slice(0, -1) : s;
}

function isUrl(s: string): boolean {
  if (!(s.startsWith('http://') || s.startsWith('https://') || s.startsWith('ftp://'))) return false;
  for (const c of s) if (c === ' ' || c === '\n' || c === '\t') return false;
  return true;
}

const ESC: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0' };

function tokenize(lang: string, src: string): Tok[] {
  const out: Tok[] = [];
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
    if (c === '\n') { out.push({ t: 'p', v: ';' }); i++; continue; }
    // comments
    if ((c === '#' && lang !== 'javascript' && !(lang === 'perl' && src[i - 1] === '$')) || (c === '/' && src[i + 1] === '/' && (lang === 'javascript' || lang === 'php')) || (c === '-' && src[i + 1] === '-' && lang === 'lua')) {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '*' && (lang === 'javascript' || lang === 'php')) {
      const e = src.indexOf('*/', i + 2);
      i = e < 0 ? n : e + 2;
      continue;
    }
    // string literals (python prefixes r b f u)
    let prefix = '';
    if (lang === 'python' && PY_PREFIX.includes(c) && !isIdent(src[i - 1])) {
      if (src[i + 1] === '"' || src[i + 1] === "'") prefix = c.toLowerCase();
      else if (PY_PREFIX.includes(src[i + 1]) && (src[i + 2] === '"' || src[i + 2] === "'")) prefix = (c + src[i + 1]).toLowerCase();
    }
    const q = src[i + prefix.length];
    if (q === '"' || q === "'" || (q === '`' && lang !== 'python' && lang !== 'lua')) {
      let k = i + prefix.length;
      const triple = lang === 'python' && src.startsWith(q.repeat(3), k);
      const close = triple ? q.repeat(3) : q;
      k += close.length;
      const raw = prefix.includes('r') || (q === "'" && (lang === 'perl' || lang === 'php' || lang === 'ruby'));
      const interp = q === '`' ? lang === 'javascript' : q === '"' ? lang !== 'python' && lang !== 'lua' : false;
      let v: string | null = '';
      // plain characters are copied a run at a time (from `run` to k)
      let run = k;
      const fstr = prefix.includes('f');
      const ipLang = fstr ? 'python' : interp ? lang : '';
      while (k < n && !src.startsWith(close, k)) {
        const ch = src[k];
        if (ch === '\\' && k + 1 < n) {
          const e = src[k + 1];
          if (v !== null) v += src.slice(run, k) + (raw ? (e === q || e === '\\' ? e : '\\' + e) : (ESC[e] ?? e));
          k += 2;
          run = k;
          continue;
        }
        if (ipLang !== '') {
          const ip = interpolation(ipLang, src, k);
          if (ip) {
            v = v === null || ip.v === null ? null : v + src.slice(run, k) + ip.v;
            k = ip.end;
            run = k;
            continue;
          }
        }
        k++;
      }
      if (v !== null) v += src.slice(run, k);
      out.push({ t: 'str', v, tick: q === '`' && lang !== 'javascript' });
      i = Math.min(n, k + close.length);
      continue;
    }
    if (lang === 'lua' && c === '[' && (src[i + 1] === '[' || src[i + 1] === '=')) {
      let k = i + 1;
      while (src[k] === '=') k++;
      if (src[k] === '[') {
        const eqs = src.slice(i + 1, k);
        const end = src.indexOf(']' + eqs + ']', k + 1);
        out.push({ t: 'str', v: end < 0 ? null : src.slice(k + 1, end) });
        i = end < 0 ? n : end + eqs.length + 2;
        continue;
      }
    }
    const ql = lang === 'perl' || lang === 'ruby' ? quoteLike(lang, src, i, out[out.length - 1]) : null;
    if (ql) {
      for (const t of ql.toks) out.push(t);
      i = ql.end;
      continue;
    }
    if (isIdent(c, true) || (c === '.' && isIdent(src[i + 1], true) && out.length && out[out.length - 1].t !== 'p')) {
      let k = i;
      let v = '';
      // characters are copied a run at a time (from `run` to k); `::` and `->` become `.`
      let run = k;
      let segStart = true;
      for (;;) {
        if (src[k] === '.' && isIdent(src[k + 1], true)) { k++; segStart = true; }
        else if ((src.startsWith('::', k) || src.startsWith('->', k)) && isIdent(src[k + 2], true)) { v += src.slice(run, k) + '.'; k += 2; run = k; segStart = true; }
        else if (isIdent(src[k], segStart)) { k++; segStart = false; }
        else break;
      }
      v += src.slice(run, k);
      // a method call on a call's result (require("os").homedir()) continues the previous chain
      if (v.startsWith('.') && out.length) {
        const prev = out[out.length - 1];
        if (prev.t === 'id') prev.v += v;
        else out.push({ t: 'id', v: v.slice(1) });
      } else out.push({ t: 'id', v });
      i = k;
      continue;
    }
    out.push({ t: 'p', v: c });
    i++;
  }
  return out;
}

const PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/**
 * Perl's q qq qx qw and Ruby's %q %Q %x %w %W %i %() with any delimiter: strings (qx and %x run
 * a command, like backticks; qw and %w are lists of words).
 */
function quoteLike(lang: string, src: string, i: number, prev: Tok | undefined): { toks: Tok[]; end: number } | null {
  let kind: string;
  let k: number;
  if (lang === 'perl') {
    if (isIdent(src[i - 1]) || src[i] !== 'q') return null;
    kind = src[i + 1] === 'q' || src[i + 1] === 'x' || src[i + 1] === 'w' ? 'q' + src[i + 1] : 'q';
    k = i + kind.length;
    if (isIdent(src[k])) return null;
    while (src[k] === ' ' || src[k] === '\t') k++;
    if (k > i + kind.length && src[k] === '#') return null;
  } else {
    if (src[i] !== '%') return null;
    const l = src[i + 1];
    kind = l !== undefined && 'qQwWxi'.includes(l) ? l : 'Q';
    k = i + 1 + (kind === l ? 1 : 0);
    // a bare %( after a value is the modulo operator
    if (kind !== l && prev && (prev.t !== 'p' || prev.v === ')' || prev.v === ']')) return null;
  }
  const d = src[k];
  if (d === undefined || isIdent(d) || (d >= '0' && d <= '9') || ' \t\n,;=)'.includes(d)) return null;
  const close = PAIRS[d] ?? d;
  const raw = kind === 'q' || kind === 'qw' || kind === 'w' || kind === 'i';
  const words = kind === 'qw' || kind === 'w' || kind === 'W' || kind === 'i';
  let v: string | null = '';
  let depth = 0;
  k++;
  for (; k < src.length; k++) {
    const ch = src[k]!;
    if (ch === '\\' && k + 1 < src.length) {
      const e = src[k + 1]!;
      if (raw) v = v === null ? null : v + (e === d || e === close || e === '\\' ? e : '\\' + e);
      else v = v === null ? null : v + (ESC[e] ?? e);
      k++;
      continue;
    }
    if (ch === close && depth === 0) break;
    if (close !== d && ch === d) depth++;
    else if (close !== d && ch === close) depth--;
    if (!raw) {
      const ip = interpolation(lang, src, k);
      if (ip) {
        v = v === null || ip.v === null ? null : v + ip.v;
        k = ip.end - 1;
        continue;
      }
    }
    v = v === null ? null : v + ch;
  }
  const end = Math.min(src.length, k + 1);
  if (!words) return { toks: [{ t: 'str', v, tick: kind === 'qx' || kind === 'x' }], end };
  const toks: Tok[] = [];
  for (const w of v === null ? [] : blankWords(v)) {
    if (toks.length) toks.push({ t: 'p', v: ',' });
    toks.push({ t: 'str', v: w });
  }
  return { toks: toks.length ? toks : [{ t: 'str', v: v === null ? null : '' }], end };
}

/** The last segment of a dotted name: os.path.join → join (php's error-silencing `@popen` → popen). */
function last(id: string): string {
  const s = id.slice(id.lastIndexOf('.') + 1);
  return s[0] === '@' ? s.slice(1) : s;
}

interface Arg {
  /** Evaluated string (HOME marks the home folder), or null. */
  value: string | null;
  /** A list literal of evaluated strings. */
  list?: (string | null)[];
  /** keyword=…: the keyword. */
  key?: string;
  /** Identifiers seen in the argument (recursive: true). */
  ids: string[];
}

class Scanner {
  constructor(readonly lang: string, readonly toks: Tok[]) {}

  /** Names assigned exactly once, with the index of the value after their `=` (`c = "rm -rf ~"`). */
  private once: Map<string, number> | undefined;
  /** Names whose value is being evaluated (a value that names itself is unknown). */
  private evaluating = new Set<string>();

  /** Names assigned exactly once, each with the index of the value after its `=`. */
  private assignments(): Map<string, number> {
    if (this.once !== undefined) return this.once;
    const at = new Map<string, number>();
    const many = new Set<string>();
    const toks = this.toks;
    for (let k = 0; k + 1 < toks.length; k++) {
      const t = toks[k]!;
      const n = toks[k + 1]!;
      if (t.t !== 'id' || n.t !== 'p' || !n.v.endsWith('=') || n.v === '==' || n.v === '===' || n.v === '!=' || n.v === '!==' || n.v === '<=' || n.v === '>=') continue;
      // `c += x`, `c ||= x` and the like read as c followed by an operator and `=`: a second assignment either way
      if (at.has(t.v) || n.v !== '=') many.add(t.v);
      else at.set(t.v, k + 2);
    }
    for (const n of many) at.delete(n);
    // a name written by an operator token before `=` (`c + = …` split by the tokenizer) is not constant either
    for (let k = 0; k + 2 < toks.length; k++) {
      const t = toks[k]!;
      const a = toks[k + 1]!;
      const b = toks[k + 2]!;
      if (t.t === 'id' && a.t === 'p' && b.t === 'p' && b.v === '=' && a.v !== '=' && a.v !== '!' && a.v !== '<' && a.v !== '>') at.delete(t.v);
    }
    return (this.once = at);
  }

  /**
   * After a value (a folder, a listing), a method on it that lists or globs it: Path(d).glob("*.py"),
   * Path(d).iterdir() (d/ANY), os.scandir(d) (names). Else the value as it is.
   */
  chain(r: { v: string | null; end: number }, to: number): { v: string | null; end: number } {
    const dot = this.toks[r.end];
    const m = this.toks[r.end + 1];
    if (dot?.t !== 'p' || dot.v !== '.' || m?.t !== 'id' || r.end + 1 >= to) return r;
    const open = this.toks[r.end + 2];
    if (!(open?.t === 'p' && open.v === '(')) return r;
    const end = this.skipGroup(r.end + 2);
    if (m.v === 'glob' || m.v === 'rglob') {
      const pat = this.args(r.end + 2, false)[0]?.value ?? null;
      return { v: r.v === null || pat === null ? null : trimSlash(r.v) + '/' + globAny(pat), end };
    }
    if (m.v === 'iterdir' || m.v === 'children' || m.v === 'entries') return { v: r.v === null ? null : trimSlash(r.v) + '/' + ANY, end };
    if (m.v === 'joinpath' || m.v === 'expanduser' || m.v === 'resolve' || m.v === 'absolute') {
      const parts = m.v === 'joinpath' ? this.args(r.end + 2, false).map((a) => a.value) : [];
      let v = r.v;
      for (const x of parts) v = v === null || x === null ? null : x.startsWith('/') ? x : trimSlash(v) + '/' + x;
      if (m.v === 'expanduser' && v !== null && (v === '~' || v.startsWith('~/'))) v = HOME + v.slice(1);
      return this.chain({ v, end }, to);
    }
    return r;
  }

  /** Loop variables bound to what a glob or a folder listing yields, by name (computed once). */
  private loops: Map<string, string> | undefined;
  /** Functions applied to each item by reference (map(os.remove, glob(p))): name and items (loopVars fills it). */
  readonly refs: [string, string][] = [];
  loopVars(): Map<string, string> {
    if (this.loops !== undefined) return this.loops;
    const out = (this.loops = new Map<string, string>());
    const toks = this.toks;
    const lists = (v: string) => GLOB_CALLS.has(last(v)) || GLOB_CALLS.has(v) || LIST_CALLS.has(last(v));
    if (!toks.some((t) => t.t === 'id' && lists(t.v))) return out;
    const bind = (name: string | undefined, v: string | null) => {
      if (name !== undefined && v !== null && v.includes(ANY)) out.set(name, v);
    };
    const idAt = (k: number) => (toks[k]?.t === 'id' ? toks[k]!.v : undefined);
    const pAt = (k: number, v: string) => toks[k]?.t === 'p' && toks[k]!.v === v;
    for (let k = 0; k < toks.length; k++) {
      const t = toks[k]!;
      if (t.t !== 'id') continue;
      // map(os.remove, ITER), array_map('unlink', ITER), array_walk(ITER, 'unlink')
      if ((t.v === 'map' || t.v === 'array_map' || t.v === 'array_walk') && pAt(k + 1, '(')) {
        const a = this.args(k + 1, false);
        const [fn, it] = t.v === 'array_walk' ? [a[1], a[0]] : [a[0], a[1]];
        const name = fn?.value ?? (fn?.ids.length === 1 ? fn.ids[0] : null);
        if (name && it?.value?.includes(ANY)) this.refs.push([name, it.value]);
        continue;
      }
      // python for / comprehension: for f in ITER
      if (t.v === 'for' && idAt(k + 2) === 'in') bind(idAt(k + 1), this.iterValue(k + 3));
      // javascript: for (const f of ITER)
      else if (t.v === 'for' && pAt(k + 1, '(') && idAt(k + 4) === 'of') bind(idAt(k + 3), this.iterValue(k + 5));
      // perl: foreach my $f (ITER), for $f (ITER), for (ITER) { … $_ … }, STATEMENT for ITER
      else if ((t.v === 'for' || t.v === 'foreach') && this.lang === 'perl') {
        let j = k + 1;
        if (idAt(j) === 'my' || idAt(j) === 'our') j++;
        const name = idAt(j)?.startsWith('$') ? idAt(j++) : '$_';
        bind(name, this.iterValue(j));
      }
      // php: foreach (ITER as $f)
      else if (t.v === 'foreach' && pAt(k + 1, '(')) {
        const end = this.skipGroup(k + 1) - 1;
        for (let j = k + 2; j < end; j++) if (idAt(j) === 'as') { bind(idAt(j + 1), this.expr(k + 2, j)); break; }
      }
      // ITER.each { |f| … }, ITER.each do |f|, ITER.forEach(f => …), ITER.forEach((f) => …), ITER.forEach(function (f) …)
      else {
        if (!lists(t.v) && !PATH_WRAPPERS.has(last(t.v))) continue;
        const r = this.term(k, toks.length);
        if (!r || r.v === null || !r.v.includes(ANY)) continue;
        if (!pAt(r.end, '.') || !EACH_METHODS.has(idAt(r.end + 1) ?? '')) continue;
        let j = r.end + 2;
        if (pAt(j, '{') || idAt(j) === 'do') j++;
        else if (pAt(j, '(')) {
          j++;
          if (idAt(j) === 'function') j++;
          if (pAt(j, '(')) j++;
        }
        if (pAt(j, '|')) j++;
        if (pAt(j + 1, ')') && idAt(j)?.includes('.')) this.refs.push([idAt(j)!, r.v]);
        else bind(idAt(j), r.v);
      }
    }
    return out;
  }

  /** The value a loop iterates, the term at k (perl's `(glob …)` is a parenthesised one). */
  private iterValue(k: number): string | null {
    return k < this.toks.length ? (this.term(k, this.toks.length)?.v ?? null) : null;
  }

  /**
   * The path a method call at i is made on: a loop variable or a name assigned once (f.unlink()),
   * or a call chain before it (Path(p).read_text()); perl's $_ for a bare call. Else null.
   */
  receiver(i: number, id: string): string | null {
    if (id.includes('.')) {
      const name = id.slice(0, id.lastIndexOf('.'));
      return this.loopVars().get(name) ?? (name.includes('.') ? null : this.constant(name));
    }
    if (this.lang === 'perl') return this.loopVars().get('$_') ?? null;
    const dot = this.toks[i - 1];
    const close = this.toks[i - 2];
    if (dot?.t !== 'p' || dot.v !== '.' || close?.t !== 'p' || close.v !== ')') return null;
    // back over each call of the chain (Path.home().joinpath(".x").read_text()) to its first name
    let start = i - 2;
    for (;;) {
      const open = this.openOf(start);
      if (open < 1 || this.toks[open - 1]!.t !== 'id') return null;
      start = open - 1;
      const d = this.toks[start - 1];
      const c = this.toks[start - 2];
      if (!(d?.t === 'p' && d.v === '.' && c?.t === 'p' && c.v === ')')) break;
      start -= 2;
    }
    return this.term(start, i - 1)?.v ?? null;
  }

  /** The index of the `(` that the `)` at k closes, or -1. */
  private openOf(k: number): number {
    let depth = 0;
    for (; k >= 0; k--) {
      const t = this.toks[k]!;
      if (t.t !== 'p') continue;
      if (t.v === ')') depth++;
      else if (t.v === '(' && --depth === 0) return k;
    }
    return -1;
  }

  /** The value of a name assigned once in the code, or null (assigned more often, or not a known string). */
  constant(name: string): string | null {
    const from = this.assignments().get(name);
    if (from === undefined || this.evaluating.has(name)) return null;
    this.evaluating.add(name);
    try {
      return this.expr(from, this.statementEnd(from));
    } finally {
      this.evaluating.delete(name);
    }
  }

  /** The list a name is assigned once (`cmd = ["rm", "-rf", p]`), or undefined. */
  constantList(name: string): (string | null)[] | undefined {
    const from = this.assignments().get(name);
    const f = from === undefined ? undefined : this.toks[from];
    if (from === undefined || f?.t !== 'p' || f.v !== '[' || this.evaluating.has(name)) return undefined;
    const end = this.statementEnd(from);
    if (this.skipGroup(from) !== end) return undefined;
    this.evaluating.add(name);
    try {
      return this.args(from, false).map((x) => x.value);
    } finally {
      this.evaluating.delete(name);
    }
  }

  /**
   * The first index in [from, to) of a punctuation token where hit(value, depth) holds, the depth
   * counted with that token (an opening bracket adds one, a closing one takes one away); else to.
   */
  find(from: number, to: number, hit: (v: string, depth: number) => boolean): number {
    let depth = 0;
    for (let k = from; k < to; k++) {
      const t = this.toks[k];
      if (t.t !== 'p') continue;
      if (t.v === '(' || t.v === '[' || t.v === '{') depth++;
      else if (t.v === ')' || t.v === ']' || t.v === '}') depth--;
      if (hit(t.v, depth)) return k;
    }
    return to;
  }

  /** Index after the group that opens at i ( `(`, `[` or `{` ). */
  skipGroup(i: number): number {
    const n = this.toks.length;
    const k = this.find(i, n, (v, d) => d === 0 && (v === ')' || v === ']' || v === '}'));
    return k < n ? k + 1 : n;
  }

  /** Arguments of a call whose `(` is at i (or, for a bare call, from i to the end of the statement). */
  args(i: number, bare: boolean): Arg[] {
    let end = bare ? this.statementEnd(i) : this.skipGroup(i) - 1;
    // a bare call's arguments end at a statement modifier (unlink $_ for glob …, print $x if …)
    if (bare) end = this.modifierAt(i, end);
    const out: Arg[] = [];
    let k = bare ? i : i + 1;
    while (k < end) {
      const stop = this.find(k, end, (v, d) => v === ',' && d === 0);
      out.push(this.arg(k, stop));
      k = stop + 1;
    }
    return out;
  }

  /** The first perl/ruby statement modifier (for, foreach, if, unless, while, until) in [i, end) at depth 0, else end. */
  private modifierAt(i: number, end: number): number {
    let depth = 0;
    for (let k = i; k < end; k++) {
      const t = this.toks[k]!;
      if (t.t === 'p') {
        if (t.v === '(' || t.v === '[' || t.v === '{') depth++;
        else if (t.v === ')' || t.v === ']' || t.v === '}') depth--;
      } else if (t.t === 'id' && depth === 0 && MODIFIERS.has(t.v)) return k;
    }
    return end;
  }

  statementEnd(i: number): number {
    return this.find(i, this.toks.length, (v, d) => d < 0 || (d === 0 && (v === ';' || v === '|' || v === '&')));
  }

  arg(from: number, to: number): Arg {
    const ids: string[] = [];
    for (let k = from; k < to; k++) {
      const t = this.toks[k];
      if (t.t === 'id') ids.push(t.v);
    }
    let key: string | undefined;
    const t0 = this.toks[from];
    const t1 = this.toks[from + 1];
    if (t0?.t === 'id' && t1?.t === 'p' && (t1.v === '=' || t1.v === ':') && this.toks[from + 2]?.t !== 'p') {
      key = t0.v;
      from += 2;
    }
    // a splat or spread of a list (File.delete(*Dir.glob(p)), f(...names)): its items
    const sp = this.toks[from];
    if (sp?.t === 'p' && (sp.v === '*' || sp.v === '**' || sp.v === '...') && from + 1 < to) from++;
    const a: Arg = { value: this.expr(from, to), ids, ...(key ? { key } : {}) };
    const f = this.toks[from];
    if (f?.t === 'p' && f.v === '[' && this.skipGroup(from) === to) a.list = this.args(from, false).map((x) => x.value);
    return a;
  }

  /** Evaluate a path expression over toks[from, to): concatenation of literals, home, joins. */
  expr(from: number, to: number): string | null {
    let acc: string | null = '';
    let k = from;
    let any = false;
    while (k < to) {
      const t = this.toks[k];
      if (t.t === 'p' && (t.v === '+' || t.v === '.')) { k++; continue; }
      if (t.t === 'p' && t.v === '/' && this.lang === 'python' && acc !== '') {
        // pathlib: Path.home() / ".ssh"
        const r = this.term(k + 1, to);
        if (!r) return null;
        acc = acc === null || r.v === null ? null : trimSlash(acc) + '/' + r.v;
        k = r.end;
        continue;
      }
      const r = this.term(k, to);
      if (!r) return null;
      any = true;
      acc = acc === null || r.v === null ? null : acc + r.v;
      k = r.end;
    }
    return any ? acc : null;
  }

  term(k: number, to: number): { v: string | null; end: number } | null {
    const t = this.toks[k];
    if (t.t === 'str') return { v: t.tick ? null : t.v, end: k + 1 };
    if (t.t === 'p') {
      if (t.v === '(') {
        const e = this.skipGroup(k);
        return { v: this.expr(k + 1, e - 1), end: e };
      }
      return null;
    }
    const id = t.v;
    const seg = last(id);
    const next = this.toks[k + 1];
    const call = next?.t === 'p' && next.v === '(' && k + 1 < to;
    const after = call ? this.skipGroup(k + 1) : k + 1;
    // home: os.homedir(), Dir.home, process.env.HOME, $ENV{HOME}, os.environ["HOME"], getenv("HOME")
    if (HOME_IDS.has(seg) || HOME_IDS.has(id) || id === 'env.HOME' || id.endsWith('.env.HOME')) return this.chain({ v: HOME, end: after }, to);
    if ((id === '$ENV' || id === 'ENV' || id.endsWith('environ') || id === '$_SERVER' || id === '$_ENV') && next?.t === 'p' && (next.v === '[' || next.v === '{')) {
      const e = this.skipGroup(k + 1);
      const inner = this.toks.slice(k + 2, e - 1);
      const name = inner.length === 1 ? (inner[0].t === 'str' ? inner[0].v : inner[0].v) : null;
      return { v: name === 'HOME' ? HOME : null, end: e };
    }
    if (call && (seg === 'getenv' || seg === 'get' && id.endsWith('environ.get') || seg === 'fetch' && id === 'ENV.fetch')) {
      const a = this.args(k + 1, false);
      return { v: a[0]?.value === 'HOME' ? HOME : null, end: after };
    }
    if (call && JOIN_CALLS.has(id.endsWith('File.join') ? 'File.join' : seg) && (id.includes('path') || id.includes('File') || id.includes('Spec') || seg !== 'join')) {
      const parts = this.args(k + 1, false).map((a) => a.value);
      if (parts.some((p) => p === null)) return { v: null, end: after };
      let p = '';
      for (const s of parts as string[]) p = s.startsWith('/') || !p ? s : trimSlash(p) + '/' + s;
      return this.chain({ v: p, end: after }, to);
    }
    // glob.glob("/x/*"), Dir.glob(p), perl glob "~/x/*" (bare too; perl's glob expands ~)
    const bareArg = !call && this.lang === 'perl' && next?.t === 'str';
    if ((call || bareArg) && (GLOB_CALLS.has(seg) || GLOB_CALLS.has(id))) {
      let v = call ? (this.args(k + 1, false)[0]?.value ?? null) : next.t === 'str' ? next.v : null;
      if (v !== null && this.lang === 'perl' && (v === '~' || v.startsWith('~/'))) v = HOME + v.slice(1);
      return { v: v === null ? null : globAny(v), end: call ? after : k + 2 };
    }
    if (call && LIST_CALLS.has(seg)) return this.chain({ v: ANY, end: after }, to);
    if (call && PATH_WRAPPERS.has(seg)) {
      const a = this.args(k + 1, false);
      let v = a[0]?.value ?? null;
      if (v !== null && (seg === 'expanduser' || seg === 'expand_path' || seg === 'expandvars') && (v === '~' || v.startsWith('~/'))) v = HOME + v.slice(1);
      return this.chain({ v, end: after }, to);
    }
    // a method on a call's result: require("os").homedir(), Path("x").expanduser()
    const dot = this.toks[after];
    if (call && dot?.t === 'p' && dot.v === '.' && this.toks[after + 1]?.t === 'id' && after + 1 < to) {
      const m = this.toks[after + 1] as { v: string };
      // a loop over the result (glob.sync(p).forEach(…)): the caller reads the items
      if (EACH_METHODS.has(m.v)) return { v: null, end: after };
      return this.term(after + 1, to);
    }
    // a loop variable over the paths a glob or listing yields: for f in glob.glob(p): os.remove(f)
    if (!call && !id.includes('.')) {
      const bound = this.loopVars().get(id);
      if (bound !== undefined) return { v: bound, end: after };
    }
    // a name assigned one string once: c = "rm -rf ~"; os.system(c)
    if (!call && !id.includes('.')) return { v: this.constant(id), end: after };
    return { v: null, end: after };
  }
}

/** A shell word for an evaluated path (the home marker becomes an unquoted ~). */
function shellPath(p: string): string | null {
  if (p === '') return null;
  const at = p.indexOf(HOME);
  if (at > 0 || p.indexOf(HOME, at + 1) > 0) return null;
  if (at === 0) return p.length === 1 ? '~' : p[1] === '/' ? '~/' + quoteGlob(p.slice(2) || '.') : null;
  return quoteGlob(p);
}

/** The shell command a delete or read call amounts to on one path it is given (null: neither). */
function itemCommand(seg: string): string | null {
  if (DELETE_TREE.has(seg)) return 'rm -rf --';
  if (DELETE_ONE.has(seg) || DELETE_MAYBE_TREE.has(seg)) return 'rm -f --';
  return READ_CALLS.has(seg) ? 'cat --' : null;
}

/** A glob pattern with each run of `*` and `?` as one ANY. */
function globAny(p: string): string {
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c !== '*' && c !== '?') out += c;
    else if (!out.endsWith(ANY)) out += ANY;
  }
  return out;
}

/** A path quoted for the shell, each ANY left as an unquoted `*`. */
function quoteGlob(p: string): string {
  if (!p.includes(ANY)) return shellQuote(p);
  return p.split(ANY).map((x) => (x ? shellQuote(x) : '')).join('*');
}


function argvLine(words: (string | null)[]): string | null {
  const out: string[] = [];
  for (const w of words) {
    const q = w === null ? null : w.includes(HOME) ? shellPath(w) : quoteGlob(w);
    if (q === null) return null;
    out.push(q);
  }
  return out.length ? out.join(' ') : null;
}

function modeOf(s: string | null): 'read' | 'write' | 'append' | null {
  if (s === null) return null;
  if (s.includes('a')) return 'append';
  if (s.includes('w') || s.includes('x') || s.includes('+')) return 'write';
  return 'read';
}

const FORK_CALLS = new Set(['fork', 'forkpty', 'pcntl_fork', 'fork_exec']);
const TRUE_WORDS = new Set(['1', 'True', 'true']);

/** A fork call and a loop whose condition is a constant true (or `loop`, `for(;;)`), anywhere in the program. */
function forks(toks: Tok[]): boolean {
  let fork = false;
  let forever = false;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.t !== 'id') continue;
    if (FORK_CALLS.has(last(t.v))) fork = true;
    if (t.v === 'loop') forever = true;
    const n = toks[i + 1];
    const n2 = toks[i + 2];
    if (t.v === 'while' || t.v === 'until') {
      const cond = n?.t === 'p' && n.v === '(' ? n2 : n;
      if (cond && cond.t !== 'str' && cond.v !== null && TRUE_WORDS.has(cond.v) && t.v === 'while') forever = true;
      if (cond?.t === 'id' && FORK_CALLS.has(last(cond.v))) forever = true; // fork while fork
    }
    if (t.v === 'for' && n?.t === 'p' && n.v === '(' && n2?.t === 'p' && n2.v === ';') forever = true;
  }
  return fork && forever;
}

/**
 * Shell command lines with the same effects as the calls in `src` (a program in `lang`: python,
 * javascript, perl, ruby, php, lua). Only calls whose arguments it can evaluate are listed.
 */
/** Is there a reader here for code in this language (its shell and file calls)? */
export function readsCode(lang: string): boolean {
  return Object.hasOwn(RUNNER, lang);
}

export function codeCommands(lang: string, src: string, info?: { dynamic: boolean; socket?: boolean }): string[] {
  if (!RUNNER[lang] || src.length > 20000) return [];
  const toks = tokenize(lang, src);
  const sc = new Scanner(lang, toks);
  const out: string[] = [];
  const path = (v: string | null | undefined, f: (p: string) => string) => {
    const p = v == null || isUrl(v) ? null : shellPath(v);
    if (p !== null) out.push(f(p));
  };
  let evals = false;
  const urls: string[] = [];
  let packs: boolean | undefined;
  const archives = () => (packs ??= toks.some((t) => t.t === 'id' && ARCHIVE_MODULES.some((m) => t.v === m || t.v.startsWith(m + '.') || t.v.endsWith('.' + m))));
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.t === 'str') {
      if (t.tick && t.v !== null) out.push(t.v); // `cmd` in perl, ruby, php
      // (backticks interpolate there: `$_` runs whatever the variable holds)
      if (t.tick && info && (t.v === null || t.v.includes('$') || t.v.includes('#{'))) info.dynamic = true;
      if (t.v !== null && isUrl(t.v)) urls.push(t.v);
      continue;
    }
    if (t.t !== 'id') continue;
    const id = t.v;
    const seg = last(id);
    if (EVAL_CALLS.has(seg) && !(seg === 'exec' && lang !== 'python') && !(seg === 'load' && lang !== 'lua')) evals = true;
    if (lang === 'perl' && (id === 'qx' || id === 'do')) evals ||= id === 'do';
    const next = toks[i + 1];
    const paren = next?.t === 'p' && next.v === '(';
    const bare = !paren && (lang === 'perl' || lang === 'ruby' || lang === 'lua') && (next?.t === 'str' || next?.t === 'id');
    // perl's unlink with no argument works on $_
    const onTopic = lang === 'perl' && !paren && !bare && (next === undefined || (next.t === 'p' && (next.v === '}' || next.v === ';')));
    if (!paren && !bare && !onTopic) continue;
    const shellCall = SHELL_CALLS.has(seg) || (SHELL_QUALIFIED.has(seg) && (id.includes('.') ? SHELL_MODULES.some((m) => id.startsWith(m + '.') || id.includes('.' + m + '.') || id.includes('child_process')) : seg === 'exec' && lang !== 'python'));
    const fnName = id.includes('.') && (seg === 'execute' || seg === 'remove') ? id : seg;
    if (!shellCall && PATH_METHODS[seg] === undefined && PACK_CALLS[seg] === undefined && !ARCHIVE_ADDERS.has(seg) && !DELETE_TREE.has(seg) && !DELETE_MAYBE_TREE.has(seg) && !DELETE_ONE.has(seg) && !WRITE_CALLS.has(seg) && !APPEND_CALLS.has(seg) && !READ_CALLS.has(seg) && !OPEN_CALLS.has(seg) && !OPEN_CALLS.has(id) && !COPY_CALLS.has(seg)) continue;
    const args = onTopic ? [] : sc.args(paren ? i + 1 : i + 1, bare);
    const a0 = args[0];
    // a list held by a name assigned once: cmd = ["rm", "-rf", d]; subprocess.run(cmd)
    if (shellCall && a0 && a0.value === null && !a0.list && a0.ids.length === 1) a0.list = sc.constantList(a0.ids[0]!);
    if (shellCall) {
      const strs = args.filter((a) => !a.key);
      // a command known only at run time (system $_, os.system(line))
      if (info && !a0?.list && strs[0]?.value == null) info.dynamic = true;
      if (a0?.list) {
        const l = argvLine(a0.list);
        if (l) out.push(l);
      } else if (strs[0]?.value != null) {
        const list = strs.find((a) => a.list)?.list;
        if (list) {
          const words = list[0] === strs[0].value ? list : [strs[0].value, ...list];
          const l = argvLine(words);
          if (l) out.push(l);
        } else if (strs.length > 1 && strs.every((a) => a.value !== null) && (lang === 'perl' || lang === 'ruby')) {
          const l = argvLine(strs.map((a) => a.value));
          if (l) out.push(l);
        } else if (!strs[0].value.includes(HOME)) out.push(strs[0].value.split(ANY).join('*'));
        // the home folder spliced into a command line: "$HOME" there (not inside single quotes)
        else if (!strs[0].value.includes("'")) out.push(strs[0].value.split(HOME).join('"$HOME"').split(ANY).join('*'));
      }
      continue;
    }
    // packing files into an archive reads them (shutil.make_archive(base, "zip", root), tar.add(p), zf.write(p))
    const pack = PACK_CALLS[seg];
    const recv = id.slice(0, Math.max(0, id.lastIndexOf('.')));
    const adder = ARCHIVE_ADDERS.has(seg) && recv !== '' && !/* a stream */ ['stdout', 'stderr', 'stdin'].includes(last(recv)) && archives();
    if (!adder && pack === undefined && (seg === 'add' || seg === 'addfile' || seg === 'addFile')) continue;
    if (pack !== undefined || adder) {
      if (!paren) continue;
      // (rubyzip's add(entry, path) and PHP's addFile(path) name the file second and first)
      const plain = args.filter((x) => !x.key);
      const a = pack ? (args.find((x) => x.key === pack.key) ?? plain[pack.index]) : lang === 'ruby' && seg === 'add' ? plain[1] : plain[0];
      if (a) path(a.value, (p) => `tar -cf /dev/null -- ${p}`);
      if (pack || !FILE_MODULES.has(id.slice(0, id.indexOf('.')))) continue;
    }
    // a path object's own method (f.unlink(), Path(p).read_text(), Path(p).write_text(s)) or
    // perl's bare unlink (on $_): the path is the receiver
    const method = PATH_METHODS[seg];
    if (method !== undefined || (!a0 && (DELETE_ONE.has(seg) || DELETE_TREE.has(seg) || READ_CALLS.has(seg)))) {
      const v = sc.receiver(i, id);
      const how = method ?? itemCommand(seg);
      if (v !== null && how !== null) path(v, (p) => `${how} ${p}`);
      if (v !== null || !a0) continue;
    }
    if (!a0) continue;
    if (DELETE_TREE.has(seg)) for (const a of args) path(a.value, (p) => `rm -rf -- ${p}`);
    else if (DELETE_MAYBE_TREE.has(seg)) {
      const rec = args.some((a) => a.ids.includes('recursive') || a.key === 'recursive') || seg === 'rm' && lang === 'ruby';
      path(a0.value, (p) => (rec ? `rm -rf -- ${p}` : `rm -f -- ${p}`));
    } else if (DELETE_ONE.has(seg) || fnName === 'os.remove') {
      if (seg === 'delete' && !['File', 'Path', 'fs'].some((m) => id.includes(m))) continue;
      for (const a of args) path(a.value, (p) => `rm -f -- ${p}`);
    } else if (APPEND_CALLS.has(seg)) path(a0.value, (p) => `: >> ${p}`);
    else if (WRITE_CALLS.has(seg)) {
      if (seg === 'write' && !FILE_MODULES.has(id.slice(0, id.indexOf('.')))) continue;
      const flag = args.find((a) => a.key === 'flag' || a.key === 'mode')?.value ?? args.map((a) => a.ids).flat().includes('flag') ? 'a' : null;
      path(a0.value, (p) => (flag && flag.includes('a') ? `: >> ${p}` : `: > ${p}`));
    } else if (READ_CALLS.has(seg)) {
      if ((seg === 'read' || seg === 'readlines' || seg === 'lines' || seg === 'foreach' || seg === 'file') && !FILE_MODULES.has(id.slice(0, id.indexOf('.'))) && !(seg === 'file' && lang === 'php')) continue;
      path(a0.value, (p) => `cat -- ${p}`);
    } else if (COPY_CALLS.has(seg) && args.length >= 2) {
      const move = seg === 'move' || seg === 'rename' || seg === 'renameSync' || seg === 'mv';
      if (seg.startsWith('symlink') || seg.startsWith('link')) path(args[1].value, (p) => `: > ${p}`);
      else {
        path(a0.value, (p) => (move ? `rm -rf -- ${p}` : `cat -- ${p}`));
        path(args[1].value, (p) => `: > ${p}`);
      }
    } else {
      // open(path, mode) / perl open(FH, MODE, path) / open(FH, ">path")
      if (lang === 'perl') {
        const m = args[1]?.value ?? null;
        if (args.length >= 3 && m !== null && (m[0] === '<' || m[0] === '>' || m[0] === '+')) {
          const mode = m.includes('>>') ? 'append' : m.includes('>') || m.startsWith('+') ? 'write' : 'read';
          path(args[2].value, (p) => (mode === 'append' ? `: >> ${p}` : mode === 'write' ? `: > ${p}` : `cat -- ${p}`));
        } else if (m !== null && args.length === 2) {
          const t = m.trim();
          let k = 0;
          while (k < t.length && (t[k] === '<' || t[k] === '>' || t[k] === '+')) k++;
          const how = t.slice(0, k);
          const file = t.slice(k).trim();
          if (file.endsWith('|') || file.startsWith('|') || file.startsWith('-')) continue;
          const mode = how.includes('>>') ? 'append' : how.includes('>') ? 'write' : 'read';
          path(file, (p) => (mode === 'append' ? `: >> ${p}` : mode === 'write' ? `: > ${p}` : `cat -- ${p}`));
        }
        continue;
      }
      const modeArg = args.find((a) => a.key === 'mode' || a.key === 'flags') ?? args.find((a, k) => k > 0 && !a.key);
      const mode = modeOf(modeArg ? modeArg.value : 'r') ?? 'write';
      path(a0.value, (p) => (mode === 'append' ? `: >> ${p}` : mode === 'write' ? `: > ${p}` : `cat -- ${p}`));
    }
  }
  // functions applied by reference to each item of a glob or a listing
  sc.loopVars();
  for (const [fn, v] of sc.refs) {
    const how = itemCommand(last(fn));
    if (how !== null) path(v, (p) => `${how} ${p}`);
  }
  // code that evaluates text and fetches a URL: the fetched text is the program
  if (evals) for (const u of urls) out.push(`curl -fsSL -- ${shellQuote(u)} | ${RUNNER[lang]}`);
  // a socket opened by code that also starts a program, runs a command it does not spell out
  // (IO.popen(cmd) with cmd read from the connection) or moves descriptors: a reverse shell
  if (info && toks.some((t) => t.t === 'id' && (SOCKET_CALLS.has(last(t.v)) || SOCKET_CALLS.has(t.v.split('.')[0]!))) && (out.length > 0 || info.dynamic || toks.some((t) => t.t === 'id' && FD_CALLS.has(last(t.v))))) info.socket = true;
  // fork in a loop that never ends (fork while 1, while True: os.fork()): a fork bomb
  if (forks(toks)) out.push(':(){ :|:& };:');
  return out;
}
