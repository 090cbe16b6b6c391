// Strix deterministic rules: outcomes that never reach the judge.
import type { Finding, ToolCall } from '../types.ts';
import type { Invocation, Word } from '../shell/types.ts';
import { extractTargets } from '../targets/extract.ts';
import { inScope } from '../targets/scope.ts';
import { browserFindings, browserReadOnly, initialBrowserState, isBrowser, parseBrowser, type BrowserState } from './browser.ts';
import { scriptRun } from '../evidence/interp.ts';
import { resolvePath } from '../paths/index.ts';
import { effectiveCommand, mutatingRequest } from '../judge/settle.ts';

export type StrixPreset = 'guarded' | 'observe';

export interface StrixState {
  browser?: BrowserState;
  /** Authorized hosts and domains; when given, named targets outside it are denied. */
  scope?: string[];
  cwd?: string;
  home?: string;
}

/** Env variables that change which code an interpreter or program loads. */
export const LOADER_ENV = new Set([
  'LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT', 'PYTHONPATH', 'PYTHONSTARTUP', 'PYTHONHOME',
  'PYTHONUSERBASE', 'PYTHONINSPECT', 'NODE_OPTIONS', 'NODE_PATH', 'RUBYOPT', 'RUBYLIB', 'PERL5OPT',
  'PERL5LIB', 'PERLLIB', 'BASH_ENV', 'ENV', 'PROMPT_COMMAND', 'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS',
  'CLASSPATH', 'GEM_PATH', 'GEM_HOME', 'PATH', 'AGENT_BROWSER_SESSION', 'AGENT_BROWSER_PROFILE',
  'AGENT_BROWSER_CDP', 'AGENT_BROWSER_EXECUTABLE_PATH', 'LUA_PATH', 'LUA_INIT',
]);

/** Programs that wrap another program; their effective action is not one call. */
export const WRAPPERS = new Set([
  'sudo', 'doas', 'su', 'env', 'timeout', 'nice', 'ionice', 'nohup', 'stdbuf', 'time', 'command',
  'builtin', 'exec', 'setsid', 'watch', 'flock', 'chrt', 'taskset', 'xargs', 'parallel', 'busybox',
  'strace', 'ltrace', 'unbuffer', 'script', 'runuser', 'chroot', 'firejail', 'torsocks', 'proxychains',
  'proxychains4', 'tmux', 'screen',
]);

function finding(detector: string, behavior: 'deny' | 'ask', message: string, inv?: Invocation): Finding {
  return { detector, family: 'strix', behavior, message, ...(inv ? { span: inv.source.span } : {}) };
}

function staticArgs(args: readonly Word[]): (string | undefined)[] {
  return args.map((w) => (w.static ? w.value : undefined));
}

/** The static words and the flags among them (the words a destructive check reads). */
function flagWords(inv: Invocation): { a: (string | undefined)[]; flags: string[]; has: (short: string, long: string) => boolean } {
  const a = staticArgs(inv.args);
  const flags = a.filter((x): x is string => !!x && x.startsWith('-'));
  return { a, flags, has: (short, long) => flags.some((f) => f === long || (!f.startsWith('--') && f.includes(short))) };
}

function destructive(inv: Invocation): string | null {
  switch (inv.name) {
    case 'rm': {
      const { has } = flagWords(inv);
      return has('r', '--recursive') || has('R', '--recursive') ? 'rm -r removes whole trees' : null;
    }
    case 'shred':
    case 'wipefs':
    case 'mkfs':
      return `${inv.name} destroys data`;
    case 'dd':
      return staticArgs(inv.args).some((x) => x?.startsWith('of=')) ? 'dd of= overwrites a file or device' : null;
    case 'git': {
      const { a, flags, has } = flagWords(inv);
      const sub = a.find((x) => x && !x.startsWith('-'));
      if (sub === 'push' && flags.some((f) => f === '-f' || f.startsWith('--force') || f.startsWith('+'))) return 'git push --force rewrites remote history';
      if (sub === 'reset' && flags.includes('--hard')) return 'git reset --hard discards work';
      if (sub === 'clean' && has('f', '--force')) return 'git clean -f deletes untracked files';
      return null;
    }
    default:
      return inv.name.startsWith('mkfs.') ? 'mkfs formats a file system' : null;
  }
}

