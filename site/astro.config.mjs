// gatelab site. `GATELAB_BASE` serves it under a sub-path (default `/`).
import { defineConfig } from 'astro/config';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
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
  build: { format: 'directory', assets: '_astro' },
  devToolbar: { enabled: false },
  markdown: { shikiConfig: { theme: 'github-light' } },
  integrations: [prepare],
  vite: {
    server: { fs: { allow: [repo] } },
    build: { chunkSizeWarningLimit: 1200 },
  },
});
