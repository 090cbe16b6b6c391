// Network tools: the host or URL is a 'network' arg; uploads go out, downloads come in and may be written.
import { prog, viewer } from '../dsl.ts';
import type { HookContext, ProgramSpec } from '../types.ts';
import { textOf, valueFrom } from '../words.ts';

const F = 'network';

/** ssh HOST [CMD…]: the words after the host are one remote command line; -o ProxyCommand=… runs locally. */
function sshHook(c: HookContext): void {
  const f = c.facts;
  for (const a of f.args) {
    if (a.option !== 'o') continue;
    const t = textOf(a.word);
    const eq = t.indexOf('=');
    const sp = t.indexOf(' ');
    const cut = eq < 0 ? sp : sp < 0 ? eq : Math.min(eq, sp);
    const key = (cut < 0 ? t : t.slice(0, cut)).toLowerCase();
    if (['proxycommand', 'localcommand', 'knownhostscommand', 'remotecommand'].includes(key)) {
      a.role = 'exec-line';
      a.text = cut < 0 ? '' : t.slice(cut + 1).trim();
      a.language = 'sh';
      if (key === 'remotecommand') a.direction = 'out';
    } else if (['identityfile', 'userknownhostsfile', 'certificatefile', 'controlpath', 'include'].includes(key)) {
      a.role = key === 'include' ? 'config' : 'read';
      a.text = cut < 0 ? '' : t.slice(cut + 1).trim();
    } else if (!a.word.static) f.issues.push(`dynamic ssh option ${a.word.approx}`);
    else a.role = 'none';
  }
}

/** curl -O / wget URL: the file is named after the URL's last path segment, in DIR or the current folder. */
function downloadsByName(c: HookContext, dir: string | true | undefined): void {
  const f = c.facts;
  for (const a of [...f.args]) {
    if (a.role !== 'network' || a.option !== undefined) continue;
    let name: string | undefined;
    if (a.word.static) {
      let u = a.word.value ?? '';
      for (const cut of ['?', '#']) {
        const k = u.indexOf(cut);
        if (k >= 0) u = u.slice(0, k);
      }
      const scheme = u.indexOf('://');
      const path = scheme >= 0 ? u.slice(scheme + 3) : u;
      const slash = path.indexOf('/');
      const last = slash < 0 ? '' : path.slice(path.lastIndexOf('/') + 1);
      name = last || 'index.html';
    }
    const prefix = typeof dir === 'string' ? (dir.endsWith('/') ? dir : dir + '/') : '';
    f.args.push({ role: 'write', word: a.word, option: 'remote-name', create: 'truncate', ...(name !== undefined ? { text: prefix + name } : {}) });
  }
}

/**
 * An httpie item that reads a file: `@FILE` (the body), `name@FILE` (an upload), `name=@FILE`,
 * `name:=@FILE`, `Header:@FILE`. The index where FILE starts, or -1 (an @ after a `Header:` or `name=` value is text).
 */
function httpieFile(t: string): number {
  let k = 0;
  while (k < t.length && t[k] !== '=' && t[k] !== ':' && t[k] !== '@') k++;
  if (t[k] === '@') return k + 1;
  while (t[k] === '=' || t[k] === ':') k++;
  return k > 0 && t[k] === '@' ? k + 1 : -1;
}

function curlHook(c: HookContext): void {
  const f = c.facts;
  let upload = false;
  for (const a of [...f.args]) {
    if (a.option === undefined) continue;
    if (['data', 'data-ascii', 'data-binary', 'data-raw', 'data-urlencode', 'form', 'json', 'upload-file'].includes(a.option)) {
      // @file / <file reads a local file and sends it
      const t = a.word.static ? (a.text ?? a.word.value ?? '') : (a.approx ?? a.word.approx);
      const at = t.indexOf('@');
      const lt = a.option === 'form' ? t.indexOf('<') : -1;
      if (a.option === 'upload-file') {
        a.role = 'read';
        a.direction = 'out';
      } else if (a.option !== 'data-raw' && (at === 0 || (a.option === 'form' && at > 0 && t[at - 1] === '=') || (a.option === 'data-urlencode' && at >= 0) || lt > 0)) {
        a.role = 'read';
        valueFrom(a, t, (lt > 0 ? lt : at) + 1);
        a.direction = 'out';
      } else a.role = 'none';
      upload = true;
    }
  }
  for (const a of f.args) {
    if (a.role !== 'network' || a.option !== undefined) continue;
    const t = a.word.static ? (a.word.value ?? '') : '';
    if (t.toLowerCase().startsWith('file:')) {
      // file:// URLs read local files
      a.role = 'read';
      let p = t.slice(5);
      while (p.startsWith('//')) p = p.slice(1);
      a.text = p.startsWith('/localhost/') ? p.slice(10) : p;
      delete a.direction;
    } else if (upload) a.direction = 'out';
  }
  // only file:// URLs: nothing reaches the network
  if (!f.args.some((a) => a.role === 'network')) f.network = false;
  if (f.options.has('remote-name') || f.options.has('remote-name-all')) {
    c.effect = true;
    downloadsByName(c, f.options.get('output-dir'));
  }
}

