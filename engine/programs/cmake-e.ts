// cmake -E CMD ARGS…: cmake's portable file commands (rm, remove_directory, copy, rename, touch,
// create_symlink …) and its command runners (env, chdir, time). Each is described by what it does
// to its arguments; an unknown command of -E is left to cmake's own (unmodelled) facts.
import type { Word } from '../shell/types.ts';
import type { ArgFact, ArgRole, HookContext } from './types.ts';
import { argFact } from './fact.ts';
import { sv } from './words.ts';

type Shape = { every?: ArgRole; last?: ArgRole; recursive?: boolean; argvAfter?: number };

const SHAPES: Record<string, Shape> = {
  remove: { every: 'delete' },
  remove_directory: { every: 'delete', recursive: true },
  make_directory: { every: 'write' },
  touch: { every: 'write' },
  touch_nocreate: { every: 'write' },
  copy: { every: 'read', last: 'write' },
  copy_if_different: { every: 'read', last: 'write' },
  copy_directory: { every: 'read', last: 'write', recursive: true },
  copy_directory_if_different: { every: 'read', last: 'write', recursive: true },
  rename: { every: 'delete', last: 'write' },
  create_symlink: { every: 'read', last: 'write' },
  create_hardlink: { every: 'read', last: 'write' },
  cat: { every: 'read' },
  compare_files: { every: 'read' },
  sha256sum: { every: 'read' },
  md5sum: { every: 'read' },
  time: { argvAfter: 0 },
  chdir: { argvAfter: 1 },
};

function push(ctx: HookContext, role: ArgRole, w: Word, recursive: boolean): void {
  const a: ArgFact = argFact(role, w);
  if (recursive) a.recursive = true;
  ctx.facts.args.push(a);
}

export function cmakeE(ctx: HookContext): void {
  const args = ctx.args;
  const at = args.findIndex((w) => sv(w) === '-E');
  if (at < 0) return;
  const cmd = sv(args[at + 1]);
  let rest = args.slice(at + 2);
  const f = ctx.facts;
  if (cmd === 'rm') {
    // rm [-r|-R] [-f] PATH…
    const flags = new Set<string>();
    while (rest.length && (sv(rest[0]) ?? '').startsWith('-')) {
      for (const ch of sv(rest[0])!.slice(1)) flags.add(ch);
      rest = rest.slice(1);
    }
    f.args = f.args.filter((a) => a.option !== undefined);
    f.issues = [];
    for (const w of rest) push(ctx, 'delete', w, flags.has('r') || flags.has('R'));
    return;
  }
  if (cmd === 'env') {
    // env [--unset=NAME] [NAME=VALUE]… CMD ARGS…
    let k = 0;
    while (k < rest.length && ((sv(rest[k]) ?? '').startsWith('--unset=') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(sv(rest[k]) ?? ''))) k++;
    if (sv(rest[k]) === '--') k++;
    rest = rest.slice(k);
    if (!rest.length) return;
    f.args = f.args.filter((a) => a.option !== undefined);
    f.issues = [];
    f.args.push({ ...argFact('exec-argv', rest[0]!), argv: rest });
    return;
  }
  const shape = cmd === undefined ? undefined : SHAPES[cmd];
  if (!shape) return;
  f.args = f.args.filter((a) => a.option !== undefined);
  f.issues = [];
  if (shape.argvAfter !== undefined) {
    if (shape.argvAfter === 1 && rest[0]) push(ctx, 'cwd', rest[0], false);
    const argv = rest.slice(shape.argvAfter);
    if (argv.length) f.args.push({ ...argFact('exec-argv', argv[0]!), argv });
    return;
  }
  rest.forEach((w, i) => push(ctx, i === rest.length - 1 && shape.last && rest.length > 1 ? shape.last : shape.every!, w, shape.recursive === true));
}
