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
  // Programs that import and run Python code they find (tests, apps, notebooks, tasks).
  'pytest', 'py.test', 'gunicorn', 'uvicorn', 'hypercorn', 'celery', 'flask', 'jupyter', 'streamlit',
  'locust', 'scrapy', 'invoke', 'fab', 'doit', 'behave', 'nose2', 'django-admin', 'sphinx-build',
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
  const runner = runnerCommand(lower, args);
  if (runner) {
    if ('message' in runner) return { kind: 'unsupported', interpreter: name, message: runner.message };
    const [first, ...rest] = runner.argv;
    if (!first) return { kind: 'unsupported', interpreter: name, message: `${name} runs code (a default target or entry point) that cannot be inspected` };
    if (!first.static) return { kind: 'unsupported', interpreter: name, message: `${name} runs a program only known at run time` };
    const v = first.value!;
    const base = v.slice(v.lastIndexOf('/') + 1).toLowerCase();
    if (runner.python && v.endsWith('.py')) return { kind: 'python', entry: { kind: 'file', path: resolvePath(v, cwd, home) } };
    if (runner.module) return { kind: 'python', entry: { kind: 'module', name: v } };
    if (isPython(base)) return pythonRun(base, rest, cwd, home);
    return { kind: 'unsupported', interpreter: name, message: `${name} runs ${v}, whose code cannot be inspected` };
  }
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

interface RunnerSpec {
  /** Subcommand words that make the program run something ('' = the program itself runs it). */
  subs: string[][];
  /** Options that take the next word. */
  value: string[];
  /** Options without a value. */
  flags: string[];
  /** The runner treats a `.py` operand as a Python script. */
  python?: boolean;
}

/** Programs that run a script or a package's program for you. Facts from each tool's --help. */
const RUNNERS: Record<string, RunnerSpec> = {
  uv: { subs: [['run'], ['tool', 'run']], python: true, value: ['--with', '--with-requirements', '--with-editable', '--python', '-p', '--directory', '--project', '--package', '--extra', '--group', '--env-file', '--index', '--default-index', '--index-url', '--extra-index-url', '--from', '-w', '--cache-dir', '--config-file'], flags: ['--frozen', '--locked', '--no-sync', '--isolated', '--no-project', '--script', '-q', '-v', '--quiet', '--verbose', '--offline', '--all-extras', '--no-dev', '--active', '--no-cache', '--exact', '--all-packages', '--no-editable', '-s', '--gui-script'] },
  uvx: { subs: [[]], python: true, value: ['--with', '--from', '--python', '-p', '--index', '--index-url', '--extra-index-url', '-w'], flags: ['--isolated', '-q', '-v', '--offline', '--no-cache'] },
  pipx: { subs: [['run']], python: true, value: ['--spec', '--python', '--pip-args', '--index-url'], flags: ['--no-cache', '--system-site-packages', '-q', '-v', '--verbose', '--quiet'] },
  poetry: { subs: [['run']], value: ['--directory', '-C', '--project', '-P'], flags: ['-q', '-v', '-vv', '-vvv', '--quiet', '--verbose', '--no-interaction', '-n', '--no-ansi', '--ansi', '--no-plugins', '--no-cache'] },
  pdm: { subs: [['run']], python: true, value: ['-p', '--project', '--venv'], flags: ['-g', '--global', '-v', '-q', '--verbose', '--quiet', '-s', '--site-packages', '-l', '--list', '--json', '--recreate'] },
  hatch: { subs: [['run']], value: ['-e', '--env'], flags: ['-v', '-q', '--verbose', '--quiet'] },
  pipenv: { subs: [['run']], value: ['--python'], flags: ['-v', '--verbose', '-q', '--quiet'] },
  rye: { subs: [['run']], value: ['--pyproject'], flags: ['-v', '-q', '--verbose', '--quiet'] },
  conda: { subs: [['run']], value: ['-n', '--name', '-p', '--prefix', '--cwd'], flags: ['--no-capture-output', '--live-stream', '-v', '--debug-wrapper-scripts'] },
  mamba: { subs: [['run']], value: ['-n', '--name', '-p', '--prefix', '--cwd'], flags: ['--no-capture-output', '--live-stream', '-v'] },
  micromamba: { subs: [['run']], value: ['-n', '--name', '-p', '--prefix', '--cwd'], flags: ['-a', '--attach', '-v'] },
  tox: { subs: [['run'], ['exec']], value: ['-e', '-c'], flags: ['-q', '-v', '-r', '--recreate'] },
  coverage: { subs: [['run']], python: true, value: ['--rcfile', '--source', '--include', '--omit', '--data-file', '--context'], flags: ['-a', '--append', '--branch', '-p', '--parallel-mode', '--timid'] },
  nox: { subs: [[]], value: ['-s', '--session', '-f', '--noxfile'], flags: ['-r', '-R', '--no-venv'] },
  npx: { subs: [[]], value: ['-p', '--package', '-c', '--call'], flags: ['-y', '--yes', '--no', '-q', '--quiet'] },
  bunx: { subs: [[]], value: ['-p', '--package'], flags: ['--bun'] },
  npm: { subs: [['exec'], ['x'], ['run'], ['run-script'], ['start'], ['test'], ['t'], ['restart'], ['stop']], value: ['-w', '--workspace', '-p', '--package', '-c', '--call', '--prefix'], flags: ['--if-present', '-s', '--silent', '-y', '--yes', '--ignore-scripts', '-ws', '--workspaces'] },
  pnpm: { subs: [['exec'], ['dlx'], ['run'], ['start'], ['test'], ['x']], value: ['-C', '--dir', '--filter', '-F'], flags: ['-r', '--recursive', '--if-present', '-s', '--silent'] },
  yarn: { subs: [['run'], ['dlx'], ['exec'], ['start'], ['test'], ['node']], value: ['--cwd', '-p', '--package'], flags: ['-s', '--silent', '-q', '--quiet'] },
  cargo: { subs: [['run']], value: ['--bin', '--example', '-p', '--package', '--manifest-path', '--features', '-F', '--target'], flags: ['--release', '-r', '-q', '--quiet', '--all-features', '--locked', '--offline'] },
  go: { subs: [['run'], ['generate'], ['test']], value: ['-exec', '-tags', '-ldflags', '-gcflags', '-o'], flags: ['-race', '-v', '-a', '-n', '-x'] },
  make: { subs: [[]], value: ['-C', '-f', '--file', '--directory', '-j', '-I'], flags: ['-B', '-k', '-s', '-n', '--silent', '-i'] },
  just: { subs: [[]], value: ['-f', '--justfile', '-d', '--working-directory'], flags: ['-q', '--quiet', '-v'] },
  task: { subs: [[]], value: ['-t', '--taskfile', '-d', '--dir'], flags: ['-s', '--silent', '-v'] },
  deno: { subs: [['run'], ['task'], ['eval']], value: ['--config', '-c', '--import-map'], flags: ['-A', '--allow-all', '-q', '--quiet'] },
};
RUNNERS.uvenv = RUNNERS.uvx!;

