// What the reference judge can settle: effects it can show to be non-destructive. Everything
// else is unsettled, and an unsettled effect blocks (the seed: "when complete evidence does not
// settle whether the effect is destructive, persistent, or in scope, the action is blocked").
// The table lists what a program does to the target; facts from each tool's manual.
import type { EffectiveCommand } from './types.ts';
import type { Invocation } from '../shell/types.ts';
import { isInWorkspace, isProtected, resolvePath } from '../paths/index.ts';

export interface SettleEnv {
  cwd: string;
  home: string;
  workspace: readonly string[];
}

/** An invocation as plain strings (null for a word only known at run time); readOnly left false. */
export function effectiveCommand(inv: Invocation, from: EffectiveCommand['from'] = 'command'): EffectiveCommand {
  return {
    program: inv.program.static ? inv.name : '',
    argv: inv.args.map((w) => (w.static ? w.value! : null)),
    env: inv.env.map((a) => a.name),
    redirects: inv.redirects.map((r) => ({ op: r.op, fd: r.fd, target: r.target.static ? r.target.value! : null })),
    readOnly: false,
    from,
  };
}

/** null: settled as non-destructive. A string: why the effect is not settled. */
type Check = (c: EffectiveCommand, env: SettleEnv) => string | null;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** nmap script categories that only gather information. */
const SAFE_NSE = new Set(['default', 'safe', 'discovery', 'version', 'banner', 'http-title', 'http-headers', 'ssl-cert', 'ssl-enum-ciphers', 'dns-brute', 'whois-ip']);

function writable(path: string | null, env: SettleEnv): string | null {
  if (path === null) return 'writes to a file only known at run time';
  if (path === '-' || path === '/dev/null' || path === '/dev/stdout' || path === '/dev/stderr') return null;
  const p = resolvePath(path, env.cwd, env.home);
  if (!isInWorkspace(p, env.workspace)) return `writes ${p}, outside the workspace`;
  if (isProtected(p, env.home)) return `writes ${p}, a protected path`;
  return null;
}

/** The value of an option: `--opt v`, `--opt=v`, or `-Xv` for a short one. undefined when absent. */
function optionValues(argv: readonly (string | null)[], names: readonly string[]): (string | null)[] {
  const out: (string | null)[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === null || a === undefined) continue;
    for (const n of names) {
      if (a === n) out.push(argv[i + 1] ?? null);
      else if (n.startsWith('--') && a.startsWith(n + '=')) out.push(a.slice(n.length + 1));
      else if (!n.startsWith('--') && n.length === 2 && a.startsWith(n) && a.length > 2) out.push(a.slice(2));
    }
  }
  return out;
}

const has = (argv: readonly (string | null)[], names: readonly string[]) =>
  argv.some((a) => a !== null && names.some((n) => a === n || (n.startsWith('--') && a.startsWith(n + '='))));

const curlMutates: Check = (c) => {
  const a = c.argv;
  for (const m of optionValues(a, ['-X', '--request'])) if (m === null || !READ_METHODS.has(m.toUpperCase())) return `sends a ${m ?? 'run-time'} request, which changes the target`;
  const data = has(a, ['-d', '--data', '--data-raw', '--data-binary', '--data-urlencode', '--data-ascii', '--json']) || a.some((x) => x !== null && x.startsWith('-d') && !x.startsWith('--') && x.length > 2);
  if (data && !has(a, ['-G', '--get'])) return 'sends a request body (a mutating request)';
  if (has(a, ['-F', '--form', '--form-string', '-T', '--upload-file'])) return 'uploads data to the target';
  if (has(a, ['-K', '--config'])) return 'reads its options from a config file';
  return null;
};

const curl: Check = (c, env) => {
  const a = c.argv;
  const m = curlMutates(c, env);
  if (m) return m;
  for (const o of optionValues(a, ['-o', '--output', '-c', '--cookie-jar', '-D', '--dump-header', '--trace', '--trace-ascii'])) {
    const why = writable(o, env);
    if (why) return why;
  }
  if (has(a, ['-O', '--remote-name', '--remote-name-all'])) return writable(env.cwd + '/x', env);
  return null;
};

const wgetMutates: Check = (c) => {
  const a = c.argv;
  if (has(a, ['--post-data', '--post-file', '--body-data', '--body-file'])) return 'sends a request body (a mutating request)';
  for (const m of optionValues(a, ['--method'])) if (m === null || !READ_METHODS.has(m.toUpperCase())) return `sends a ${m ?? 'run-time'} request, which changes the target`;
  if (has(a, ['-e', '--execute'])) return 'runs wgetrc commands';
  return null;
};

const wget: Check = (c, env) => {
  const a = c.argv;
  const m = wgetMutates(c, env);
  if (m) return m;
  const out = optionValues(a, ['-O', '--output-document', '-o', '--output-file', '-a', '--append-output', '-P', '--directory-prefix']);
  for (const o of out) {
    const why = writable(o, env);
    if (why) return why;
  }
  return out.length ? null : writable(env.cwd + '/x', env);
};