const CURL = 'd|data:read data-ascii:read data-binary:read data-raw:read data-urlencode:read F|form:read form-string:read json:read T|upload-file:read o|output:write O|remote-name remote-name-all J|remote-header-name output-dir:dir create-dirs K|config:config H|header:none X|request:none u|user:none A|user-agent:none e|referer:none b|cookie:none c|cookie-jar:write x|proxy:net L|location s|silent S|show-error f|fail fail-with-body k|insecure I|head i|include v|verbose m|max-time:none connect-timeout:none retry:none retry-delay:none retry-max-time:none url:net G|get w|write-out:none D|dump-header:write C|continue-at:none r|range:none z|time-cond:none E|cert:read key:read cacert:read capath:read unix-socket:read abstract-unix-socket:none q|disable compressed !n|netrc netrc-file:read netrc-optional oauth2-bearer:none tlsv1.2 tlsv1.3 http1.1 http2 http3 4|ipv4 6|ipv6 resolve:none connect-to:none interface:none local-port:none limit-rate:none Z|parallel parallel-max:none trace:write trace-ascii:write stderr:write libcurl:write etag-save:write etag-compare:read hsts:write alt-svc:write proto:none proto-redir:none max-redirs:none location-trusted noproxy:none proxy-user:none socks5:net socks5-hostname:net preproxy:net P|ftp-port:none Q|quote:none l|list-only a|append B|use-ascii ftp-create-dirs ssl ssl-reqd no-keepalive keepalive-time:none N|no-buffer # progress-bar no-progress-meter styled-output raw tr-encoding path-as-is globoff|g Y|speed-limit:none y|speed-time:none t|telnet-option:none U|proxy-user:none 0|http1.0 1|tlsv1 2|sslv2 3|sslv3 j|junk-session-cookies p|proxytunnel R|remote-time ?V|version ?h|help:: M|manual';
const WGET = 'O|output-document:write o|output-file:write a|append-output:append q|quiet v|verbose nv|no-verbose i|input-file:read F|force-html B|base:none P|directory-prefix:dir post-data:none post-file:read body-data:none body-file:read method:none header:none U|user-agent:none user:none password:none http-user:none http-password:none ask-password c|continue N|timestamping r|recursive l|level:none np|no-parent k|convert-links m|mirror p|page-requisites t|tries:none T|timeout:none no-check-certificate S|server-response spider w|wait:none random-wait limit-rate:none Q|quota:none nd|no-directories x|force-directories nH|no-host-directories cut-dirs:none A|accept:none R|reject:none D|domains:none e|execute:config load-cookies:read save-cookies:write keep-session-cookies no-cookies referer:none ca-certificate:read certificate:read private-key:read config:config no-config b|background 4|inet4-only 6|inet6-only no-clobber|nc content-disposition trust-server-names ?V|version ?h|help';

/** socat address keywords that open a file (FILE is GOPEN; a bare path with a `/` is one too). */
const SOCAT_FILES = ['OPEN', 'GOPEN', 'FILE', 'CREATE', 'CREAT'];

/**
 * socat ADDR1 ADDR2: data flows both ways unless -u (1 → 2) or -U (2 → 1), so a file address is
 * read, written, or both; rdonly / wronly / append / trunc options narrow it, CREATE truncates.
 * `A!!B` reads from A and writes to B. EXEC / SYSTEM run a command line; LISTEN addresses listen.
 */
