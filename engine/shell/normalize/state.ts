// Shared state of one normalize run, passed to carrier handlers (avoids import cycles).
import type { Extraction, Invocation, Issue, Span, Word, SimpleCommand } from '../types.ts';
import type { MatchSet } from '../../programs/types.ts';
import type { Code, Looked } from './written.ts';

export interface NormState {
  home: string;
  cwd: string;
  depth: number;
  out: Invocation[];
  issues: Issue[];
  /** Invocations produced so far across the whole run (budget). */
  count: { n: number };
  /** Value variants expanded so far (budget). */
  variants: number;
  /** Payload characters analysed so far, shared with the payloads' own runs (budget). */
  payload: {
    chars: number;
    loaded?: Set<string>;
    /** Per runner (written.ts, projectWrites): the writes it looked at. */
    seen?: Map<string, Looked>;
    parsed?: Map<string, Extraction>;
    /** Code → the command lines it runs (written.ts, codeOf). */
    code?: Map<string, Code>;
  };
  /** BASH_CMDS[name]=path seen so far: later calls to name run path. */
  rebind?: Map<string, string>;
  /** Assignment values already opened (envcode.ts). */
  opened?: WeakSet<object>;
  /** Static values names are given in the source (values.ts); null when none. */
  values?: Map<string, string[]> | null;
  /** The top-level source and where its command being expanded starts: a payload nested in that
   *  command (`bash -c ./x.sh`) runs a script the source wrote before it. */
  root?: { ex: Extraction; at: number };
  /** Each function's static call words (values.ts); null for one that may run otherwise. */
  calls?: Map<string, string[][] | null>;
}

export interface Ops {
  /** Analyse a static shell payload and add its invocations (via the carrier). */
  payload(text: string, carrier: string, span: Span, outer: Invocation, st: NormState, keepRedirects?: boolean): void;
  /** Normalise a synthesized command (find -exec, rg --pre …) with the given via prefix. */
  command(words: Word[], carrier: string, outer: Invocation, st: NormState, ex?: Extraction, matches?: MatchSet): void;
  /** Push an invocation marked opaque. */
  opaque(inv: Invocation, carrier: string, reason: NonNullable<Invocation['opaque']>['reason'], st: NormState, extra?: { language?: string; payload?: string }): void;
  /** Did a network program produce this word (via $(…) / <(…)) ? */
  networkWord(w: Word, ex: Extraction): boolean;
  /** Is an earlier stage of this command's pipeline a network program? */
  networkPipe(sc: SimpleCommand, ex: Extraction): boolean;
  /** Does this command print what the network sends (curl …, telnet host, a substituted download)? */
  networkOutput(sc: SimpleCommand, ex: Extraction): boolean;
}

export const NETWORK = new Set([
  'curl', 'wget', 'fetch', 'aria2c', 'http', 'https', 'xh', 'httpie', 'lwp-request', 'GET', 'POST', 'nc', 'ncat',
  'netcat', 'socat', 'ftp', 'tftp', 'lynx', 'links', 'w3m', 'elinks', 'curlie', 'invoke-webrequest', 'iwr',
]);

export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'csh', 'tcsh', 'yash', 'posh', 'rbash']);

/** Interpreters and the flags that take inline code. */
export const INTERPRETERS: Map<string, { language: string; code: string[]; bundle: string }> = new Map();
function interp(names: string[], language: string, code: string[], bundle = '') {
  for (const n of names) INTERPRETERS.set(n, { language, code, bundle });
}
interp(['python', 'python2', 'python3', 'pypy', 'pypy3', 'python3.8', 'python3.9', 'python3.10', 'python3.11', 'python3.12', 'python3.13', 'python3.14'], 'python', ['-c'], 'c');
interp(['node', 'nodejs'], 'javascript', ['-e', '--eval', '-p', '--print', '-pe'], '');
interp(['bun'], 'javascript', ['-e', '--eval', '-p', '--print'], '');
interp(['deno'], 'javascript', ['eval'], '');
interp(['perl', 'perl5'], 'perl', ['-e', '-E'], 'eE');
interp(['ruby', 'jruby'], 'ruby', ['-e'], 'e');
interp(['php'], 'php', ['-r', '-R', '-B', '-E'], '');
interp(['lua', 'luajit', 'lua5.1', 'lua5.3', 'lua5.4'], 'lua', ['-e'], '');
interp(['Rscript', 'R'], 'r', ['-e', '--expr'], '');
interp(['osascript'], 'applescript', ['-e'], '');
interp(['pwsh', 'powershell', 'powershell.exe', 'pwsh.exe'], 'powershell', ['-c', '-command', '-Command', '-EncodedCommand', '-e', '-ec'], '');
