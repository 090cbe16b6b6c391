// Which code an invocation runs: a Python entrypoint we can read, or something we cannot inspect.
import type { Word } from '../shell/types.ts';
import type { Entry } from './closure.ts';
import { resolvePath } from '../paths/index.ts';

export type ScriptRun =
  | { kind: 'python'; entry: Entry }
  | { kind: 'no-script'; interpreter: string; message: string }
  | { kind: 'unsupported'; interpreter: string; message: string };

/** Interpreters and runners whose programs Strix cannot read. */
const OTHER_INTERPRETERS = new Set([
  'node', 'nodejs', 'deno', 'bun', 'ruby', 'irb', 'perl', 'php', 'lua', 'luajit', 'rscript', 'r',
  'tclsh', 'wish', 'pwsh', 'powershell', 'osascript', 'java', 'jshell', 'groovy', 'scala', 'kotlin',
  'ts-node', 'tsx', 'julia', 'erl', 'escript', 'elixir', 'guile', 'racket', 'sbcl', 'awk', 'gawk',
  'mawk', 'nawk', 'expect', 'ipython', 'jython', 'pypy', 'pypy3',
]);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'csh', 'tcsh', 'ash']);
const PY_FLAGS = 'bBdEhiIOPqsSuvVxR';

export function isPython(name: string): boolean {
  if (!name.startsWith('python')) return false;
  const rest = name.slice(6);
  for (const c of rest) if (!((c >= '0' && c <= '9') || c === '.')) return false;
  return true;
}

/**
 * What `name args…` runs, or null when it is not an interpreter running code (including
 * `python --version` and `bash -c …`, whose payload the shell analyser opens).
 */
export function scriptRun(name: string, program: Word, args: readonly Word[], cwd: string, home: string): ScriptRun | null {
  const lower = name.toLowerCase();
  const progPath = program.static ? program.value! : '';
  if (progPath.startsWith('./') || progPath.startsWith('../') || (progPath.includes('/') && name.endsWith('.py'))) {
    if (name.endsWith('.py')) return { kind: 'python', entry: { kind: 'file', path: resolvePath(progPath, cwd, home) } };
    return { kind: 'unsupported', interpreter: progPath, message: `${progPath} is a local program whose code cannot be inspected` };
  }
  if (isPython(lower)) return pythonRun(name, args, cwd, home);
  if (SHELLS.has(lower)) {
    const first = args.find((w) => !(w.static && w.value!.startsWith('-')));
    if (args.some((w) => w.static && (w.value === '-c' || (w.value!.startsWith('-') && !w.value!.startsWith('--') && w.value!.includes('c'))))) return null;
    if (!first) return { kind: 'no-script', interpreter: name, message: `${name} reads its program from stdin, which cannot be inspected` };
    return { kind: 'unsupported', interpreter: name, message: `${name} runs a shell script file, which is not inspected` };
  }
  if (OTHER_INTERPRETERS.has(lower)) {
    const info = args.length === 1 && args[0]!.static && ['--version', '-v', '-V', '--help', '-h'].includes(args[0]!.value!);
    if (info) return null;
    return { kind: 'unsupported', interpreter: name, message: `${name} is not an interpreter whose scripts can be inspected` };
  }
  return null;
}

function pythonRun(name: string, args: readonly Word[], cwd: string, home: string): ScriptRun | null {
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (!w.static) return { kind: 'unsupported', interpreter: name, message: `${name} is given a script or option only known at run time` };
    const v = w.value!;
    if (v === '--version' || v === '-V' || v === '--help' || v === '-h') return null;
    if (v === '-') return { kind: 'no-script', interpreter: name, message: `${name} - reads its program from stdin` };
    if (v === '-c' || v === '-m' || ((v.startsWith('-c') || v.startsWith('-m')) && v.length > 2)) {
      const flag = v.slice(0, 2);
      const attached = v.length > 2 ? v.slice(2) : undefined;
      const next = attached === undefined ? args[i + 1] : undefined;
      if (attached === undefined && !next) return { kind: 'no-script', interpreter: name, message: `${name} ${flag} has no argument` };
      if (next && !next.static) return { kind: 'unsupported', interpreter: name, message: `${name} ${flag} is given code only known at run time (an unresolved generated command)` };
      const value = attached ?? next!.value!;
      return { kind: 'python', entry: flag === '-c' ? { kind: 'inline', source: value } : { kind: 'module', name: value } };
    }
    if (v === '-W' || v === '-X' || v === '--check-hash-based-pycs') {
      i++;
      continue;
    }
    if (v.startsWith('-') && !v.startsWith('--') && [...v.slice(1)].every((c) => PY_FLAGS.includes(c))) continue;
    if (v.startsWith('-W') || v.startsWith('-X')) continue;
    if (v.startsWith('-')) return { kind: 'unsupported', interpreter: name, message: `${name} option ${v} is not understood` };
    return { kind: 'python', entry: { kind: 'file', path: resolvePath(v, cwd, home) } };
  }
  return { kind: 'no-script', interpreter: name, message: `${name} is given no script (it would read code from stdin or start a REPL)` };
}
