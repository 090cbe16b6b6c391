// compileEvidence: everything the judge may look at, gathered once and frozen.
import type { Finding, ToolCall } from '../types.ts';
import type { Invocation, SimpleCommand, Word } from '../shell/types.ts';
import type { Artifact, EffectiveCommand, EvidenceContext, EvidencePacket } from './types.ts';
import { isReadOnlyInvocation } from '../presets/rules.ts';
import { effectiveCommand } from './settle.ts';
import { basename, isInWorkspace, resolvePath } from '../paths/index.ts';
import { extractTargets } from '../targets/extract.ts';
import { readClosure, sha256 } from '../evidence/closure.ts';
import { scriptRun } from '../evidence/interp.ts';
import { normalizeHost } from '../targets/scope.ts';
import { analyze } from '../shell/index.ts';
import { normalize } from '../shell/normalize/index.ts';

/** Imports that mean browser automation inside a script (blocked in safety modes). */
const BROWSER_LIBS = ['playwright', 'selenium', 'pyppeteer', 'splinter', 'helium', 'mechanize'];
const IMPORT_PATH_ENV = ['PYTHONPATH', 'PYTHONHOME', 'PYTHONSTARTUP', 'PYTHONUSERBASE'];

function scriptFinding(message: string): Finding {
  return { detector: 'strix-script', family: 'strix', behavior: 'deny', message };
}

/** Invocations as the judge sees them: the caller's, or one per simple command. */
function toInvocations(commands: readonly SimpleCommand[]): Invocation[] {
  return commands
    .filter((c) => c.argv.length > 0)
    .map((c) => {
      const program = c.argv[0]!;
      return {
        name: program.static ? basename(program.value!) : '',
        program,
        args: c.argv.slice(1),
        env: c.env,
        redirects: c.redirects,
        via: [],
        source: c,
      };
    });
}

function effectiveOf(inv: Invocation, from: EffectiveCommand['from']): EffectiveCommand {
  const e = effectiveCommand(inv, from);
  e.readOnly = isReadOnlyInvocation(inv);
  return e;
}

export function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o as object)) deepFreeze(v);
  }
  return o;
}

export function compileEvidence(call: ToolCall, ctx: EvidenceContext): EvidencePacket {
  const gaps: string[] = [];
  const findings: Finding[] = [];
  const artifacts: Artifact[] = [];
  const scriptCommands: string[] = [];
  const scriptEffects: string[] = [];
  const scripted = new Set<Invocation>();
  const isBash = call.tool === 'Bash';
  const command = isBash ? String(call.input?.command ?? '') : safeJson(call.input);
  let invocations: Invocation[] = [];
  if (isBash) {
    let extraction = ctx.extraction;
    if (ctx.invocations) invocations = ctx.invocations;
    else {
      if (!extraction) {
        try {
          extraction = analyze(command, { home: ctx.home });
          invocations = normalize(extraction, { home: ctx.home, cwd: ctx.cwd }).invocations;
        } catch {
          extraction = undefined;
        }
      }
      if (!extraction) gaps.push('the command could not be parsed');
      else if (!invocations.length) invocations = toInvocations(extraction.commands);
    }
    for (const issue of extraction?.issues ?? []) gaps.push(`the parser could not model part of the command: ${issue.message}`);
    const sources = extraction?.commands ?? invocations.map((i) => i.source);
    attachInputs(sources, ctx, artifacts, gaps);
    for (const inv of invocations) {
      const run = scriptRun(inv.name, inv.program, inv.args, ctx.cwd, ctx.home);
      if (!run) continue;
      if (run.kind !== 'python') {
        findings.push(scriptFinding(run.message));
        continue;
      }
      for (const a of inv.env) if (IMPORT_PATH_ENV.includes(a.name)) findings.push(scriptFinding(`${a.name} changes the import path`));
      const closure = readClosure(run.entry, { cwd: ctx.cwd, workspace: ctx.workspace, fs: ctx.fs });
      if (closure.files.length) scripted.add(inv);
      for (const f of closure.files) {
        if (!artifacts.some((a) => a.path === f.path && a.role !== 'input')) {
          artifacts.push({ role: f.role, path: f.path, text: f.text, sha256: f.sha256, bytes: f.bytes, truncated: false });
        }
      }
      for (const x of closure.issues) {
        if (x.kind === 'unreadable') gaps.push(x.message);
        else findings.push(scriptFinding(x.message));
      }
      const lib = closure.external.find((m) => BROWSER_LIBS.includes(m.split('.')[0]!));
      if (lib) findings.push(scriptFinding(`the script automates a browser (${lib}): issue agent-browser commands one by one instead`));
      scriptCommands.push(...closure.commands);
      scriptEffects.push(...closure.effects);
    }
  }
  const effective = invocations.map((inv) => {
    const e = effectiveOf(inv, 'command');
    if (scripted.size && scripted.has(inv)) e.runsScript = true;
    return e;
  });
  const scriptInvocations: Invocation[] = [];
  for (const text of scriptCommands) {
    try {
      const ex = analyze(text, { home: ctx.home });
      const invs = normalize(ex, { home: ctx.home, cwd: ctx.cwd }).invocations;
      for (const issue of ex.issues) gaps.push(`a command a script runs could not be modelled: ${issue.message}`);
      scriptInvocations.push(...invs);
      effective.push(...invs.map((inv) => effectiveOf(inv, 'script')));
    } catch {
      gaps.push(`a command a script runs could not be parsed: ${text.slice(0, 80)}`);
    }
  }
  const targets = isBash ? extractTargets([...invocations, ...scriptInvocations]) : [];
  const hosts = targets.filter((t) => !t.dynamic).map((t) => ({ host: t.host, port: t.port, program: t.program }));
  if (!isBash && typeof call.input?.url === 'string') hosts.push({ host: normalizeHost(call.input.url), port: null, program: call.tool });
  const packet: Omit<EvidencePacket, 'hash'> = {
    tool: call.tool,
    command,
    input: structuredCloneSafe(call.input),
    cwd: ctx.cwd,
    home: ctx.home,
    workspace: [...ctx.workspace],
    scope: [...ctx.scope],
    hosts,
    dynamicTargets: targets.filter((t) => t.dynamic).length,
    artifacts,
    scriptCommands,
    effective,
    scriptEffects,
    prior: ctx.prior.map((p) => ({ ...p })),
    browser: ctx.browser && ctx.browser.seq > 0 ? { ...ctx.browser } : null,
    findings,
    gaps,
    complete: gaps.length === 0,
  };
  for (const v of Object.values(packet)) deepFreeze(v);
  // The hash is worked out when first read (most judges never read it), over the frozen fields.
  let hash: string | undefined;
  Object.defineProperty(packet, 'hash', {
    enumerable: true,
    get: () =>
      (hash ??= sha256(
        safeJson({
          tool: packet.tool,
          command,
          scope: packet.scope,
          artifacts: artifacts.map((a) => [a.role, a.path, a.sha256, a.truncated]),
          prior: packet.prior,
        }),
      )),
  });
  return Object.freeze(packet as EvidencePacket);
}

