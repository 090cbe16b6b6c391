import { describe, expect, it } from 'vitest';
import { shellEscapes } from '../../engine/programs/escapes.ts';

// Shell escapes inside other programs' command languages → the command lines they run.
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
  ] as [string, string, string[]][])('%s %j', (lang, text, want) => {
    expect(shellEscapes(lang, text)).toEqual(want);
  });
});
