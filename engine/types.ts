// Core vocabulary of the engine (contract §1).
import type { Span } from './shell/types.ts';

export type Behavior = 'allow' | 'deny' | 'ask';
/** A check's answer. `passthrough` means "no opinion" and becomes `ask` at the end. */
export type CheckBehavior = Behavior | 'passthrough';

export type ModeName = 'default' | 'acceptEdits' | 'plan' | 'bypassPermissions' | 'dontAsk' | 'auto';

export interface ToolCall {
  tool: string;
  input: Record<string, unknown>;
}

/** Optional file-system port. The engine does no I/O of its own. */
export interface FsPort {
  realpath(path: string): string | null;
  readFile(path: string, maxBytes?: number): { text: string; truncated: boolean; size: number } | null;
  stat(path: string): { kind: 'file' | 'dir' | 'symlink' | 'other'; size: number } | null;
}

export interface Context {
  cwd: string;
  home: string;
  /** cwd plus additionalDirectories (absolute). Defaults to [cwd] plus the policy's directories. */
  workspace?: string[];
  mode?: ModeName;
  fs?: FsPort;
  /** Earlier calls of the session, for a judge's evidence packet (Strix guarded preset). */
  prior?: { tool: string; summary: string; behavior?: 'allow' | 'deny' | 'ask'; output?: string }[];
}

/** Why a safety ask is bypass-immune; the immune profile decides which classes count. */
/** gateConfigWrite: a write to the gate's own configuration; immune in every profile (an agent must not rewrite its gate). */
export type SafetyClass = 'criticalRemoval' | 'protectedWrite' | 'gateConfigWrite' | 'credentialRead' | 'unanalysable';

export interface Finding {
  detector: string;
  family: string;
  behavior: 'deny' | 'ask';
  message: string;
  /** Span in the Bash command (absent for non-Bash tools). */
  span?: Span;
  safety?: SafetyClass;
}

export type ReasonType =
  | 'rule'
  | 'mode'
  | 'safetyCheck'
  | 'detector'
  | 'readOnly'
  | 'workingDir'
  | 'subcommandResults'
  | 'hook'
  | 'judge'
  | 'parse'
  | 'limit'
  | 'input'
  | 'other';

export interface Reason {
  type: ReasonType;
  /** Rule text and layer for type 'rule'. */
  rule?: string;
  layer?: string;
  mode?: ModeName;
  detector?: string;
  safety?: SafetyClass;
  detail?: string;
}

export interface TraceStep {
  step: string;
  result: CheckBehavior | 'skip' | 'info';
  detail: string;
  span?: Span;
}

export interface Decision {
  behavior: Behavior;
  mode: ModeName;
  silenced: boolean;
  immune: boolean;
  reason: Reason;
  message: string;
  findings: Finding[];
  trace?: TraceStep[];
}
