// Typed effects: what one resolved invocation really does (contract §4b). Every check reads these.
import type { Word } from '../shell/types.ts';
import type { PathInfo } from '../paths/index.ts';

export type EffectKind =
  | 'read'
  | 'write'
  | 'delete'
  | 'mode'
  | 'owner'
  | 'device'
  | 'exec'
  | 'code'
  | 'network'
  | 'env'
  | 'config'
  | 'unknown';

/** A path an effect touches. */
export interface PathRef {
  /** Canonical absolute path; null when it is only known at run time. */
  abs: string | null;
  /** The word that names it (for spans and messages). */
  word: Word;
  /** The path as written (value, or the word's approx). */
  text: string;
  /** Static text (a word value or an option's value), as opposed to a dynamic word. */
  literal: boolean;
  /** The scope it resolves in (for classification on first use). */
  scope: unknown;
  /** What engine/paths says it is or could be; filled by infoOf(). */
  info?: PathInfo;
}

export interface Effect {
  kind: EffectKind;
  /** Where it comes from, e.g. 'redirect >', 'cp', 'tee', 'curl -o', 'find -delete'. */
  how: string;
  path?: PathRef;
  /** write: how the file is opened. */
  create?: 'create' | 'truncate' | 'append';
  /** delete / mode / owner / read: over a whole tree. */
  recursive?: boolean;
  /** read: a list of names, which the program prints back in its output or errors (file -f). */
  list?: boolean;
  /** read: what the program reads can show in its output or errors (a config file it parses, a file named by file:// or @). */
  echoes?: boolean;
  /** The effect touches some paths below `path`, not `path` itself (find's matches after a test
   *  that narrows them): rules on the folder apply, a critical removal does not. */
  within?: boolean;
  /** code: the language, and where the program text comes from. */
  language?: string;
  origin?: 'inline' | 'file' | 'stdin' | 'network';
  /** network: the host or URL word, and which way data goes. */
  host?: string;
  direction?: 'in' | 'out' | 'both';
  /** network out: what leaves (a credential read flowing into it is `secret`). */
  flows?: 'secret' | 'data';
  /** env / config: the variable or key. */
  name?: string;
  /** Span anchor when there is no path. */
  word?: Word;
  /** delete without a path: the named thing a program destroys ('infra-destroy', 'database-destroy' …). */
  destroys?: string;
  /** code: a scanner proved the program text only computes and prints (awk, sed, jq). */
  harmless?: boolean;
  /** Inferred by the legacy tables for a program nobody described (every argument may be a file). */
  guess?: boolean;
  /** A static nested command line (exec) or code text (code), when known. */
  text?: string;
}

/** One bit per effect kind, for dispatch. */
export const KIND_BIT: Readonly<Record<EffectKind, number>> = {
  read: 1,
  write: 2,
  delete: 4,
  mode: 8,
  owner: 16,
  device: 32,
  exec: 64,
  code: 128,
  network: 256,
  env: 512,
  config: 1024,
  unknown: 2048,
};

export function kindMask(effects: readonly Effect[]): number {
  let m = 0;
  for (const e of effects) m |= KIND_BIT[e.kind];
  return m;
}

export function maskOf(kinds: readonly EffectKind[]): number {
  let m = 0;
  for (const k of kinds) m |= KIND_BIT[k];
  return m;
}
