// The shape every detector module has (contract §5).
import type { Finding, SafetyClass } from '../types.ts';
import type { Invocation, Extraction } from '../shell/types.ts';
import type { Effect, EffectKind, EffectScope } from '../effects/index.ts';

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
  /**
   * The invocation being checked and its effects, when the pipeline computed them (read them with
   * effectsFor(inv, ctx) from ./util.ts, which computes them when absent).
   */
  inv?: Invocation;
  effects?: readonly Effect[];
  /** The decision's effect scope (downloads, secrets read into pipes). */
  scope?: EffectScope;
}

/**
 * What a detector can fire on: it runs only on invocations with one of these effect kinds, one of
 * these programs (the name, or its part before the first dot: mkfs.ext4 is mkfs), or run through
 * one of these wrappers (the first word of a via step: sudo, doas …).
 */
export interface Concerns {
  effects?: readonly EffectKind[];
  programs?: readonly string[];
  via?: readonly string[];
}

export interface Detector {
  meta: DetectorMeta;
  /** Absent: runs on every invocation. */
  concerns?: Concerns;
  /** Per invocation. Pure: no I/O, no throws. */
  check(inv: Invocation, ctx: DetectContext): Finding[];
  /** Optional whole-command pass (e.g. fork bombs, control characters in the raw text). */
  checkSource?(source: string, ex: Extraction, ctx: DetectContext): Finding[];
}
