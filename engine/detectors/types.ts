// The shape every detector module has (contract §5).
import type { Finding, SafetyClass } from '../types.ts';
import type { Invocation, Extraction } from '../shell/types.ts';

export type DetectorFamily =
  | 'destructive'
  | 'network'
  | 'git'
  | 'protected'
  | 'persistence'
  | 'privilege'
  | 'env'
  | 'obfuscation'
  | 'carrier';

export interface DetectorMeta {
  id: string;
  family: DetectorFamily;
  title: string;
  rationale: string;
  /** What a finding does: deny, or ask. */
  behaviour: 'deny' | 'ask';
  /** Set when findings are bypass-immune safety asks under some profile. */
  safety?: SafetyClass;
  examples: { bad: string[]; good: string[] };
}

/** What a detector may know about where the command runs. Paths are absolute. */
export interface DetectContext {
  cwd: string;
  home: string;
  workspace: string[];
  /** Resolve a path word value against cwd/home into an absolute, lexically normalised path. */
  resolve(path: string): string;
  isProtected(absPath: string): boolean;
  isInWorkspace(absPath: string): boolean;
}

export interface Detector {
  meta: DetectorMeta;
  /** Per invocation. Pure: no I/O, no throws. */
  check(inv: Invocation, ctx: DetectContext): Finding[];
  /** Optional whole-command pass (e.g. fork bombs, control characters in the raw text). */
  checkSource?(source: string, ex: Extraction, ctx: DetectContext): Finding[];
}
