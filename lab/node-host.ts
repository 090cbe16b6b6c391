// Node host wiring: native RE2, a policy reader, and an fs port for the engine.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { useRegexEngine, setPolicyReader } from '../engine/index.ts';
import { re2Engine } from './re2-engine.ts';

let done = false;

export function useNodeHost(): void {
  if (done) return;
  done = true;
  useRegexEngine(re2Engine);
  setPolicyReader((p) => readFileSync(p, 'utf8'));
}

/** The repository root (where package.json lives). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_POLICY = join(REPO_ROOT, 'policies', 'default.yaml');

export { nodeFs } from './node-fs.ts';
