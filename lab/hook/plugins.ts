// esbuild plugins shared by the hook's two builds (build.ts: dist/hook.mjs; snapshot-build.ts:
// dist/hook.blob). They keep start-up work out of the bundle: a slim zod, lazy yaml / crypto-js.
import type { Plugin } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Files under engine/ that import zod, and the `z.<name>` members they use. */
function zodMembers(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) {
        const text = readFileSync(p, 'utf8');
        if (!/from ['"]zod['"]/.test(text)) continue;
        for (const m of text.matchAll(/\bz\.([A-Za-z_$][\w$]*)/g)) names.add(m[1]!);
      }
    }
  };
  walk(join(ROOT, 'engine'));
  return names;
}

/**
 * `zod` as a plain object holding only the members the engine uses (`z.string`, `z.object` …),
 * imported by name from zod's classic API so esbuild drops the rest (locales, JSON schema,
 * ISO, coerce …); English messages; `jitless` (the JIT builds parsers with `new Function`,
 * which a code cache cannot keep). A member the scan misses is `undefined`: the engine then
 * throws at load or on the call, and the hook answers deny.
 */
export function zodLite(): Plugin {
  const zodDir = dirname(createRequire(join(ROOT, 'package.json')).resolve('zod'));
  const at = (p: string) => JSON.stringify(join(zodDir, p));
  return {
    name: 'zod-lite',
    setup(b) {
      b.onResolve({ filter: /^zod$/ }, () => ({ path: 'zod-lite', namespace: 'zod-lite' }));
      b.onLoad({ filter: /.*/, namespace: 'zod-lite' }, async () => {
        const api = (await import(pathToFileURL(join(zodDir, 'v4', 'classic', 'external.js')).href)) as Record<string, unknown>;
        const used = [...zodMembers()].filter((n) => n in api && n !== 'default').sort();
        const contents = [
          `import { config } from ${at('v4/core/core.js')};`,
          `import en from ${at('v4/locales/en.js')};`,
          `import { ${used.map((n) => `${n} as z_${n}`).join(', ')} } from ${at('v4/classic/external.js')};`,
          `config({ ...en(), jitless: true });`,
          `export const z = { ${used.map((n) => `${n}: z_${n}`).join(', ')} };`,
        ].join('\n');
        return { contents, resolveDir: zodDir, loader: 'js' };
      });
    },
  };
}

/**
 * A run-time require of an absolute path. The loader's program gets Node's full `require`; a
 * snapshot entry only gets one for built-in modules, so it goes through createRequire.
 */
function requireAt(path: string, snapshot: boolean): string {
  const p = JSON.stringify(path);
  return snapshot ? `require('node:module').createRequire(${p})(${p})` : `require(${p})`;
}

export function yamlLazy(snapshot = false): Plugin {
  const yamlMain = createRequire(join(ROOT, 'package.json')).resolve('yaml');
  const names = ['parseDocument', 'parse', 'stringify', 'isNode', 'isMap', 'isScalar', 'isSeq', 'isPair'];
  const contents = [
    `let Y; const y = () => (Y ??= ${requireAt(yamlMain, snapshot)});`,
    ...names.map((n) => `export function ${n}(...a) { return y().${n}(...a); }`),
    `export function LineCounter() { return new (y().LineCounter)(); }`,
  ].join('\n');
  return {
    name: 'yaml-lazy',
    setup(b) {
      // Only the engine's own imports; yaml's internals resolve normally.
      b.onResolve({ filter: /^yaml$/ }, (a) => (a.namespace === 'yaml-lazy' ? undefined : { path: 'yaml-lazy', namespace: 'yaml-lazy' }));
      b.onLoad({ filter: /.*/, namespace: 'yaml-lazy' }, () => ({ contents, resolveDir: dirname(yamlMain), loader: 'js' }));
    },
  };
}

/**
 * Load a package only when first used: `crypto-js` (the engine hashes with it only for Strix
 * presets; `crypto-js/sha256` and the like too) and `re2js` (Unicode tables built at load;
 * unused while the native re2 addon loads). Reads and calls go through a Proxy to a lazy require.
 */
export function lazyPackage(pkg: string, named: string[], hasDefault: boolean, snapshot = false): Plugin {
  const req = createRequire(join(ROOT, 'package.json'));
  // A function target, so a default export that is a function (crypto-js/sha256) can be called.
  const proxy = (pick: string) =>
    `new Proxy(function () {}, { get(_, k) { const t = ${pick}, v = t[k]; return typeof v === 'function' ? v.bind(t) : v; }, ` +
    `has(_, k) { return k in (${pick}); }, apply(_, self, args) { return Reflect.apply(${pick}, self, args); } })`;
  const contents = (spec: string) => {
    const main = req.resolve(spec);
    return [
      `let M; const m = () => (M ??= ${requireAt(main, snapshot)});`,
      ...named.map((n) => `export const ${n} = ${proxy(`m().${n}`)};`),
      ...(hasDefault ? [`export default ${proxy('(m().default ?? m())')};`] : []),
    ].join('\n');
  };
  const ns = `lazy-${pkg}`;
  const esc = pkg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    name: ns,
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${esc}(/[\\w./-]+)?$`) }, (a) => (a.namespace === ns ? undefined : { path: a.path, namespace: ns }));
      b.onLoad({ filter: /.*/, namespace: ns }, (a) => ({ contents: contents(a.path), resolveDir: dirname(req.resolve(a.path)), loader: 'js' }));
    },
  };
}


/**
 * Node built-in modules required on first use instead of at load: a snapshot entry that loads
 * node:child_process (the command judge) or node:worker_threads (the bundle's watchdog) at
 * module level carries their whole module graph in its heap, and every start deserialises it.
 * Each export becomes a Proxy that forwards reads, calls and `new` to the real module.
 */
export function lazyBuiltins(names: string[]): Plugin {
  const req = createRequire(join(ROOT, 'package.json'));
  const esc = names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
  const contents = (name: string) => {
    const keys = Object.keys(req(name) as object).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
    const p = JSON.stringify(name);
    return [
      `let M; const m = () => (M ??= require(${p}));`,
      `const lazy = (k) => new Proxy(function () {}, { get(_, p) { const t = m()[k], v = t[p]; return typeof v === 'function' ? v.bind(t) : v; },`,
      `  apply(_, self, args) { return Reflect.apply(m()[k], self, args); }, construct(_, args, nt) { return Reflect.construct(m()[k], args); } });`,
      ...keys.map((k) => `export const ${k} = /* @__PURE__ */ lazy(${JSON.stringify(k)});`),
      `export default /* @__PURE__ */ new Proxy({}, { get(_, p) { return m()[p]; } });`,
    ].join('\n');
  };
  return {
    name: 'lazy-builtins',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(node:)?(${esc.replace(/node:/g, '')})$`) }, (a) =>
        a.namespace === 'lazy-builtin' ? { path: a.path, external: true } : { path: a.path.startsWith('node:') ? a.path : `node:${a.path}`, namespace: 'lazy-builtin' },
      );
      b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (a) => ({ contents: contents(a.path), loader: 'js' }));
    },
  };
}
