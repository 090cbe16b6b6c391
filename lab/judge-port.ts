// The host side of a `command` judge: run the program, give it the turn on stdin, read one
// JSON reply from stdout. A program that outlives its budget is killed; the engine's own
// deadline has already failed the review closed by then.
import { spawn } from 'node:child_process';
import type { JudgePort } from '../engine/index.ts';

/** Most bytes of stdout read from a judge program. */
export const MAX_JUDGE_OUTPUT = 1 << 20;

export const processJudgePort: JudgePort = ({ argv, stdin, timeoutMs }) =>
  new Promise((resolve) => {
    const [file, ...args] = argv;
    if (!file) return resolve({ code: null, stdout: '' });
    let out = '';
    let done = false;
    const finish = (code: number | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ code, stdout: out });
    };
    const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(null);
    }, Math.max(1, timeoutMs));
    timer.unref?.();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (out.length > MAX_JUDGE_OUTPUT) {
        child.kill('SIGKILL');
        finish(null);
      }
    });
    child.on('error', () => finish(null));
    child.on('close', (code) => finish(code));
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
  });
