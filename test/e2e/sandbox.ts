// One Claude Code session inside bubblewrap, driven by the test:
//   - a throwaway HOME and project (host temp folders bound at the same path, so the test can
//     look at them afterwards), the rest of the file system read-only, no network but loopback;
//   - the mock Messages API (mock-api.mjs) inside the same sandbox, handing out the cases one
//     tool call per model turn;
//   - the client in `-p` stream-json mode with `--permission-prompt-tool stdio`: every prompt
//     reaches the test as a `can_use_tool` control request, which it records and answers;
//   - CLAUDE_CODE_SHELL pointing at a recording shim (so the test sees which commands really ran)
//     and stubs bound over dangerous programs.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

export interface E2eCase {
  id: string;
  tool: string;
  input: Record<string, unknown>;
}

export interface Prompt {
  tool: string;
  reason: string;
  type: string;
  input: Record<string, unknown>;
}

export interface Outcome {
  id: string;
  /** The client asked the user (a can_use_tool request reached the test). */
  prompted: boolean;
  prompt?: Prompt;
  /** The call really happened: the shell ran the command, the file was written, the secret was read. */
  ran: boolean;
  /** What the model saw as the tool result. */
  result: string;
  /** Text the client sent along with the result (a PostToolUse hook's feedback arrives here). */
  along: string;
  isError: boolean;
}

export interface SessionOptions {
  mode: string;
  cases: E2eCase[];
  /** The PreToolUse hook command for the user settings (none: the client alone). */
  hookCommand?: string;
  /** Also register the hook command for PostToolUse. */
  postToolUse?: boolean;
  /** Hook timeout in seconds (the client's default is 600). */
  hookTimeout?: number;
  /** The project's .claude/settings.json. */
  projectSettings?: unknown;
  /** Mark the project trusted in ~/.claude.json (hasTrustDialogAccepted). */
  trusted?: boolean;
  /** Files to create, by absolute path. In cases, files and settings, `@HOME@` and `@PROJECT@` are replaced by the session's folders. */
  files?: Record<string, string>;
  /** The answer to a prompt (default: deny, so a prompted call never runs). */
  answer?: (p: Prompt) => 'allow' | 'deny';
  /** Extra environment for the client (and so for its hooks). */
  env?: Record<string, string>;
}

export interface Session {
  outcomes: Outcome[];
  /** Every command the recording shell shim saw (the `eval`'d text). */
  shell: string[];
  root: string;
  home: string;
  project: string;
  stderr: string;
  exitCode: number | null;
}

/** Programs replaced by a stub that only logs: whatever the gate lets through cannot do damage. */
/** Found through PATH first (some are symlinks, which cannot be bound over). */
const PATH_STUBS = ['npm', 'npx', 'yarn', 'pnpm', 'pip', 'pip3', 'docker', 'make'];
const STUBS = ['rm', 'rmdir', 'shred', 'dd', 'mkfs', 'mkfs.ext4', 'curl', 'wget', 'nc', 'ssh', 'scp', 'sudo', 'su', 'shutdown', 'reboot', 'poweroff', 'chown', 'kill', 'pkill', 'killall', 'crontab'];

/** Read one shell word (quotes removed) starting at `i`. */
function shellWord(s: string, i: number): string {
  let out = '';
  while (i < s.length && !/\s/.test(s[i])) {
    const c = s[i];
    if (c === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) return out + s.slice(i + 1);
      out += s.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      i++;
      while (i < s.length && s[i] !== '"') {
        if (s[i] === '\\' && '"\\$`\n'.includes(s[i + 1] ?? '')) i++;
        out += s[i++];
      }
      i++;
    } else if (c === '\\') {
      out += s[i + 1] ?? '';
      i += 2;
    } else out += s[i++];
  }
  return out;
}

/** The commands the client ran: the argument of `eval` in each `bash -c` the shim recorded. */
function shellCommands(log: string): string[] {
  const out: string[] = [];
  for (const rec of log.split('\n\u0001\n')) {
    const args = rec.split('\0');
    const script = args[args.indexOf('-c') + 1] ?? '';
    const at = script.indexOf(' eval ');
    if (at >= 0) out.push(shellWord(script, at + 6));
  }
  return out;
}

const isFile = (p: string) => {
  try {
    return lstatSync(p).isFile();
  } catch {
    return false;
  }
};

const sh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function newRoot(): { root: string; home: string; project: string } {
  const root = mkdtempSync(join(tmpdir(), 'gl-e2e-'));
  const home = join(root, 'home', 'dev');
  const project = join(root, 'work', 'app');
  for (const d of [home, project, join(root, 'out'), join(root, 'bin')]) mkdirSync(d, { recursive: true });
  return { root, home, project };
}

