// Shared test helpers: analyse + normalise a command in the standard context, run detectors.
import { analyze } from '../../engine/shell/index.ts';
import { normalize } from '../../engine/shell/normalize/index.ts';
import type { Invocation } from '../../engine/shell/types.ts';
import type { Finding } from '../../engine/types.ts';
import type { DetectContext, Detector } from '../../engine/detectors/types.ts';
import { resolvePath, isProtected, isInWorkspace } from '../../engine/paths/index.ts';
import { baseContext, invocationContext } from '../../engine/detectors/util.ts';
import { effectsOf, newScope } from '../../engine/effects/index.ts';

export const CWD = '/home/dev/app';
export const HOME = '/home/dev';

export const ctx: DetectContext = {
  cwd: CWD,
  home: HOME,
  workspace: [CWD],
  resolve: (p) => resolvePath(p, CWD, HOME),
  isProtected: (p) => isProtected(p, HOME),
  isInWorkspace: (p) => isInWorkspace(p, [CWD]),
};

export function invocations(cmd: string) {
  const ex = analyze(cmd, { home: HOME });
  const n = normalize(ex, { home: HOME, cwd: CWD });
  return { ex, ...n };
}

export function inv1(cmd: string): Invocation {
  const { invocations: list } = invocations(cmd);
  if (list.length !== 1) throw new Error(`expected one invocation for ${cmd}, got ${list.map((i) => i.name).join(',')}`);
  return list[0];
}

/** One detector over a command's invocations, each with its effects in one scope, as the pipeline runs it (what earlier invocations downloaded or read carries on). */
export function run(d: Detector, cmd: string): Finding[] {
  const { ex, invocations: list } = invocations(cmd);
  const out: Finding[] = [];
  const scope = newScope({ home: HOME, workspace: [CWD], cwd: CWD }, ex);
  const base = baseContext(CWD, HOME, [CWD]);
  for (const i of list) out.push(...d.check(i, invocationContext(base, i, effectsOf(i, scope), scope)));
  if (d.checkSource) out.push(...d.checkSource(cmd, ex, ctx));
  return out;
}

/** name[+opaque reason] per invocation, for compact assertions. */
export function shape(cmd: string): string[] {
  return invocations(cmd).invocations.map((i) => (i.name || `<${i.program.approx}>`) + (i.opaque ? `!${i.opaque.reason}` : ''));
}
