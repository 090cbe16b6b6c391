// Static reading of one Python module: its imports, the blocking constructs, the shell commands
// it would run when those are literal, and the effects a reviewer must weigh. Nothing is
// imported or executed. Names are resolved through the module's own bindings, so
// `import subprocess as sp; sp.run(x)`, `from os import system as s; s(x)` and `f = os.system`
// mean the same as the plain spelling.
import { tokenizePython, statements, type PyToken } from './pytokens.ts';

export interface ImportRef {
  /** Leading dots of a relative import (0 = absolute). */
  level: number;
  /** Dotted module ('' for `from . import x`). */
  module: string;
  /** Names after `from … import` (empty for `import a.b`; '*' kept). */
  names: string[];
}

export type ScriptIssueKind = 'dynamic-code' | 'import-path' | 'generated-command';

export interface ScriptIssue {
  kind: ScriptIssueKind;
  message: string;
}

export interface ModuleScan {
  imports: ImportRef[];
  issues: ScriptIssue[];
  /** Shell commands the module runs with literal arguments. */
  commands: string[];
  /** Writes, deletes, network and database access the module performs (resolved names). */
  effects: string[];
}

/** Calls that run code given as data. */
const DYNAMIC_CALLS = new Set(['builtins.exec', 'builtins.eval', 'builtins.compile', 'builtins.__import__', 'builtins.execfile', 'builtins.breakpoint']);
/** Modules whose use loads or runs code chosen at run time. */
const DYNAMIC_MODULES = new Set(['importlib', 'runpy', 'imp', 'code', 'codeop', 'pickle', 'marshal', 'ctypes', 'cffi', 'zipimport', 'pkgutil', 'dill', 'cloudpickle', 'shelve']);
/** Functions that start a process: their first argument is a command. */
const LAUNCHERS = new Set([
  'os.system', 'os.popen', 'os.posix_spawn', 'os.posix_spawnp', 'os.startfile', 'subprocess.run', 'subprocess.call',
  'subprocess.check_call', 'subprocess.check_output', 'subprocess.Popen', 'subprocess.getoutput',
  'subprocess.getstatusoutput', 'commands.getoutput', 'commands.getstatusoutput', 'pty.spawn',
  'asyncio.create_subprocess_shell', 'asyncio.create_subprocess_exec', 'platform.popen', 'popen2.popen2',
]);
const LAUNCH_PREFIXES = ['os.exec', 'os.spawn'];
/** Calls that write, delete or move files, or change processes (for the reviewer). */
const WRITE_CALLS = new Set([
  'os.remove', 'os.unlink', 'os.rmdir', 'os.removedirs', 'os.rename', 'os.renames', 'os.replace', 'os.truncate',
  'os.chmod', 'os.chown', 'os.lchown', 'os.mkdir', 'os.makedirs', 'os.symlink', 'os.link', 'os.write', 'os.kill',
  'os.killpg', 'os.mkfifo', 'os.putenv', 'os.unsetenv', 'shutil.rmtree', 'shutil.move', 'shutil.copy', 'shutil.copy2',
  'shutil.copyfile', 'shutil.copytree', 'shutil.chown', 'shutil.make_archive', 'shutil.unpack_archive',
]);
/** Modules whose calls reach the network or a database. */
const NETWORK_MODULES = new Set([
  'socket', 'ssl', 'requests', 'urllib', 'urllib3', 'http', 'httpx', 'aiohttp', 'ftplib', 'smtplib', 'poplib',
  'imaplib', 'telnetlib', 'paramiko', 'pymysql', 'psycopg2', 'psycopg', 'sqlite3', 'pymongo', 'redis', 'websocket',
  'websockets', 'xmlrpc', 'asyncssh', 'fabric', 'boto3', 'scapy',
]);
/** Method names that write or delete whatever object they are called on (pathlib and the like). */
const WRITE_METHODS = new Set(['unlink', 'rmdir', 'rmtree', 'write_text', 'write_bytes', 'touch', 'rename', 'replace', 'chmod', 'symlink_to', 'hardlink_to', 'mkdir', 'truncate', 'executescript']);
const BUILTIN_NAMES = new Set(['exec', 'eval', 'compile', '__import__', 'execfile', 'open', 'getattr', 'breakpoint']);
const PATH_MUTATORS = new Set(['append', 'insert', 'extend', 'remove', 'pop', 'clear', '__setitem__']);