/** httpie / xh: `http [METHOD] URL [items]`; `k=v`, `k:=v` and `k@file` send data, `k==v` and `k:v` do not. */
const httpie: Check = (c, env) => httpieMutates(c, env) ?? writesOutput(c, env);

const writesOutput: Check = (c, env) => {
  for (const o of optionValues(c.argv, ['-o', '--output'])) {
    const why = writable(o, env);
    if (why) return why;
  }
  return null;
};

const httpieMutates: Check = (c) => {
  const ops = c.argv.filter((x) => x === null || !x.startsWith('-'));
  let i = 0;
  const first = ops[0];
  if (first && [...first].every((ch) => ch >= 'A' && ch <= 'Z')) {
    if (!READ_METHODS.has(first)) return `sends a ${first} request, which changes the target`;
    i = 1;
  }
  for (const item of ops.slice(i + 1)) {
    if (item === null) return 'sends request items only known at run time';
    if (item.includes('==')) continue;
    // The separator is the first of `=`, `:=`, `@`, `:` (a header); a header is not data.
    const seps = ['=', '@', ':'].map((x) => item.indexOf(x)).filter((k) => k >= 0);
    const sep = seps.length ? Math.min(...seps) : -1;
    if (sep >= 0 && (item[sep] !== ':' || item[sep + 1] === '=')) return 'sends request data (a mutating request)';
  }
  if (has(c.argv, ['--raw', '-f', '--form', '--multipart'])) return 'sends request data (a mutating request)';
  return null;
};

const nmap: Check = (c, env) => {
  for (const s of optionValues(c.argv, ['--script'])) {
    if (s === null) return 'runs nmap scripts only known at run time';
    const bad = s.split(',').find((x) => !SAFE_NSE.has(x.trim()));
    if (bad) return `runs the nmap script ${bad}, which may change or attack the target`;
  }
  if (has(c.argv, ['-sC'])) return null;
  for (const o of optionValues(c.argv, ['-oN', '-oX', '-oG', '-oA', '-oS'])) {
    const why = writable(o, env);
    if (why) return why;
  }
  return null;
};

const nc: Check = (c) => (c.argv.some((x) => x !== null && x.startsWith('-') && !x.startsWith('--') && x.includes('z')) ? null : 'sends whatever its input holds to the target');

const openssl: Check = (c) => {
  if (c.argv[0] !== 's_client') return `openssl ${c.argv[0] ?? ''} is not a probe the review can settle`;
  const quiet = c.redirects.some((r) => r.op === '<' && r.target === '/dev/null');
  return quiet ? null : 'an openssl s_client session sends whatever its input holds';
};

const GIT_READS = new Set(['status', 'log', 'diff', 'show', 'ls-files', 'ls-remote', 'ls-tree', 'rev-parse', 'rev-list', 'blame', 'grep', 'describe', 'shortlog', 'cat-file', 'reflog']);
const git: Check = (c) => {
  const ops = c.argv.filter((x): x is string => x !== null && !x.startsWith('-'));
  const sub = ops[0];
  if (sub && GIT_READS.has(sub) && !(sub === 'reflog' && ops[1] && ops[1] !== 'show')) return null;
  if (sub === 'branch' || sub === 'tag') {
    const flags = c.argv.filter((x) => x?.startsWith('-'));
    const listing = flags.every((f) => ['-a', '-r', '-v', '-vv', '--list', '-l', '--all', '--remotes', '--verbose', '--show-current', '--merged', '--no-merged', '--contains'].includes(f!));
    if (listing && ops.length === 1) return null;
    return `git ${sub} with these arguments creates, renames or deletes a ref`;
  }
  if (sub === 'remote' && (ops.length === 1 || ops[1] === 'show' || ops[1] === 'get-url')) return null;
  return `git ${sub ?? ''} changes the repository or a remote`;
};

const KUBE_READS = new Set(['get', 'describe', 'logs', 'explain', 'version', 'api-resources', 'api-versions', 'top', 'cluster-info', 'auth']);
const kubectl: Check = (c) => {
  const sub = c.argv.find((x): x is string => x !== null && !x.startsWith('-'));
  if (sub && KUBE_READS.has(sub)) return null;
  if (sub === 'config' && c.argv.some((x) => x === 'view' || x === 'get-contexts' || x === 'current-context')) return null;
  return `kubectl ${sub ?? ''} changes cluster state`;
};

const DOCKER_READS = new Set(['ps', 'images', 'inspect', 'logs', 'version', 'info', 'stats', 'top', 'history', 'port', 'diff']);
const docker: Check = (c) => {
  const sub = c.argv.find((x): x is string => x !== null && !x.startsWith('-'));
  return sub && DOCKER_READS.has(sub) ? null : `docker ${sub ?? ''} changes containers, images or volumes`;
};

const readsOnly: Check = () => null;

