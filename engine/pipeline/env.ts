// Everything a tool check needs to know about one decision.
import type { Context, FsPort } from '../types.ts';
import type { Detector } from '../detectors/types.ts';
import type { Policy } from './policy.ts';
import type { RuleSet } from './rules/index.ts';
import type { PathAnchors } from './rules/paths.ts';
import type { Tracer } from './result.ts';
import type { Extraction, Invocation } from '../shell/types.ts';
import { isInWorkspace, normalizePath, resolvePath } from '../paths/index.ts';

export interface CheckEnv {
  policy: Policy;
  rules: RuleSet;
  cwd: string;
  home: string;
  workspace: string[];
  anchors: PathAnchors;
  fs?: FsPort;
  /** Earlier calls of the session (from the context), for a judge's evidence. */
  prior?: Context['prior'];
  detectors: readonly Detector[];
  tracer: Tracer;
  /**
   * Whether the mode step may read a result's workspaceEdit (acceptEdits); false lets a check skip
   * working it out. Absent: it may.
   */
  edits?: boolean;
  /** The Bash command this decision analysed last (set by checkBash), so a later step reuses it. */
  bash?: { command: string; ex: Extraction; invocations: Invocation[] };
}

/** The paths a permission check must consider: as written, and where symlinks lead. */
export function pathVariants(env: CheckEnv, raw: string): string[] {
  const abs = resolvePath(raw, env.cwd, env.home);
  if (!env.fs) return [abs];
  const out = [abs];
  const real = env.fs.realpath(abs);
  if (real) {
    const r = normalizePath(real);
    if (r !== abs) out.push(r);
  } else {
    // A file that does not exist yet: its parent folder may still be a symlink.
    const i = abs.lastIndexOf('/');
    const parent = i <= 0 ? '/' : abs.slice(0, i);
    const realParent = env.fs.realpath(parent);
    if (realParent) {
      const r = normalizePath(realParent + '/' + abs.slice(i + 1));
      if (r !== abs) out.push(r);
    }
  }
  return out;
}

export function inWorkspace(env: CheckEnv, abs: string): boolean {
  return isInWorkspace(abs, env.workspace);
}