export function scanModule(source: string): ModuleScan {
  const tokens = tokenizePython(source);
  const scan: ModuleScan = { imports: [], issues: [], commands: [], effects: [] };
  const sts = statements(tokens);
  const names = new Map<string, string>();
  const star: string[] = [];
  for (const st of sts) readImports(st, scan.imports, names, star);
  for (const st of sts) readAliases(st, names, star);
  findIssues(tokens, scan, names, star);
  return scan;
}

function dotted(st: PyToken[], i: number): { name: string; next: number } {
  const parts: string[] = [];
  while (i < st.length && st[i]!.kind === 'name') {
    parts.push(st[i]!.text);
    if (st[i + 1]?.text === '.' && st[i + 2]?.kind === 'name') i += 2;
    else {
      i++;
      break;
    }
  }
  return { name: parts.join('.'), next: i };
}

/** Imports, and the names they bind (`names`: local name → dotted module path). */
function readImports(st: PyToken[], out: ImportRef[], names: Map<string, string>, star: string[]): void {
  for (let k = 0; k < st.length; k++) {
    const t = st[k]!;
    const atStart = k === 0 || st[k - 1]!.text === ':';
    if (!atStart || t.kind !== 'name') continue;
    if (t.text === 'import') {
      let i = k + 1;
      while (i < st.length) {
        const d = dotted(st, i);
        if (d.name) out.push({ level: 0, module: d.name, names: [] });
        i = d.next;
        if (st[i]?.text === 'as' && st[i + 1]?.kind === 'name') {
          names.set(st[i + 1]!.text, d.name);
          i += 2;
        } else if (d.name) names.set(d.name.split('.')[0]!, d.name.split('.')[0]!);
        if (st[i]?.text === ',') i++;
        else break;
      }
    } else if (t.text === 'from') {
      let i = k + 1;
      let level = 0;
      while (st[i]?.text === '.') {
        level++;
        i++;
      }
      const d = st[i]?.text === 'import' ? { name: '', next: i } : dotted(st, i);
      i = d.next;
      if (st[i]?.text !== 'import') continue;
      i++;
      const list: string[] = [];
      for (; i < st.length; i++) {
        const x = st[i]!;
        if (x.text === ':') break;
        if (x.text === '*') {
          list.push('*');
          if (level === 0) star.push(d.name);
          continue;
        }
        if (x.kind !== 'name' || x.text === 'as' || st[i - 1]?.text === 'as') continue;
        list.push(x.text);
        const local = st[i + 1]?.text === 'as' && st[i + 2]?.kind === 'name' ? st[i + 2]!.text : x.text;
        if (level === 0) names.set(local, `${d.name}.${x.text}`);
      }
      out.push({ level, module: d.name, names: list });
    }
  }
}

/** `x = os.system` (a plain dotted name on the right) makes `x` another spelling of it. */
function readAliases(st: PyToken[], names: Map<string, string>, star: string[]): void {
  if (st.length < 3 || st[0]!.kind !== 'name' || st[1]!.text !== '=') return;
  const d = dotted(st, 2);
  if (!d.name || d.next !== st.length) return;
  const fq = resolve(d.name, names, star);
  if (fq && fq !== d.name) names.set(st[0]!.text, fq);
  else if (fq && names.has(d.name.split('.')[0]!)) names.set(st[0]!.text, fq);
}

/** The module path a dotted name means here, or null for a local name. */
function resolve(name: string, names: Map<string, string>, star: string[]): string | null {
  const parts = name.split('.');
  const head = parts[0]!;
  const bound = names.get(head);
  if (bound !== undefined) return [bound, ...parts.slice(1)].join('.');
  if (head === '__builtins__' || head === 'builtins') return ['builtins', ...parts.slice(1)].join('.');
  if (parts.length === 1) {
    for (const m of star) {
      const fq = `${m}.${head}`;
      if (LAUNCHERS.has(fq) || WRITE_CALLS.has(fq) || DYNAMIC_MODULES.has(m)) return fq;
    }
    if (BUILTIN_NAMES.has(head)) return `builtins.${head}`;
  }
  return null;
}

