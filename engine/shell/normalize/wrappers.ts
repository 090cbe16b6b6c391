// Wrappers: programs that run another program given in their argv (sudo, env, timeout …).
import type { Assignment, Invocation, Word } from '../types.ts';
import { getopt, spec, type Spec } from './options.ts';
import { basename, dynamicWord, invocation, staticWord, sv, withArgs } from './words.ts';

export type WrapResult =
  | { kind: 'inner'; inv: Invocation }
  | { kind: 'self' }
  | { kind: 'opaque'; why: string }
  /** The rest is a shell string (watch 'a b', flock -c, env -S, parallel). null payload = dynamic. */
  | { kind: 'shell'; payload: string | null; word: Word; carrier: string; args?: string[] };

type Handler = (inv: Invocation) => WrapResult;

const WRAP_SPECS: Record<string, Spec> = {
  sudo: spec('A|askpass b|background B|bell C|close-from: D|chdir: E|preserve-env:: e|edit g|group: H|set-home h|host:: i|login K|remove-timestamp k|reset-timestamp l|list n|non-interactive N|no-update P|preserve-groups p|prompt: R|chroot: r|role: S|stdin s|shell T|command-timeout: t|type: U|other-user: u|user: V|version v|validate', { posix: true }),
  doas: spec('n s L u: C:', { posix: true }),
  env: spec('i|ignore-environment 0|null u|unset: C|chdir: S|split-string: P: v|debug block-signal:: default-signal:: ignore-signal:: list-signal-handling help version', { posix: true }),
  timeout: spec('k|kill-after: s|signal: foreground preserve-status v|verbose help version', { posix: true }),
  nice: spec('n|adjustment: help version #adjustment', { posix: true }),
  ionice: spec('c|class: n|classdata: t|ignore p|pid P|pgid u|uid h|help V|version', { posix: true }),
  nohup: spec('help version', { posix: true }),
  stdbuf: spec('i|input: o|output: e|error: help version', { posix: true }),
  time: spec('p|portability f|format: o|output: a|append v|verbose q|quiet help version', { posix: true }),
  command: spec('p v V', { posix: true }),
  builtin: spec('', { posix: true }),
  exec: spec('c l a:', { posix: true }),
  setsid: spec('c|ctty f|fork w|wait h|help V|version', { posix: true }),
  watch: spec('n|interval: d|differences:: g|chgexit e|errexit b|beep c|color C|no-color t|no-title x|exec p|precise q|equexit: r|no-rerun w|no-wrap h|help v|version', { posix: true }),
  flock: spec('s|shared x|e|exclusive u|unlock n|nb|nonblock w|wait|timeout: E|conflict-exit-code: o|close F|no-fork verbose c|command: h|help V|version', { posix: true }),
  chrt: spec('b|batch d|deadline f|fifo i|idle o|other r|rr e|ext R|reset-on-fork a|all-tasks m|max p|pid v|verbose T|sched-runtime: P|sched-period: D|sched-deadline: h|help V|version', { posix: true }),
  taskset: spec('a|all-tasks c|cpu-list p|pid h|help V|version', { posix: true }),
  xargs: spec('0|null a|arg-file: d|delimiter: E: e|eof:: I: i|replace:: L|max-lines: l|max-lines:: n|max-args: o|open-tty P|max-procs: p|interactive process-slot-var: r|no-run-if-empty s|max-chars: show-limits t|verbose x|exit help version', { posix: true }),
  parallel: spec('j|jobs|P|max-procs: N: n|max-args: I: S|sshlogin: a|arg-file: d|delimiter: E: colsep|C: joblog: results|res: tmpdir: timeout: delay: retries: halt|halt-on-error: memfree: load: workdir|wd: basefile|bf: tagstring: env: ssh: sshdelay: rpl: k|keep-order q|quote X m 0|null v|verbose t u|ungroup g|group line-buffer|lb dry-run|dryrun progress bar eta tag nonall onall r|no-run-if-empty will-cite citation', { posix: true }),
  busybox: spec('', { posix: true }),
  pkexec: spec('user: disable-internal-agent keep-cwd help version', { posix: true }),
  su: spec('c|command: s|shell: l|login m|p|preserve-environment g|group: G|supp-group: P|pty w|whitelist-environment: f|fast session-command: h|help V|version'),
  runuser: spec('u|user: g|group: G|supp-group: l|login c|command: s|shell: m|p|preserve-environment f|fast w|whitelist-environment: P|pty session-command: h|help V|version'),
};

