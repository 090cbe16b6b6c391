// esbuild bundles the bench runs: the engine as the hook and the site ship it, or a small driver.
import { join } from 'node:path';
import { REPO_ROOT } from '../node-host.ts';

/** Bundle `entry` (relative to the repo) for Node 20 into outfile; CommonJS inside gets a real require. */
export async function bundleForNode(entry: string, outfile: string, external: string[] = []): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(REPO_ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
    external,
    banner: { js: `import{createRequire as __cr}from'node:module';const require=__cr(${JSON.stringify(join(REPO_ROOT, 'package.json'))});` },
  });
}

/** engine/index.ts bundled by esbuild (unminified, no keepNames) into `dir`, then imported. */
export async function bundledEngine(dir: string): Promise<typeof import('../../engine/index.ts')> {
  const outfile = join(dir, 'engine.mjs');
  await bundleForNode(join('engine', 'index.ts'), outfile);
  return (await import(outfile)) as typeof import('../../engine/index.ts');
}