function isLauncher(fq: string): boolean {
  return LAUNCHERS.has(fq) || LAUNCH_PREFIXES.some((p) => fq.startsWith(p));
}

function findIssues(tokens: PyToken[], scan: ModuleScan, names: Map<string, string>, star: string[]): void {
  const add = (kind: ScriptIssueKind, message: string) => {
    if (!scan.issues.some((x) => x.message === message)) scan.issues.push({ kind, message });
  };
  const effect = (e: string) => {
    if (!scan.effects.includes(e)) scan.effects.push(e);
  };
  let stmtStart = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    if (t.kind === 'nl') {
      stmtStart = i + 1;
      continue;
    }
    if (t.kind === 'string' && t.value !== undefined && t.value.includes('PYTHONPATH')) add('import-path', 'sets PYTHONPATH');
    if (t.kind !== 'name') continue;
    // Method calls on any object that write or delete (Path(x).unlink(), db.executescript()).
    if (prev?.text === '.') {
      if (WRITE_METHODS.has(t.text) && tokens[i + 1]?.text === '(') effect(`.${t.text}()`);
      continue;
    }
    if (prev?.text === 'def' || prev?.text === 'class') continue;
    const inImport = tokens[stmtStart]?.text === 'import' || tokens[stmtStart]?.text === 'from';
    // The dotted chain that starts here.
    const parts = [t.text];
    let j = i + 1;
    while (tokens[j]?.text === '.' && tokens[j + 1]?.kind === 'name') {
      parts.push(tokens[j + 1]!.text);
      j += 2;
    }
    const called = tokens[j]?.text === '(';
    if (inImport) {
      if (DYNAMIC_MODULES.has(t.text) && (prev?.text === 'import' || prev?.text === 'from' || prev?.text === ',')) add('dynamic-code', `uses ${t.text}`);
      if (t.text === 'builtins') add('dynamic-code', 'uses builtins');
      if (t.text === 'path' && prev?.text === 'import' && tokens[i - 2]?.text === 'sys') add('import-path', 'imports sys.path by name');
      continue;
    }
    const fq = resolve(parts.join('.'), names, star);
    if (tokens[j]?.text === '=' && i === stmtStart && parts.length === 1) {
      // An assignment target (`f = …`): a rebinding, read by readAliases.
      i = j - 1;
      continue;
    }
    if (fq === null && called && parts.length > 1 && WRITE_METHODS.has(parts[parts.length - 1]!)) effect(`.${parts[parts.length - 1]}()`);
    if (t.text === 'globals' || t.text === 'locals' || t.text === 'vars') {
      // globals()[…], vars(os)[…]: a name looked up as data.
      let k = j + 1;
      while (called && k < tokens.length && tokens[k]!.text !== ')' && tokens[k]!.kind !== 'nl') k++;
      if (called && tokens[k]?.text === ')' && tokens[k + 1]?.text === '[') add('dynamic-code', `looks a name up in ${t.text}()`);
    }
    if (parts.includes('__dict__') || parts.includes('__getattribute__')) add('dynamic-code', `reaches attributes through ${parts.join('.')}`);
    if (fq === null) {
      i = j - 1;
      continue;
    }
    const root = fq.split('.')[0]!;
    const spelled = parts.join('.');
    if (DYNAMIC_CALLS.has(fq)) add('dynamic-code', called ? `calls ${spelled}()` : `uses ${spelled}`);
    else if (root === 'builtins' && parts.length > 1) add('dynamic-code', `reaches ${spelled} through the builtins module`);
    if (DYNAMIC_MODULES.has(root)) add('dynamic-code', `uses ${root}`);
    if (fq === 'builtins.getattr' && called) {
      const target = tokens[j + 1];
      const targetFq = target?.kind === 'name' ? resolve(target.text, names, star) : null;
      const nameArg = tokens[j + 3];
      const literalName = tokens[j + 2]?.text === ',' && nameArg?.kind === 'string' && !nameArg.fstring;
      if (targetFq !== null && targetFq.split('.')[0] !== 'builtins' && !literalName) add('dynamic-code', `getattr() on ${target!.text} with a name chosen at run time`);
      if (targetFq?.startsWith('builtins')) add('dynamic-code', 'getattr() on the builtins');
      if (targetFq !== null && literalName) {
        const viaAttr = `${targetFq}.${nameArg!.value}`;
        if (isLauncher(viaAttr)) add('generated-command', `getattr(${target!.text}, '${nameArg!.value}') reaches a process launcher`);
      }
    }
    const fparts = fq.split('.');
    if (fparts[0] === 'sys' && fparts[1] === 'path') {
      const after = tokens[j]?.text;
      if (fparts.length === 2 && (after === '=' || after === '+=' || after === '[')) add('import-path', 'changes sys.path');
      if (fparts.length === 3 && PATH_MUTATORS.has(fparts[2]!) && called) add('import-path', 'changes sys.path');
    }
    if (fq === 'site.addsitedir') add('import-path', 'calls site.addsitedir()');
    if (fq.startsWith('sys.modules')) add('dynamic-code', 'reaches modules through sys.modules');
    if (isLauncher(fq)) {
      if (called) {
        const lit = literalFirstArg(tokens, j);
        if (lit === null) add('generated-command', `${spelled}() with a command built at run time`);
        else scan.commands.push(lit);
      } else if (!(tokens[i - 1]?.text === '=' && i - 2 === stmtStart)) {
        add('generated-command', `${spelled} is passed around as a value, so what it runs is not known`);
      }
    }
    if (called && WRITE_CALLS.has(fq)) effect(`${fq}()`);
    if (called && NETWORK_MODULES.has(root)) effect(`${fq}() (network or database access)`);
    if (called && fq === 'builtins.open' && writesFile(tokens, j)) effect('open() for writing');
    i = j - 1;
  }
}

