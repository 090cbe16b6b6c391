// The analyser lends its top-level parser, lexer and scratch stacks to the next call: nothing of
// one analysis (an error, a budget, a failed `$((`, pending heredocs, a memo) may show in the next.
import { describe, expect, it } from 'vitest';
import { analyze, parse } from '../../engine/shell/index.ts';
import { HOME } from './helpers.ts';

const BEFORE = [
  'true',
  'cat <<EOF', // a heredoc with no body
  'echo $(( (a) ) )', // $(( that is not arithmetic: remembered as failed at its offset
  '((echo a) )', // (( that is a subshell
  'echo "$(echo "$(echo x)")"', // memoised $(…) parses
  'echo ${', // a parse error inside a word
  'a && '.repeat(300) + 'a', // the command budget
  'echo ' + '$('.repeat(90), // the depth budget
  'x=(1 2 $(id)) y[$(z)]=1 cmd <<-A\n\t$(w)\n\tA\n',
];

const AFTER = [
  'git status',
  'echo $(( 1 + 2 )) && ((x++))',
  'cat <<EOF\nhello $USER\nEOF\necho done',
  'for f in *.ts; do wc -l "$f"; done | sort > out.txt',
  'echo "$(echo "$(echo x)")" ~/a',
];

const fresh = (src: string) => JSON.stringify(analyze(src, { home: HOME }));

describe('one analysis leaves nothing to the next', () => {
  const expected = new Map(AFTER.map((s) => {
    analyze('true', { home: HOME });
    return [s, fresh(s)] as const;
  }));
  it.each(BEFORE)('after %j', (before) => {
    for (const s of AFTER) {
      analyze(before, { home: HOME, budget: { maxCommands: 200, maxDepth: 64 } });
      expect(fresh(s)).toBe(expected.get(s));
      parse(before);
      expect(fresh(s)).toBe(expected.get(s));
    }
  });
});
