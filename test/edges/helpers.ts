// Shared by the edge tests: the CLI as a child process, temp folders, a default hook context.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const e: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(CLAUDE_PROJECT_DIR|GEMINI_PROJECT_DIR|GATELAB_|LAB_ROOT)/.test(k)) e[k] = v;
  return { ...e, NO_COLOR: '1', ...extra };
}

/** `lab …` in a child process (stdin as given, text or bytes). */
export function lab(args: string[], input?: string | Buffer, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['lab/bin.mjs', ...args], { input, encoding: 'utf8', cwd: ROOT, env: cleanEnv(env), maxBuffer: 64 << 20 });
}

/** `lab …` that reads only the first line of stdout, then closes the pipe (like `| head -1`). */
export function labHead(args: string[], input: string): Promise<{ code: number | null; first: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['lab/bin.mjs', ...args], { cwd: ROOT, env: cleanEnv() });
    let out = '';
    let err = '';
    let first = '';
    p.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0 && !first) {
        first = out.slice(0, nl);
        p.stdout.destroy();
      }
    });
    p.stderr.on('data', (b: Buffer) => (err += b.toString()));
    p.stdin.on('error', () => {});
    p.stdin.end(input);
    p.on('close', (code) => resolve({ code, first, stderr: err }));
  });
}

export function tempDir(files: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'gl-edges-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

export const pre = (o: Record<string, unknown> = {}) =>
  JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status' }, cwd: '/home/dev/app', permission_mode: 'default', ...o });