/** su / runuser -c CMD: the command is a shell string run as another user. */
function asUser(name: string): Handler {
  return (inv) => {
    const { r, bad, idx } = opts(inv, name);
    if (bad) return { kind: 'opaque', why: bad };
    const c = r.list.find((o) => o.canon === 'command' || o.canon === 'session-command');
    if (c) return { kind: 'shell', payload: typeof c.value === 'string' && !r.dynamic ? c.value : null, word: c.word, carrier: `${name} -c` };
    if (name === 'runuser' && r.options.has('user') && idx >= 0) return inner(inv, idx, 'runuser');
    return { kind: 'self' };
  };
}

/** Text a shell would parse (blanks, operators, quotes, expansions) rather than one path. */
function shellText(v: string): boolean {
  for (const c of v) if (' \t\n;&|<>()$`\'"\\'.includes(c)) return true;
  return false;
}

function inner(inv: Invocation, argIndex: number, step: string, extra?: { env?: Assignment[]; args?: Word[]; chdir?: Word }): WrapResult {
  const program = inv.args[argIndex];
  if (!program) return { kind: 'self' };
  const args = inv.args.slice(argIndex + 1);
  if (extra?.args) args.push(...extra.args);
  const chdir = extra?.chdir ?? inv.chdir;
  const env = extra?.env ? [...inv.env, ...extra.env] : inv.env;
  const next = invocation(program.static ? basename(program.value ?? '') : '', program, args, env, inv.redirects, [...inv.via, { name: step, kind: 'wrapper', span: inv.program.span }], inv.source, chdir ? chdir : undefined);
  return { kind: 'inner', inv: next };
}

/** Parse the wrapper's options; unknown or dynamic ones make it opaque. */
function opts(inv: Invocation, name: string) {
  const r = getopt(inv.args, WRAP_SPECS[name], 0, true);
  let bad: string | null = null;
  if (r.unknown.length) bad = `unknown option ${r.unknown[0]} of ${name}`;
  const first = r.operands[0];
  if (!bad && first && !first.static && first.approx.startsWith('-')) bad = `dynamic option word of ${name}`;
  const idx = first ? r.first : -1;
  return { r, bad, idx };
}

/** parallel's Perl: each `{= EXPR =}` of its arguments and each --rpl, as `perl -e` lines (null: some is dynamic). */
function perlOf(inv: Invocation, list: ReturnType<typeof getopt>['list']): string[] | null {
  const out: string[] = [];
  const q = (s: string) => "'" + s.split("'").join("'\\''") + "'";
  for (const o of list) if (o.canon === 'rpl') {
    if (typeof o.value !== 'string' || !o.word.static) return null;
    out.push(`perl -e ${q(o.value)}`);
  }
  for (const w of inv.args) {
    const t = w.static ? (w.value ?? '') : w.raw;
    for (let at = t.indexOf('{='); at >= 0; at = t.indexOf('{=', at + 2)) {
      const end = t.indexOf('=}', at + 2);
      if (!w.static || end < 0) return null;
      out.push(`perl -e ${q(t.slice(at + 2, end))}`);
    }
  }
  return out;
}

function simple(name: string, skip = 0, selfWhen: string[] = []): Handler {
  return (inv) => {
    const { r, bad, idx } = opts(inv, name);
    if (bad) return { kind: 'opaque', why: bad };
    for (const s of selfWhen) if (r.options.has(s)) return { kind: 'self' };
    if (r.options.has('help') || r.options.has('version')) return { kind: 'self' };
    if (idx < 0) return { kind: 'self' };
    const at = idx + skip;
    if (at >= inv.args.length) return { kind: 'self' };
    return inner(inv, at, name);
  };
}

function assignmentOf(w: Word): Assignment | null {
  const text = w.static ? (w.value ?? '') : w.approx;
  const eq = text.indexOf('=');
  if (eq <= 0) return null;
  const name = text.slice(0, eq);
  // env(1) sets any static NAME=value it is given, BASH_FUNC_f%%=… too
  for (let i = 0; i < name.length && !w.static; i++) {
    const c = name.charCodeAt(i);
    const ok = c === 95 || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (i > 0 && c >= 48 && c <= 57);
    if (!ok) return null;
  }
  const value = w.static ? staticWord(text.slice(eq + 1), w.span) : { ...dynamicWord(text.slice(eq + 1), w.span), kinds: w.kinds, params: w.params };
  return { span: w.span, name, value, append: false };
}

