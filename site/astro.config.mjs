// gatelab site. `GATELAB_BASE` serves it under a sub-path (default `/`).
import { defineConfig } from 'astro/config';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
// GATELAB_SITE_DATA and GATELAB_CACHE_DIR let a test build in isolation (with --outDir).
const data = process.env.GATELAB_SITE_DATA || join(here, 'src', 'generated');
process.env.GATELAB_SITE_DATA = data;
let base = process.env.GATELAB_BASE || '/';
if (!base.startsWith('/')) base = `/${base}`;
if (!base.endsWith('/')) base = `${base}/`;

/** Build-time data (chapters, corpus decisions, regress counts) before Astro reads anything. */
const prepare = {
  name: 'gatelab-prepare',
  hooks: {
    'astro:config:setup': () => {
      if (process.env.GATELAB_SKIP_PREPARE === '1') return;
      execFileSync(process.execPath, ['--import', 'tsx', join(here, 'scripts', 'prepare.ts')], { cwd: repo, stdio: 'inherit' });
    },
  },
};

export default defineConfig({
  base,
  trailingSlash: 'ignore',
  output: 'static',
  ...(process.env.GATELAB_CACHE_DIR ? { cacheDir: process.env.GATELAB_CACHE_DIR } : {}),
  build: { format: 'directory', assets: '_astro' },
  devToolbar: { enabled: false },
  markdown: { shikiConfig: { themes: { light: 'github-light', dark: 'github-dark-default' } } },
  integrations: [prepare],
  vite: {
    server: { fs: { allow: [repo, data] } },
    resolve: { alias: [{ find: /^@data\//, replacement: `${data}/` }] },
    build: { chunkSizeWarningLimit: 1200 },
  },
});
