// Hooks for programs that run a command given in a shape no option table can say: an apt option
// whose key names a hook, a D-Bus unixexec: address, a comma-separated wrapper argv, a service
// name with a path in it, a program and its arguments split by `--`.
import type { Word } from '../shell/types.ts';
import type { ArgFact, HookContext } from './types.ts';
import { argFact } from './fact.ts';
import { staticWord } from '../shell/words.ts';

function execArgv(ctx: HookContext, at: Word, argv: Word[]): void {
  const a = argFact('exec-argv', at);
  a.argv = argv;
  ctx.facts.args.push(a);
}

function execLine(ctx: HookContext, at: Word, text: string): void {
  const a = argFact('exec-line', at);
  a.text = text;
  ctx.facts.args.push(a);
}

/** apt's `-o KEY=VALUE`: keys that name a hook (DPkg::Pre-Invoke, APT::Update::Post-Invoke-Success, DPkg::Pre-Install-Pkgs) run VALUE. */
export function aptOptions(ctx: HookContext): void {
  const args = ctx.args;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (!w.static) continue;
    const v = w.value ?? '';
    let t: string | undefined;
    let at = w;
    if ((v === '-o' || v === '--option') && args[i + 1]) {
      at = args[i + 1]!;
      t = at.static ? at.value : undefined;
    } else if (v.startsWith('--option=')) t = v.slice(9);
    else if (v.startsWith('-o') && v.length > 2) t = v.slice(2);
    const eq = t === undefined ? -1 : t.indexOf('=');
    if (t === undefined || eq < 0) continue;
    const key = t.slice(0, eq);
    if (key.includes('Invoke') || key.includes('Install-Pkgs')) execLine(ctx, at, t.slice(eq + 1));
  }
}

/** D-Bus clients' `--address=unixexec:path=P,argv1=A,…`: the bus is a program they start. */
export function unixexecAddress(ctx: HookContext): void {
  for (const w of ctx.args) {
    const v = w.static ? (w.value ?? '') : '';
    const at = v.indexOf('unixexec:');
    if (at < 0) continue;
    let path: string | null = null;
    const argv: string[] = [];
    for (const kv of v.slice(at + 9).split(',')) {
      const eq = kv.indexOf('=');
      const k = kv.slice(0, eq);
      const val = kv.slice(eq + 1);
      if (k === 'path') path = val;
      else if (k.startsWith('argv') && k !== 'argv0') argv[Number(k.slice(4))] = val;
    }
    if (path === null) continue;
    execArgv(ctx, w, [staticWord(path, w.span), ...argv.filter((x) => x !== undefined).map((x) => staticWord(x, w.span))]);
    ctx.effect = true;
  }
}

/** `gcc -wrapper prog,arg,…`: every compiler pass runs under prog. */
export function wrapperList(ctx: HookContext): void {
  for (let i = 0; i + 1 < ctx.args.length; i++) {
    const w = ctx.args[i]!;
    if (!w.static || w.value !== '-wrapper') continue;
    const list = ctx.args[i + 1]!;
    if (!list.static) continue;
    execArgv(ctx, list, (list.value ?? '').split(',').map((x) => staticWord(x, list.span)));
  }
}

/** `service NAME ARGS`: runs /etc/init.d/NAME, so a NAME with a slash is a path out of it. */
export function serviceScript(ctx: HookContext): void {
  const name = ctx.operands[0];
  if (!name || !name.static || !(name.value ?? '').includes('/')) return;
  execArgv(ctx, name, [staticWord('/etc/init.d/' + name.value, name.span), ...ctx.operands.slice(1)]);
}

/** start-stop-daemon: the -x/--exec (or -a/--startas) program runs with the arguments after `--`. */
export function daemonArgv(ctx: HookContext): void {
  const f = ctx.facts;
  let prog: ArgFact | undefined;
  for (const a of f.args) if ((a.option === 'exec' || a.option === 'startas') && a.role === 'exec-line') prog = a;
  if (!prog) return;
  const text = prog.text ?? (prog.word.static ? prog.word.value : undefined);
  if (text === undefined) return;
  // the operands are that program's arguments, not a command of their own
  f.args = f.args.filter((a) => !(a.role === 'exec-argv' && a.option === undefined) && a !== prog);
  execArgv(ctx, prog.word, [staticWord(text, prog.word.span), ...ctx.operands]);
}

/** A subcommand path (`sandbox linux`, `execute`) after which the operands are a command: argv, or one shell line. */
export function commandAfter(path: readonly string[], shape: 'argv' | 'line') {
  return (ctx: HookContext): void => {
    const ops = ctx.operands;
    for (let k = 0; k < path.length; k++) if (!ops[k] || !ops[k]!.static || ops[k]!.value !== path[k]) return;
    const rest = ops.slice(path.length);
    if (!rest.length) return;
    if (shape === 'argv') return execArgv(ctx, rest[0]!, rest);
    if (rest.every((w) => w.static)) execLine(ctx, rest[0]!, rest.map((w) => w.value ?? '').join(' '));
    else ctx.facts.issues.push(`${path.join(' ')}: a dynamic command`);
  };
}

/** `PROG [opts] [ARGS] -- CMD…` (reflex, onchange): the words after the first `--` are a command. */
export function afterDashDash(ctx: HookContext): void {
  ctx.effect = true;
  const at = ctx.args.findIndex((w) => w.static && w.value === '--');
  if (at < 0 || at + 1 >= ctx.args.length) return;
  const argv = ctx.args.slice(at + 1);
  ctx.facts.args = ctx.facts.args.filter((a) => a.word.span.start < ctx.args[at]!.span.start);
  execArgv(ctx, argv[0]!, argv);
}
