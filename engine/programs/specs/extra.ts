// More programs that run commands, load code, write files or reach the network by option
// (most are listed by GTFOBins as ways to a shell, a file write or a file read).
import { prog, viewer } from '../dsl.ts';
import { unixexecAddress } from '../exec-hooks.ts';
import type { HookContext, ProgramSpec } from '../types.ts';

const F = 'extra';
const effect = (c: HookContext) => {
  c.effect = true;
};
const loose = { loose: true, hook: effect };
/** Programs described by nothing but their name: every operand (an unknown option's value too)
 *  may be a file they read (log rotation configs, keymaps, pages, terminal front ends …;
 *  GTFOBins lists many as file readers). */
const byName = (names: string) => prog(F, names, '', 'read*', loose);

export const EXTRA = (): ProgramSpec[] => [
  // Guards that receive a command as text to judge it (dcg explain/test, ee preflight check --cmd): the text is data.
  prog(F, 'dcg', '?h|help ?V|version', 'none*', { subOpen: true, ...loose }),
  // ee is also the easy editor (ee FILE writes FILE); only its preflight subcommand takes text.
  prog(F, 'ee', 'cmd:none', 'write*', { loose: true, hook: (c) => {
    c.effect = true;
    const first = c.operands[0];
    if (first && first.static && first.value === 'preflight') for (const a of c.facts.args) a.role = 'none';
  } }),
  // wrappers: the operands from some point on are a command
  prog(F, 'ld.so|ld-linux.so.2|ld-linux-x86-64.so.2|ld-linux-aarch64.so.1|ld-musl-x86_64.so.1', 'list verify library-path:config preload:codefile.so inhibit-cache argv0:none audit:codefile.so ?help ?version', 'argv', { posix: true }),
  prog(F, 'ksu', 'n:none l:none z Z q e:none a:none k D c:none', 'none?', { hook: (c) => { const k = c.args.findIndex((w) => w.static && w.value === '-e'); if (k >= 0 && k + 1 < c.args.length) { c.facts.args = c.facts.args.filter((a) => a.option !== 'e'); c.facts.args.push({ role: 'exec-argv', word: c.args[k + 1], argvIndex: k + 1 }); } c.effect = true; } }),
  prog(F, 'aa-exec|aoss|choom|distcc|grc|multitime|openvt|pexec|softlimit|torify|logsave', 'p|profile:none n:none v d|debug i x f|force q|quiet s:none c:none', 'argv', { posix: true, hook: (c) => { if (c.facts.name === 'logsave') { const a = c.facts.args.find((x) => x.role === 'exec-argv'); if (a && a.argvIndex !== undefined && a.argvIndex + 1 < c.args.length) { c.facts.args.push({ role: 'append', word: c.args[a.argvIndex], create: 'append' }); a.argvIndex++; a.word = c.args[a.argvIndex]; } } } }),
  prog(F, 'pidstat', 'e:argv p:none u r d w t h I l H U:none C:none G:none T:none ?V', 'none*', { hook: (c) => { const k = c.args.findIndex((w) => w.static && w.value === '-e'); if (k >= 0) { c.facts.args = c.facts.args.filter((a) => a.option !== 'e'); if (k + 1 < c.args.length) c.facts.args.push({ role: 'exec-argv', word: c.args[k + 1], argvIndex: k + 1 }); } } }),
  prog(F, 'ctr', 'n|namespace:none a|address:net', 'none*', { posix: true, ...loose }),
  // setlock FILE PROGRAM …: the lock file, then the command
  prog(F, 'setlock', 'n N x X', 'write argv', { posix: true }),
  prog(F, 'genie', 'c|command:line s|shell l|login i|initialize u|shutdown r|is-running b|is-in-bottle a|as-user:none ?V|version ?h|help', 'none*', { hook: effect }),
  // code carriers
  prog(F, 'dc', 'e|expression:code.dc f|file:codefile.dc ?V|version ?h|help', 'codefile.dc*', { stdin: 'code', stdinLanguage: 'dc' }),
  prog(F, 'bc', 'i|interactive l|mathlib w|warn s|standard q|quiet e|expression:code.bc f|file:codefile.bc ?h|help ?v|version', 'codefile.bc*', { pure: true, stdin: 'code', stdinLanguage: 'bc', writesStdout: true }),
  prog(F, 'bpftrace', 'e:code.bpftrace c:line.sh unsafe d:: v l:none o:write p:none B:none f:none k q ?h|help ?V|version', 'codefile.bpftrace?', { hook: effect }),
  prog(F, 'clisp|sbcl|ecl|racket|guile|chez|scheme|csi|gsi|gst|ocaml|utop|swipl|erl|elixir|iex|escript|scala|kotlin|groovy|clojure|clj|bb|nbb|jjs|jrunscript|jshell|irb|pry|byebug|rdbg|ghci|octave|octave-cli|matlab|maxima|gp|sage|tasksh|slsh|ginsh|wolfram|qalc', 'x:code c:code e|eval|expr:code l|load:codefile script:codefile f|file:codefile q|quiet ?version ?help', 'codefile*', { loose: true, stdin: 'code', hook: effect }),
  prog(F, 'pdb|pdb3|ipdb', 'c:code.pdb m:code.python-module', 'codefile.python none*', { posix: true, stdin: 'code', stdinLanguage: 'pdb' }),
  prog(F, 'm4|gm4', 'D|define:none U|undefine:none I|include:config s|synclines P|prefix-builtins Q|quiet|silent E|fatal-warnings G|traditional i|interactive d|debug:: o|debugfile|error-output:write F|freeze-state:write R|reload-state:read ?help ?version', 'codefile.m4*', { stdin: 'code', stdinLanguage: 'm4', writesStdout: true }),
  prog(F, 'gnuplot', 'e|persist:: c:codefile.gnuplot d|default-settings slow ?V|version ?h|help', 'codefile.gnuplot*', { stdin: 'code', stdinLanguage: 'gnuplot', hook: (c) => { const k = c.args.findIndex((w) => w.static && w.value === '-e'); if (k >= 0 && k + 1 < c.args.length) c.facts.args.push({ role: 'code', word: c.args[k + 1], language: 'gnuplot' }); } }),
  prog(F, 'rpm|rpmbuild|rpmquery|rpmverify|rpmdb', 'pipe:line i|install U|upgrade F|freshen e|erase@package-remove q|query V|verify eval|E:code.rpm-macro define|D:config macros:config rcfile:config root|r:cwd dbpath:config nodeps force test a|all l|list f|file p|package v h|hash ba bb bs ta tb ?version ?help', 'none*', { hook: (c) => { const o = c.facts.options; if (!(o.has('query') || o.has('verify') || o.has('test'))) c.effect = true; } }),
  prog(F, 'latex|pdflatex|xelatex|lualatex|luatex|tex|pdftex|xetex|latexmk|context|dvips|dvipdf', 'pdflatex:line latex:line lualatex:line xelatex:line dvipdf:line ps2pdf:line shell-escape@tex-shell-escape enable-write18@tex-shell-escape no-shell-escape interaction:none output-directory:dir jobname:none halt-on-error e:line.sh pdf ?version ?help', 'code.tex*', { singleDash: true, loose: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'puppet|facter|chef-client|chef-solo|knife|salt-call|cdist', 'e|execute:code.puppet ?version ?help', 'none*', { loose: true, network: true, hook: effect }),
  byName('easyrsa|logrotate|procmail|rsyslogd|fail2ban-client|needrestart|run-mailcap'),
  // command-running options
  prog(F, 'agetty|getty', 'l|login-program:line o|login-options:none a|autologin:none ?h|help ?V|version', 'none*', loose),
  prog(F, 'tmate', 'c:line S:none f:config ?V', 'none*', loose),
  prog(F, 'plymouth', 'command:line prompt:none', 'none*', loose),
  // xdotool exec COMMAND …: runs the command
  prog(F, 'xdotool', '', 'none*', { loose: true, hook: (c) => { c.effect = true; const k = c.args.findIndex((w) => w.static && w.value === 'exec'); let j = k + 1; while (k >= 0 && j < c.args.length && (c.args[j]!.value ?? '').startsWith('--')) j++; if (k >= 0 && j < c.args.length) c.facts.args.push({ role: 'exec-argv', word: c.args[j]!, argvIndex: j }); } }),
  prog(F, 'fzf|sk|peco', 'preview:line.sh bind:code.fzf listen:none e|exact m|multi q|query:none f|filter:none 0|exit-0 1|select-1 ?version ?h|help', 'none*', { loose: true, hook: (c) => { for (const a of c.args) if (a.static && /*bind*/ (a.value ?? '').includes('execute')) c.effect = true; const l = c.facts.options.get('listen'); if (l !== undefined) { c.facts.network = true; c.facts.destructive ??= 'network-listen'; } } }),
  prog(F, 'yt-dlp|youtube-dl', 'exec:line.sh exec-before-download:line.sh o|output:write P|paths:dir a|batch-file:read cookies:read config-locations:config f|format:none x|extract-audio q|quiet netrc ?version ?h|help', 'net*', { network: true, loose: true }),
  prog(F, 'openvpn', 'config:config up:line.sh down:line.sh route-up:line.sh ipchange:line.sh client-connect:line.sh client-disconnect:line.sh learn-address:line.sh tls-verify:line.sh auth-user-pass-verify:line.sh script-security:none dev:none remote:net daemon log:write ?version ?help', 'none*', { network: true, loose: true, hook: effect }),
  prog(F, 'certbot|acme.sh', 'pre-hook:line.sh post-hook:line.sh deploy-hook:line.sh manual-auth-hook:line.sh manual-cleanup-hook:line.sh logs-dir:dir work-dir:dir config-dir:dir w|webroot-path:dir d|domains:none email:none n|non-interactive dry-run agree-tos standalone ?version ?h|help', 'none*', { network: true, loose: true, hook: effect }),
  prog(F, 'restic|borg|borgmatic|duplicity', 'password-command:line.sh r|repo:net password-file:read rsh:line.sh remote-path:line q|quiet ?version ?h|help', 'read*', { network: true, loose: true, hook: effect }),
  prog(F, 'sshuttle', 'e|ssh-cmd:line.sh r|remote:net x|exclude:none D|daemon v|verbose ?version ?h|help', 'none*', { network: true, loose: true, hook: effect }),
  prog(F, 'scrot|maim|gnome-screenshot|import', 'e|exec:line.sh d|delay:none s|select q|quality:none ?v|version ?h|help', 'write?', { loose: true }),
  prog(F, 'dhclient|dhcpcd|udhcpc', 'sf:line cf:config lf:write pf:write r x v d 4 6 ?h|help', 'none*', { singleDash: true, loose: true, network: true, hook: effect }),
  prog(F, 'tshark|wireshark|dumpcap', 'w:write r:read i:none f:none Y:none X:code.lua c:none a:none b:none q V x T:none ?v|version ?h|help', 'none*', { network: true, destructive: 'packet-capture' }),
  prog(F, 'setcap|getcap', 'r v q n:none ?h', 'none mode+', { destructive: 'capability-change', hook: (c) => { if (c.facts.name === 'getcap') { c.facts.destructive = undefined; for (const a of c.facts.args) if (a.role === 'mode' || a.role === 'none') a.role = 'read'; } } }),
  prog(F, 'debugfs', 'w c i n b:none s:none f:codefile.debugfs R:code.debugfs d:none D z:write ?V', 'write?', { destructive: 'disk-modify', stdin: 'code', stdinLanguage: 'debugfs', hook: (c) => { if (!c.facts.options.has('w')) { c.facts.destructive = undefined; for (const a of c.facts.args) if (a.role === 'write' && a.option === undefined) a.role = 'read'; } } }),
  prog(F, 'cowsay|cowthink', 'f:codefile.perl b d g p s t w y e:none T:none W:none l n ?h', 'none*', {}),
  prog(F, 'unsquashfs', 'd|dest:dir f|force l|ls ll s|stat i|info n|no-progress ?v|version', 'read none*', { hook: (c) => { const o = c.facts.options; if (o.has('ls') || o.has('ll') || o.has('stat')) return; if (!o.has('dest')) c.effect = true; } }),
  // writers by option
  prog(F, 'as|nasm|yasm|gas', 'o:write f:none g l:write I:config D:none ?v|version ?h|help', 'read*', { hook: (c) => { if (!c.facts.options.has('o') && c.operands.length) c.facts.args.push({ role: 'write', word: c.operands[0], text: c.facts.name === 'as' ? 'a.out' : 'a.o', option: 'o' }); } }),
  prog(F, 'enscript', 'o|output:write I|filter:line p:write ?V|version ?h|help', 'read*', { loose: true }),
  prog(F, 'pygmentize|highlight|genisoimage|mkisofs|xorriso|hashcat|iptables-save|ip6tables-save|msgattrib|msgcat|msgconv|msgfilter|msgmerge|msguniq|msgfmt|zic|tic|qpdf|exiftool|espeak|varnishncsa', 'o|output|output-file:write O:none f:read l L:none w:write d:dir ?V|version ?h|help', 'read*', { loose: true, hook: (c) => { const n = c.facts.name; if (n === 'exiftool' || n === 'qpdf' || n === 'msgfilter' || n === 'hashcat') c.effect = true; } }),
  viewer(F, 'ascii85|base58|basez|dialog|whiptail|xmore|aspell|ispell|eqn|tbl|pic|soelim|zsoelim|nroff|troff|groff|man2html', 'textbox:read f:read ?help ?version', 'read*', { loose: true, hook: (c) => { if (['groff', 'troff', 'nroff', 'pic', 'eqn', 'tbl', 'soelim', 'zsoelim'].includes(c.facts.name)) { if (c.args.some((w) => w.static && (w.value === '-U' || w.value === '--unsafe'))) c.effect = true; } if (c.facts.name === 'aspell' || c.facts.name === 'ispell' || c.facts.name === 'dialog' || c.facts.name === 'whiptail') c.effect = true; } }),
  // network clients
  // socket(1): -p runs a program with the connection as its stdin and stdout
  prog(F, 'socket', 'b B c f l q r s v w p:line.sh ?version', 'net*', { network: true, loose: true, hook: (c) => { c.facts.destructive ??= 'network-listen'; c.facts.execStdio = 'network'; c.effect = true; } }),
  // lwp-download [-a] [-s] URL [FILE]: FILE (or a file named after the URL) gets what the server sends
  prog(F, 'lwp-download', 'a s', 'net write?', { network: true }),
  prog(F, 'smbclient|finger|ncftp|psftp|rlogin|rsh|mosh|mosquitto_pub|mosquitto_sub|mosquitto|tailscale|ntpdate|fping|hping3|lwp-request|urlget|ab|siege|wrk|hey|grpcurl|websocat|wscat|ngrok|cloudflared|frpc|chisel|bore|localtunnel|lt', 'p:read T:read f:read o:write c:code n:none file:read k:read', 'net*', { network: true, loose: true, hook: (c) => { const n = c.facts.name; if (['ngrok', 'cloudflared', 'frpc', 'chisel', 'bore', 'localtunnel', 'lt', 'mosh'].includes(n)) c.facts.destructive ??= 'network-listen'; c.effect = true; /* a local path among the hosts is a file it sends or serves (tailscale serve PATH) */ for (const w of c.operands) { const v = w.static ? w.value ?? '' : ''; if (v[0] === '/' || v.startsWith('~/') || v.startsWith('./')) c.facts.args.push({ role: 'read', word: w }); } } }),
  prog(F, 'rc|sash|es|scsh|osh|oil|ysh|murex|ion', 'c:code.sh e i l n p v x s', 'codefile.sh none*', { posix: true, stdin: 'code', stdinLanguage: 'sh', alt: [['c', 'none*']] }),
  prog(F, 'busctl|gdbus|dbus-send|dbus-monitor', 'user system session H|host:net M|machine:none address:none dest:none print-reply:: type:none no-pager ?h|help ?version', 'none*', { pager: true, pure: true, hook: (c) => { unixexecAddress(c); const w = c.operands[0]; const v = w && w.static ? w.value : undefined; if (!(v === undefined || v === 'list' || v === 'status' || v === 'tree' || v === 'introspect' || v === 'get-property' || v === 'help')) c.effect = true; } }),
  prog(F, 'clamscan|clamdscan', 'f|file-list:read r|recursive i|infected o|suppress-ok-results l|log:write move:dir copy:dir remove@file-delete d|database:read ?V|version ?h|help', 'read*', { pure: true, hook: (c) => { const o = c.facts.options; if (o.has('move') || o.has('remove')) { c.effect = true; if (o.has('remove')) for (const a of c.facts.args) if (a.role === 'read' && a.option === undefined) a.role = 'delete'; } } }),
  prog(F, 'csvtool', 'o:write t:none u:none', 'read*', { loose: true, hook: (c) => { const k = c.operands.findIndex((w) => w.static && w.value === 'call'); if (k >= 0 && c.operands[k + 1]) c.facts.args.push({ role: 'exec-line', word: c.operands[k + 1], language: 'sh' }); } }),
  prog(F, 'nginx|apache2|httpd|apache2ctl|apachectl|caddy|lighttpd|dnsmasq|mosh-server|redis-server|redis|memcached|mongod|postgres|mysqld|sshd|vsftpd|named|unbound|haproxy|traefik|envoy', 'conf-script:line dhcp-script:line dhcp-luascript:codefile.lua c|config:config f:config t T q g:none p:cwd s:none d C:none ?v ?V ?h|help', 'none*', { loose: true, network: true, destructive: 'network-listen', hook: (c) => { if (c.facts.options.has('t') || c.facts.options.has('T') || c.facts.info) c.facts.destructive = undefined; c.effect = true; } }),
  prog(F, 'wg-quick|wg|ifup|ifdown|nmtui|netplan', '', 'none*', { loose: true, network: true, hook: effect }),
  prog(F, 'autoconf|autoheader|autoreconf|automake|aclocal|libtoolize|autoupdate|autoscan', 'o|output:write f|force i|install v|verbose I|include:config B|prepend-include:config W|warnings:none ?V|version ?h|help', 'read*', { projectCode: true, hook: effect }),
  prog(F, 'bashbug|perlbug|reportbug|ubuntu-bug', '', 'none*', loose),
  prog(F, 'check_by_ssh|check_cups|check_log|check_memory|check_raid|check_ssl_cert|check_statusfile|check_http|check_tcp|check_ping|check_disk|check_procs|check_nrpe', '', 'none*', { loose: true, network: true, hook: effect }),
  prog(F, 'systemd-resolve|resolvectl', '4 6 i|interface:none t|type:none c|class:none ?h|help ?version', 'none*', { network: true, pure: true, writesStdout: true, hook: (c) => { const w = c.operands[0]; const v = w && w.static ? w.value : ''; if (['dns', 'domain', 'default-route', 'llmnr', 'mdns', 'dnssec', 'dnsovertls', 'nta', 'revert', 'flush-caches', 'reset-statistics', 'reset-server-features'].includes(v ?? '')) c.effect = true; } }),
  byName('ascii-xfr|dstat|runscript|tdbtool|arch-nspawn|bridge|atobm|bee|forge|jtag|ksshell|ansible-test|xmodmap|xrdb|xinput|xset|setxkbmap|loadkeys|chvt|fgconsole'),
  // interactive tools with a shell escape
  byName('ncdu|ranger|nnn|mc|vifm|lf|iftop|minicom|byobu|zellij|nmon|crash|gcore|virsh|vagrant|lxc|lxd|incus|multipass|apport-cli|dosbox|gimp|zathura|yelp|xpad|bconsole|asterisk|msfconsole|sqlmap|volatility|bbot|scanmem|rtorrent|alpine|pine|wall|write|xdg-user-dir|neofetch|fastfetch|cupsfilter|lp|lpr|cancel|efax|eb|gtester|redcarpet|rustdoc|cobc|acr|arj|pax|opkg|pkg|xbps-install'),
];
