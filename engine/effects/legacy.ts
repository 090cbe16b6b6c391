// Effects of a program the program table does not describe: every argument may be a file it
// reads (a guess), and a network tool's name says it reaches the network. Writers, deleters and
// everything else come from the program specs (engine/programs/specs).
import type { Invocation } from '../shell/types.ts';
import type { Effect } from './types.ts';
import type { Parsed } from '../shell/normalize/index.ts';
import { NETWORK } from '../shell/normalize/state.ts';
import { pathRef, type PathScope } from './paths.ts';

/** Programs whose path arguments are not read for their content. */
const NOT_READERS = new Set(['ls', 'stat', 'rm', 'rmdir', 'touch', 'mkdir', 'chmod', 'chown', 'chgrp', 'test', '[', 'realpath', 'readlink', 'basename', 'dirname', 'du', 'echo', 'printf', 'which', 'type', 'cd', 'mv', 'ln', 'find', 'fd', 'tree', 'file', 'ssh-add', 'ssh-keygen', 'unlink', 'shred', 'truncate', 'mkfs', 'wipefs', 'export', 'declare', 'local', 'readonly', 'typeset', 'unset', 'alias', 'true', 'false', 'pushd', 'popd', 'exit', 'return', 'kill', 'sleep', 'command', 'builtin', 'hash', 'git']);
const KEY_OPTION = new Set(['-i', '-F', '--identity', '-k']);
const KEY_PROGRAMS = new Set(['ssh', 'scp', 'sftp', 'rsync', 'git']);

/** The guessed effects of an unknown program `inv` (`withReads` false: a described program, none). */
export function legacyEffects(inv: Invocation, sc: PathScope, out: Effect[], withReads: boolean): void {
  if (!inv.program.static || !withReads) return;
  const name = inv.name;
  reads(inv, sc, out);
  if (NETWORK.has(name)) out.push({ kind: 'network', how: name, direction: 'both', word: inv.program });
}

/** Every argument may be a file the program reads (option values after `=`, curl's `@file`). */
function reads(inv: Invocation, sc: PathScope, out: Effect[]): void {
  const name = inv.name;
  if (NOT_READERS.has(name)) return;
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.static && KEY_OPTION.has(w.value!) && KEY_PROGRAMS.has(name)) {
      i++;
      continue;
    }
    if (!w.static) {
      if (w.kinds.length && w.kinds.every((k) => k === 'process')) continue;
      out.push({ kind: 'read', how: name, path: pathRef(w, sc), guess: true });
      continue;
    }
    let t = w.value!;
    const at = t.indexOf('@');
    if (at >= 0 && (at === 0 || t[at - 1] === '=')) t = t.slice(at + 1);
    else if (t.startsWith('-')) {
      const eq = t.indexOf('=');
      if (eq < 0) continue;
      t = t.slice(eq + 1);
    }
    if (t === '' || t === '-' || t.includes('://')) continue;
    out.push({ kind: 'read', how: name, path: pathRef(w, sc, t), guess: true });
  }
}

/** git config with only a key or a --get/--list flag reads a value (parsed by the old option tables). */
export function isConfigRead(p: Parsed): boolean {
  for (const k of ['get', 'get-all', 'get-regexp', 'get-urlmatch', 'list', 'get-color', 'get-colorbool']) if (p.options.has(k)) return true;
  const sub = p.operands[0];
  if (sub && sub.static && (sub.value === 'get' || sub.value === 'list')) return true;
  return p.operands.length === 1 && !['unset', 'unset-all', 'add', 'replace-all', 'rename-section', 'remove-section', 'edit'].some((k) => p.options.has(k));
}