/** Creates or copies files: settled when every path it names is static, in the workspace and not protected. */
const workspaceWrite: Check = (c, env) => {
  const paths = c.argv.filter((a) => a === null || a === '-' || !a.startsWith('-'));
  if (!paths.length) return 'names no path';
  if (c.argv.some((a) => a !== null && (a === '-t' || a.startsWith('--target-directory')))) return 'writes into a directory named by an option';
  for (const p of paths) {
    const why = writable(p, env);
    if (why) return why;
  }
  return null;
};

/** agent-browser: reading and navigating settle (the host is scope-checked); page actions do not. */
const BROWSER_SETTLED = new Set(['open', 'goto', 'navigate', 'back', 'forward', 'reload', 'snapshot', 'screenshot', 'get', 'is', 'console', 'errors', 'title', 'url', 'highlight', 'scroll', 'scrollintoview', 'wait', 'hover', 'find', 'close']);
const agentBrowser: Check = (c, env) => {
  const verb = c.argv.find((x) => x === null || !x.startsWith('-'));
  if (verb === null || verb === undefined) return 'agent-browser with a command only known at run time';
  if (!BROWSER_SETTLED.has(verb.toLowerCase())) return `agent-browser ${verb} acts on the page (it may submit or change state)`;
  return verb === 'screenshot' || verb === 'pdf' ? writesOutput(c, env) : null;
};

/** Programs whose effect the review knows. Anything else is unsettled. */
const SETTLERS: Record<string, Check> = {
  'agent-browser': agentBrowser, curl, wget, http: httpie, https: httpie, xh: httpie, xhs: httpie, nmap, nc, ncat: nc, netcat: nc, openssl, git, kubectl, docker,
  dig: readsOnly, host: readsOnly, nslookup: readsOnly, whois: readsOnly, ping: readsOnly, ping6: readsOnly,
  traceroute: readsOnly, tracepath: readsOnly, mtr: readsOnly, drill: readsOnly,
  read: readsOnly, echo: readsOnly, printf: readsOnly, test: readsOnly, '[': readsOnly, true: readsOnly, false: readsOnly,
  ':': readsOnly, jq: readsOnly, cut: readsOnly, tr: readsOnly, base64: readsOnly, xxd: readsOnly, column: readsOnly,
  seq: readsOnly, sleep: readsOnly, mkdir: workspaceWrite, touch: workspaceWrite, cp: workspaceWrite, mv: workspaceWrite, tee: (c, env) => c.argv.map((a) => (a?.startsWith('-') ? null : writable(a, env))).find((x) => x) ?? null,
};

/** Why the command's effect is not settled, or null when it is. */
export function unsettled(c: EffectiveCommand, env: SettleEnv): string | null {
  if (!c.program) return 'the program is only known at run time';
  for (const r of c.redirects) {
    if (r.op === '>' || r.op === '>>' || r.op === '>|' || r.op === '&>' || r.op === '&>>') {
      const why = writable(r.target, env);
      if (why) return `${c.program} ${why}`;
    }
  }
  if (c.readOnly) return null;
  const check = Object.hasOwn(SETTLERS, c.program) ? SETTLERS[c.program] : undefined;
  if (!check) return `the effect of ${c.program} is not one the review can settle`;
  const why = check(c, env);
  return why ? `${c.program}: ${why}` : null;
}

/** Programs that send data out over the network unless a scan-only flag says otherwise. */
const SENDERS = new Set(['nc', 'ncat', 'netcat', 'socat', 'telnet']);

/**
 * Why the command is a mutating request (a network effect that sends data out or changes the
 * target), or null. The observe preset refuses these in every mode.
 */
export function mutatingRequest(c: EffectiveCommand): string | null {
  const env = { cwd: '/', home: '/', workspace: ['/'] };
  switch (c.program) {
    case 'curl':
      return curlMutates(c, env);
    case 'wget':
      return wgetMutates(c, env);
    case 'http':
    case 'https':
    case 'xh':
    case 'xhs':
      return httpieMutates(c, env);
    case 'git': {
      const sub = c.argv.find((x) => x !== null && !x.startsWith('-'));
      return sub === 'push' || sub === 'send-email' ? `git ${sub} sends data to a remote` : null;
    }
    case 'scp':
    case 'rsync': {
      const ops = c.argv.filter((x) => x === null || !x.startsWith('-'));
      const dest = ops[ops.length - 1];
      if (dest === null) return `${c.program} copies to a destination only known at run time`;
      const colon = dest?.indexOf(':') ?? -1;
      const slash = dest?.indexOf('/') ?? -1;
      return ops.length >= 2 && colon > 0 && (slash < 0 || colon < slash) ? `${c.program} uploads to a remote host` : null;
    }
    default:
      if (SENDERS.has(c.program) && !c.argv.some((x) => x !== null && x.startsWith('-') && !x.startsWith('--') && x.includes('z'))) {
        return `${c.program} sends whatever its input holds to the target`;
      }
      return null;
  }
}
