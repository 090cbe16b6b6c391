import { describe, expect, it } from 'vitest';
import { shape } from '../detectors/helpers.ts';
import { gitConfigParameters } from '../../engine/programs/index.ts';
import { grammarSpec, optionSpec } from '../../engine/shell/normalize/specs.ts';
import { lookup } from '../../engine/programs/index.ts';

describe('GIT_CONFIG_PARAMETERS, read as git 2.39 reads it', () => {
  it("'key'='value', the older 'key=value', a bare 'key', and quote escapes", () => {
    expect(gitConfigParameters("'core.pager'='less -R'")).toEqual([{ key: 'core.pager', value: 'less -R' }]);
    expect(gitConfigParameters("'alias.x=!echo hi'")).toEqual([{ key: 'alias.x', value: '!echo hi' }]);
    expect(gitConfigParameters("'a.b'")).toEqual([{ key: 'a.b', value: null }]);
    expect(gitConfigParameters("'core.pager'='x'\\''y' 'core.editor'='a'\\!'b'")).toEqual([
      { key: 'core.pager', value: "x'y" },
      { key: 'core.editor', value: 'a!b' },
    ]);
  });
  it('text git refuses (bogus format) is not a list', () => {
    expect(gitConfigParameters('bogus')).toBeNull();
    expect(gitConfigParameters("'core.pager'='a''b'")).toBeNull();
    expect(gitConfigParameters("'unterminated")).toBeNull();
  });
});

describe('code in env values and rebindings is opened', () => {
  it('git config keys from the environment run like git -c', () => {
    expect(shape(`GIT_CONFIG_PARAMETERS="'core.sshCommand'='rm -rf x'" make`)).toContain('rm');
    expect(shape(`GIT_CONFIG_PARAMETERS="'color.ui'='always'" make`)).not.toContain('rm');
  });
  it('an exported function given to env is opened; BASH_CMDS rebinds a later name', () => {
    expect(shape(`env 'BASH_FUNC_ls%%=() { rm -rf x; }' bash -c ls`)).toContain('rm');
    expect(shape('BASH_CMDS=([ls]=/bin/rm); ls -rf x')).toContain('rm');
    expect(shape('BASH_CMDS[ls]=/bin/ls; ls')).not.toContain('rm');
  });
  it('a payload word naming a variable of the line is that text', () => {
    expect(shape(`C='rm -rf x'; eval "$C"`)).toContain('rm');
    expect(shape(`C='rm -rf x'; echo "$C"`)).not.toContain('rm');
  });
});

describe('getopt specs come from the program specs', () => {
  it('rm and tar options keep their canonical names', () => {
    const rm = optionSpec('rm')!;
    expect(rm.short.get('R')?.canon).toBe('recursive');
    expect(rm.long.get('force')?.canon).toBe('force');
    expect(optionSpec('find')).toBeUndefined();
  });
  it('an option with an effect of its own is unsafe', () => {
    const log = grammarSpec(lookup('git')!.subs!.get('log')!.grammar);
    expect(log.long.get('output')?.unsafe).toBe(true);
    expect(log.long.get('oneline')?.unsafe).toBeUndefined();
  });
});

describe('a code-carrying variable set by a builtin (read, printf -v, mapfile, getopts)', () => {
  it('a value read from a static here-string or heredoc is opened like an assignment', () => {
    expect(shape(`read -r GIT_PAGER <<< 'rm -rf x'; git log`)).toContain('rm');
    expect(shape(`read EDITOR <<'E'\nrm -rf x\nE\ngit commit`)).toContain('rm');
    // the last name takes the rest of the line
    expect(shape(`read -r a GIT_PAGER <<< 'one rm -rf x'; git log`)).toContain('rm');
    expect(shape(`read -r name <<< 'rm -rf x'; echo "$name"`)).not.toContain('rm');
  });
  it('a value known only at run time is opaque', () => {
    expect(shape('read -r GIT_PAGER; git log')).toContain('read!dynamic');
    expect(shape('printf -v EDITOR "%s" "$1"; git commit').some((s) => s.endsWith('!dynamic'))).toBe(true);
  });
});

describe('parallel: Perl in {= … =} and --rpl, the --ssh command', () => {
  it('each is opened as the code it is', () => {
    expect(shape(`parallel --tagstring '{= qx(rm -rf x) =}' echo ::: a`).join(' ')).toContain('perl');
    expect(shape(`parallel --ssh 'rm -rf x;' -S h echo ::: a`)).toContain('rm');
    expect(shape('parallel --results "{= $P =}" echo ::: a').some((s) => s.includes('!dynamic'))).toBe(true);
    expect(shape('parallel echo ::: a')).toEqual(['echo']);
  });
});

describe('a variable a program reads as more of its options', () => {
  it('puts its words (quotes and backslashes kept together) before the program\'s arguments', () => {
    expect(shape(`TAR_OPTIONS="--to-command='rm -rf x'" tar xf a.tar`)).toContain('rm');
    expect(shape(`MAKEFLAGS='--eval=$(shell\\ rm\\ -rf\\ x)' make`)).toContain('rm');
    expect(shape(`VIMINIT=':!rm -rf x' vim f`)).toContain('rm');
    expect(shape(`export LESS='+!rm -rf x'; less f`)).toContain('rm');
    expect(shape('TAR_OPTIONS=$X tar xf a.tar').some((s) => s.endsWith('!dynamic'))).toBe(true);
    expect(shape('TAR_OPTIONS=--verbose tar tf a.tar')).not.toContain('rm');
  });
});
