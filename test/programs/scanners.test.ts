import { describe, expect, it } from 'vitest';
import { awkHarmless, scanSed, scanUnknown } from '../../engine/programs/index.ts';
import { awkRunsInput } from '../../engine/programs/awk.ts';
import { run, w } from './helpers.ts';

describe('awk scanner', () => {
  it('print-only programs are harmless', () => {
    for (const p of ['{print $1}', 'NR>1 {print $2}', '$3 > 5 { n++ } END { print n }', 'BEGIN{FS=":"} {print $1 > 0 ? "a" : "b"}'.slice(0, 12) + '}', '{ if ($1 > 2) print }', '/x|y/'.replace('|', '') + ' {print}', '{ s = $1 || $2; print s }'])
      expect(awkHarmless(p), p).toBe(true);
  });
  it('programs that run their input as commands', () => {
    for (const p of ['{system($0)}', '{ system( "echo " $1 ) }', '{print | "sh"}', '{ print $0 | "/bin/bash -s" }', 'BEGIN { system("sh") }', '{ c = $1; c | getline x }', '{print | cmd}', '{print |& $2}'])
      expect(awkRunsInput(p), p).toBe(true);
    for (const p of ['{print $1}', 'BEGIN { system("date") }', '{print | "sort -u"}', '{"date" | getline d; print d}', '{ s = $1 || $2 }', '# system($0)\n{print}', '{ print "system($0)" }'])
      expect(awkRunsInput(p), p).toBe(false);
  });
  it('effects are caught', () => {
    for (const p of ['{system("id")}', '{print | "sh"}', '{"date" | getline d}', '{print > "/etc/x"}', '{print >> "log"}', '{printf "%s", $0 > "f"}', '{getline < "/etc/shadow"}', '@load "x"', 'BEGIN{ENVIRON["X"]=1}', '{print |& "cmd"}'])
      expect(awkHarmless(p), p).toBe(false);
  });
  it('feeds effectsFree through describe', () => {
    expect(run('awk', '{print $1}', 'f').effectsFree).toBe(true);
    expect(run('awk', 'BEGIN{system("id")}').effectsFree).toBe(false);
  });
});

describe('sed scanner', () => {
  it('stream edits are harmless', () => {
    for (const s of ['s/a/b/g', '1p', '/x/d', '$!N;s/\\n/ /', 'y/abc/xyz/', '1,5{s/a/b/;p}', 's|/|\\\\|g', 'a hello']) expect(scanSed(s).harmless, s).toBe(true);
  });
  it('w, r, e and s///w s///e are caught', () => {
    expect(scanSed('w /tmp/out').writes).toEqual(['/tmp/out']);
    expect(scanSed('s/a/b/w out').writes).toEqual(['out']);
    expect(scanSed('r /etc/shadow').reads).toEqual(['/etc/shadow']);
    expect(scanSed('1e id').lines).toEqual(['id']);
    expect(scanSed('s/.*/id/e').exec).toBe(true);
    expect(scanSed('W x').harmless).toBe(false);
  });
  it('shows sed writes as write args', () => {
    const f = run('sed', 's/a/b/w /etc/cron.d/x', 'f');
    expect(f.args.some((a) => a.role === 'write' && a.text === '/etc/cron.d/x')).toBe(true);
    expect(f.effectsFree).toBe(false);
    expect(run('sed', '-n', '1p', 'f').effectsFree).toBe(true);
  });
});

describe('scanUnknown', () => {
  const texts = (ws: { approx: string }[]) => ws.map((x) => x.approx);
  it('finds argv suffixes that start with a known program', () => {
    const r = scanUnknown(['--flag', 'rm', '-rf', '~'].map(w));
    expect(r.nestedArgv.map(texts)).toEqual([['rm', '-rf', '~']]);
    expect(scanUnknown(['/bin/rm', 'x'].map(w)).nestedArgv.length).toBe(1);
    expect(scanUnknown(['./rm', 'x'].map(w)).nestedArgv.length).toBe(0);
  });
  it('finds words that look like command lines', () => {
    expect(texts(scanUnknown([w('--cmd=rm -rf /')]).lines)).toEqual(['rm -rf /']);
    expect(texts(scanUnknown([w('a; b')]).lines)).toEqual(['a; b']);
    expect(texts(scanUnknown([w('echo $(id)')]).lines)).toEqual(['echo $(id)']);
    expect(scanUnknown([w('hello world')]).lines).toEqual([]);
  });
});

describe('scanUnknown, glued options', () => {
  it('a command line glued to a short option is found', () => {
    expect(scanUnknown([w('-crm -rf ~')]).lines.map((x) => x.approx)).toEqual(['rm -rf ~']);
    expect(scanUnknown([w('-x')]).lines).toEqual([]);
  });
});

describe('standard streams are not files', () => {
  it('awk print > "/dev/stderr" and sed w /dev/stdout stay harmless', () => {
    expect(awkHarmless('{ print "x" > "/dev/stderr" }')).toBe(true);
    expect(awkHarmless('{ print "x" >> "/dev/stdout" }')).toBe(true);
    expect(awkHarmless('{ print "x" > "/dev/stderrx" }')).toBe(false);
    expect(scanSed('w /dev/stdout').harmless).toBe(true);
    expect(scanSed('s/a/b/w /dev/stderr').harmless).toBe(true);
    expect(scanSed('w /dev/stdoutx').harmless).toBe(false);
  });
});

describe('awk regex literals', () => {
  it('a | inside a regex is not a pipe; division is not a regex', () => {
    expect(awkHarmless('/foo|bar/ { print }')).toBe(true);
    expect(awkHarmless('$1 ~ /a|b/ { n++ } END { print n / 2 }')).toBe(true);
    expect(awkHarmless('{ x = $1 / 2 } { print x | "sh" }')).toBe(false);
    expect(awkHarmless('/x/ { system("id") }')).toBe(false);
  });
});
