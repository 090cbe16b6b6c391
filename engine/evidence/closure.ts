// The local import closure of a Python entrypoint, read through the fs port without running it.
// Absolute imports resolve against the entrypoint's folder, relative imports against the
// importing module's package, and `from m import x` follows `m.x` as a submodule too.
import sha256Hash from 'crypto-js/sha256';
import Hex from 'crypto-js/enc-hex';
import type { FsPort } from '../types.ts';
import { normalizePath, isInWorkspace, dirname, basename } from '../paths/index.ts';
import { scanModule, type ScriptIssueKind } from './python.ts';

/** At most this many files in one closure. */
export const MAX_CLOSURE_FILES = 64;
/** At most this many bytes across the closure. */
export const MAX_CLOSURE_BYTES = 512 * 1024;
/** At most this many bytes in one module. */
export const MAX_MODULE_BYTES = 256 * 1024;

export type ClosureIssueKind = ScriptIssueKind | 'oversized' | 'outside-workspace' | 'unreadable' | 'no-script';

export interface ClosureIssue {
  kind: ClosureIssueKind;
  message: string;
  path?: string;
}

export interface ClosureFile {
  path: string;
  role: 'entrypoint' | 'module' | 'inline';
  text: string;
  sha256: string;
  bytes: number;
}

export interface Closure {
  files: ClosureFile[];
  issues: ClosureIssue[];
  /** Literal shell commands the closure runs. */
  commands: string[];
  /** Absolute imports with no local file (standard library or installed packages). */
  external: string[];
  /** Writes, deletes, network and database access the modules perform (`file: effect`). */
  effects: string[];
}

export type Entry = { kind: 'file'; path: string } | { kind: 'module'; name: string } | { kind: 'inline'; source: string };

export interface ClosureEnv {
  cwd: string;
  workspace: readonly string[];
  fs?: FsPort;
}

export function sha256(text: string): string {
  return sha256Hash(text).toString(Hex);
}

export function readClosure(entry: Entry, env: ClosureEnv): Closure {
  const c: Closure = { files: [], issues: [], commands: [], external: [], effects: [] };
  const fs = env.fs;
  let total = 0;
  const seen = new Set<string>();
  const queue: { path: string; text?: string; role: ClosureFile['role'] }[] = [];
  const issue = (kind: ClosureIssueKind, message: string, path?: string) => {
    if (!c.issues.some((x) => x.kind === kind && x.message === message)) c.issues.push({ kind, message, path });
  };
  // A symlink is followed through the port (an in-tree link to a module is that module).
  const kindOf = (p: string): string | undefined => {
    const st = fs?.stat(p);
    if (st?.kind !== 'symlink') return st?.kind;
    const real = fs!.realpath(p);
    return real === null ? undefined : fs!.stat(real)?.kind;
  };
  const exists = (p: string, kind: 'file' | 'dir') => kindOf(p) === kind;

  /** Files a dotted module name maps to under `base` (package inits first), or null. */
  const moduleFiles = (base: string, name: string): string[] | null => {
    const parts = name.split('.').filter(Boolean);
    const files: string[] = [];
    let dir = base;
    for (let k = 0; k < parts.length; k++) {
      const p = normalizePath(dir + '/' + parts[k]);
      if (k < parts.length - 1) {
        if (!exists(p, 'dir')) return null;
        if (exists(p + '/__init__.py', 'file')) files.push(p + '/__init__.py');
        dir = p;
      } else if (exists(p + '.py', 'file')) files.push(p + '.py');
      else if (exists(p + '/__init__.py', 'file')) files.push(p + '/__init__.py');
      else return null;
    }
    return files;
  };

  const root = entry.kind === 'file' ? dirname(normalizePath(entry.path)) : env.cwd;
  if (!fs) {
    issue('unreadable', 'no file-system port: the script closure cannot be read');
    if (entry.kind !== 'inline') return c;
  }
  if (entry.kind === 'file') queue.push({ path: normalizePath(entry.path), role: 'entrypoint' });
  else if (entry.kind === 'inline') queue.push({ path: '<inline>', text: entry.source, role: 'inline' });
  else if (fs) {
    let files = moduleFiles(env.cwd, entry.name);
    const last = files?.[files.length - 1];
    if (last?.endsWith('/__init__.py')) {
      const main = dirname(last) + '/__main__.py';
      files = exists(main, 'file') ? [...files!, main] : null;
    }
    if (!files) {
      issue('no-script', `module ${entry.name} is not a local script that can be inspected`);
      return c;
    }
    files.forEach((p, k) => queue.push({ path: p, role: k === files!.length - 1 ? 'entrypoint' : 'module' }));
  }

  while (queue.length) {
    const item = queue.shift()!;
    if (seen.has(item.path)) continue;
    seen.add(item.path);
    let text = item.text;
    if (text === undefined) {
      if (!isInWorkspace(item.path, env.workspace)) {
        issue('outside-workspace', `${item.path} is outside the workspace`, item.path);
        continue;
      }
      const real = fs!.realpath(item.path);
      if (real !== null && !isInWorkspace(real, env.workspace)) {
        issue('outside-workspace', `${item.path} resolves outside the workspace (${real})`, item.path);
        continue;
      }
      if (c.files.length >= MAX_CLOSURE_FILES) {
        issue('oversized', `the closure has more than ${MAX_CLOSURE_FILES} files`);
        break;
      }
      const r = fs!.readFile(real ?? item.path, MAX_MODULE_BYTES);
      if (!r) {
        issue('unreadable', `cannot read ${item.path}`, item.path);
        continue;
      }
      if (r.truncated || r.size > MAX_MODULE_BYTES) {
        issue('oversized', `${item.path} is larger than ${MAX_MODULE_BYTES} bytes`, item.path);
        continue;
      }
      text = r.text;
    }
    total += text.length;
    if (total > MAX_CLOSURE_BYTES) {
      issue('oversized', `the closure is larger than ${MAX_CLOSURE_BYTES} bytes`);
      break;
    }
    c.files.push({ path: item.path, role: item.role, text, sha256: sha256(text), bytes: text.length });
    const scan = scanModule(text);
    for (const x of scan.issues) issue(x.kind, `${item.role === 'inline' ? 'inline code' : basename(item.path)}: ${x.message}`, item.path);
    c.commands.push(...scan.commands);
    for (const e of scan.effects) c.effects.push(`${item.role === 'inline' ? 'inline code' : basename(item.path)}: ${e}`);
    if (!fs) continue;
    const pkgDir = item.path === '<inline>' ? env.cwd : dirname(item.path);
    for (const imp of scan.imports) {
      let base = root;
      if (imp.level > 0) {
        base = pkgDir;
        for (let l = 1; l < imp.level; l++) base = dirname(base);
      }
      const mod = imp.module;
      const found = mod ? moduleFiles(base, mod) : exists(base + '/__init__.py', 'file') ? [base + '/__init__.py'] : [];
      if (found === null) {
        if (imp.level > 0) issue('unreadable', `relative import .${mod} from ${item.path} not found`, item.path);
        else if (!c.external.includes(mod)) c.external.push(mod);
        continue;
      }
      for (const f of found) queue.push({ path: f, role: 'module' });
      const modDir = mod ? normalizePath(base + '/' + mod.split('.').join('/')) : base;
      for (const name of imp.names) {
        if (name === '*') continue;
        // The imported name may be a submodule as well as an attribute.
        const sub = moduleFiles(modDir, name);
        if (sub) for (const f of sub) queue.push({ path: f, role: 'module' });
      }
    }
  }
  return c;
}
