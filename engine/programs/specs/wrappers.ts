// Wrappers: programs whose operands (from some point on) are another command to run.
import { HV, prog } from '../dsl.ts';
import type { ProgramSpec } from '../types.ts';
import { envPrefix, flockHook } from '../hooks.ts';

const F = 'wrappers';
const W = { posix: true };

export const WRAPPERS = (): ProgramSpec[] => [
  prog(F, 'sudo', 'A|askpass b|background B|bell C|close-from:none D|chdir:cwd E|preserve-env:: e|edit g|group:none H|set-home h|host:: i|login K|remove-timestamp k|reset-timestamp l|list n|non-interactive N|no-update P|preserve-groups p|prompt:none R|chroot:cwd r|role:none S|stdin s|shell T|command-timeout:none t|type:none U|other-user:none u|user:none ?V|version v|validate ?help', 'argv', { ...W, hook: envPrefix, alt: [['edit', 'write+'], ['shell|login', 'lines']], startsShell: 'shell|login' }),
  prog(F, 'sudoedit', 'A|askpass C|close-from:none D|chdir:cwd g|group:none h|host:: n|non-interactive p|prompt:none T|command-timeout:none u|user:none ?V|version ?help', 'write+', W),
  prog(F, 'doas', 'n s L u:none C:config', 'argv', { ...W, alt: [['s', '']], startsShell: 's' }),
  prog(F, 'pkexec', 'user:none disable-internal-agent keep-cwd ?help ?version', 'argv', { ...W, startsShell: true }),
  prog(F, 'su', 'c|command:line.sh s|shell:line l|login m|p|preserve-environment g|group:none G|supp-group:none P|pty w|whitelist-environment:none f|fast session-command:line.sh ?h|help ?V|version', 'none? none*', { startsShell: true, shellOption: 'shell' }),
  prog(F, 'runuser', 'u|user:none g|group:none G|supp-group:none l|login c|command:line.sh s|shell:line m|p|preserve-environment f|fast w|whitelist-environment:none P|pty session-command:line.sh ?h|help ?V|version', 'none? none*', { ...W, alt: [['command|session-command', 'none*'], ['user', 'argv']], startsShell: '!user', shellOption: 'shell' }),
  prog(F, 'timeout', `k|kill-after:none s|signal:none foreground preserve-status v|verbose ${HV}`, 'none argv', W),
  prog(F, 'nice', `n|adjustment:none #adjustment ${HV}`, 'argv', W),
  prog(F, 'renice', 'n|priority:none g|pgrp p|pid u|user ?h|help ?V|version', 'none*', { pure: false }),
  prog(F, 'ionice', 'c|class:none n|classdata:none t|ignore p|pid:none P|pgid:none u|uid:none ?h|help ?V|version', 'argv', { ...W, alt: [['pid|pgid|uid', 'none*']] }),
  prog(F, 'nohup', HV, 'argv', { ...W, hook: (c) => { if (c.facts.args.some((a) => a.role === 'exec-argv')) c.facts.args.push({ role: 'append', word: c.operands[0], text: 'nohup.out', create: 'append' }); } }),
  prog(F, 'stdbuf', `i|input:none o|output:none e|error:none ${HV}`, 'argv', W),
  prog(F, 'time', `p|portability f|format:none o|output:write a|append v|verbose q|quiet ${HV}`, 'argv', W),
  prog(F, 'command', 'p v V', 'argv', { ...W, pure: true, alt: [['v|V', 'none*']] }),
  prog(F, 'builtin', '', 'argv', W),
  prog(F, 'exec', 'c l a:none', 'argv', W),
  prog(F, 'setsid', 'c|ctty f|fork w|wait ?h|help ?V|version', 'argv', W),
  prog(F, 'chrt', 'b|batch d|deadline f|fifo i|idle o|other r|rr e|ext R|reset-on-fork a|all-tasks m|max p|pid T|sched-runtime:none P|sched-period:none D|sched-deadline:none v|verbose ?h|help ?V|version', 'none argv', { ...W, alt: [['pid|max', 'none*']] }),
  prog(F, 'taskset', 'a|all-tasks c|cpu-list p|pid ?h|help ?V|version', 'none argv', { ...W, alt: [['pid', 'none*']] }),
  prog(F, 'numactl', 'a|all i|interleave:none p|preferred:none m|membind:none C|physcpubind:none N|cpunodebind:none l|localalloc H|hardware s|show ?h|help', 'argv', W),
  prog(F, 'watch', 'n|interval:none d|differences:: g|chgexit e|errexit b|beep c|color C|no-color t|no-title x|exec p|precise q|equexit:none r|no-rerun w|no-wrap ?h|help ?v|version', 'lines.sh', { ...W, alt: [['exec', 'argv']] }),
  prog(F, 'flock', 's|shared x|e|exclusive u|unlock n|nb|nonblock w|wait|timeout:none E|conflict-exit-code:none o|close F|no-fork verbose c|command:line.sh ?h|help ?V|version', 'none*', { ...W, hook: flockHook }),
  prog(F, 'xargs', `0|null a|arg-file:read d|delimiter:none E:none e|eof:: I:none i|replace:: L|max-lines:none l:: n|max-args:none o|open-tty P|max-procs:none p|interactive process-slot-var:none r|no-run-if-empty s|max-chars:none show-limits t|verbose x|exit ${HV}`, 'argv', { ...W, stdin: 'data', hook: xargsInput }),
  prog(F, 'unbuffer', 'p', 'argv', W),
  prog(F, 'script', 'a|append c|command:line.sh e|return f|flush E|echo:none I|log-in:write O|log-out:write B|log-io:write T|log-timing:write m|logging-format:none o|output-limit:none q|quiet t|timing:: ?h|help ?V|version', 'write?', { alt: [['append', 'append?']], startsShell: true }),
  prog(F, 'strace', 'c C w d f ff F i k q qq r t tt ttt T v V x xx y yy z Z n a:none b:none e:none E:env I:none o:write O:none p:none P:read s:none S:none u:none X:none ?h|help', 'argv', W),
  prog(F, 'ltrace', 'a:none A:none b c C|demangle D:none e:none f F:read h|help i l|library:read L n|indent:none o|output:write p:none r s:none S t T u:none w:none x:none ?V|version', 'argv', W),
  prog(F, 'gdb', 'ex|eval-command:code.gdb iex|init-eval-command:code.gdb x|command:codefile.gdb ix|init-command:codefile.gdb batch batch-silent n|nx nh q|quiet|silent p|pid:none c|core:read cd:cwd d|directory:config s|symbols:read e|exec:read se:read tty:none >args ?help ?version readnow return-child-result', 'read? read?', { singleDash: true, alt: [['args', 'argv']] }),
  prog(F, 'unshare', 'm|mount:: u|uts:: i|ipc:: n|net:: p|pid:: U|user:: C|cgroup:: T|time:: f|fork kill-child:: mount-proc:: map-user:none map-group:none r|map-root-user c|map-current-user propagation:none setgroups:none R|root:cwd w|wd:cwd S|setuid:none G|setgid:none ?h|help ?V|version', 'argv', { ...W, startsShell: true }),
  prog(F, 'nsenter', 'a|all t|target:none m|mount:: u|uts:: i|ipc:: n|net:: p|pid:: C|cgroup:: U|user:: T|time:: G|setgid:none S|setuid:none preserve-credentials r|root:: w|wd:: F|no-fork Z|follow-context ?h|help ?V|version', 'argv', { ...W, startsShell: true }),
  prog(F, 'firejail', 'quiet noprofile private:: private-tmp private-dev net:none noroot seccomp caps.drop:none profile:config whitelist:none blacklist:none read-only:none read-write:none ?help ?version', 'argv', { ...W, singleDash: false, startsShell: true }),
  prog(F, 'bwrap', 'bind:2 ro-bind:2 dev-bind:2 bind-try:2 ro-bind-try:2 dev:none proc:none tmpfs:none dir:none symlink:2 chdir:cwd setenv:2 unsetenv:none unshare-all unshare-net unshare-user unshare-pid unshare-ipc unshare-uts share-net die-with-parent new-session uid:none gid:none hostname:none file:2 ro-bind-data:2 ?help ?version', 'argv', W),
  prog(F, 'systemd-run', 'u|unit:none p|property:none description:none slice:none scope user system G|collect q|quiet t|pty P|pipe S|shell wait same-dir d|working-directory:cwd E|setenv:env r|remain-after-exit on-active:none on-boot:none on-calendar:none uid:none gid:none nice:none H|host:network M|machine:none no-block ?h|help ?version', 'argv', { ...W, startsShell: 'shell' }),
  prog(F, 'at', 'V q:none f:codefile.sh m M u:none t:none l d r b c:none v', 'none*', { stdin: 'code', stdinLanguage: 'sh', alt: [['l|d|r|c', 'none*']] }),
  prog(F, 'batch', 'V q:none f:codefile.sh m M v', 'none*', { stdin: 'code', stdinLanguage: 'sh' }),
  prog(F, 'atrm', 'V', 'none+'),
  prog(F, 'parallel', 'j|jobs|P|max-procs:none N:none n|max-args:none I:none S|sshlogin:network a|arg-file:read d|delimiter:none E:none colsep|C:none joblog:write results|res:write tmpdir:dir timeout:none delay:none retries:none halt|halt-on-error:none memfree:none load:none workdir|wd:cwd basefile|bf:read tagstring:none env:none ssh:line sshdelay:none rpl:code.perl k|keep-order q|quote X m 0|null v|verbose t u|ungroup g|group line-buffer|lb dry-run|dryrun progress bar eta tag nonall onall r|no-run-if-empty will-cite citation ?version ?help', 'lines.sh', { ...W, stdin: 'code', stdinLanguage: 'sh', hook: parallelHook }),
  prog(F, 'busybox', '', 'argv', W),
  prog(F, 'proxychains|proxychains4|torsocks|tsocks', 'q f:config', 'argv', { ...W, network: true }),
  prog(F, 'catchsegv|valgrind|fakechroot', 'f', 'argv', W),
  prog(F, 'fakeroot', 's:write i:read u|unknown-is-real ?h|help ?v|version', 'argv', { ...W, startsShell: true }),
  prog(F, 'dbus-launch|xvfb-run|ssh-agent|dbus-run-session', 'a|auto-servernum n|server-num:none s|server-args:none e|error-file:write f|auth-file:write sh-syntax s c k d t:none', 'argv', W),
];

