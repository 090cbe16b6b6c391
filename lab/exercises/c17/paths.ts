// c17 · Dynamic paths. Could this word, whatever bash makes of it, name a path at or under a
// protected folder?
export interface PathWord {
  /** True when the analyser knows the word's exact value. */
  static: boolean;
  /** The exact value (static words only), after quote removal and ~ expansion. */
  value?: string;
  /** The word as bash will see it: static parts decoded, `$NAME` for a parameter, `$(…)` for a
   *  command substitution, unquoted glob characters as written, quoted ones escaped with `\`. */
  approx: string;
  /** Why the word is dynamic: 'param', 'command', 'arith', 'glob', 'process', 'tilde-user'. */
  kinds: string[];
  /** Parameter names the word uses, e.g. ['HOME']. */
  params: string[];
}

export interface PathContext {
  cwd: string;
  home: string;
  /** Absolute folders; a path at or under one of them is protected. */
  protectedDirs: string[];
}

export function couldReach(word: PathWord, ctx: PathContext): boolean {
  // Looks for the protected folders' names in the text.
  return ctx.protectedDirs.some((d) => word.approx.includes(d.slice(d.lastIndexOf('/') + 1)));
}
