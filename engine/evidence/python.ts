// Static reading of one Python module: its imports, the blocking constructs, and the shell
// commands it would run when those are literal. Nothing is imported or executed.
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
}

const DYNAMIC_CALLS = new Set(['exec', 'eval', 'compile', '__import__', 'execfile']);
const DYNAMIC_MODULES = new Set(['importlib', 'runpy', 'imp', 'code', 'codeop', 'pickle', 'marshal']);
const PATH_MUTATORS = new Set(['append', 'insert', 'extend', 'remove', 'pop', 'clear', '__setitem__']);
const SUBPROCESS_CALLS = new Set(['run', 'call', 'check_call', 'check_output', 'Popen', 'getoutput', 'getstatusoutput']);
const OS_COMMAND_CALLS = new Set(['system', 'popen']);

export function scanModule(source: string): ModuleScan {
  const tokens = tokenizePython(source);
  const scan: ModuleScan = { imports: [], issues: [], commands: [] };
  for (const st of statements(tokens)) readImports(st, scan.imports);
  findIssues(tokens, scan);
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

function readImports(st: PyToken[], out: ImportRef[]): void {
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
        if (st[i]?.text === 'as') i += 2;
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
      const names: string[] = [];
      for (; i < st.length; i++) {
        const x = st[i]!;
        if (x.text === ':' ) break;
        if (x.kind === 'name' && st[i - 1]?.text !== 'as' && x.text !== 'as') names.push(x.text);
        if (x.text === '*') names.push('*');
      }
      out.push({ level, module: d.name, names });
    }
  }
}

function findIssues(tokens: PyToken[], scan: ModuleScan): void {
  const add = (kind: ScriptIssueKind, message: string) => {
    if (!scan.issues.some((x) => x.message === message)) scan.issues.push({ kind, message });
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (t.kind === 'string' && t.value !== undefined && t.value.includes('PYTHONPATH')) {
      add('import-path', 'sets PYTHONPATH');
    }
    if (t.kind !== 'name') continue;
    const afterDot = prev?.text === '.';
    const isDef = prev?.text === 'def' || prev?.text === 'class';
    if (!afterDot && !isDef && DYNAMIC_CALLS.has(t.text) && next?.text === '(') {
      add('dynamic-code', `calls ${t.text}()`);
    }
    if (!afterDot && DYNAMIC_MODULES.has(t.text) && (prev?.text === 'import' || next?.text === '.' || prev?.text === 'from')) {
      add('dynamic-code', `uses ${t.text}`);
    }
    if (t.text === 'sys' && next?.text === '.' && tokens[i + 2]?.text === 'path') {
      const after = tokens[i + 3];
      const mut = after?.text === '.' && PATH_MUTATORS.has(tokens[i + 4]?.text ?? '');
      if (mut || after?.text === '=' || after?.text === '+=' || after?.text === '[') add('import-path', 'changes sys.path');
    }
    if (t.text === 'addsitedir' && afterDot) add('import-path', 'calls site.addsitedir()');
    if (t.text === 'path' && prev?.text === 'import' && tokens[i - 2]?.text === 'sys') {
      add('import-path', 'imports sys.path by name');
    }
    // Process launches: os.system / os.popen / os.exec* / os.spawn* / subprocess.*
    if (afterDot && next?.text === '(') {
      const owner = tokens[i - 2]?.text ?? '';
      const launches =
        (owner === 'os' && (OS_COMMAND_CALLS.has(t.text) || t.text.startsWith('exec') || t.text.startsWith('spawn'))) ||
        (owner === 'subprocess' && SUBPROCESS_CALLS.has(t.text)) ||
        (owner === 'commands' && t.text.startsWith('get'));
      if (launches) {
        const lit = literalFirstArg(tokens, i + 1);
        if (lit === null) add('generated-command', `${owner}.${t.text}() with a command built at run time`);
        else scan.commands.push(lit);
      }
    }
    // Imported launchers called bare: from subprocess import run; run(cmd)
    if (!afterDot && next?.text === '(' && (t.text === 'system' || t.text === 'Popen' || t.text === 'check_output')) {
      const lit = literalFirstArg(tokens, i + 1);
      if (lit === null) add('generated-command', `${t.text}() with a command built at run time`);
      else scan.commands.push(lit);
    }
  }
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