/**
 * For a runner (`uv run`, `poetry run`, `npx` …): the words it runs, after its own options.
 * `module` when `-m`/`--module` names a Python module. A message when the options are not
 * understood (fail closed). null when the program is not a runner or this form runs nothing.
 */
function runnerCommand(name: string, args: readonly Word[]): { argv: readonly Word[]; python: boolean; module: boolean } | { message: string } | null {
  const spec = Object.hasOwn(RUNNERS, name) ? RUNNERS[name] : undefined;
  if (!spec) return null;
  const words = args.map((w) => (w.static ? w.value! : null));
  if (['--version', '-V', '--help', '-h', 'help'].includes(words[0] ?? '')) return null;
  // Skip options before the subcommand words as well as after them.
  let i = 0;
  const skipOptions = (): string | null => {
    while (i < args.length) {
      const v = words[i];
      if (v === null || v === undefined) return null;
      if (v === '--') {
        i++;
        return null;
      }
      if (!v.startsWith('-') || v === '-') return null;
      const opt = v.includes('=') ? v.slice(0, v.indexOf('=')) : v;
      if (opt === '-m' || opt === '--module') return 'module';
      if (spec.value.includes(opt)) i += v.includes('=') ? 1 : 2;
      else if (spec.flags.includes(opt)) i++;
      else return `${name} option ${v} is not understood`;
    }
    return null;
  };
  for (const sub of spec.subs) {
    i = 0;
    const pre = skipOptions();
    if (pre && pre !== 'module') return { message: pre };
    let k = 0;
    while (k < sub.length && words[i + k] === sub[k]) k++;
    if (k < sub.length) continue;
    i += sub.length;
    const opt = sub.length ? skipOptions() : pre;
    if (opt === 'module') {
      i++;
      return { argv: args.slice(i), python: true, module: true };
    }
    if (opt) return { message: opt };
    return { argv: args.slice(i), python: !!spec.python, module: false };
  }
  return null;
}
