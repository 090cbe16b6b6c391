// Effects of programs the program table does not describe (yet): the writers, deleters and
// readers the engine knew before engine/programs, kept so no class is lost while the table grows.
import type { Invocation, Word } from '../shell/types.ts';
import type { Effect } from './types.ts';
import { parseOptions, findRoots, type Parsed } from '../shell/normalize/index.ts';
import { sedRunsCode } from '../shell/normalize/carriers.ts';
import { NETWORK } from '../shell/normalize/state.ts';
import { pathRef, type PathScope } from './paths.ts';
import { isBlockDevice } from './devices.ts';

/** Programs whose path arguments are not read for their content. */
const NOT_READERS = new Set(['ls', 'stat', 'rm', 'rmdir', 'touch', 'mkdir', 'chmod', 'chown', 'chgrp', 'test', '[', 'realpath', 'readlink', 'basename', 'dirname', 'du', 'echo', 'printf', 'which', 'type', 'cd', 'mv', 'ln', 'find', 'fd', 'tree', 'file', 'ssh-add', 'ssh-keygen', 'unlink', 'shred', 'truncate', 'mkfs', 'wipefs', 'export', 'declare', 'local', 'readonly', 'typeset', 'unset', 'alias', 'true', 'false', 'pushd', 'popd', 'exit', 'return', 'kill', 'sleep', 'command', 'builtin', 'hash', 'git']);
const KEY_OPTION = new Set(['-i', '-F', '--identity', '-k']);
const KEY_PROGRAMS = new Set(['ssh', 'scp', 'sftp', 'rsync', 'git']);

function opt(p: Parsed, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = p.options.get(n);
    if (typeof v === 'string') return v;
  }
  return undefined;
}

