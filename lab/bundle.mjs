// A prebuilt bundle of the lab CLI, so that a verb that runs often (regress, explain …) starts
// without tsx transpiling some 250 TypeScript files one by one.
//
// esbuild bundles lab/bundle-entry.ts (the CLI of lab/main.ts, with the engine, yaml and zod;
// `lab regress` has lab/regress-entry.ts, bundle name `regress`) into one ES module in the
// cache folder (node_modules/.cache/gatelab, or $GATELAB_CACHE_DIR),
// named by a key: one SHA-256 over every input file's bytes as esbuild read them (each file
// is read once, by the plugin below, and the key is made from the same bytes it hands to
// esbuild), the Node version and this file. Before each use every input is read and hashed
// again; one byte changed anywhere, a file gone, or an unreadable manifest, and the bundle is
// rebuilt. Modification times are never trusted. Writes are atomic (temporary file, then
// rename), so two runs at once at worst both build. Anything going wrong returns null:
// bin.mjs then runs the sources through tsx.
// GATELAB_CACHE=off skips the bundle.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = fileURLToPath(import.meta.url);
export const ROOT = join(dirname(HERE), '..');

export function cacheDir(env = process.env) {
  return env.GATELAB_CACHE_DIR || join(ROOT, 'node_modules', '.cache', 'gatelab');
}

const sha = (b) => createHash('sha256').update(b).digest('hex');

/** What every key also covers: the bundler (this file) and the Node that will run the output. */
function salt() {
  return sha(readFileSync(HERE)) + '\0' + process.version;
}

/** The key of a set of inputs: one SHA-256 over each path (relative to root) and its bytes, in path order. */
function keyOf(files) {
  const h = createHash('sha256').update(salt());
  for (const p of Object.keys(files).sort()) {
    const b = files[p];
    h.update(`\0${p}\0${b.length}\0`).update(b);
  }
  return h.digest('hex').slice(0, 24);
}

/** The current key of a manifest's inputs, or null when one cannot be read. */
function currentKey(root, inputs) {
  const files = {};
  try {
    for (const p of inputs) files[p] = readFileSync(join(root, p));
  } catch {
    return null;
  }
  return keyOf(files);
}

function writeAtomic(file, text) {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.json': 'json' };

/**
 * esbuild plugin: read every input once, keep those bytes for the key, and (outside node_modules) give
 * `import.meta.url / dirname / filename` the source file's own values, so that paths
 * computed from them (REPO_ROOT …) stay what they are under tsx.
 */
function hashingReader(root, files) {
  return {
    name: 'gatelab-hashing-reader',
    setup(b) {
      b.onLoad({ filter: /\.(ts|mts|cts|js|mjs|cjs|json)$/ }, (a) => {
        const bytes = readFileSync(a.path);
        files[relative(root, a.path)] = bytes;
        let contents = bytes.toString('utf8');
        if (!a.path.includes('/node_modules/') && contents.includes('import.meta')) {
          contents = contents
            .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(a.path).href))
            .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(dirname(a.path)))
            .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(a.path));
        }
        const ext = a.path.slice(a.path.lastIndexOf('.'));
        return { contents, loader: LOADERS[ext] ?? 'js' };
      });
    },
  };
}

/** Packages left outside the bundle: native addons, the bundler, tsx. */
const EXTERNAL = /^(re2|esbuild|tsx|fsevents)(\/.*)?$/;

/** Externals by absolute path, resolved from root: the bundle may live outside the checkout. */
function externalAt(root, filter) {
  return {
    name: 'gatelab-external-at',
    setup(b) {
      b.onResolve({ filter }, async (a) => {
        const { createRequire } = await import('node:module');
        try {
          return { path: createRequire(join(root, 'package.json')).resolve(a.path), external: true };
        } catch {
          return { path: a.path, external: true };
        }
      });
    },
  };
}

/** Build the bundle of `entry` (relative to root) into dir; returns its path. Throws on failure. */
export async function buildBundle({ root = ROOT, entry = 'lab/bundle-entry.ts', dir = cacheDir(), name = 'lab' } = {}) {
  const { build } = await import('esbuild');
  const files = {};
  const r = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: join(dir, `${name}.mjs`),
    logLevel: 'silent',
    // CommonJS inside the bundle gets a real require.
    banner: { js: "import { createRequire as __gatelabRequire } from 'node:module'; const require = __gatelabRequire(import.meta.url);" },
    plugins: [hashingReader(root, files), externalAt(root, EXTERNAL)],
  });
  if (r.errors.length) throw new Error(r.errors.map((e) => e.text).join('\n'));
  // Files that steer the build without being inputs: compiler options, the lockfile.
  for (const p of ['tsconfig.json', 'package.json', 'package-lock.json']) {
    try {
      files[p] = readFileSync(join(root, p));
    } catch {
      /* absent */
    }
  }
  const key = keyOf(files);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${key}.mjs`);
  writeAtomic(file, r.outputFiles[0].contents);
  writeAtomic(join(dir, `${name}.json`), JSON.stringify({ key, entry, inputs: Object.keys(files).sort() }) + '\n');
  // Older bundles of this name, once nothing can still be about to load them.
  for (const f of readdirSync(dir)) {
    if (!f.startsWith(`${name}-`) || f === `${name}-${key}.mjs`) continue;
    try {
      if (Date.now() - statSync(join(dir, f)).mtimeMs > 60_000) rmSync(join(dir, f), { force: true });
    } catch {
      /* gone already */
    }
  }
  return file;
}

/** The path of an up-to-date bundle (built when missing or stale), or null when it cannot be had. */
export async function freshBundle(opts = {}) {
  const { root = ROOT, entry = 'lab/bundle-entry.ts', dir = cacheDir(), name = 'lab' } = opts;
  if (process.env.GATELAB_CACHE === 'off') return null;
  try {
    const m = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
    if (m.entry === entry && Array.isArray(m.inputs) && currentKey(root, m.inputs) === m.key) {
      const file = join(dir, `${name}-${m.key}.mjs`);
      statSync(file);
      return file;
    }
  } catch {
    /* no manifest, or its bundle is gone: build */
  }
  try {
    return await buildBundle({ root, entry, dir, name });
  } catch {
    return null;
  }
}
