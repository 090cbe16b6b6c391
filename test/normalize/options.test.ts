import { describe, expect, it } from 'vitest';
import { inv1 } from '../detectors/helpers.ts';
import { canonicalize, parseOptions } from '../../engine/shell/normalize/index.ts';

const p = (cmd: string) => parseOptions(inv1(cmd));

describe('parseOptions (GNU getopt)', () => {
  it('bundled short flags and long spellings share canonical names', () => {
    for (const cmd of ['rm -rf /', 'rm -fr /', 'rm -r -f /', 'rm -R -f /', 'rm --recursive --force /', 'rm --recur --for /', 'rm -rfv /', 'rm / -rf']) {
      const r = p(cmd);
      expect(r.options.has('recursive'), cmd).toBe(true);
      expect(r.options.has('force'), cmd).toBe(true);
      expect(r.operands.map((w) => w.value), cmd).toEqual(['/']);
    }
  });
  it('-- ends options', () => {
    const r = p('rm -- -rf');
    expect(r.options.size).toBe(0);
    expect(r.operands.map((w) => w.value)).toEqual(['-rf']);
  });
  it('values: =, attached and next word', () => {
    expect(p('cp -t /dst a').options.get('target-directory')).toBe('/dst');
    expect(p('cp --target-directory=/dst a').options.get('target-directory')).toBe('/dst');
    expect(p('cp -t/dst a').options.get('target-directory')).toBe('/dst');
    expect(p('cp --target /dst a').options.get('target-directory')).toBe('/dst');
  });
  it('ambiguous or unknown long options are unknown', () => {
    expect(p('rm --ver x').unknown).toEqual(['--ver']);
    expect(p('rm --bogus x').unknown).toEqual(['--bogus']);
  });
  it('a dynamic word where a flag could be is flagged', () => {
    expect(p('rm $X').dynamic).toBe(true);
    expect(p('rm src/*.ts').dynamic).toBe(false);
    expect(p('rm *').dynamic).toBe(true);
  });
  it('git global options before the subcommand', () => {
    for (const cmd of ['git push origin main', 'git -C /p push', 'git -c a.b=c push', 'git --git-dir=/x --work-tree=/y push', 'git --no-pager -p push', 'git --namespace=n push', 'git --exec-path=/e push', 'git --config-env=a.b=ENV push']) {
      expect(p(cmd).subcommand, cmd).toEqual(['push']);
    }
    expect(p('git -C /p push').options.get('git.C')).toBe('/p');
    expect(p('git stash drop').subcommand).toEqual(['stash', 'drop']);
    expect(p('git push -f origin main').options.has('force')).toBe(true);
    expect(p('git push --force-with-lease').options.has('force')).toBe(false);
  });
  it('npm abbreviations', () => {
    expect(p('npm t').subcommand).toEqual(['test']);
    expect(p('npm tst').subcommand).toEqual(['test']);
    expect(p('npm i lodash').subcommand).toEqual(['install']);
    expect(p('npm run-script build').subcommand).toEqual(['run']);
    expect(p('npm publis --access public').subcommand).toEqual(['publish']);
    expect(p('npm inst x').subcommand).toEqual(['install']);
    expect(p('npm run build -- --watch').operands.map((w) => w.value)).toEqual(['build', '--', '--watch']);
  });
  it('canonicalize sorts options by canonical name', () => {
    expect(canonicalize(inv1('rm -fr /'))).toBe(canonicalize(inv1('rm --recursive --force /')));
    expect(canonicalize(inv1('rm -fr /'))).toBe('rm --force --recursive -- /');
    expect(canonicalize(inv1('git -C /p push origin main'))).toBe(canonicalize(inv1('git -C /p push origin main')));
  });
});
