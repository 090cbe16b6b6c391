// The judge: reviews calls no rule settles, over a frozen evidence packet, in at most two turns.
import type { Finding, FsPort } from '../types.ts';
import type { Extraction, Invocation } from '../shell/types.ts';

export interface Artifact {
  role: 'entrypoint' | 'module' | 'inline' | 'input';
  path: string;
  text: string;
  sha256: string;
  /** Bytes attached (after any cap). */
  bytes: number;
  truncated: boolean;
}

export interface PriorCall {
  tool: string;
  /** The command or a one-line summary of the input. */
  summary: string;
  behavior?: 'allow' | 'deny' | 'ask';
  /** A short excerpt of the result, if any. */
  output?: string;
}

export interface EvidenceContext {
  cwd: string;
  home: string;
  workspace: string[];
  fs?: FsPort;
  scope: string[];
  prior: PriorCall[];
  maxArtifactBytes: number;
  /** For Bash: the parsed command. */
  extraction?: Extraction;
  /** For Bash: the normalised invocations, when the caller has them. */
  invocations?: Invocation[];
}

export interface EvidencePacket {
  tool: string;
  /** The effective command (Bash) or the input as JSON. */
  command: string;
  input: Readonly<Record<string, unknown>>;
  cwd: string;
  workspace: readonly string[];
  scope: readonly string[];
  /** Hosts the command names statically. */
  hosts: readonly { host: string; port: number | null; program: string }[];
  /** Targets only known at run time (e.g. `dig "$host"`). */
  dynamicTargets: number;
  artifacts: readonly Artifact[];
  /** Literal shell commands the scripts would run. */
  scriptCommands: readonly string[];
  prior: readonly PriorCall[];
  /** Deterministic blocking findings (scripts); the runner denies before asking the judge. */
  findings: readonly Finding[];
  /** Why the evidence is incomplete; any gap fails closed. */
  gaps: readonly string[];
  complete: boolean;
  /** SHA-256 over the command, scope, artifact hashes and prior calls. */
  hash: string;
}

export type InspectionRequest =
  | { kind: 'hosts' }
  | { kind: 'grep'; pattern: string }
  | { kind: 'artifact'; path: string };

export interface InspectionResult {
  ok: boolean;
  kind: string;
  hosts?: string[];
  lines?: string[];
  text?: string;
  error?: string;
}

export type JudgeReply =
  | { type: 'decision'; behavior: 'allow' | 'deny'; confidence: number; reason: string }
  | { type: 'inspect'; request: InspectionRequest }
  | { type: 'timeout' };

export interface JudgeTurnInput {
  turn: 1 | 2;
  packet: EvidencePacket;
  /** The answer to the turn-1 inspection request (turn 2 only). */
  inspection?: InspectionResult;
}

/** A reviewer. The runner validates every reply; anything malformed fails closed. */
export interface Judge {
  readonly name: string;
  turn(input: JudgeTurnInput): JudgeReply;
}

export interface JudgeOutcome {
  behavior: 'allow' | 'deny';
  reason: string;
  turns: number;
  inspected: boolean;
}
