// Entry of the snapshot build: `node --snapshot-blob dist/hook.blob --build-snapshot <this, bundled>`.
// Everything at module level runs once, at build time, and lands in the V8 heap snapshot: the
// engine's module initialisation, the default policy (parsed, rules compiled on re2js), and a
// few warm-up calls. A hook call then starts from that heap and only reads stdin, decides and
// writes (`main`, which the launcher calls).
// Rules of a snapshot entry: one CommonJS script, built-in modules only, no native addons. So
// regexes run on re2js here, and yaml / crypto-js load on first use through createRequire
// (plugins.ts points them at this checkout's node_modules).
import { readFileSync } from 'node:fs';
import { nodeFs } from '../node-fs.ts';
import { policyFromData, re2jsEngine, useProgramIndex, useRegexEngine } from '../../engine/index.ts';
import { answer, answerAsync, hookMain, readText, writeAll } from './node.ts';
import { runHook, type HookDeps } from './run.ts';
import { nodeStore } from './state.ts';

/** Set by the bundler: the shipped policies/default.yaml, parsed at build time (JSON text). */
declare const __GATELAB_DEFAULT_POLICY__: string;
/** Set by the bundler: programIndex() of this engine (JSON text), so a call builds only the program families it names. */
declare const __GATELAB_PROGRAM_INDEX__: string;

const FILE = 'policies/default.yaml (built in)';

useRegexEngine(re2jsEngine);
useProgramIndex(JSON.parse(__GATELAB_PROGRAM_INDEX__) as string[]);
const policy = policyFromData(JSON.parse(__GATELAB_DEFAULT_POLICY__) as unknown, FILE, '/');
const defaultPolicy = () => ({ file: FILE, policy });

/** Calls a session makes first; each must come out as expected, or the build fails. */
const WARM: [string, Record<string, unknown>, string][] = [
  ['Bash', { command: 'git status && ls -la | head -n 5' }, 'allow'],
  ['Bash', { command: 'npm install left-pad' }, 'ask'],
  ['Bash', { command: 'rm -rf ~' }, 'deny'],
  ['Read', { file_path: '/nonexistent/gatelab-warm/app/src/index.ts' }, 'allow'],
  ['Edit', { file_path: '/nonexistent/gatelab-warm/app/src/index.ts', old_string: 'a', new_string: 'b' }, 'ask'],
  ['Grep', { pattern: 'TODO', path: '/nonexistent/gatelab-warm/app' }, 'allow'],
];

function warm(): void {
  // The real file reads, on a project that does not exist (no settings, no .gatelab.yaml).
  const deps: HookDeps = { env: { CLAUDE_PROJECT_DIR: '/nonexistent/gatelab-warm/app' }, home: '/nonexistent/gatelab-warm', defaultPolicy, readText, fs: nodeFs };
  for (const [tool, input, want] of WARM) {
    const stdin = JSON.stringify({ session_id: 'build', cwd: '/nonexistent/gatelab-warm/app', permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input });
    const r = runHook(stdin, deps);
    if (r.verdict !== want) throw new Error(`snapshot warm-up: ${tool} ${JSON.stringify(input)} gave ${r.verdict}, expected ${want}: ${r.stdout}`);
  }
  // Session memory too (the audit ring's read, lock and append), in a project under the build's
  // own working folder (a fresh temporary one, removed after the build), so that every call's
  // ring code is compiled in the snapshot rather than on each start.
  const app = `${process.cwd()}/warm-project`;
  const withRing: HookDeps = { ...deps, env: { CLAUDE_PROJECT_DIR: app }, store: nodeStore };
  for (let i = 0; i < 2; i++) {
    const stdin = JSON.stringify({ session_id: 'build', tool_use_id: `warm-${i}`, cwd: app, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status' } });
    const r = runHook(stdin, withRing);
    if (r.verdict !== 'allow' || r.stderr) throw new Error(`snapshot warm-up with the audit ring: ${r.verdict} ${r.stderr}`);
  }
}

warm();

/**
 * One call: read stdin, decide, write, exit. Synchronous end to end (stdout through writeSync,
 * so nothing is left in a stream buffer), and process.exit skips tearing the heap down.
 */
function main(): void {
  const t0 = process.env.GATELAB_HOOK_TIMING ? process.hrtime.bigint() : 0n;
  let stdin: Buffer;
  try {
    stdin = readFileSync(0);
  } catch {
    // Not a pipe or a file (a TTY, say): the stream path, which exits once stdout has drained.
    hookMain(defaultPolicy).then(
      (code) => {
        process.exitCode = code;
      },
      () => {
        process.exitCode = 2;
      },
    );
    return;
  }
  const r = answer(stdin, defaultPolicy);
  // A policy judge that answers asynchronously (a command): wait for it (the launcher's
  // watchdog still bounds the whole call).
  if (r.pending) {
    answerAsync(stdin, defaultPolicy).then(
      (a) => finish(a, t0),
      () => process.exit(2),
    );
    return;
  }
  finish(r, t0);
}

function finish(r: ReturnType<typeof answer>, t0: bigint): void {
  if (t0) r.stderr += `gatelab hook timing: call=${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(2)} (snapshot)\n`;
  try {
    if (r.stderr) writeAll(2, r.stderr);
    writeAll(1, r.stdout);
  } catch {
    process.exit(2);
  }
  process.exit(r.exitCode);
}

// The launcher runs `node --snapshot-blob hook.blob -e 'gatelabHook()'`. A global instead of
// v8.startupSnapshot.setDeserializeMainFunction: loading node:v8 (and the streams it pulls in)
// made the snapshot ~0.3 MB bigger and every start slower. A blob without this global (not
// ours) throws a ReferenceError: exit 1, which the launcher turns into a deny.
Object.defineProperty(globalThis, 'gatelabHook', { value: main });