/** Options that name a file of targets a program reads (host lists, URL lists). */
const TARGET_LIST_OPTIONS: Record<string, string[]> = {
  nmap: ['-iL'], masscan: ['-iL', '--includefile'], dig: ['-f'], wget: ['-i', '--input-file'],
  httpx: ['-l', '-list'], nuclei: ['-l', '-list'], subfinder: ['-dL'], dnsx: ['-l', '-list'],
  naabu: ['-l', '-list'], fping: ['-f'], zmap: ['-w', '--allowlist-file'], ffuf: ['-w'],
};

/**
 * Input artifacts: single `<` redirections (not `<<`, `<<<` or `<(`) of workspace files, and the
 * files a program reads its targets from (`nmap -iL hosts.txt`). Outside files are never read.
 */
function attachInputs(commands: readonly SimpleCommand[], ctx: EvidenceContext, artifacts: Artifact[], gaps: string[]): void {
  const seen = new Set<string>();
  const attach = (t: Word, how: string) => {
    if (t.kinds.includes('process')) return;
    if (!t.static) {
      gaps.push(`${how} ${t.approx} is only known at run time`);
      return;
    }
    if (t.value === '-' || t.value === '/dev/stdin') return;
    const path = resolvePath(t.value!, ctx.cwd, ctx.home);
    if (seen.has(path)) return;
    seen.add(path);
    if (!isInWorkspace(path, ctx.workspace)) return void gaps.push(`input file ${path} is outside the workspace and was not read`);
    if (!ctx.fs) return void gaps.push(`input file ${path} could not be read: no file-system port`);
    const real = ctx.fs.realpath(path);
    if (real !== null && !isInWorkspace(real, ctx.workspace)) return void gaps.push(`input file ${path} resolves outside the workspace and was not read`);
    const res = ctx.fs.readFile(real ?? path, ctx.maxArtifactBytes);
    if (!res) return void gaps.push(`input file ${path} could not be read`);
    let text = res.text;
    const truncated = res.truncated || res.size > ctx.maxArtifactBytes || text.length > ctx.maxArtifactBytes;
    if (text.length > ctx.maxArtifactBytes) text = text.slice(0, ctx.maxArtifactBytes);
    artifacts.push({ role: 'input', path, text, sha256: sha256(text), bytes: text.length, truncated });
  };
  for (const cmd of commands) {
    for (const r of cmd.redirects) {
      if (r.op !== '<' || (r.fd !== null && r.fd !== 0)) continue;
      attach(r.target, 'input redirection from');
    }
    const prog = cmd.argv[0];
    const name = prog?.static ? basename(prog.value!) : '';
    const opts = Object.hasOwn(TARGET_LIST_OPTIONS, name) ? TARGET_LIST_OPTIONS[name] : undefined;
    if (!opts) continue;
    for (let i = 1; i < cmd.argv.length; i++) {
      const a = cmd.argv[i]!;
      if (!a.static) continue;
      const v = a.value!;
      if (opts.includes(v) && cmd.argv[i + 1]) attach(cmd.argv[++i]!, `the ${v} list`);
      else {
        const o = opts.find((x) => x.startsWith('--') && v.startsWith(x + '='));
        if (o) attach({ ...a, value: v.slice(o.length + 1) }, `the ${o} list`);
      }
    }
  }
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return '';
  }
}

/**
 * A JSON copy of the input. A plain object of strings, booleans, null and finite numbers (nearly
 * every tool input) is copied key by key: the same object JSON.parse(JSON.stringify(…)) makes.
 */
function structuredCloneSafe(input: Record<string, unknown>): Record<string, unknown> {
  if (input !== null && typeof input === 'object' && Object.getPrototypeOf(input) === Object.prototype) {
    const out: Record<string, unknown> = {};
    let plain = true;
    for (const k of Object.keys(input)) {
      const v = input[k];
      if (v === undefined) continue;
      if (k === '__proto__' || !(typeof v === 'string' || typeof v === 'boolean' || v === null || (typeof v === 'number' && Number.isFinite(v) && !Object.is(v, -0)))) {
        plain = false;
        break;
      }
      out[k] = v;
    }
    if (plain) return out;
  }
  return jsonCopy(input);
}

function jsonCopy(input: Record<string, unknown>): Record<string, unknown> {
  try {
    return JSON.parse(JSON.stringify(input ?? {})) as Record<string, unknown>;
  } catch {
    return {};
  }
}
