// Shared by the verbs that evaluate calls: policy loading and the context.
import { homedir } from 'node:os';
import { PermissionEngine, loadPolicy, PolicyError, PRESETS, type Context, type ModeName, type PresetName, MODE_NAMES } from '../../engine/index.ts';
import { DEFAULT_POLICY, nodeFs, useNodeHost } from '../node-host.ts';
import { UsageError } from '../ui.ts';
import { processJudgePort } from '../judge-port.ts';

export function engineFor(policyPath?: string, preset?: string | true): PermissionEngine {
  useNodeHost();
  if (preset !== undefined && (typeof preset !== 'string' || !Object.hasOwn(PRESETS, preset))) {
    throw new UsageError(`unknown preset "${String(preset)}" (presets: ${Object.keys(PRESETS).join(', ')})`);
  }
  // A policy's `command` judge runs as a child process (the engine itself does no I/O).
  return new PermissionEngine(loadPolicy(policyPath ?? DEFAULT_POLICY), { preset: preset as PresetName | undefined, judgePort: processJudgePort });
}

export function checkMode(m: unknown): ModeName | undefined {
  if (m === undefined) return undefined;
  if (typeof m !== 'string' || !(MODE_NAMES as readonly string[]).includes(m)) {
    throw new UsageError(`unknown mode "${String(m)}" (modes: ${MODE_NAMES.join(', ')})`);
  }
  return m as ModeName;
}

export function contextFrom(o: { cwd?: unknown; home?: unknown; mode?: unknown; workspace?: unknown; prior?: unknown }, useFs: boolean): Context {
  // Absent: this process's folder and home. Given: taken as it is; the engine denies (reason
  // input) a cwd or home that is not an absolute path, instead of reading it as `/`.
  const ctx: Context = {
    cwd: (o.cwd === undefined ? process.cwd() : o.cwd) as string,
    home: (o.home === undefined ? homedir() : o.home) as string,
    mode: checkMode(o.mode),
  };
  if (Array.isArray(o.workspace)) ctx.workspace = o.workspace.map(String);
  // Earlier calls for a judge's evidence: [{tool, summary, behavior?, output?}].
  if (Array.isArray(o.prior)) {
    ctx.prior = o.prior
      .filter((p): p is { tool: string; summary: string } => typeof p?.tool === 'string' && typeof p?.summary === 'string')
      .map((p: { tool: string; summary: string; behavior?: unknown; output?: unknown }) => ({
        tool: p.tool,
        summary: p.summary,
        ...(p.behavior === 'allow' || p.behavior === 'deny' || p.behavior === 'ask' ? { behavior: p.behavior } : {}),
        ...(typeof p.output === 'string' ? { output: p.output } : {}),
      }));
  }
  if (useFs) ctx.fs = nodeFs;
  return ctx;
}

export function policyErrorText(e: unknown): string | null {
  return e instanceof PolicyError ? e.message : null;
}