function socatHook(c: HookContext): void {
  const o = c.facts.options;
  const ops = c.facts.args.filter((a) => a.option === undefined);
  const extra: typeof c.facts.args = [];
  ops.forEach((a, k) => {
    const raw = textOf(a.word);
    const dual = raw.indexOf('!!');
    const parts = dual < 0 ? [raw] : [raw.slice(0, dual), raw.slice(dual + 2)];
    const flow = o.has('u') ? (k === 0 ? 'in' : 'out') : o.has('U') ? (k === 0 ? 'out' : 'in') : 'both';
    parts.forEach((t, p) => {
      const up = t.toUpperCase();
      const colon = t.indexOf(':');
      const kw = colon < 0 ? '' : up.slice(0, colon);
      const f = p === 0 ? a : { ...a };
      if (p > 0) extra.push(f);
      if (kw === 'EXEC' || kw === 'SYSTEM') {
        f.role = 'exec-line';
        f.text = t.slice(colon + 1).split(',')[0];
        f.language = 'sh';
      } else if (SOCAT_FILES.includes(kw) || (colon < 0 && t.includes('/') && !t.startsWith('$'))) {
        const [name, ...opts] = t.slice(colon + 1).split(',');
        const has = (x: string) => opts.some((y) => y.toLowerCase() === x || y.toLowerCase() === `o-${x}`);
        const dir = dual >= 0 ? (p === 0 ? 'in' : 'out') : has('rdonly') ? 'in' : has('wronly') ? 'out' : flow;
        const create = kw.startsWith('CREAT') || has('trunc') ? 'truncate' : has('append') ? 'append' : 'create';
        f.text = name;
        f.role = dir === 'in' ? 'read' : 'write';
        if (f.role === 'write') f.create = create;
        if (dir === 'both') extra.push({ ...f, role: 'read', create: undefined });
        c.effect = true;
      } else if (up === '-' || up === 'STDIO' || up === 'STDIN' || up === 'STDOUT') f.role = 'none';
      else if (up.includes('LISTEN')) {
        f.role = 'network';
        c.facts.destructive ??= 'network-listen';
      }
    });
  });
  c.facts.args.push(...extra);
  if (c.facts.args.some((a) => a.role === 'network')) c.facts.execStdio = 'network';
}