/** xargs appends stdin items to the command, or puts them where -I's placeholder is. */
function xargsInput(ctx: import('../types.ts').HookContext): void {
  const a = ctx.facts.args.find((x) => x.role === 'exec-argv');
  if (!a) return;
  const o = ctx.facts.options;
  const rep = o.get('I') ?? o.get('replace');
  if (rep !== undefined) {
    a.input = 'replace';
    a.placeholder = rep === true ? '{}' : rep;
  } else a.input = 'append';
}

/** parallel CMD ::: ARGS: the words before the first `:::` / `::::` are the command line. */
function parallelHook(ctx: import('../types.ts').HookContext): void {
  const f = ctx.facts;

  const line = f.args.find((a) => a.role === 'exec-line' && a.argv);
  if (!line || !line.argv) return;
  const k = line.argv.findIndex((w) => w.static && (w.value === ':::' || w.value === '::::' || w.value === ':::+' || w.value === '::::+'));
  if (k < 0) return;
  const rest = line.argv.slice(k);
  line.argv = line.argv.slice(0, k);
  if (!line.argv.length) f.args.splice(f.args.indexOf(line), 1);
  let files = false;
  for (const w of rest) {
    const v = w.static ? w.value : undefined;
    if (v === '::::' || v === '::::+') files = true;
    else if (v === ':::' || v === ':::+') files = false;
    else f.args.push({ role: files ? 'read' : 'none', word: w });
  }
  if (line.argv.length) f.stdin = 'data';
}