/** Deterministic Strix findings for one call. Deny findings never reach the judge. */
export function strixRules(call: ToolCall, invocations: readonly Invocation[], preset: StrixPreset, state?: StrixState): Finding[] {
  const out: Finding[] = [];
  if (call.tool === 'write_stdin' || call.tool.endsWith('__write_stdin')) {
    out.push(finding('strix-write-stdin', 'deny', 'an interactive stdin payload cannot be resolved to one action before it runs: issue the command as its own call'));
    return out;
  }
  if (call.tool !== 'Bash') return out;
  const browser = state?.browser ?? initialBrowserState;
  const cwd = state?.cwd ?? '/';
  const home = state?.home ?? '/';
  const written = new Set<string>();
  for (const inv of invocations) {
    for (const r of inv.redirects) {
      if ((r.op === '>' || r.op === '>>' || r.op === '>|' || r.op === '&>') && r.target.static) written.add(resolvePath(r.target.value!, cwd, home));
    }
    if (inv.name === 'tee' || inv.name === 'cp' || inv.name === 'mv') {
      for (const w of inv.args) if (w.static && !w.value!.startsWith('-')) written.add(resolvePath(w.value!, cwd, home));
    }
  }
  for (const inv of invocations) {
    const wrap = inv.via.find((v) => v.kind === 'wrapper');
    if (wrap) out.push(finding('strix-wrapper', 'deny', `${wrap.name} wraps another program: issue the command as its own call`, inv));
    else if (WRAPPERS.has(inv.name)) out.push(finding('strix-wrapper', 'deny', `${inv.name} wraps another program: issue the command as its own call`, inv));
    for (const a of inv.env) {
      if (LOADER_ENV.has(a.name) || a.name.startsWith('DYLD_') || a.name.startsWith('LD_')) {
        out.push(finding('strix-env', 'deny', `${a.name} changes which code is loaded`, inv));
      }
    }
    if (inv.name === 'export' || inv.name === 'declare' || inv.name === 'typeset') {
      for (const w of inv.args) {
        const name = (w.static ? w.value! : w.approx).split('=')[0]!;
        if (LOADER_ENV.has(name) || name.startsWith('DYLD_') || name.startsWith('LD_')) out.push(finding('strix-env', 'deny', `${inv.name} ${name} changes which code is loaded`, inv));
      }
    }
    const d = destructive(inv);
    if (d) out.push(finding('strix-destructive', 'deny', d, inv));
    if (preset === 'observe') {
      const why = mutatingRequest(effectiveCommand(inv));
      if (why) out.push(finding('strix-observe', 'deny', `observe refuses mutating requests: ${why}`, inv));
    }
    if (isBrowser(inv)) out.push(...browserFindings(inv, preset, browser));
    if (inv.opaque) out.push(finding('strix-review', 'ask', `${inv.opaque.carrier} runs code that cannot be analysed: review`, inv));
    const run = scriptRun(inv.name, inv.program, inv.args, cwd, home);
    if (run && run.kind !== 'python') out.push(finding('strix-script', 'deny', run.message, inv));
    if (run?.kind === 'python' && run.entry.kind === 'file' && written.has(run.entry.path)) {
      out.push(finding('strix-script', 'deny', 'the command creates a script and runs it in one expression: split creation and execution into separate calls', inv));
    }
  }
  if (state?.scope?.length) {
    for (const t of extractTargets(invocations)) {
      if (!t.dynamic && !inScope(t.host, state.scope)) out.push(finding('strix-scope', 'deny', `${t.host} is outside the authorized scope`));
    }
  }
  return out;
}

// ---- read-only commands whose options are read-only too ----

interface ReadOnlySpec {
  /** Short flags without a value. */
  short?: string;
  /** Short flags that take a value. */
  shortValue?: string;
  long?: string[];
  longValue?: string[];
  maxOperands?: number;
  /** Operands that must not appear (e.g. find actions). */
  deniedWords?: string[];
  anyArgs?: boolean;
}

