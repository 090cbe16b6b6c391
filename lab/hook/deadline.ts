// The hook's own deadline. A client that stops waiting for a hook lets the call run (Claude Code
// does), so the hook must answer deny before the client gives up, whatever the input. The
// engine's work budgets keep every input fast; this is the backstop behind them.
//   - dist/hook.sh (the shipped launcher) runs node under a shell watchdog (snapshot-build.ts).
//   - dist/hook.mjs and `lab hook` start a watchdog thread here: when the limit passes before
//     the answer is written, it writes the deny JSON and the reason itself and kills the process
//     (the hook snippet's `|| exit 2` turns that exit into a block as well).
import { Worker } from 'node:worker_threads';

/** Default limit in seconds: well under any client's hook timeout (Claude Code: 60 s and up). */
export const DEFAULT_DEADLINE_S = 10;

/** GATELAB_HOOK_DEADLINE in seconds (a positive number), else the default. */
export function deadlineSeconds(env: Record<string, string | undefined>): number {
  const raw = env.GATELAB_HOOK_DEADLINE;
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_DEADLINE_S;
}

export function deadlineReason(seconds: number): string {
  return `gatelab hook: no answer within ${seconds} s (GATELAB_HOOK_DEADLINE), so the call is denied; run it by hand, or raise the limit if this input is expected to take that long`;
}

/** The deny answer the watchdog writes (Claude Code's shape; Gemini CLI blocks on the exit). */
export function deadlineOutput(seconds: number): { stdout: string; stderr: string } {
  const reason = deadlineReason(seconds);
  const stdout = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } }) + '\n';
  return { stdout, stderr: reason + '\n' };
}

const WATCHDOG = `
const { workerData: w } = require('node:worker_threads');
const { writeSync } = require('node:fs');
setTimeout(() => {
  if (Atomics.compareExchange(w.flag, 0, 0, 2) !== 0) return;
  try { writeSync(1, w.stdout); writeSync(2, w.stderr); } catch {}
  process.kill(w.pid, 'SIGKILL');
}, w.ms);
`;

export interface Deadline {
  /** Claim the right to answer. False: the watchdog has answered (the process is about to die). */
  claim(): boolean;
}

/** Start the watchdog. The worker never keeps the process alive. */
export function startDeadline(seconds: number): Deadline {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  try {
    const w = new Worker(WATCHDOG, { eval: true, workerData: { flag, ms: Math.round(seconds * 1000), pid: process.pid, ...deadlineOutput(seconds) } });
    w.unref();
    w.on('error', () => {});
  } catch {
    // No worker threads here: the launcher's watchdog (or the client's timeout) is all there is.
  }
  return {
    claim() {
      if (Atomics.compareExchange(flag, 0, 0, 1) === 0) return true;
      Atomics.wait(flag, 0, 2, 60_000); // the watchdog is writing; it kills the process
      return false;
    },
  };
}
