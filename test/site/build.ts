// Build the site once for the tests, under a sub-path, so every link must honour the base.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = join(ROOT, 'site', 'dist');
export const GENERATED = join(ROOT, 'site', 'src', 'generated');
export const BASE = '/gatelab/';

/** Build unless GATELAB_SITE_REUSE=1 and a build for this base is already there. */
export function buildSite(): void {
  const stamp = join(DIST, 'index.html');
  if (process.env.GATELAB_SITE_REUSE === '1' && existsSync(stamp) && readFileSync(stamp, 'utf8').includes(`href="${BASE}chapters/"`)) return;
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'astro', 'astro.js'), 'build', '--root', 'site'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, GATELAB_BASE: BASE, ASTRO_TELEMETRY_DISABLED: '1', ASTRO_DISABLE_UPDATE_CHECK: 'true' },
  });
}

export interface ChapterData {
  id: string;
  order: number;
  unlockedBy?: string;
  next: string | null;
}

export function chapters(): ChapterData[] {
  return JSON.parse(readFileSync(join(GENERATED, 'chapters.json'), 'utf8')) as ChapterData[];
}