export const NETWORK = (): ProgramSpec[] => [
  prog(F, 'curl', CURL, 'net*', { network: true, pure: true, writesStdout: true, hook: curlHook }),
  prog(F, 'wget', WGET, 'net*', { network: true, hook: (c) => { const o = c.facts.options; if (!o.has('output-document') && !o.has('spider')) { c.effect = true; downloadsByName(c, o.get('directory-prefix')); } if (o.has('post-data') || o.has('post-file') || o.has('body-data') || o.has('body-file')) for (const a of c.facts.args) if (a.role === 'network' && a.option === undefined) a.direction = 'out'; } }),
  prog(F, 'aria2c', 'd|dir:dir o|out:write i|input-file:read x|max-connection-per-server:none s|split:none c|continue q|quiet on-download-complete:line on-download-start:line on-download-error:line on-download-pause:line on-download-stop:line on-bt-download-complete:line conf-path:config ?v|version ?h|help', 'net*', { network: true, hook: (c) => { if (!c.facts.options.has('out')) { c.effect = true; downloadsByName(c, c.facts.options.get('dir')); } } }),
  prog(F, 'http|https|xh|xhs|httpie', 'b|body h|headers v|verbose p|print:none f|form j|json m|multipart d|download o|output:write c|continue a|auth:none A|auth-type:none session:write session-read-only:read follow F max-redirects:none verify:none cert:read cert-key:read timeout:none check-status offline ignore-stdin I pretty:none s|style:none ?version ?help', 'none? net none*', { network: true, writesStdout: true, hook: (c) => { const first = c.facts.args.find((a) => a.option === undefined); if (first && first.role === 'none' && /*method*/ first.word.static && !upper(first.word.value ?? '')) { first.role = 'network'; } for (const a of c.facts.args) if (a.option === undefined && a.role === 'none' && a !== first) { const t = textOf(a.word); const k = httpieFile(t); if (k >= 0) { a.role = 'read'; valueFrom(a, t, k); a.direction = 'out'; } } } }),
  prog(F, 'nc|ncat|netcat|nc.openbsd|nc.traditional', '4 6 C D d F h k l N n r S t U u v z b:none e:line c:line.sh I:none i:none M:none m:none O:none P:none p:none q:none s:none T:none V:none W:none w:none X:none x:none o:write exec:line sh-exec:line.sh lua-exec:codefile.lua allow:none deny:none ssl send-only recv-only listen keep-open ?version ?help', 'net? none?', { network: true, stdin: 'data', writesStdout: true, hook: (c) => { for (const a of c.facts.args) if (a.role === 'network') a.direction = 'both'; if (c.facts.options.has('l') || c.facts.options.has('listen')) c.facts.destructive ??= 'network-listen'; c.facts.execStdio = 'network'; } }),
  prog(F, 'socat', 'V d D v x b:none t:none T:none u U g L:write W:write 4 6 h ?hh ?hhh', 'net net', { network: true, hook: socatHook }),
  prog(F, 'telnet', '4 6 8 E F K L a d r x c:none e:none l:none n:write k:none X:none b:none', 'net none?', { network: true, stdin: 'data' }),
  prog(F, 'lftp', 'c:code.lftp e:code.lftp f:codefile.lftp u|user:none p|port:none d ?v|version ?h|help', 'net?', { network: true, stdin: 'code', stdinLanguage: 'lftp' }),
  prog(F, 'ftp|sftp|tftp', 'p n g v d 4 6 A a N:config b:codefile.sftp B:none c:none D:line F:config i:read l:none o:none P:none R:none s:none S:line e:none u:none ?V|version ?h|help', 'net none*', { network: true, stdin: 'code', stdinLanguage: 'ftp' }),
  prog(F, 'ssh|autossh', '4 6 A a C f G g K k M N n q s T t ?V v X x Y y B:none b:none c:none D:none E:write e:none F:config I:codefile.so i:read J:net L:none l:none m:none O:none o:config P:none p:none Q:none R:none S:write W:none w:none', 'net lines.sh', { posix: true, stopAfter: 2, network: true, hook: (c) => { sshHook(c); for (const a of c.facts.args) if (a.role === 'exec-line' && a.option === undefined) a.direction = 'out'; if (!c.facts.args.some((a) => a.role === 'exec-line' && a.option === undefined)) c.effect = true; } }),
  prog(F, 'scp', '3 4 6 A B C O p q R r T v D:none c:none F:config i:read J:net l:none o:config P:none S:line X:none', 'read+ dest', { network: true, hook: (c) => { sshHook(c); /* -r copies folders whole */ if (c.facts.options.has('r')) for (const a of c.facts.args) if (a.option === undefined && a.role === 'read') a.recursive = true; for (const a of c.facts.args) { if (a.option !== undefined) continue; const t = textOf(a.word); const k = t.indexOf(':'); if (k > 0 && !t.slice(0, k).includes('/')) { a.direction = a.role === 'read' ? 'in' : 'out'; a.role = 'network'; } } const out = c.facts.args.find((a) => a.role === 'network' && a.direction === 'out'); if (out) for (const a of c.facts.args) if (a.role === 'read' && a.option === undefined) a.direction = 'out'; } }),
  prog(F, 'ssh-copy-id', 'f n s x i:read p:none o:none F:config t:none', 'net', { network: true, destructive: 'ssh-key-install' }),
  prog(F, 'ssh-keygen', 'f:write N:none C:none t:none b:none q l y R:none F:none H e i m:none p c A E:none Y:none n:none I:none s:read h D:codefile.so K O:none r:none', 'read*', { hook: (c) => { const o = c.facts.options; if (o.has('l') || o.has('F') || o.has('y') || o.has('e') || o.has('i')) { for (const a of c.facts.args) if (a.option === 'f') a.role = 'read'; return; } c.effect = true; } }),
  prog(F, 'ssh-add', 'l L d D k K q c x X t:none e:none s:none E:none T:none v', 'read*', { hook: (c) => { const o = c.facts.options; if (!(o.has('l') || o.has('L'))) c.effect = true; } }),
  prog(F, 'openssl', '', 'none*', { posix: true, subOpen: true, subs: {
    s_client: prog(F, 'x', 'connect:net host:net port:none servername:none showcerts quiet brief CAfile:read cert:read key:read starttls:none proxy:net ign_eof verify:none alpn:none tls1_2 tls1_3 no_ign_eof msg debug state prexit crlf', 'net?', { singleDash: true, network: true, stdin: 'data' }),
    s_server: prog(F, 'x', 'accept:none port:none cert:read key:read www WWW HTTP', '', { singleDash: true, network: true, destructive: 'network-listen' }),
    version: prog(F, 'x', 'a', '', { singleDash: true, pure: true }),
    x509: prog(F, 'x', 'in:read out:write noout text subject issuer dates fingerprint inform:none outform:none req signkey:read CA:read CAkey:read days:none', '', { singleDash: true, pure: true }),
    enc: prog(F, 'x', 'in:read out:write d e a base64 A pass:none k:none kfile:read md:none pbkdf2 iter:none salt nosalt p P K:none iv:none', '', { singleDash: true, pure: true, stdin: 'data' }),
    base64: prog(F, 'x', 'in:read out:write d e A', '', { singleDash: true, pure: true, stdin: 'data' }),
    dgst: prog(F, 'x', 'sha256 sha1 md5 sha512 hex binary r out:write sign:read verify:read prverify:read signature:read hmac:none', 'read*', { singleDash: true, pure: true }),
    rand: prog(F, 'x', 'hex base64 out:write', 'none', { singleDash: true, pure: true }),
    req: prog(F, 'x', 'new x509 nodes noenc newkey:none key:read keyout:write out:write in:read subj:none days:none config:config text noout verify', '', { singleDash: true }),
    genrsa: prog(F, 'x', 'out:write aes256 passout:none', 'none?', { singleDash: true }),
    genpkey: prog(F, 'x', 'algorithm:none out:write pkeyopt:none', '', { singleDash: true }),
    rsa: prog(F, 'x', 'in:read out:write pubout noout text passin:none', '', { singleDash: true, pure: true }),
    pkcs12: prog(F, 'x', 'in:read out:write export inkey:read passin:none passout:none nodes noenc info', '', { singleDash: true }),
    verify: prog(F, 'x', 'CAfile:read untrusted:read', 'read*', { singleDash: true, pure: true }),
    ...openSslFiles(),
  } }),
  prog(F, 'redis-cli', 'h:net p:none a:none u:net s:read n:none x r:none i:none e raw no-raw tls csv pipe rdb:write ?version ?help eval:codefile.lua', 'none*', { network: true, stdin: 'data', hook: (c) => { const cmd = c.operands[0]; const v = cmd && cmd.static ? (cmd.value ?? '').toUpperCase() : ''; if (['FLUSHALL', 'FLUSHDB', 'SHUTDOWN', 'DEBUG', 'CONFIG'].includes(v)) c.facts.destructive ??= 'database-destroy'; if (v === 'EVAL' || v === 'EVALSHA' || v === 'FUNCTION' || v === 'SCRIPT' || v === 'MODULE') { c.effect = true; const s = c.facts.args.find((a) => a.word === c.operands[1]); if (s) { s.role = 'code'; s.language = 'lua'; } } } }),
  prog(F, 'mysql|mariadb', 'h|host:net P|port:none u|user:none p|password:: D|database:none e|execute:code.sql B|batch N|skip-column-names s|silent t|table v|verbose S|socket:read defaults-file:config defaults-extra-file:config login-path:none ssl-ca:read ssl-cert:read ssl-key:read protocol:none A|no-auto-rehash f|force i|ignore-spaces local-infile:: init-command:code.sql pager:line tee:append ?V|version ?help', 'none?', { network: true, pager: true, stdin: 'code', stdinLanguage: 'sql', hook: sqlHook }),
  prog(F, 'psql', 'h|host:net p|port:none U|username:none d|dbname:none c|command:code.sql f|file:codefile.sql l|list v|set|variable:none X|no-psqlrc A|no-align t|tuples-only q|quiet o|output:write L|log-file:write w|no-password W|password 1|single-transaction e|echo-queries E|echo-hidden F|field-separator:none R|record-separator:none P|pset:none H|html x|expanded s|single-step S|single-line ?V|version ?help', 'none? none?', { network: true, pager: true, stdin: 'code', stdinLanguage: 'sql', hook: sqlHook }),
  prog(F, 'sqlite3|sqlite', 'bail batch column csv echo header noheader html line list readonly safe separator:none nullvalue:none cmd:code.sql init:codefile.sql json markdown table box ?version ?help', 'write? code.sql*', { singleDash: true, stdin: 'code', stdinLanguage: 'sql', hook: (c) => { if (c.facts.options.has('readonly') || c.facts.options.has('safe')) for (const a of c.facts.args) if (a.role === 'write') a.role = 'read'; sqlHook(c); if (c.facts.destructive === 'database-destroy') c.facts.destructive = undefined; /* the database is a file: its write role says what a DROP touches */ for (const a of [...c.facts.args]) if (a.role === 'write' && a.option === undefined) c.facts.args.push({ ...a, role: 'read', create: undefined }); /* and it is read */ } }),
  prog(F, 'mongo|mongosh', 'host:net port:none u|username:none p|password:none authenticationDatabase:none eval:code.js f|file:codefile.js quiet nodb norc shell tls ?version ?help', 'net? codefile.js*', { network: true, stdin: 'code', stdinLanguage: 'js' }),
  prog(F, 'lynx|links|w3m|elinks|curlie', 'dump source listonly nolist width:none cookies cfg:config ?version ?help', 'net*', { singleDash: true, network: true, writesStdout: true }),
  viewer(F, 'dig|nslookup|host|drill|delv|whois|ping|ping6|traceroute|tracepath|mtr', 'F|filename:read 4 6 a c:none t:none v w:none W:none x:none q:none p:none y:none k:read b:none f:read i:none n s:none m:none l:none I:none T r R', 'none*', { network: true, hook: (c) => { for (const a of c.facts.args) if (a.option === undefined) { a.role = 'network'; a.direction = 'both'; } } }),
  viewer(F, 'ss|netstat|ip|ifconfig|route|arp|nmcli|iwconfig', 'a l t u n p r s e i o 4 6 x w m H F|filter:read f|file:read b|batch:read', 'none*', { hook: (c) => { const v = c.operands.map((w) => textOf(w)); if (v.some((x) => ['add', 'del', 'delete', 'set', 'flush', 'change', 'replace', 'up', 'down', 'connect', 'disconnect', 'modify', 'exec', '-batch', '-b', '-force'].includes(x))) c.effect = true; const k = v.indexOf('exec'); if (c.facts.name === 'ip' && k >= 0 && k + 2 < c.args.length) c.facts.args.push({ role: 'exec-argv', word: c.args[k + 2], argvIndex: k + 2 }); /* ip's single-dash long -batch FILE: runs the commands in FILE, printing the lines it cannot parse */ if (c.facts.name === 'ip') for (let i = 0; i + 1 < c.args.length; i++) { const t = textOf(c.args[i]!); if (t === '-batch' || t === '-b' || t === '--batch') { c.facts.args.push({ role: 'read', word: c.args[i + 1]!, option: 'batch' }); c.effect = true; } } } }),
];