/** open(path, mode): true unless the mode is a literal without w, a, x or +. */
function writesFile(tokens: PyToken[], open: number): boolean {
  let depth = 0;
  let arg = 0;
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.text === '(' || t.text === '[' || t.text === '{') depth++;
    else if (t.text === ')' || t.text === ']' || t.text === '}') {
      depth--;
      if (depth === 0) return false;
    } else if (depth === 1 && t.text === ',') arg++;
    else if (depth === 1 && t.kind === 'name' && t.text === 'mode' && tokens[i + 1]?.text === '=') {
      const v = tokens[i + 2];
      return !(v?.kind === 'string' && !v.fstring && ![...'wax+'].some((c) => v.value!.includes(c)));
    } else if (depth === 1 && arg === 1 && tokens[i - 1]?.text === ',') {
      return !(t.kind === 'string' && !t.fstring && ![...'wax+'].some((c) => t.value!.includes(c)) && (tokens[i + 1]?.text === ')' || tokens[i + 1]?.text === ','));
    }
  }
  return true;
}

/** The first argument of a call when it is a plain literal (string, or list of strings). */
function literalFirstArg(tokens: PyToken[], open: number): string | null {
  let i = open + 1;
  const t = tokens[i];
  if (!t) return null;
  const isLit = (x: PyToken | undefined) => x?.kind === 'string' && !x.fstring && x.value !== undefined;
  const ends = (x: PyToken | undefined) => x?.text === ',' || x?.text === ')';
  if (isLit(t)) {
    // Adjacent literals concatenate; anything else (+, %, .format) builds the command.
    let value = t.value!;
    i++;
    while (isLit(tokens[i])) value += tokens[i++]!.value!;
    return ends(tokens[i]) ? value : null;
  }
  if (t.text === '[' || t.text === '(') {
    const close = t.text === '[' ? ']' : ')';
    const parts: string[] = [];
    i++;
    while (i < tokens.length && tokens[i]!.text !== close) {
      if (!isLit(tokens[i])) return null;
      parts.push(tokens[i]!.value!);
      i++;
      if (tokens[i]?.text === ',') i++;
      else if (tokens[i]?.text !== close) return null;
    }
    return ends(tokens[i + 1]) ? parts.join(' ') : null;
  }
  return null;
}
