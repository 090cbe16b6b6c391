// Build the site once for the tests, under a sub-path (so every link must honour the base), into
// a private folder: a concurrent build elsewhere on the machine cannot clobber this one.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BASE = '/gatelab/';

export interface Build {
  dist: string;
  data: string;
  cleanup(): void;
}

/**
 * GATELAB_SITE_REUSE=1 tests the existing site/dist and site/src/generated (build them yourself
 * with GATELAB_BASE=/gatelab/); otherwise build afresh into .tmp/site-test-<pid>/.
 */
export function buildSite(): Build {
  if (process.env.GATELAB_SITE_REUSE === '1')
    return { dist: join(ROOT, 'site', 'dist'), data: join(ROOT, 'site', 'src', 'generated'), cleanup: () => {} };
  const dir = join(ROOT, '.tmp', `site-test-${process.pid}`);
  const b = { dist: join(dir, 'dist'), data: join(dir, 'data'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  mkdirSync(b.data, { recursive: true });
  // Vitest exports import.meta.env as process env (BASE_URL, MODE, NODE_ENV …); Vite would take them.
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (/^(BASE_URL|MODE|DEV|PROD|SSR|NODE_ENV|TEST|VITEST.*)$/.test(k)) delete env[k];
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'astro', 'astro.js'), 'build', '--root', 'site', '--outDir', b.dist], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      GATELAB_BASE: BASE,
      GATELAB_SITE_DATA: b.data,
      GATELAB_CACHE_DIR: join(dir, 'cache'),
      ASTRO_TELEMETRY_DISABLED: '1',
      ASTRO_DISABLE_UPDATE_CHECK: 'true',
    },
  });
  return b;
}

export interface ChapterData {
  id: string;
  order: number;
  unlockedBy?: string;
  next: string | null;
}

export function chapters(data: string): ChapterData[] {
  return JSON.parse(readFileSync(join(data, 'chapters.json'), 'utf8')) as ChapterData[];
}