/**
 * The other openssl commands that read keys and certificates (pkey, pkcs8, cms, pkeyutl …): their
 * file options have the same names everywhere (-in, -inkey, -key, -out …); any other option is
 * taken as an operand that names nothing.
 */
function openSslFiles(): Record<string, ProgramSpec> {
  const files = 'in:read inkey:read key:read signkey:read certfile:read cert:read CAfile:read recip:read signer:read kfile:read peerkey:read sigfile:read secret:read out:write keyout:write inform:none outform:none passin:none passout:none noout text pubin pubout';
  const out: Record<string, ProgramSpec> = {};
  for (const name of ['pkey', 'pkcs8', 'pkeyutl', 'pkeyparam', 'asn1parse', 'cms', 'smime', 'ec', 'ecparam', 'dsa', 'dsaparam', 'dhparam', 'crl', 'crl2pkcs7', 'pkcs7', 'ca', 'ts', 'ocsp', 'storeutl', 'rsautl', 'spkac', 'nseq', 'sess_id', 'passwd', 'kdf', 'mac', 'x25519', 'ed25519']) out[name] = prog(F, 'x', files, 'read*', { singleDash: true, loose: true, pure: true });
  return out;
}

function sqlHook(c: HookContext): void {
  const f = c.facts;
  for (const a of f.args) {
    if (a.role !== 'code' || a.language !== 'sql' || !a.word.static) continue;
    const t = (a.text ?? a.word.value ?? '').toUpperCase();
    if (t.includes('DROP ') || t.includes('TRUNCATE ') || t.includes('DELETE FROM') || t.includes('DROP DATABASE')) f.destructive ??= 'database-destroy';
  }
}

function upper(s: string): boolean {
  if (!s) return false;
  for (let i = 0; i < s.length; i++) if (s[i] < 'A' || s[i] > 'Z') return false;
  return true;
}
