// Code bash runs later: traps, aliases, PROMPT_COMMAND, command_not_found_handle; plus spans and stats.
import { describe, expect, it } from 'vitest';
import { an, issues, withCtx } from './helpers.ts';

describe('hook payloads are parsed as code', () => {
  it('trap', () => {
    expect(withCtx("trap 'rm -rf /tmp/x' EXIT INT")).toEqual([': trap rm -rf /tmp/x EXIT INT', 'trap: rm -rf /tmp/x']);
    expect(an("trap -- 'rm a' EXIT").commands[1]!.context[0]).toMatchObject({ kind: 'trap', name: 'EXIT' });
    for (const s of ["trap '' INT", 'trap - EXIT', 'trap -p', 'trap -l', 'trap 2 INT', 'trap INT']) expect(an(s).commands).toHaveLength(1);
    expect(issues('trap "$x" EXIT')).toEqual(['parse']);
  });
  it('alias definitions', () => {
    expect(withCtx("alias ll='ls -l; rm y' g=git")).toEqual([': alias ll=ls -l; rm y g=git', 'hook: ls -l', 'hook: rm y', 'hook: git']);
    expect(an("alias ll='rm y'").commands[1]!.context[0]!.name).toBe('ll');
    expect(issues('alias x=$y')).toEqual(['parse']);
    expect(an('alias').commands).toHaveLength(1);
  });
  it('calls to a defined alias are also listed expanded (no recursion)', () => {
    expect(withCtx('alias ls="rm -rf"\nls x >o\n\\ls y')).toEqual([
      ': alias ls=rm -rf', 'hook: rm -rf', ': ls x', 'hook: rm -rf x', ': ls y',
    ]);
    expect(withCtx("alias a='a b'; a c")).toEqual([': alias a=a b', 'hook: a b', ': a c', 'hook: a b c']);
    expect(an('alias ls="rm -rf"\nls x >o').commands[3]!.redirects[0]!.target.value).toBe('o');
  });
  it('PROMPT_COMMAND as assignment, prefix, array and export argument', () => {
    expect(withCtx('PROMPT_COMMAND="rm a"')).toEqual([': ', 'hook: rm a']);
    expect(withCtx('PROMPT_COMMAND="rm a" bash')).toEqual([': bash', 'hook: rm a']);
    expect(withCtx('PROMPT_COMMAND=(a "rm b")')).toEqual([': ', 'hook: a', 'hook: rm b']);
    expect(withCtx("export PROMPT_COMMAND='rm c'")).toEqual([': export PROMPT_COMMAND=rm c', 'hook: rm c']);
    expect(withCtx("declare -a PROMPT_COMMAND=('rm d')")).toEqual([": declare -a PROMPT_COMMAND=(rm d)", 'hook: rm d']);
    expect(issues('PROMPT_COMMAND=$x')).toEqual(['parse']);
    expect(issues('export PROMPT_COMMAND=$x')).toEqual(['parse']);
  });
  it('command_not_found_handle is a hook and a function', () => {
    const x = an('command_not_found_handle() { rm "$1"; }');
    expect(x.commands[0]!.context.map((c) => c.kind)).toEqual(['hook', 'function', 'group']);
    expect(x.functions).toEqual(['command_not_found_handle']);
  });
  it('hash -p keeps the hash command and lists later calls as the hashed path', () => {
    expect(withCtx('hash -p /usr/bin/rm ls; ls x; \\ls y; /bin/ls z; hash -r; ls w')).toEqual([
      ': hash -p /usr/bin/rm ls', ': ls x', 'hook: /usr/bin/rm x', ': ls y', 'hook: /usr/bin/rm y', ': /bin/ls z', ': hash -r', ': ls w',
    ]);
    expect(issues('hash -p /bin/rm $x')).toEqual(['parse']);
  });
  it('hook payloads inherit the budget', () => {
    const deep = "trap '".repeat(1) + 'a' + "' EXIT";
    expect(issues(deep)).toEqual([]);
    expect(issues("alias a='" + '$('.repeat(70) + "'")).toContain('limit');
  });
  it('payload spans stay inside the payload word', () => {
    const src = "echo; trap 'rm -rf /tmp/some/long/path' EXIT";
    const x = an(src);
    const w = x.commands[1]!.argv[1]!;
    for (const c of x.commands.slice(2)) {
      expect(c.span.start).toBeGreaterThanOrEqual(w.span.start);
      expect(c.span.end).toBeLessThanOrEqual(w.span.end);
    }
  });
});

describe('spans and stats', () => {
  it('spans point at the source text', () => {
    const src = 'FOO=1 git  commit -m "msg" >out && { rm -rf "$x"; }';
    const x = an(src);
    const [a, b] = x.commands;
    expect(src.slice(a!.span.start, a!.span.end)).toBe('FOO=1 git  commit -m "msg" >out');
    expect(a!.argv.map((w) => src.slice(w.span.start, w.span.end))).toEqual(['git', 'commit', '-m', '"msg"']);
    expect(src.slice(a!.redirects[0]!.span.start, a!.redirects[0]!.span.end)).toBe('>out');
    expect(src.slice(a!.env[0]!.span.start, a!.env[0]!.span.end)).toBe('FOO=1');
    expect(src.slice(b!.span.start, b!.span.end)).toBe('rm -rf "$x"');
    expect(src.slice(b!.context[0]!.span.start, b!.context[0]!.span.end)).toBe('{ rm -rf "$x"; }');
    for (const c of x.commands) for (const w of c.argv) expect(w.raw).toBe(src.slice(w.span.start, w.span.end));
  });
  it('spans inside substitutions', () => {
    const src = 'echo "$(rm -rf /x)" <(ls y)';
    const x = an(src);
    expect(x.commands.slice(1).map((c) => src.slice(c.span.start, c.span.end))).toEqual(['rm -rf /x', 'ls y']);
    expect(x.commands.slice(1).map((c) => src.slice(c.context[0]!.span.start, c.context[0]!.span.end))).toEqual(['$(rm -rf /x)', '<(ls y)']);
  });
  it('issue spans point at the problem', () => {
    const src = "echo ok; echo 'oops";
    const i = an(src).issues[0]!;
    expect(src.slice(i.span.start, i.span.end)).toBe("'oops");
  });
  it('stats count chars, tokens, depth and commands', () => {
    const x = an('a $(b $(c)) | d');
    expect(x.stats).toMatchObject({ chars: 15, commands: 4, maxDepth: 2 });
    expect(x.stats.tokens).toBeGreaterThan(4);
  });
});

describe('${x@P}: prompt expansion runs the substitutions in the value', () => {
  it('a static value is parsed for the commands it runs; an unknown one is an issue', () => {
    expect(an(`x='$(rm -rf y)'; echo "\${x@P}"`).commands.map((c) => c.argv[0]?.value)).toContain('rm');
    expect(an(`x='$(rm -rf y)'; z=\${x@P}`).commands.map((c) => c.argv[0]?.value)).toContain('rm');
    expect(an('read -r x; echo "${x@P}"').issues.some((i) => i.message.includes('@P'))).toBe(true);
    expect(issues(`x='\\u@\\h'; echo "\${x@P}"`)).toEqual([]);
    expect(an(`x='$(rm -rf y)'; echo "\${x@Q}"`).commands.map((c) => c.argv[0]?.value)).not.toContain('rm');
  });
});
