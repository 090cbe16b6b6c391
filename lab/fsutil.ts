// Atomic writes: write a temp file beside the target, then rename over it.
import { writeFileSync, renameSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';

export function writeFileAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true }); // never leave a half-written temp file behind
    throw e;
  }
}
