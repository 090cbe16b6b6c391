import { describe, expect, it } from 'vitest';
import { analyze } from '../../engine/shell/index.ts';
import { stageOutput } from '../../engine/shell/printed.ts';
import { analyze as analyse } from '../../engine/shell/index.ts';

// What the last stage of a pipeline prints, followed back through pure filters.
const out = (cmd: string) => {
  const ex = analyze(cmd, { home: '/h' });
  return stageOutput(ex, ex.commands[ex.commands.length - 1]!);
};

describe('stageOutput', () => {
  it.each([
    ['echo cm0gLXJmIH4= | base64 -d', 'rm -rf ~'],
    ['base64 --decode <<< bHMK', 'ls\n'],
    ["echo '~ fr- mr' | rev", 'rm -rf ~\n'],
    ['xxd -r -p <<< 6c73', 'ls'],
    ["tr a-z n-za-m <<< 'yf'", 'ls\n'],
    ['echo hi | cat | cat', 'hi\n'],
    ['printf ls | tr l L', 'Ls'],
    ["printf '\\x72\\x6d -rf ~'", 'rm -rf ~'],
    ["printf '\\162\\155'", 'rm'],
    ["echo -e '\\x72m\\tx'", 'rm\tx\n'],
    ["echo -e 'a\\cb'", 'a'],
    ["echo -e '\\0162m'", 'rm\n'],
  ])('%s', (cmd, want) => expect(out(cmd)).toBe(want));

  it.each([
    'base64 -d payload.b64',
    'cat notes.txt | base64 -d',
    'echo "$X" | base64 -d',
    'echo //79 | base64 -d', // not UTF-8
    'echo abc | tr -d a',
    "echo x | tr '[:lower:]' '[:upper:]'",
    'echo 6c7 | xxd -r -p',
    "printf '\\q'",
    "printf '\\x'",
  ])('%s is unknown', (cmd) => expect(out(cmd)).toBeNull());
});

describe('a substitution of a decoding pipeline', () => {
  const word = (cmd: string) => analyse(cmd, { home: '/h' }).commands[0]!.argv[1]!;
  it.each([
    ['cat "$(echo UkVBRE1FLm1k | base64 -d)"', 'README.md'],
    ['echo "$(echo hi | tr a-z A-Z)"', 'HI'],
    ["echo \"$(echo '~ fr- mr' | rev)\"", 'rm -rf ~'],
  ])('%s', (cmd, want) => expect(word(cmd).value).toBe(want));
  it.each(['cat "$(cat f | base64 -d)"', 'cat "$(echo x | sort)"', 'cat "$(echo $X | base64 -d)"'])('%s stays dynamic', (cmd) => expect(word(cmd).static).toBe(false));
});