/** The effects the legacy tables know for `inv` (redirections excluded). */
export function legacyEffects(inv: Invocation, sc: PathScope, out: Effect[], withReads: boolean): void {
  if (!inv.program.static || !withReads) return;
  const name = inv.name;
  reads(inv, sc, out);
  writes(inv, sc, out);
  deletes(inv, sc, out);
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

const WRITERS = new Set(['aria2c', 'tee', 'cp', 'install', 'ln', 'rsync', 'mv', 'sed', 'touch', 'mkdir', 'shred', 'truncate', 'chmod', 'chown', 'chgrp', 'chattr', 'setfacl', 'dd', 'patch', 'tar', 'curl', 'wget', 'sort', 'git']);

function writes(inv: Invocation, sc: PathScope, out: Effect[]): void {
  const name = inv.name;
  if (!WRITERS.has(name)) return;
  // git writes here only by config and clone; skip its parse otherwise.
  if (name === 'git' && !inv.args.some((w) => w.static && (w.value === 'config' || w.value === 'clone'))) return;
  const add = (word: Word, how: string, create: Effect['create'] = 'truncate') => out.push({ kind: 'write', how, path: pathRef(word, sc), create });
  const addText = (value: string, word: Word, how: string, create: Effect['create'] = 'truncate') => {
    const path = pathRef(word, sc, value);
    out.push(path.abs !== null && isBlockDevice(path.abs) ? { kind: 'device', how, path, create } : { kind: 'write', how, path, create });
  };
  const p = parseOptions(inv);
  const ops = p.operands;
  switch (name) {
    case 'tee':
      for (const w of ops) add(w, 'tee', p.options.has('append') ? 'append' : 'truncate');
      break;
    case 'cp':
    case 'install':
    case 'ln':
    case 'rsync': {
      const t = opt(p, 'target-directory');
      if (t !== undefined) addText(t, inv.program, `${name} -t`, 'create');
      else if (ops.length) add(ops[ops.length - 1]!, name);
      if (name === 'install' && p.options.has('directory')) for (const w of ops) add(w, 'install -d', 'create');
      break;
    }
    case 'mv': {
      const t = opt(p, 'target-directory');
      if (t !== undefined) addText(t, inv.program, 'mv -t', 'create');
      for (const w of ops) add(w, 'mv');
      break;
    }
    case 'sed': {
      const explicit = p.options.has('expression') || p.options.has('file');
      if (p.options.has('in-place')) for (const w of explicit ? ops : ops.slice(1)) add(w, 'sed -i');
      const scripts: string[] = [];
      if (!explicit && ops[0] && ops[0].static) scripts.push(ops[0].value!);
      const ev = p.options.get('expression');
      if (typeof ev === 'string') scripts.push(ev);
      for (const s of scripts) {
        const files: string[] = [];
        sedRunsCode(s, undefined, files);
        for (const f of files) if (f && f !== '/dev/stdout' && f !== '/dev/stderr') addText(f, inv.program, 'sed w');
      }
      break;
    }
    case 'touch':
    case 'mkdir':
      for (const w of ops) add(w, name, 'create');
      break;
    case 'shred':
    case 'truncate':
      for (const w of ops) {
        const path = pathRef(w, sc);
        out.push(path.abs !== null && isBlockDevice(path.abs) ? { kind: 'device', how: name, path, create: 'truncate' } : { kind: 'write', how: name, path, create: 'truncate' });
      }
      break;
    case 'chmod':
    case 'chown':
    case 'chgrp':
    case 'chattr':
    case 'setfacl': {
      const kind = name === 'chown' || name === 'chgrp' ? 'owner' : 'mode';
      const recursive = p.options.has('recursive') || p.options.has('R');
      for (const w of p.options.has('reference') || name === 'setfacl' ? ops : ops.slice(1)) out.push({ kind, how: name, path: pathRef(w, sc), recursive });
      break;
    }
    case 'dd':
      for (const w of inv.args) if (w.static && w.value!.startsWith('of=')) addText(w.value!.slice(3), w, 'dd of=');
      break;
    case 'patch': {
      const o = opt(p, 'output');
      if (o !== undefined) addText(o, inv.program, 'patch -o');
      if (ops[0]) add(ops[0], 'patch');
      break;
    }
    case 'tar': {
      const c = opt(p, 'directory');
      if (p.options.has('extract') || firstBundle(inv, 'x')) {
        if (c !== undefined) addText(c, inv.program, 'tar -x -C', 'create');
        else if (sc.cwd !== null) addText(sc.cwd, inv.program, 'tar -x', 'create');
        else out.push({ kind: 'write', how: 'tar -x', path: pathRef(inv.program, sc, '.'), create: 'create' });
      }
      const f = opt(p, 'file');
      if (f !== undefined && f !== '-' && (p.options.has('create') || firstBundle(inv, 'c'))) addText(f, inv.program, 'tar -c -f');
      break;
    }
    case 'curl': {
      const o = opt(p, 'output');
      if (o !== undefined && o !== '-') addText(o, inv.program, 'curl -o');
      // -O / --remote-name: saved under the URL's last path segment.
      if (p.options.has('remote-name') || p.options.has('O') || p.options.has('remote-name-all')) for (const w of ops) if (w.static && w.value!.includes('/')) addText(urlBase(w.value!), w, 'curl -O', 'create');
      break;
    }
    case 'aria2c':
      for (const w of ops) if (w.static && w.value!.includes('://')) addText(urlBase(w.value!), w, 'aria2c', 'create');
      break;
    case 'wget': {
      const o = opt(p, 'output-document');
      if (o !== undefined && o !== '-') addText(o, inv.program, 'wget -O');
      else if (o === undefined) {
        // Without -O, wget saves each URL under its last path segment in the cwd.
        for (const w of ops) if (w.static) addText(urlBase(w.value!), w, 'wget', 'create');
      }
      break;
    }
    case 'sort': {
      const o = opt(p, 'output', 'o');
      if (o !== undefined) addText(o, inv.program, 'sort -o');
      break;
    }
    case 'git': {
      const sub = p.subcommand[0];
      if (sub === 'clone' && ops.length === 1 && ops[0]!.static) {
        // git clone URL: into the URL's last segment, without .git.
        const b = urlBase(ops[0]!.value!);
        addText(b.endsWith('.git') ? b.slice(0, -4) : b, ops[0]!, 'git clone', 'create');
      }
      if (sub === 'config' && !isConfigRead(p)) {
        if (p.options.has('global')) addText(sc.home + '/.gitconfig', inv.program, 'git config --global');
        else if (p.options.has('system')) addText('/etc/gitconfig', inv.program, 'git config --system');
        else addText(opt(p, 'file') ?? '.git/config', inv.program, 'git config');
      }
      break;
    }
  }
}

/** The file name a download saves a URL under (its last path segment). */
function urlBase(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const slash = path.lastIndexOf('/');
  return slash < 0 || slash === path.length - 1 || path.indexOf('://') + 2 === slash ? 'index.html' : path.slice(slash + 1);
}

function firstBundle(inv: Invocation, c: string): boolean {
  const f = inv.args[0];
  return !!f && f.static && !f.value!.startsWith('-') && f.value!.includes(c) && f.value!.length <= 8;
}

export function isConfigRead(p: Parsed): boolean {
  for (const k of ['get', 'get-all', 'get-regexp', 'get-urlmatch', 'list', 'get-color', 'get-colorbool']) if (p.options.has(k)) return true;
  const sub = p.operands[0];
  if (sub && sub.static && (sub.value === 'get' || sub.value === 'list')) return true;
  return p.operands.length === 1 && !['unset', 'unset-all', 'add', 'replace-all', 'rename-section', 'remove-section', 'edit'].some((k) => p.options.has(k));
}

/** rm, unlink, rmdir, shred -u, find -delete, rsync --delete, mv to /dev/null. */
function deletes(inv: Invocation, sc: PathScope, out: Effect[]): void {
  const name = inv.name;
  switch (name) {
    case 'rm':
    case 'unlink': {
      const p = parseOptions(inv);
      const recursive = name === 'rm' && p.options.has('recursive');
      for (const w of p.operands) out.push({ kind: 'delete', how: recursive ? 'recursive rm' : name, path: pathRef(w, sc), recursive });
      return;
    }
    case 'rmdir':
      for (const w of parseOptions(inv).operands) out.push({ kind: 'delete', how: 'rmdir', path: pathRef(w, sc), recursive: false });
      return;
    case 'shred': {
      const p = parseOptions(inv);
      for (const w of p.operands) out.push({ kind: 'delete', how: 'shred', path: pathRef(w, sc), recursive: false });
      return;
    }
    case 'find': {
      if (!inv.args.some((w) => w.static && w.value === '-delete')) return;
      const { roots, filtered } = findRoots(inv.args);
      if (filtered) return;
      if (!roots.length) out.push({ kind: 'delete', how: 'find -delete', path: pathRef(inv.program, sc, '.'), recursive: true });
      for (const w of roots) out.push({ kind: 'delete', how: 'find -delete', path: pathRef(w, sc), recursive: true });
      return;
    }
    case 'rsync': {
      const p = parseOptions(inv);
      const del = [...p.options.keys()].some((k) => k.startsWith('delete') || k === 'remove-source-files');
      const dest = p.operands[p.operands.length - 1];
      if (del && dest && p.operands.length >= 2) out.push({ kind: 'delete', how: 'rsync --delete', path: pathRef(dest, sc), recursive: true });
      return;
    }
    case 'mv': {
      const p = parseOptions(inv);
      const ops = p.operands;
      const dest = ops[ops.length - 1];
      if (dest && dest.static && dest.value === '/dev/null' && ops.length >= 2) {
        for (const w of ops.slice(0, -1)) out.push({ kind: 'delete', how: 'mv to /dev/null', path: pathRef(w, sc), recursive: true });
      }
      return;
    }
  }
}
