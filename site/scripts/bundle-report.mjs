// What is in the playground's JavaScript: bundles site/src/lib/playground.ts the way the site
// build does (Vite + Rollup tree-shaking, esbuild minify), with a source map, and adds up the
// minified bytes per source folder, each group also gzipped on its own.
//   node site/scripts/bundle-report.mjs [depth]     (depth: folder levels per group, default 2)
// esbuild's metafile is no good here: esbuild keeps zod's `locales` namespace (≈ 260 KB) that
// Rollup drops, so its figures are not what ships.
import { build } from 'vite';
import { readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, '.tmp', `bundle-report-${process.pid}`);
const depth = Number(process.argv[2]) || 2;
await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    outDir: out,
    emptyOutDir: true,
    sourcemap: true,
    minify: 'esbuild',
    target: 'es2022',
    // iife: Vite minifies whitespace too (it does not for an ES library).
    lib: { entry: join(root, 'site', 'src', 'lib', 'playground.ts'), formats: ['iife'], name: 'pg', fileName: () => 'pg.js' },
  },
});
const code = readFileSync(join(out, 'pg.js'), 'utf8');
const map = new SourceMapConsumer(JSON.parse(readFileSync(join(out, 'pg.js.map'), 'utf8')));
rmSync(out, { recursive: true, force: true });
const lines = code.split('\n');
const parts = new Map();
const group = (src) => {
  const s = String(src);
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(s);
  if (nm) return `npm:${nm[1]}`;
  const rel = s.replace(/^.*?\/(engine|site)\//, '$1/');
  return rel.split('/').slice(0, depth).join('/');
};
let prev = null;
map.eachMapping((m) => {
  if (prev) {
    const line = lines[prev.generatedLine - 1];
    const text = m.generatedLine === prev.generatedLine ? line.slice(prev.generatedColumn, m.generatedColumn) : line.slice(prev.generatedColumn);
    const g = group(prev.source);
    parts.set(g, (parts.get(g) ?? '') + text);
  }
  prev = m;
});
const rows = [...parts].map(([g, t]) => [g, t.length, gzipSync(t).length]).sort((a, b) => b[2] - a[2]);
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
console.log(`playground bundle: ${kb(code.length)} KB minified, ${kb(gzipSync(code).length)} KB gzipped as one file`);
console.log('    min KB  gzip KB  group (each gzipped alone, so the column sums to a little more)');
for (const [g, raw, gz] of rows) console.log(`${kb(raw)}  ${kb(gz)}  ${g}`);