function prepare(opts: SessionOptions, dirs: { root: string; home: string; project: string }): void {
  const { root, home, project } = dirs;
  spawnSync('git', ['init', '-q', project]);
  const hooks: Record<string, unknown> = {};
  if (opts.hookCommand) {
    const entry = [{ matcher: '*', hooks: [{ type: 'command', command: opts.hookCommand, ...(opts.hookTimeout ? { timeout: opts.hookTimeout } : {}) }] }];
    hooks.PreToolUse = entry;
    if (opts.postToolUse) hooks.PostToolUse = entry;
  }
  mkdirSync(join(home, '.claude'), { recursive: true });
  writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify(opts.hookCommand ? { hooks } : {}, null, 2));
  const claudeJson: Record<string, unknown> = { hasCompletedOnboarding: true };
  if (opts.trusted) claudeJson.projects = { [project]: { hasTrustDialogAccepted: true } };
  writeFileSync(join(home, '.claude.json'), JSON.stringify(claudeJson, null, 2));
  if (opts.projectSettings !== undefined) {
    mkdirSync(join(project, '.claude'), { recursive: true });
    writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify(opts.projectSettings, null, 2));
  }
  for (const [p, text] of Object.entries(opts.files ?? {})) {
    const file = p;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  // The recording shell: the client runs every Bash call as `<shell> -c -l '… eval <cmd> …'`.
  // It must be named bash for the client to accept it.
  const shim = join(root, 'bin', 'bash');
  writeFileSync(shim, `#!/bin/bash\n{ printf '%s\\0' "$@"; printf '\\n\\001\\n'; } >> ${sh(join(root, 'out', 'shell.log'))}\nexec /bin/bash "$@"\n`);
  chmodSync(shim, 0o755);
  const stub = join(root, 'bin', 'stub');
  writeFileSync(stub, `#!/bin/sh\nprintf 'e2e stub: %s\\n' "$0 $*" >> ${sh(join(root, 'out', 'stubs.log'))}\necho "e2e stub: not run"\n`);
  chmodSync(stub, 0o755);
  mkdirSync(join(root, 'bin', 'stubs'));
  for (const name of PATH_STUBS) symlinkSync(stub, join(root, 'bin', 'stubs', name));
  writeFileSync(join(root, 'out', 'cases.json'), JSON.stringify(opts.cases.map((c) => ({ tool: c.tool, input: c.input }))));
}

function bwrapArgs(opts: SessionOptions, dirs: { root: string; home: string; project: string }, claude: string): string[] {
  const { root, home, project } = dirs;
  const out = join(root, 'out');
  const a = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--bind', root, root];
  for (const s of STUBS) for (const d of ['/usr/bin', '/usr/sbin']) if (isFile(`${d}/${s}`)) a.push('--ro-bind', join(root, 'bin', 'stub'), `${d}/${s}`);
  a.push('--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-user', '--uid', '1000', '--gid', '1000', '--die-with-parent', '--new-session', '--clearenv');
  const env: Record<string, string> = {
    PATH: `${join(root, 'bin', 'stubs')}:/usr/local/bin:/usr/bin:/bin`,
    HOME: home,
    USER: 'dev',
    LANG: 'C.UTF-8',
    TMPDIR: '/tmp',
    ANTHROPIC_API_KEY: 'dummy',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    CLAUDE_CODE_SHELL: join(root, 'bin', 'bash'),
    ...opts.env,
  };
  for (const [k, v] of Object.entries(env)) a.push('--setenv', k, v);
  const mock = join(import.meta.dirname, 'mock-api.mjs');
  const port = join(out, 'port');
  // A pids limit (ulimit -u counts the mapped uid's processes), then the mock, then the client.
  const inner = [
    'ulimit -u 4000 2>/dev/null',
    `${sh(process.execPath)} ${sh(mock)} ${sh(join(out, 'cases.json'))} ${sh(join(out, 'results.jsonl'))} ${sh(port)} &`,
    `i=0; while [ ! -s ${sh(port)} ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done`,
    `export ANTHROPIC_BASE_URL=http://127.0.0.1:$(cat ${sh(port)})`,
    `cd ${sh(project)}`,
    `exec ${sh(claude)} -p --input-format stream-json --output-format stream-json --verbose --permission-mode ${sh(opts.mode)} --permission-prompt-tool stdio`,
  ].join('\n');
  a.push('/bin/sh', '-c', inner);
  return a;
}

interface Wire {
  type: string;
  subtype?: string;
  request_id?: string;
  request?: { subtype: string; tool_name: string; input: Record<string, unknown>; decision_reason?: string; decision_reason_type?: string; tool_use_id?: string };
  message?: { content?: { type: string; tool_use_id?: string; content?: unknown; is_error?: boolean }[] | string };
}

const text = (c: unknown): string => (typeof c === 'string' ? c : Array.isArray(c) ? c.map((x: { text?: string }) => x.text ?? '').join('') : '');