export const WRAPPERS: Map<string, Handler> = new Map<string, Handler>([
  ['sudo', (inv) => {
    const { r, bad, idx } = opts(inv, 'sudo');
    if (bad) return { kind: 'opaque', why: bad };
    if (r.options.has('edit')) return { kind: 'self' };
    if (idx < 0) return { kind: 'self' };
    const chdir = r.list.find((o) => o.canon === 'chdir');
    // sudo VAR=value … cmd: the assignments are the command's environment
    const env: Assignment[] = [];
    let at = idx;
    for (let a = assignmentOf(inv.args[at]!); a && at < inv.args.length - 1; a = assignmentOf(inv.args[++at]!)) env.push(a);
    return inner(inv, at, 'sudo', { ...(chdir ? { chdir: staticWord(String(chdir.value), chdir.word.span) } : {}), ...(env.length ? { env } : {}) });
  }],
  ['doas', simple('doas')],
  ['pkexec', simple('pkexec')],
  ['su', asUser('su')],
  ['runuser', asUser('runuser')],
  ['env', (inv) => {
    const { r, bad } = opts(inv, 'env');
    if (bad) return { kind: 'opaque', why: bad };
    if (r.options.has('help') || r.options.has('version') || r.options.has('list-signal-handling')) return { kind: 'self' };
    const env: Assignment[] = [];
    let i = r.operands.length ? inv.args.indexOf(r.operands[0]) : inv.args.length;
    for (; i < inv.args.length; i++) {
      const a = assignmentOf(inv.args[i]);
      if (!a) break;
      env.push(a);
    }
    for (const o of r.list) if (o.canon === 'unset') env.push({ span: o.word.span, name: String(o.value), value: null, append: false });
    const split = r.list.find((o) => o.canon === 'split-string');
    const chdirOpt = r.list.find((o) => o.canon === 'chdir');
    const chdir = chdirOpt ? staticWord(String(chdirOpt.value), chdirOpt.word.span) : undefined;
    if (split) {
      const rest = inv.args.slice(i);
      const allStatic = rest.every((w) => w.static) && split.word.static;
      return { kind: 'shell', payload: allStatic ? String(split.value) : null, word: split.word, carrier: 'env -S', args: rest.map((w) => w.value ?? '') };
    }
    if (i >= inv.args.length) {
      // `env` / `env VAR=x` alone prints the environment.
      if (!env.length) return { kind: 'self' };
      const alone = withArgs(inv, []);
      alone.env = [...inv.env, ...env];
      return { kind: 'inner', inv: alone };
    }
    const res = inner(inv, i, 'env', { env, chdir });
    return res;
  }],
  ['timeout', simple('timeout', 1)],
  ['nice', simple('nice')],
  ['ionice', simple('ionice', 0, ['pid', 'pgid', 'uid'])],
  ['nohup', simple('nohup')],
  ['stdbuf', simple('stdbuf')],
  ['time', simple('time')],
  ['command', simple('command', 0, ['v', 'V'])],
  ['builtin', simple('builtin')],
  ['exec', simple('exec')],
  ['setsid', simple('setsid')],
  ['chrt', simple('chrt', 1, ['pid', 'max'])],
  ['taskset', simple('taskset', 1, ['pid'])],
  ['busybox', (inv) => {
    const a = inv.args[0];
    if (!a) return { kind: 'self' };
    if (!a.static) return inner(inv, 0, 'busybox');
    if ((a.value ?? '').startsWith('-')) return { kind: 'self' };
    return inner(inv, 0, 'busybox');
  }],
  ['watch', (inv) => {
    const { r, bad, idx } = opts(inv, 'watch');
    if (bad) return { kind: 'opaque', why: bad };
    if (idx < 0 || r.options.has('help') || r.options.has('version')) return { kind: 'self' };
    if (r.options.has('exec')) return inner(inv, idx, 'watch -x');
    const rest = inv.args.slice(idx);
    const payload = rest.every((w) => w.static) ? rest.map((w) => w.value ?? '').join(' ') : null;
    return { kind: 'shell', payload, word: rest[0], carrier: 'watch' };
  }],
  ['flock', (inv) => {
    const { r, bad, idx } = opts(inv, 'flock');
    if (bad) return { kind: 'opaque', why: bad };
    const c0 = r.list.find((o) => o.canon === 'command');
    if (c0) return { kind: 'shell', payload: c0.word.static && typeof c0.value === 'string' ? c0.value : null, word: c0.word, carrier: 'flock -c' };
    if (idx < 0) return { kind: 'self' };
    const next = inv.args[idx + 1];
    if (!next) return { kind: 'self' };
    const nv = sv(next);
    if (nv === '-c' || nv === '--command' || (nv && nv.startsWith('--command='))) {
      const pw = nv.startsWith('--command=') ? next : inv.args[idx + 2];
      if (!pw) return { kind: 'opaque', why: 'flock -c without a command' };
      const text = nv.startsWith('--command=') ? nv.slice(10) : sv(pw);
      return { kind: 'shell', payload: text ?? null, word: pw, carrier: 'flock -c' };
    }
    return inner(inv, idx + 1, 'flock');
  }],
  ['xargs', (inv) => {
    const { r, bad, idx } = opts(inv, 'xargs');
    if (bad) return { kind: 'opaque', why: bad };
    if (r.options.has('help') || r.options.has('version') || r.options.has('show-limits')) return { kind: 'self' };
    const input = dynamicWord('$(xargs input)', inv.program.span);
    const rep = r.options.get('I') ?? r.options.get('replace');
    const repl = rep === true ? '{}' : rep;
    if (repl && idx >= 0) {
      // -I{}: each occurrence, the command name's too, is replaced by an input item (unknown here);
      // nothing is appended
      const args = inv.args.map((w, k) => {
        if (k < idx || !w.static || !(w.value ?? '').includes(repl)) return w;
        if (w.value === repl) return { ...input, span: w.span };
        if (k === idx) return dynamicWord((w.value ?? '').split(repl).join('$(xargs input)'), w.span);
        // inside a word: a path around an item (~/{}) is that path with an unknown part; shell text
        // (sh -c 'echo {}') keeps the item as a variable the nested shell expands
        const v = w.value ?? '';
        if (!shellText(v)) return { ...dynamicWord(v.split(repl).join('$(xargs input)'), w.span), raw: w.raw };
        return staticWord(v.split(repl).join('"$XARGS_INPUT"'), w.span);
      });
      return inner(withArgs(inv, args), idx, 'xargs');
    }
    if (idx < 0) {
      const echo = withArgs(inv, [input]);
      echo.name = 'echo';
      echo.program = staticWord('echo', inv.program.span);
      echo.via = [...inv.via, { name: 'xargs', kind: 'wrapper', span: inv.program.span }];
      return { kind: 'inner', inv: echo };
    }
    return inner(inv, idx, 'xargs', { args: [input] });
  }],
  ['parallel', (inv) => {
    const { r, bad, idx } = opts(inv, 'parallel');
    if (bad) return { kind: 'opaque', why: bad };
    // --ssh CMD runs CMD to reach each host; --rpl and {= EXPR =} in any argument are Perl it runs
    const ssh = r.list.find((o) => o.canon === 'ssh');
    if (ssh) return typeof ssh.value === 'string' && ssh.word.static ? { kind: 'shell', payload: ssh.value, word: ssh.word, carrier: 'parallel --ssh' } : { kind: 'opaque', why: 'parallel --ssh' };
    const perl = perlOf(inv, r.list);
    if (perl === null) return { kind: 'opaque', why: 'parallel runs Perl known only at run time' };
    if (idx < 0) return { kind: 'opaque', why: 'parallel reads its commands from input' };
    let end = inv.args.length;
    for (let i = idx; i < inv.args.length; i++) {
      const v = sv(inv.args[i]);
      if (v === ':::' || v === '::::' || v === ':::+' || v === '::::+') {
        end = i;
        break;
      }
    }
    const cmd = inv.args.slice(idx, end);
    if (!cmd.length) return { kind: 'opaque', why: 'parallel runs its inputs as commands' };
    if (!cmd.every((w) => w.static)) return { kind: 'shell', payload: null, word: cmd[0], carrier: 'parallel' };
    const text = cmd.map((w) => w.value ?? '').join(' ');
    const inputs: string[] = [];
    let dynamicInput = end === inv.args.length;
    for (let i = end; i < inv.args.length; i++) {
      const w = inv.args[i];
      const v = sv(w);
      if (v === ':::' || v === ':::+') continue;
      if (v === '::::' || v === '::::+' || !w.static) {
        dynamicInput = true;
        continue;
      }
      inputs.push(v ?? '');
    }
    const q = (s: string) => "'" + s.split("'").join("'\\''") + "'";
    const one = (arg: string) => (text.includes('{}') ? text.split('{}').join(arg) : text + ' ' + arg);
    const lines = inputs.slice(0, 16).map((a) => one(q(a)));
    if (dynamicInput || inputs.length > 16) lines.push(one('"$PARALLEL_INPUT"'));
    return { kind: 'shell', payload: [...perl, ...lines].join('\n'), word: cmd[0], carrier: 'parallel' };
  }],
]);