const READ_ONLY: Record<string, ReadOnlySpec> = {
  ls: { short: 'aAlhRrtSdF1GinpsuUcL', long: ['--all', '--almost-all', '--human-readable', '--recursive', '--reverse', '--color', '--directory', '--classify'] },
  cat: { short: 'nbAEeTtsuv', long: ['--number', '--show-all', '--squeeze-blank'] },
  head: { short: 'qvz', shortValue: 'nc', longValue: ['--lines', '--bytes'] },
  tail: { short: 'qvz', shortValue: 'nc', longValue: ['--lines', '--bytes'] },
  wc: { short: 'lwcmL', long: ['--lines', '--words', '--bytes', '--chars'] },
  grep: { short: 'ivnlcrRhHEFGwxoqsLzIaU', shortValue: 'eABCm', long: ['--recursive', '--ignore-case', '--line-number', '--count', '--color', '--only-matching', '--files-with-matches', '--fixed-strings', '--extended-regexp', '--word-regexp'], longValue: ['--include', '--exclude', '--exclude-dir', '--regexp', '--max-count', '--context', '--color'] },
  rg: { short: 'ivnlcwxFSuUHNoIsLa', shortValue: 'gtTeABCmM', long: ['--hidden', '--ignore-case', '--smart-case', '--files', '--fixed-strings', '--line-number', '--count', '--files-with-matches', '--no-ignore', '--json', '--color', '--follow', '--word-regexp', '--no-heading', '--vimgrep', '--multiline'], longValue: ['--glob', '--type', '--type-not', '--regexp', '--max-count', '--context', '--max-depth', '--color', '--sort'] },
  find: { anyArgs: true, deniedWords: ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'] },
  pwd: { short: 'LP' },
  whoami: {},
  id: { short: 'ugGnr' },
  uname: { short: 'asnrvmpio', long: ['--all'] },
  date: { short: 'uRI', long: ['--utc', '--iso-8601', '--rfc-3339'], maxOperands: 1 },
  echo: { anyArgs: true },
  stat: { short: 'LtcfL', long: ['--format', '--dereference'] },
  file: { short: 'bLiz', long: ['--brief', '--mime', '--mime-type'] },
  which: { short: 'a' },
  basename: { anyArgs: true },
  dirname: { anyArgs: true },
  realpath: { short: 'esqmL' },
  sort: { short: 'rnuhfbdVMg', shortValue: 'kt', long: ['--reverse', '--numeric-sort', '--unique', '--human-numeric-sort'], longValue: ['--key', '--field-separator'] },
  uniq: { short: 'cdui', long: ['--count', '--repeated', '--unique', '--ignore-case'], maxOperands: 1 },
  diff: { short: 'uqrNwbBiy', long: ['--brief', '--recursive', '--unified', '--ignore-all-space', '--color'] },
  tree: { short: 'adfhLl', shortValue: 'LI' },
  du: { short: 'shacd', shortValue: 'd', long: ['--summarize', '--human-readable'], longValue: ['--max-depth'] },
  df: { short: 'hTi' },
  true: {},
};

/** True when the invocation is on the read-only list and every option it uses is read-only too. */
export function isReadOnlyInvocation(inv: Invocation): boolean {
  if (inv.via.length || inv.env.length || inv.opaque || !inv.program.static) return false;
  for (const r of inv.redirects) {
    const sink = r.target.static && (r.target.value === '/dev/null' || r.op === '>&' || r.op === '<&');
    if (r.op !== '<' && !sink) return false;
  }
  const spec = Object.hasOwn(READ_ONLY, inv.name) ? READ_ONLY[inv.name] : undefined;
  if (!spec) return false;
  let operands = 0;
  for (let i = 0; i < inv.args.length; i++) {
    const w = inv.args[i]!;
    if (!w.static) return false;
    const v = w.value!;
    if (spec.deniedWords?.includes(v)) return false;
    if (spec.anyArgs) continue;
    if (v === '--' || !v.startsWith('-') || v === '-') {
      operands++;
      continue;
    }
    if (v.startsWith('--')) {
      const [name, value] = [v.split('=')[0]!, v.includes('=')];
      if (spec.long?.includes(name)) continue;
      if (spec.longValue?.includes(name)) {
        if (!value) i++;
        continue;
      }
      return false;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if (spec.shortValue?.includes(c)) {
        if (k === v.length - 1) i++;
        break;
      }
      if (!spec.short?.includes(c)) {
        if (c >= '0' && c <= '9' && (inv.name === 'head' || inv.name === 'tail')) continue;
        return false;
      }
    }
  }
  return spec.maxOperands === undefined || operands <= spec.maxOperands;
}

export interface StrixVerdict {
  behavior: 'allow' | 'deny' | 'review';
  findings: Finding[];
}

/** Rules first; read-only calls are allowed outright; the rest goes to review (the judge). */
export function strixVerdict(call: ToolCall, invocations: readonly Invocation[], preset: StrixPreset, state?: StrixState): StrixVerdict {
  const findings = strixRules(call, invocations, preset, state);
  if (findings.some((f) => f.behavior === 'deny')) return { behavior: 'deny', findings };
  if (findings.length) return { behavior: 'review', findings };
  if (call.tool === 'Read' || call.tool === 'Glob' || call.tool === 'Grep') return { behavior: 'allow', findings };
  if (call.tool !== 'Bash' || !invocations.length) return { behavior: 'review', findings };
  const readOnly = invocations.every((inv) => {
    if (isBrowser(inv)) {
      const cmd = parseBrowser(inv.args);
      return browserReadOnly(cmd) || (preset === 'observe' && ['open', 'goto', 'navigate', 'back', 'forward', 'reload'].includes(cmd.verb));
    }
    return isReadOnlyInvocation(inv);
  });
  return { behavior: readOnly ? 'allow' : 'review', findings };
}
