import { describe, expect, it } from 'vitest';
import { engine, decide, bash } from './helpers.ts';

// Issue 12: read-only derived from effects for loops, while read, substitutions, xargs, subshells
// and version flags; and the look-alikes of each that must not be allowed.
const d = (cmd: string) => decide(engine(), 'Bash', bash(cmd));

describe('everyday read-only shapes allow', () => {
  it('each only reads workspace files or prints', () => {
    for (const cmd of [
      'for f in a.ts b.ts; do head -1 "src/$f"; done', // reads src/a.ts and src/b.ts
      'git ls-files | while read -r f; do head -n 1 "$f"; done', // first line of each tracked file
      'while read -r f; do cat "$f"; done < <(git ls-files)', // the same lister through < <(…)
      'while IFS= read -r line; do echo "$line"; done < list.txt', // prints a file line by line
      'basename "$(pwd)"', // prints the folder name
      'head -n "$(wc -l < list.txt)" notes.txt', // a count as the value of -n
      'grep -n "$(git config user.name)" README.md', // a pattern from git config
      'ls src/*.ts | xargs -n1 basename', // base names
      'git ls-files | xargs grep -l TODO', // searches tracked files
      '(cd src && grep -l export *.js)', // a bare glob for grep: no option a name can become writes
      'bash --version', 'ssh -V', 'python3 -I -m pip --version', // print and exit (-I: no module from the cwd)
    ]) expect(d(cmd).behavior, cmd).toBe('allow');
  });
});

describe('look-alikes do not allow', () => {
  it('a split substitution, a path list option or a bare * is not a known set', () => {
    for (const cmd of [
      'head -n $(cat n.txt) notes.txt', // unquoted: n.txt can add a path to read
      'for f in *.md; do wc -w $f; done', // --files0-from=x.md reads paths listed in x.md
      'wc -l *.txt',
      'cat *', // a bare * is never a known set
      'for f in "-n /etc/shadow"; do cat $f; done', // unquoted, the value splits into an option and a path
    ]) expect(d(cmd).behavior, cmd).not.toBe('allow');
  });
  it('writes and deletes through the same shapes keep their safety checks', () => {
    expect(d('ls ~ | while read -r f; do rm -rf ~/"$f"; done').behavior).toBe('deny'); // empties home
    expect(d('ls ~ | xargs -I{} rm -rf ~/{}').behavior).toBe('deny');
    for (const cmd of [
      'awk \'{print > ".git/hooks/pre-commit"}\' notes.txt', // awk writes a git hook
      'find hooks -type f | xargs -I{} cp {} .git/hooks/', // copies into .git/hooks
      'xargs -it tail a@evil.example < list.txt', // -it: t in "tail" is replaced, the file decides the program
      'bash --version > .git/hooks/pre-commit', // the redirection still writes the hook
    ]) {
      const r = d(cmd);
      expect(r.behavior, cmd).toBe('ask');
      expect(r.immune, cmd).toBe(true);
    }
  });
});
