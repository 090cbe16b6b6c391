// Node host for the hook: stdin, files, the fs port, and the process exit code.
// Shared by `lab hook` (through tsx) and the bundled dist/hook.mjs (lab/hook/entry.ts).
import { readFileSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { nodeFs } from '../node-fs.ts';
import { runHook, runHookAsync, type HookDeps, type HookResult } from './run.ts';
import { processJudgePort } from '../judge-port.ts';
import { deadlineSeconds, startDeadline } from './deadline.ts';
import { nodeStore } from './state.ts';

/** File text, or null when it does not exist (other errors throw). */
export function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw e;
  }
}

/** The fs port the hook gives the engine. */
export const hookFs = nodeFs;

/** Where the shipped default policy comes from: embedded text (bundle) or a file (tsx). */
export type DefaultPolicy = HookDeps['defaultPolicy'];

export function defaultPolicyFile(file: string): DefaultPolicy {
  return () => ({ text: readFileSync(file, 'utf8'), file });
}

export function nodeDeps(defaultPolicy: DefaultPolicy): HookDeps {
  return { env: process.env, home: process.env.HOME || homedir(), defaultPolicy, readText, fs: hookFs, judgePort: processJudgePort, store: nodeStore };
}

/** Read all of stdin as bytes (sync for pipes and files; async fallback for anything else). Decoding is runHook's. */
export async function readStdin(): Promise<Buffer> {
  try {
    return readFileSync(0);
  } catch {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }
}

/** One hook call on stdin text; an exception anywhere becomes a deny (exit 2). */
export function answer(stdin: string | Uint8Array, defaultPolicy: DefaultPolicy): HookResult {
  try {
    return runHook(stdin, nodeDeps(defaultPolicy));
  } catch (e) {
    return internalDeny(e);
  }
}

function internalDeny(e: unknown): HookResult {
  const reason = `gatelab hook: internal error: ${(e as Error)?.message ?? String(e)}`;
  const out = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
  return { stdout: out + '\n', stderr: reason + '\n', exitCode: 2, verdict: 'deny' };
}

/** answer, awaiting a policy's `command` judge (the judge's own deadline applies inside). */
export async function answerAsync(stdin: string | Uint8Array, defaultPolicy: DefaultPolicy): Promise<HookResult> {
  try {
    return await runHookAsync(stdin, nodeDeps(defaultPolicy));
  } catch (e) {
    return internalDeny(e);
  }
}

/** Run one hook call against this process's stdin/stdout, under the deadline; returns the exit code. */
export async function hookMain(defaultPolicy: DefaultPolicy): Promise<number> {
  const deadline = startDeadline(deadlineSeconds(process.env));
  let stdin: Buffer;
  try {
    stdin = await readStdin();
  } catch (e) {
    stdin = Buffer.alloc(0);
    process.stderr.write(`gatelab hook: cannot read stdin: ${(e as Error).message}\n`);
  }
  const r = await answerAsync(stdin, defaultPolicy);
  if (!deadline.claim()) return 2;
  if (r.stderr) process.stderr.write(r.stderr);
  process.stdout.write(r.stdout);
  return r.exitCode;
}

/** Write all of `text` to a file descriptor, synchronously (retrying a full non-blocking pipe). */
export function writeAll(fd: number, text: string): void {
  const buf = Buffer.from(text, 'utf8');
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
    }
  }
}
