// The syntax tree the value and loop followers read (assigns.ts, loops.ts): the command parsed
// once per decision, on first use, and walked past the nodes that cannot hold a command.
import type { ListNode } from '../../shell/index.ts';
import { parse } from '../../shell/index.ts';

/** A command's tree, parsed on the first get() (null when the parse has issues); `known`: the
 *  analyser's own tree of the source, when it had no issue (shell treeOf), read instead. */
export class SourceTree {
  private tree: ListNode | null | undefined;
  constructor(readonly source: string, known?: ListNode) {
    this.tree = known;
  }

  get(): ListNode | null {
    if (this.tree === undefined) {
      const { ast, issues } = parse(this.source);
      this.tree = issues.length ? null : ast;
    }
    return this.tree;
  }
}

/**
 * Can nothing below this node be a command, an assignment or a loop? A literal part, a condition
 * operator, or a word with no command or process substitution in its text (only those hold a
 * list of commands; the word's raw text is exactly what was written).
 */
export function inert(node: { type?: unknown; raw?: unknown }): boolean {
  switch (node.type) {
    case 'lit':
    case 'esc':
    case 'sq':
    case 'ansi':
    case 'CondOp':
      return true;
    case 'Word': {
      const r = node.raw;
      return typeof r === 'string' && !r.includes('$(') && !r.includes('`') && !r.includes('<(') && !r.includes('>(');
    }
    default:
      return false;
  }
}
