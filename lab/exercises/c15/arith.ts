// c15 · Arithmetic contexts. Decide whether the text reaching one arithmetic site could run a command.
export type SiteKind = 'arith' | 'for' | 'let' | 'subscript' | 'substring' | 'integer' | 'cond' | 'test-v' | 'printf-v' | 'read' | 'unset' | 'declare' | 'nameref' | 'indirect';

/** Values a name is given in the same command; null: only known at run time; undefined: never set. */
export type ValueOf = (name: string) => string[] | null | undefined;

export function judge(site: { kind: SiteKind; text: string }, valueOf: ValueOf): 'safe' | 'code' {
  // A command substitution in the text runs a command.
  void valueOf;
  return site.text.includes('$(') ? 'code' : 'safe';
}
