// The real Claude Code client for the end-to-end suite: a pinned version, installed by the suite
// itself into a cache folder the first time (it is not a dependency of the package, so a
// learner's `npm install` stays light). Also: can bubblewrap run here?
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const CLIENT_VERSION = '2.1.197';
export const ROOT = join(import.meta.dirname, '..', '..');
/** GATELAB_E2E_CACHE overrides the cache folder (CI caches it between runs). */
export const CACHE = process.env.GATELAB_E2E_CACHE || join(ROOT, 'node_modules', '.cache', 'gatelab-e2e');

const PKG = join(CACHE, 'node_modules', '@anthropic-ai', 'claude-code');

function installedVersion(): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** The native binary: the platform package's own file, else the wrapper's bin (after postinstall). */
function nativeBinary(): string | undefined {
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  for (const f of [join(CACHE, 'node_modules', '@anthropic-ai', `claude-code-linux-${arch}`, 'claude'), join(PKG, 'bin', 'claude.exe')]) {
    try {
      // The wrapper's placeholder stub is tiny; the real binary is hundreds of MB.
      if (statSync(f).size > 10_000_000) return f;
    } catch {
      /* try the next */
    }
  }
  return undefined;
}

/** Path of the pinned client's binary, installing it first if needed. Throws with npm's output. */
export function ensureClient(): string {
  if (installedVersion() !== CLIENT_VERSION || !nativeBinary()) {
    mkdirSync(CACHE, { recursive: true });
    const r = spawnSync('npm', ['install', '--prefix', CACHE, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', `@anthropic-ai/claude-code@${CLIENT_VERSION}`], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    if (r.status !== 0) throw new Error(`installing @anthropic-ai/claude-code@${CLIENT_VERSION} into ${CACHE} failed:\n${r.stdout}\n${r.stderr}`);
  }
  const bin = nativeBinary();
  if (!bin || installedVersion() !== CLIENT_VERSION) throw new Error(`no native claude binary for ${process.platform}-${process.arch} in ${CACHE}`);
  return bin;
}

/** Why the suite cannot run here, or undefined when bubblewrap works (user + net namespaces). */
export function sandboxUnavailable(): string | undefined {
  if (process.platform !== 'linux') return `bubblewrap needs Linux (this is ${process.platform})`;
  if (!existsSync('/usr/bin/bwrap') && spawnSync('sh', ['-c', 'command -v bwrap']).status !== 0) return 'bwrap is not installed';
  const r = spawnSync('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-net', '--unshare-pid', '--unshare-user', '--uid', '1000', '--gid', '1000', 'true'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (r.status !== 0) return `bwrap cannot create a sandbox here: ${(r.stderr || r.error?.message || `exit ${r.status}`).trim().slice(0, 300)}`;
  return undefined;
}
