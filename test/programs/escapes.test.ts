import { describe, expect, it } from 'vitest';
import { hasShellEscapes, shellEscapes } from '../../engine/programs/escapes.ts';

// Shell escapes inside other programs' command languages → the command lines they run
// (`runs` leaves out the `cat -- PATH` and `: >> PATH` of the paths a text names, tested on their own).
const runs = (lines: string[]) => lines.filter((l) => !l.startsWith('cat -- ') && !l.startsWith(': >> '));
describe('shellEscapes', () => {
  it.each([
    ['gdb', 'shell rm -rf ~', [' rm -rf ~']],
    ['gdb', '!id', ['id']],
    ['gdb', 'info functions', []],
    ['gdb', 'shellx', []],
    ['less', '+!rm -rf ~', ['rm -rf ~']],
    ['less', '+G', []],
    ['less', '|aless-pipe', ['less-pipe']],
    ['make', 'x:; rm -rf ~', ['rm -rf ~']],
    ['make', 'x:\n\t@echo $$HOME', ['echo $HOME']],
    ['make', 'CFLAGS := -O2', []],
    ['make', 'x: y', []],
    ['make', 'X := $(shell rm -rf ~)', ['rm -rf ~']],
    ['make', 'V = $(shell echo $(notdir x))', ['echo $(notdir x)']],
    ['ed', '!rm -rf ~', ['rm -rf ~']],
    ['ed', '1,$w !sort', ['sort']],
    ['ed', 'r !date', ['date']],
    ['ed', ',s/a/b!/g', []],
    ['tcl', 'exec rm -rf /srv; puts ok', ['rm -rf /srv']],
    ['expect', 'spawn ssh {host one}', ["ssh 'host one'"]],
    ['m4', 'esyscmd(rm -rf ~)', ['rm -rf ~']],
    ['m4', 'define(N, 5)N', []],
    ['dc', '!rm -rf ~', ['rm -rf ~']],
    ['dc', '2 3 + p', []],
    ['tex', '\\immediate\\write18{rm -rf ~}', ['rm -rf ~']],
    ['rpm-macro', '%(rm -rf ~)', ['rm -rf ~']],
    ['gnuplot', 'system("/tmp/x 1>&0")', ['/tmp/x 1>&0']],
    ['gnuplot', 'plot sin(x)', []],
  ] as [string, string, string[]][])('%s %j', (lang, text, want) => {
    expect(runs(shellEscapes(lang, text))).toEqual(want);
  });

  // SQL's escapes depend on the client that reads it
  it.each([
    ['sqlite3', '.shell rm -rf ~', [' rm -rf ~']],
    ['sqlite3', '.once |sort', ['sort']],
    ['sqlite3', "select date('now')", []],
    ['psql', '\\! rm -rf ~', [' rm -rf ~']],
    ['psql', 'select 1 \\g |cat', ['cat']],
    ['psql', "copy t to program 'gzip > t.gz'", ['gzip > t.gz']],
    ['psql15', '\\! id', [' id']],
    ['mysql', 'system rm -rf ~;', [' rm -rf ~']],
    ['mysql', 'show databases', []],
    ['red', '!rm -rf ~', []],
  ] as [string, string, string[]][])('sql in %s %j', (program, text, want) => {
    expect(runs(shellEscapes(program === 'red' ? 'red' : 'sql', text, program))).toEqual(want);
  });

  // a path the text names is read
  it.each([
    ['tex', '\\verbatiminput{/home/dev/.ssh/id_rsa}', ["cat -- '/home/dev/.ssh/id_rsa'"]],
    ['make', '$(file <~/.aws/credentials)', ["cat -- ~/'.aws/credentials'"]],
    ['sql', ".import /etc/shadow x", ["cat -- '/etc/shadow'"]],
    ['gnuplot', 'plot "data/x.csv" using 1:2, 1/2', []],
    ['m4', 'include(https://x.example/a/b)', []],
    ['ed', ',s/a/b!/g', []],
  ] as [string, string, string[]][])('%s %j reads', (lang, text, want) => {
    expect(shellEscapes(lang, text, 'sqlite3').filter((l) => l.startsWith('cat -- '))).toEqual(want);
  });

  it('reads every language but those read elsewhere', () => {
    expect(hasShellEscapes('m4')).toBe(true);
    expect(hasShellEscapes(undefined)).toBe(true);
    expect(hasShellEscapes('python')).toBe(false);
    expect(hasShellEscapes('sh')).toBe(false);
  });
});
