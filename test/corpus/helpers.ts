// Temporary corpora for the corpus-tooling tests.
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, copyFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const made: string[] = [];

/** A fresh temp dir holding corpus/<family>.yaml for each entry. Returns the corpus dir. */
export function makeCorpus(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'gatelab-corpus-'));
  made.push(root);
  const dir = join(root, 'corpus');
  mkdirSync(dir, { recursive: true });
  mkdirSync(join(root, 'policies'));
  copyFileSync(join(REPO, 'policies/default.yaml'), join(root, 'policies/default.yaml'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

export function cleanup(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** YAML for n simple valid cases of a family (ids <family>-<i>). */
export function simpleCases(family: string, n: number, extra = ''): string {
  let s = `# ${family}\n`;
  for (let i = 0; i < n; i++)
    s += `- id: ${family}-c${i}\n  tool: Read\n  input: {file_path: /home/dev/app/f${i}.ts}\n  effect: reads a file\n  expect: allow\n  source: original\n${extra}`;
  return s;
}