/** Did the case's call really happen? Bash: the shim saw the command. Write/Edit: the file holds the new text. Read: the model saw the file's first line. */
function ran(c: E2eCase, shell: string[], result: string, isError: boolean): boolean {
  const inp = c.input;
  if (c.tool === 'Bash') return shell.includes(String(inp.command));
  if (c.tool === 'Write' || c.tool === 'Edit') {
    const want = String(c.tool === 'Write' ? inp.content : inp.new_string);
    try {
      return readFileSync(String(inp.file_path), 'utf8').includes(want);
    } catch {
      return false;
    }
  }
  // Read and the rest: the model saw the file's first line.
  try {
    const first = readFileSync(String(inp.file_path), 'utf8').split('\n')[0]!;
    return !isError && first.length > 0 && result.includes(first);
  } catch {
    return false;
  }
}

/** Run one client session over `cases`; resolves when the client has finished (or the time is up). */
export function runSession(claude: string, opts: SessionOptions): Promise<Session> {
  const dirs = newRoot();
  const fill = <T,>(v: T): T => JSON.parse(JSON.stringify(v).replaceAll('@HOME@', dirs.home).replaceAll('@PROJECT@', dirs.project)) as T;
  opts = { ...opts, cases: fill(opts.cases), files: fill(opts.files ?? {}), projectSettings: opts.projectSettings === undefined ? undefined : fill(opts.projectSettings) };
  prepare(opts, dirs);
  const timeoutMs = 60_000 + 4_000 * opts.cases.length;
  return new Promise((resolve, reject) => {
    const p = spawn('bwrap', bwrapArgs(opts, dirs, claude), { stdio: ['pipe', 'pipe', 'pipe'] });
    const prompts = new Map<string, Prompt>();
    const results = new Map<string, { text: string; isError: boolean }>();
    let stderr = '';
    let done = false;
    const timer = setTimeout(() => {
      stderr += `\n[e2e] session timed out after ${timeoutMs} ms`;
      p.kill('SIGKILL');
    }, timeoutMs);
    p.stderr.on('data', (d) => (stderr += String(d)));
    p.stdin.on('error', () => undefined);
    const send = (m: unknown) => {
      if (!p.stdin.destroyed) p.stdin.write(JSON.stringify(m) + '\n');
    };
    send({ type: 'user', message: { role: 'user', content: 'Run the next step.' } });
    createInterface({ input: p.stdout }).on('line', (line) => {
      let m: Wire;
      try {
        m = JSON.parse(line) as Wire;
      } catch {
        return;
      }
      if (m.type === 'control_request' && m.request?.subtype === 'can_use_tool') {
        const q = m.request;
        const prompt: Prompt = { tool: q.tool_name, reason: q.decision_reason ?? '', type: q.decision_reason_type ?? '', input: q.input };
        if (q.tool_use_id) prompts.set(q.tool_use_id, prompt);
        const verdict = opts.answer?.(prompt) ?? 'deny';
        send({
          type: 'control_response',
          response: { subtype: 'success', request_id: m.request_id, response: verdict === 'allow' ? { behavior: 'allow', updatedInput: q.input } : { behavior: 'deny', message: 'e2e: the person said no' } },
        });
      } else if (m.type === 'control_request') {
        send({ type: 'control_response', response: { subtype: 'error', request_id: m.request_id, error: 'not supported by the e2e driver' } });
      } else if (m.type === 'user' && Array.isArray(m.message?.content)) {
        for (const b of m.message.content) if (b.type === 'tool_result' && b.tool_use_id) results.set(b.tool_use_id, { text: text(b.content), isError: b.is_error === true });
      } else if (m.type === 'result' && !done) {
        done = true;
        p.stdin.end();
      }
    });
    p.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    p.on('close', (code) => {
      clearTimeout(timer);
      let log = '';
      try {
        log = readFileSync(join(dirs.root, 'out', 'shell.log'), 'utf8');
      } catch {
        /* nothing ran */
      }
      const shell = shellCommands(log);
      const along = new Map<string, string>();
      try {
        for (const l of readFileSync(join(dirs.root, 'out', 'results.jsonl'), 'utf8').split('\n')) {
          if (!l) continue;
          const r = JSON.parse(l) as { id: string; along?: string[] };
          along.set(r.id, (r.along ?? []).join('\n'));
        }
      } catch {
        /* the mock saw no result */
      }
      const outcomes = opts.cases.map((c, i): Outcome => {
        const id = `toolu_e2e_${i}`;
        const r = results.get(id) ?? { text: '', isError: true };
        const prompt = prompts.get(id);
        return { id: c.id, prompted: !!prompt, prompt, ran: ran(c, shell, r.text, r.isError), result: r.text, along: along.get(id) ?? '', isError: r.isError };
      });
      resolve({ outcomes, shell, ...dirs, stderr, exitCode: code });
    });
  });
}

/** Remove a session's folders (the suite keeps them when GATELAB_E2E_KEEP is set). */
export function cleanup(s: Session): void {
  if (!process.env.GATELAB_E2E_KEEP) rmSync(s.root, { recursive: true, force: true });
}
