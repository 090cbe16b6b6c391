import { describe, expect, it } from 'vitest';
import { engine, decide, bash } from './helpers.ts';

// xargs items and while-read lines are what the pipe's producer prints (engine/shell/normalize/items.ts).
const d = (cmd: string) => decide(engine(), 'Bash', bash(cmd));

describe('paths a producer prints into a pipe', () => {
  it('a plain lister over a workspace folder feeds read-only commands', () => {
    for (const cmd of [
      'find src -type f -print0 | xargs -0 wc -l', // counts lines of files under src
      'git ls-files -z src | xargs -0 wc -l', // counts lines of tracked files under src
      'grep -rl TODO src | xargs grep -c TODO', // counts TODOs in files that have one
      'find src -name "*.ts" | while read -r f; do head -1 "$f"; done', // first line of each file
    ]) expect(d(cmd).behavior, cmd).toBe('allow');
  });
  it('a producer that names a secret keeps the secret read (immune)', () => {
    for (const cmd of [
      'echo /etc/shadow | xargs cat', // prints the password hashes
      'ls ~/.ssh | xargs cat', // names of SSH keys, read by cat
      'find ~/.ssh -type f | xargs cat', // prints the SSH keys
      'find ~/.ssh | while read -r f; do cat "$f"; done', // prints the SSH keys
    ]) {
      const r = d(cmd);
      expect(r.behavior, cmd).toBe('ask');
      expect(r.immune, cmd).toBe(true);
    }
  });
  it('lines stay free input when the lister prints other text or the loop can change them', () => {
    for (const cmd of [
      'find src -printf "/etc/shadow\\n" | xargs cat', // -printf prints any text
      'find src | while read f; do f=/etc/shadow; cat "$f"; done', // the loop sets f itself
      'find src | while read -r f; do cat $f; done', // unquoted: split and globbed
      'git ls-files | xargs wc -l', // a tracked name may start with -
    ]) expect(d(cmd).behavior, cmd).not.toBe('allow');
  });
});
