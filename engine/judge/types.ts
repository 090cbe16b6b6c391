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

/** One simple command as the judge sees it: strings, with null for a word only known at run time. */
export interface EffectiveCommand {
  /** Program name ('' when only known at run time). */
  program: string;
  argv: (string | null)[];
  /** Names of the env assignments in front of it. */
  env: string[];
  redirects: { op: string; fd: number | null; target: string | null }[];
  /** On the read-only list with read-only options. */
  readOnly: boolean;
  /** The call's own command line, or a literal command a script runs. */
  from: 'command' | 'script';
  /** It runs a Python script whose closure is in the packet (judged by the script's effects). */
  runsScript?: boolean;
}

/** How fresh the session's browser snapshot is: call counters, as BrowserState keeps them. */
export interface BrowserContext {
  seq: number;
  snapshotAt: number | null;
  changedAt: number;
}

export interface EvidenceContext {
  cwd: string;
  home: string;
  workspace: string[];
  fs?: FsPort;
  scope: string[];
  prior: PriorCall[];
  maxArtifactBytes: number;
  /** Browser snapshot context replayed from the prior calls (Strix: "browser snapshot context"). */
  browser?: BrowserContext;
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
  home: string;
  workspace: readonly string[];
  scope: readonly string[];
  /** Hosts the command names statically. */
  hosts: readonly { host: string; port: number | null; program: string }[];
  /** Targets only known at run time (e.g. `dig "$host"`). */
  dynamicTargets: number;
  artifacts: readonly Artifact[];
  /** Literal shell commands the scripts would run. */
  scriptCommands: readonly string[];
  /** The effective commands: the call's own, then those its scripts run. */
  effective: readonly EffectiveCommand[];
  /** Writes, deletes, network and database access found in the scripts (`file: effect`). */
  scriptEffects: readonly string[];
  prior: readonly PriorCall[];
  /** The browser snapshot context (null when the session has used no browser). */
  browser: BrowserContext | null;
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

/**
 * A reviewer. The runner validates every reply; anything malformed fails closed. A judge may
 * answer at once or with a promise; a promise is only awaited by the async runner, which
 * enforces the deadline itself (a judge's own claim to have timed out is just another reply).
 */
export interface Judge {
  readonly name: string;
  /** True when `turn` returns a promise (a model, an external program). */
  readonly async?: boolean;
  turn(input: JudgeTurnInput): JudgeReply | Promise<JudgeReply>;
}

/** Runs an external judge program: the packet turn as JSON on stdin, one JSON reply on stdout. */
export type JudgePort = (req: { argv: readonly string[]; stdin: string; timeoutMs: number }) => Promise<{ code: number | null; stdout: string }>;

/** What a policy's `judge:` section names. */
export type JudgeSpec =
  | { kind: 'reference'; deadlineMs?: number }
  | { kind: 'fixture'; records: { match?: string; replies: unknown[] }[]; deadlineMs?: number }
  | { kind: 'command'; argv: string[]; deadlineMs?: number };

/** Reviews one packet to an outcome (the pipeline's view of a judge). */
export type Review = (packet: EvidencePacket) => JudgeOutcome;

export interface JudgeOutcome {
  behavior: 'allow' | 'deny';
  reason: string;
  turns: number;
  inspected: boolean;
}
