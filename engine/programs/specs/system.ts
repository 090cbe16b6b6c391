// Editors, disk and system tools, service managers, cloud and container CLIs.
import { serviceScript } from '../exec-hooks.ts';
import { cmd, prog, viewer } from '../dsl.ts';
import type { ArgFact, HookContext, ProgramSpec } from '../types.ts';
import { textOf } from '../words.ts';

const F = 'system';
const VIM_CODE = ['!', 'system', 'py', 'lua', 'perl', 'ruby', 'term', 'so', 'source', 'call', 'exe', 'norm', 'w', 'sav', 'r ', 'e ', 'shell', 'sh', 'x', 'wq', 'up'];

function vimHook(c: HookContext): void {
  for (const a of c.facts.args) {
    if (a.language !== 'vim' || a.role !== 'code') continue;
    let t = a.word.static ? (a.text ?? a.word.value ?? '') : null;
    if (t !== null && t.startsWith('+')) t = t.slice(1);
    if (t === null) a.harmless = false;
    else {
      let s = t.trim();
      while (s.startsWith(':')) s = s.slice(1);
      a.harmless = !VIM_CODE.some((k) => s.startsWith(k)) && !s.includes('|') && !s.includes('!');
    }
  }
  for (const a of c.facts.args) if (a.option === undefined && a.word.static && (a.word.value ?? '').startsWith('+')) { a.role = 'code'; a.language = 'vim'; a.harmless = false; }
}

/**
 * gh gist create/edit FILE…, gh release upload TAG FILE…, --body-file/-F FILE: files gh reads and
 * sends to GitHub (a public gist of .env publishes the secret).
 */
function ghUploads(c: HookContext, w: string[]): void {
  const gist = w[0] === 'gist' && (w[1] === 'create' || w[1] === 'new' || w[1] === 'edit');
  const release = w[0] === 'release' && (w[1] === 'upload' || w[1] === 'create');
  const valued = new Set(['-d', '--desc', '-f', '--filename', '-R', '--repo', '-t', '--title', '-n', '--notes', '--target', '--discussion-category', '-a', '--add', '-b', '--body', '-l', '--label', '-m', '--milestone', '-A', '--assignee']);
  const files = new Set(['-F', '--body-file', '--notes-file']);
  let skip = gist ? 2 : release ? 3 : c.args.length;
  for (let i = 0; i < c.args.length; i++) {
    const x = w[i]!;
    const word = c.args[i]!;
    if (files.has(x) && c.args[i + 1]) {
      c.facts.args.push({ role: 'read', word: c.args[i + 1]!, direction: 'out' });
      i++;
      continue;
    }
    if (x === '-a' || x === '--add') {
      if (gist && c.args[i + 1]) c.facts.args.push({ role: 'read', word: c.args[i + 1]!, direction: 'out' });
      i++;
      continue;
    }
    if (valued.has(x)) {
      i++;
      continue;
    }
    if (x.startsWith('-')) continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    if (x !== '-') c.facts.args.push({ role: 'read', word, direction: 'out' });
  }
}

/** Cloud copy commands: the words that name one, after the program. Operands are local paths or
 *  remote locations (s3://, gs://, az://, rclone's remote:path); the last is the destination. */
const CLOUD_COPY: Record<string, readonly string[][]> = {
  aws: [['s3', 'cp'], ['s3', 'mv'], ['s3', 'sync']],
  gsutil: [['cp'], ['mv'], ['rsync']],
  gcloud: [['storage', 'cp'], ['storage', 'mv'], ['storage', 'rsync'], ['alpha', 'storage', 'cp']],
  s3cmd: [['put'], ['get'], ['sync']],
  rclone: [['copy'], ['copyto'], ['sync'], ['move'], ['moveto'], ['bisync']],
};
/** Options of those commands that take a value (the value is not an operand). */
const CLOUD_VALUED = new Set(['--exclude', '--include', '--profile', '--region', '--acl', '--storage-class', '--sse', '--sse-kms-key-id', '--content-type', '--cache-control', '--endpoint-url', '--grants', '--metadata', '--expires', '--filter', '--filter-from', '--exclude-from', '--include-from', '--config', '--transfers', '--checkers', '-x', '-h', '--project', '--max-age', '--min-age', '--bwlimit', '--backup-dir', '--log-file', '--files-from', '-j', '-z']);

/** A cloud copy (aws s3 cp, gsutil cp, rclone copy): its local operands are read, the destination written. */
function cloudCopy(c: HookContext, w: string[]): void {
  const forms = CLOUD_COPY[c.facts.name];
  if (!forms) return;
  const pos: number[] = [];
  for (let i = 0; i < w.length; i++) {
    const x = w[i]!;
    if (CLOUD_VALUED.has(x)) i++;
    else if (!x.startsWith('-') || x === '-') pos.push(i);
  }
  const form = forms.find((f) => f.every((s, k) => w[pos[k]!] === s));
  if (!form) return;
  const ops = pos.slice(form.length);
  const rclone = c.facts.name === 'rclone';
  const remote = (x: string) => x.includes('://') || (rclone && /* remote:path */ x.indexOf(':') > 0 && !x.startsWith('/') && !x.startsWith('.'));
  const recursive = w.includes('--recursive') || w.includes('-r') || w.includes('-R') || form.includes('sync') || form.includes('rsync') || form.includes('copy') || form.includes('move') || form.includes('bisync');
  ops.forEach((k, n) => {
    const x = w[k]!;
    if (x === '-' || remote(x)) return;
    const last = n === ops.length - 1 && ops.length > 1;
    c.facts.args.push(last ? { role: 'write', word: c.args[k]!, create: 'truncate', recursive } : { role: 'read', word: c.args[k]!, direction: 'out', recursive });
  });
}

const destroy = (name: string) => (c: HookContext) => { c.facts.destructive ??= name; };
const RO = { pure: true, writesStdout: true };

function subDestroy(map: Record<string, string>, pureSubs: string[] = []) {
  return (c: HookContext) => {
    const words = [...c.facts.subcommand, ...c.operands.map((w) => textOf(w))];
    for (const w of words) if (map[w]) c.facts.destructive ??= map[w];
    const first = words[0];
    if (first === undefined || !pureSubs.includes(first)) c.effect = true;
  };
}

/** docker with an unknown subcommand (or none): name what its words destroy; only listed subcommands read. */
/** Is `prev` a ps option whose value is the next word (-p PID, -o FORMAT, --sort KEY)? Then that word
 *  is no BSD flag bundle (where `e` would print environments). */
function psValue(prev: string | undefined): boolean {
  if (!prev || !prev.startsWith('-')) return false;
  if (prev.startsWith('--')) return !prev.includes('=');
  return 'pouUgGtCOsqk'.includes(prev[prev.length - 1]!);
}

const dockerRoot = subDestroy({ rm: 'container-delete', rmi: 'container-delete', prune: 'container-prune', kill: 'container-kill', down: 'container-delete' }, ['ps', 'images', 'inspect', 'logs', 'info', 'version', 'stats', 'top', 'history', 'port', 'diff', 'search', 'events']);

const K8S_DESTROY = { delete: 'k8s-delete', drain: 'k8s-drain', replace: 'k8s-replace', cordon: 'k8s-cordon', uninstall: 'k8s-delete', destroy: 'infra-destroy', rm: 'container-delete', rmi: 'container-delete', prune: 'container-prune', kill: 'container-kill', down: 'container-delete' };

/** Subcommands that print a live token, temporary keys or a stored secret (aws sts get-session-token, ecr get-login-password …). */
const SECRET_WORDS = new Set(['print-access-token', 'print-identity-token', 'get-access-token', 'auth:token', 'get-secret-value', 'access-secret-version', 'export-credentials', 'get-session-token', 'get-federation-token', 'assume-role', 'assume-role-with-web-identity', 'get-login-password', 'get-authorization-token', 'get-login', 'get-credentials-for-identity']);

/** Cloud and forge CLIs that print a live token or a stored secret key. */
function printsSecret(w: string[]): boolean {
  if (w.some((x) => SECRET_WORDS.has(x))) return true;
  const at = (a: string, b: string) => w.some((x, i) => x === a && w[i + 1] === b);
  if (at('auth', 'token')) return true;
  // gh / glab auth status -t (--show-token) prints the stored token
  if (at('auth', 'status') && w.some((x) => x === '-t' || x === '--show-token')) return true;
  return at('configure', 'get') && w.some((x) => x.includes('secret') || x.includes('token'));
}

/** kubectl delete of a namespace, nodes, volumes, CRDs, `all`, --all or a kind known only at run time reaches everything under it. */
const K8S_WIDE = new Set(['namespace', 'namespaces', 'ns', 'node', 'nodes', 'no', 'all', 'pv', 'persistentvolume', 'persistentvolumes', 'crd', 'crds', 'customresourcedefinition', 'customresourcedefinitions', 'apiservice', 'apiservices', 'clusterrole', 'clusterroles', 'clusterrolebinding', 'clusterrolebindings', 'storageclass', 'storageclasses', 'sc', 'validatingwebhookconfiguration', 'mutatingwebhookconfiguration']);
const kubectlRoot = subDestroy({ ...K8S_DESTROY, apply: '', patch: '', scale: '' }, ['get', 'describe', 'logs', 'explain', 'version', 'api-resources', 'api-versions', 'cluster-info', 'top', 'config', 'auth', 'diff', 'events', 'wait']);

/** `tool version` with only these words prints the client's version and exits (no server, no project). */
export function versionOnly(c: HookContext, allowed: readonly string[], needs?: string): void {
  const words = [...c.facts.subcommand, ...c.args.map(textOf)];
  if (words[0] !== 'version' || !words.every((w) => w === 'version' || allowed.includes(w))) return;
  if (needs && !words.includes(needs)) return;
  c.facts.info = true;
}

function kubectlHook(c: HookContext): void {
  kubectlRoot(c);
  // kubectl version --client does not contact the cluster
  versionOnly(c, ['--client', '--client=true', '--short', '-o', '--output', 'json', 'yaml', '--output=json', '--output=yaml'], '--client');
  // kubectl config view --raw (or --flatten) prints the client keys and tokens
  const words = c.args.map(textOf);
  if (words.includes('config') && words.includes('view') && (words.includes('--raw') || words.includes('--flatten') || words.some((x) => x.startsWith('--raw=')))) c.facts.destructive ??= 'secret-read';
  // kubectl exec / debug / run … -- CMD: the argv runs in a container
  const sub = c.operands[0] ? textOf(c.operands[0]) : '';
  const dd = c.args.findIndex((w) => w.static && w.value === '--');
  if ((sub === 'exec' || sub === 'debug' || sub === 'run' || sub === 'attach') && dd >= 0 && dd + 1 < c.args.length) {
    c.facts.args.push({ role: 'exec-argv', word: c.args[dd + 1], argvIndex: dd + 1 });
    if (c.facts.destructive === 'container-delete' || c.facts.destructive === 'k8s-delete') c.facts.destructive = undefined;
  }
  if (c.facts.destructive !== 'k8s-delete') return;
  const at = c.args.findIndex((w) => textOf(w) === 'delete');
  const rest = c.args.slice(at + 1);
  const wide = rest.some((w) => {
    if (!w.static) return true;
    const t = textOf(w);
    if (t === '--all' || t.startsWith('--all=') || t === '-A' || t.startsWith('--all-namespaces')) return true;
    return !t.startsWith('-') && t.split(',').some((k) => K8S_WIDE.has(k.split('/')[0].split('.')[0].toLowerCase()));
  });
  if (!wide) c.facts.destructive = 'k8s-resource-delete';
}

/**
 * terraform / tofu / terragrunt destroy, apply -destroy, pulumi / cdk destroy, serverless remove:
 * infra-destroy when nothing stops it (-auto-approve, --yes, --force, non-interactive), else it
 * waits at its own confirmation prompt (infra-destroy-prompt). plan -destroy only plans.
 */
function infraDestroy(c: HookContext, w: string[]): void {
  const sub = w.find((x) => !x.startsWith('-'));
  const destroy = w.includes('destroy') || (sub === 'apply' && w.some((x) => x === '-destroy' || x === '--destroy')) || ((c.facts.name === 'serverless' || c.facts.name === 'sls') && sub === 'remove');
  if (!destroy || sub === 'plan') return;
  const prompts = c.facts.name !== 'serverless' && c.facts.name !== 'sls';
  const approved = w.some((x) => x.startsWith('-auto-approve') || x.startsWith('--auto-approve') || x === '--yes' || x === '-y' || x === '-f' || x === '--force' || x === '-force' || x.startsWith('--non-interactive') || x.startsWith('--terragrunt-non-interactive') || x === '-input=false');
  c.facts.destructive ??= prompts && !approved ? 'infra-destroy-prompt' : 'infra-destroy';
}

/** sysctl NAME reads /proc/sys/NAME (dots are slashes); NAME=VALUE, -w, -p and --system write. */
function sysctlHook(c: HookContext): void {
  const o = c.facts.options;
  if (o.has('write') || o.has('load') || o.has('system')) c.effect = true;
  for (const a of [...c.facts.args]) {
    if (a.option !== undefined) continue;
    const t = textOf(a.word);
    const eq = t.indexOf('=');
    const name = eq < 0 ? t : t.slice(0, eq);
    a.text = '/proc/sys/' + (name.includes('/') ? name : name.split('.').join('/'));
    a.role = eq < 0 && !o.has('write') ? 'read' : 'write';
    // settings whose value is a program the kernel runs later: core_pattern `|CMD`, modprobe, hotplug
    const v = eq < 0 ? '' : t.slice(eq + 1);
    const key = a.text.slice(a.text.lastIndexOf('/') + 1);
    if (key === 'core_pattern' && v.startsWith('|')) c.facts.args.push({ role: 'exec-line', word: a.word, text: v.slice(1) });
    else if ((key === 'modprobe' || key === 'hotplug') && v) c.facts.args.push({ role: 'exec-line', word: a.word, text: v });
  }
}

/**
 * docker run -v SRC:DST: the container reads (and, unless :ro, writes) anything below SRC under
 * names it chooses, so the mount is a read of the whole tree and a write below it.
 */
function bindMount(c: HookContext, a: ArgFact, src: string, readOnly: boolean): void {
  a.role = 'read';
  a.text = src;
  a.recursive = true;
  if (!readOnly) c.facts.args.push({ role: 'dir-target', word: a.word, text: src, members: true, option: a.option });
}

/** An editor reads the files it opens (into a buffer it can print or send on), besides writing them. */
function editorReads(c: HookContext): void {
  for (const a of [...c.facts.args]) if (a.role === 'write' && a.option === undefined) c.facts.args.push({ role: 'read', word: a.word });
}

export const SYSTEM = (): ProgramSpec[] => [
  prog(F, 'sysctl', 'a|all A X b|binary e|ignore N|names n|values q|quiet r|pattern:none w|write p|load:: system deprecated ?h|help ?V|version', 'none*', { pure: true, writesStdout: true, hook: sysctlHook }),
  viewer(F, 'dmesg', 'C|clear c|read-clear D|console-off E|console-on F|file:read f|facility:none H|human k|kernel L|color:: l|level:none n|console-level:none P|nopager r|raw S|syslog s|buffer-size:none T|ctime t|notime u|userspace w|follow W|follow-new x|decode J|json since:none until:none ?h|help ?V|version', '', { hook: (c) => { const o = c.facts.options; if (o.has('clear') || o.has('read-clear') || o.has('console-off') || o.has('console-on') || o.has('console-level')) c.effect = true; if (o.has('human') && !o.has('nopager')) c.facts.pager = true; } }),
  viewer(F, 'dmidecode|biosdecode', 'd|dev-mem:read q|quiet s|string:none t|type:none H|handle:none u|dump dump-bin:write from-dump:read no-sysfs oem-string:none ?h|help ?V|version', ''),
  viewer(F, 'last|lastb|utmpdump', 'f|file:read n|limit:none a|hostlast d|dns F|fulltimes i|ip R|nohostname s|since:none t|until:none p|present:none w|fullnames x|system time-format:none r|reverse:write ?h|help ?V|version', 'none*', { hook: (c) => { if (c.facts.name === 'utmpdump' && c.facts.options.has('reverse')) c.effect = true; } }),
  // editors write their operands; -c / + commands are vim code
  prog(F, 'vi|vim|nvim|gvim|vimdiff|view|rvim|ex|nex|evim', 'c:code.vim cmd:code.vim S:codefile.vim u:codefile.vim U:codefile.vim N n b R|readonly m M Z e s:codefile.vim w:write W:write x y d E C l r L D V:: i:config es Es q:read t:none T:none noplugin clean headless ?version ?h|help', 'write*', { hook: (c) => { if (c.facts.options.has('readonly') || c.facts.options.has('M')) for (const a of c.facts.args) if (a.role === 'write' && a.option === undefined) a.role = 'read'; vimHook(c); editorReads(c); c.effect = true; } }),
  prog(F, 'nano|pico|micro|joe|mg|kak|helix|hx|code|subl|gedit|kate|emacsclient', 'B|backup C|backupdir:dir v|view R|restricted i|autoindent l|linenumbers Y|syntax:none ?V|version ?h|help', 'write*', { loose: true, hook: (c) => { editorReads(c); c.effect = true; } }),
  prog(F, 'emacs', 'Q q nw batch l|load:codefile.elisp eval:code.elisp f|funcall:code.elisp script:codefile.elisp x ?version ?help', 'write*', { singleDash: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'ed|red', 'G|traditional l|loose-exit-status p|prompt:none r|restricted s|quiet|silent v|verbose ?h|help ?V|version', 'write?', { stdin: 'code', stdinLanguage: 'ed' }),
  prog(F, 'mount|umount|swapon|swapoff|fusermount|sshfs', 'a t:none o:none r w v f l n B M R L:none U:none', 'none*', { loose: true, hook: (c) => { if (c.operands.length || c.facts.options.has('a')) c.effect = true; /* sshfs -o ssh_command=CMD: the ssh it runs */ if (c.facts.name === 'sshfs') c.args.forEach((w, i) => { const v = w.static ? w.value ?? '' : ''; const o = v === '-o' ? c.args[i + 1] : v.startsWith('-o') ? w : undefined; const t = o === w ? v.slice(2) : o?.static ? o.value ?? '' : ''; for (const kv of t.split(',')) if (kv.startsWith('ssh_command=')) c.facts.args.push({ role: 'exec-line', word: o!, text: kv.slice(12) }); }); } , pure: true }),
  // getent DB [KEY…]: the shadow databases print password hashes
  viewer(F, 'getent', 's|service:none i|no-idn ?h|help ?V|version', 'none none*', { hook: (c) => { const db = c.operands[0]; if (db && (!db.static || /shadow/.test(db.value ?? ''))) c.facts.destructive = 'secret-read'; } }),
  viewer(F, 'lsblk|blkid|findmnt|lsusb|lspci|lscpu|lshw|sensors|vmstat|iostat|mpstat|lsof|fuser|pgrep|pidof|ps|top|htop|btop|atop|journalctl|lastlog|lsmod|modinfo|loginctl', 'a l f p n o:none t:none u:none e b J|json x', 'none*', { loose: true, hook: (c) => { const n = c.facts.name; const words = c.args.map(textOf); if (n === 'sysctl' && words.some((w) => w.includes('=') || w === '-w' || w === '-p' || w === '--load' || w === '--system' || w.startsWith('-p'))) c.effect = true; if (n === 'dmesg' && words.some((w) => w === '-H' || w === '--human' || w === '-L' || w.startsWith('--color'))) c.effect = true; if ((n === 'fuser' && words.includes('-k')) || (n === 'dmesg' && (words.includes('-c') || words.includes('-C')))) c.effect = true; if (n === 'ps' && c.args.some((a, k) => !words[k]!.startsWith('-') && (words[k]!.includes('e') || (!a.static && !psValue(words[k - 1]))))) c.facts.args.push({ role: 'read', word: c.args[0], text: '/proc/*/environ' }); if (n === 'journalctl' && words.some((w) => w.startsWith('--vacuum') || w === '--rotate' || w === '--flush')) c.effect = true; if (n === 'journalctl' || n === 'loginctl') c.facts.pager = !words.includes('--no-pager'); if (n === 'loginctl' && words.some((w) => w.startsWith('terminate') || w.startsWith('kill') || w.startsWith('lock') || w.includes('linger') || w === 'attach' || w === 'flush-devices')) c.effect = true; } }),
  // services, users, firewall, power
  prog(F, 'systemctl', 'user system global t|type:none a|all q|quiet now force no-block f|runtime l|full H|host:net M|machine:none p|property:none no-pager no-ask-password ?version ?h|help', 'none*', { pager: true, hook: subDestroy({ enable: 'persistence-service', link: 'persistence-service', edit: 'persistence-service', 'add-wants': 'persistence-service', 'add-requires': 'persistence-service', 'set-default': 'system-power', stop: 'service-stop', disable: 'service-disable', mask: 'service-disable', kill: 'service-stop', poweroff: 'system-power', reboot: 'system-power', halt: 'system-power', 'isolate': 'system-power', 'rescue': 'system-power', 'emergency': 'system-power' }, ['status', 'show', 'list-units', 'list-unit-files', 'list-timers', 'is-active', 'is-enabled', 'is-failed', 'cat', 'list-dependencies', 'help', 'get-default', 'list-sockets']), pure: true }),
  // machinectl shell [[USER@]NAME [COMMAND…]]: with no command, the user's shell reads stdin
  prog(F, 'machinectl', 'M|machine:none H|host:net q|quiet no-pager no-legend no-ask-password uid:none E|setenv:env l|full a|all p|property:none value s|signal:none kill-whom:none read-only mkdir force ?h|help ?version', 'none*', { posix: true, subOpen: true, pager: true, hook: (c) => { c.effect = true; }, subs: {
    shell: cmd('uid:none E|setenv:env q|quiet M|machine:none', 'none? argv', { startsShell: true, hook: (c) => { c.effect = true; } }),
  } }),
  prog(F, 'service|rc-service|launchctl|initctl|sv', '', 'none*', { loose: true, hook: withService(subDestroy({ stop: 'service-stop', unload: 'service-stop', bootout: 'service-stop', disable: 'service-disable', load: 'persistence-service', bootstrap: 'persistence-service', enable: 'persistence-service', submit: 'persistence-service' }, ['status', 'list', 'print'])), pure: true }),
  prog(F, 'crontab', 'u:none l r@crontab-remove e i n:none c T V s', 'read?', { hook: (c) => { const o = c.facts.options; if (o.has('l') || o.has('T') || o.has('V')) return; c.effect = true; c.facts.destructive ??= 'persistence-cron'; for (const a of c.facts.args) if (a.option === undefined) a.role = 'code-file', a.language = 'crontab'; if (!c.operands.length && !o.has('e') && !o.has('r')) { c.facts.stdin = 'code'; c.facts.stdinLanguage = 'crontab'; } } }),
  prog(F, 'useradd|usermod|userdel|groupadd|groupmod|groupdel|adduser|deluser|passwd|chpasswd|chage|gpasswd|newusers|chsh|chfn|vipw|vigr|visudo|pwck|grpck', 'r|remove f|force m|create-home M d|home:none s|shell:none g|gid:none G|groups:none a|append u|uid:none o p|password:none e|expiredate:none l|lock U|unlock L c|comment:none k|skel:read R|root:cwd D S|status ?h|help', 'none*', { loose: true, hook: (c) => { if (!(c.facts.name === 'passwd' && c.facts.options.has('status')) && c.facts.name !== 'pwck' && c.facts.name !== 'grpck') c.effect = true; if (c.facts.name === 'userdel' || c.facts.name === 'deluser' || c.facts.name === 'groupdel') c.facts.destructive ??= 'account-delete'; else if (c.facts.name !== 'pwck' && c.facts.name !== 'grpck') c.facts.destructive ??= 'account-modify'; } }),
  prog(F, 'iptables|ip6tables|iptables-restore|nft|ufw|firewall-cmd|pfctl|ipset', 'L|list:: S|list-rules:: n|numeric v|verbose t|table:none F|flush::@firewall-flush X|delete-chain::@firewall-flush P|policy:2none A|append:none I|insert:none D|delete:none j|jump:none p|protocol:none s|source:none d|destination:none dport:none sport:none m|match:none line-numbers w|wait:: x|exact c ?V|version ?h|help', 'none*', { loose: true, hook: (c) => { const o = c.facts.options; if (!(o.has('list') || o.has('list-rules')) || c.facts.name !== 'iptables') c.effect = true; const w = c.args.map(textOf); if (c.facts.name === 'nft' && w.some((x) => x === 'flush' || x === 'delete')) c.facts.destructive ??= 'firewall-flush'; if (c.facts.name === 'ufw' && w.some((x) => x === 'disable' || x === 'reset')) c.facts.destructive ??= 'firewall-flush'; } }),
  prog(F, 'kill|pkill|killall|killall5|skill|xkill', 's:none n:none l L 9 15 1 2 3 HUP KILL TERM INT STOP CONT u:none f x e q I i v w r g:none t:none P:none signal:none', 'none*', { loose: true, destructive: 'process-kill', hook: (c) => { const w = c.args.map(textOf); if (w.includes('-l') || w.includes('-L')) c.facts.destructive = undefined; else if (w.some((x) => x === '-1' || x === '1' && c.facts.name === 'kill') || c.facts.name === 'killall5') c.facts.destructive = 'process-kill-all'; } }),
  prog(F, 'reboot|shutdown|halt|poweroff|init|telinit|systemd-halt', 'h r P H c k f n w p ?help', 'none*', { loose: true, destructive: 'system-power', hook: (c) => { if (c.args.some((w) => textOf(w) === '-c' || textOf(w) === '--help')) c.facts.destructive = undefined; c.effect = true; } }),
  // containers, orchestration, infrastructure, cloud
  prog(F, 'docker|podman|nerdctl', 'H|host:net c|context:none config:config l|log-level:none D|debug tls tlsverify ?v|version ?h|help', 'none*', { posix: true, subOpen: true, hook: (c) => { if (c.operands.length || !c.facts.subcommand.length) dockerRoot(c); }, subs: {
    run: cmd('d|detach i|interactive t|tty rm name:none e|env:env env-file:read v|volume:read mount:read p|publish:none P privileged@container-privileged u|user:none w|workdir:none entrypoint:line network|net:none pid:none ipc:none cap-add:none security-opt:none device:none platform:none pull:none restart:none label|l:none h|hostname:none add-host:none dns:none gpus:none m|memory:none cpus:none init read-only tmpfs:none ulimit:none userns:none q|quiet', 'none argv', { network: true, hook: (c) => { c.effect = true; for (const a of [...c.facts.args]) if (a.option === 'volume' || a.option === 'mount') { const t = textOf(a.word); const src = t.split(':')[0]; if (src.startsWith('/') || src.startsWith('~') || src.startsWith('.')) { bindMount(c, a, src, t.includes(':ro')); } } } }),
    exec: cmd('d|detach i|interactive t|tty e|env:env env-file:read u|user:none w|workdir:none privileged', 'none argv', { hook: (c) => { c.effect = true; } }),
    cp: cmd('a|archive L|follow-link q|quiet', 'read write', { hook: (c) => { for (const a of c.facts.args) if (textOf(a.word).includes(':')) a.role = a.role === 'read' ? 'none' : 'none'; } }),
    build: cmd('t|tag:none f|file:codefile.dockerfile build-arg:none target:none no-cache pull q|quiet platform:none secret:read ssh:none o|output:write progress:none label:none network:none', 'read', { network: true, hook: (c) => { c.effect = true; } }),
    compose: cmd('f|file:codefile.compose p|project-name:none project-directory:cwd env-file:read profile:none ansi:none progress:none parallel:none', 'none*', { subRequired: true, subs: {
      up: cmd('d|detach build no-build force-recreate no-recreate remove-orphans wait pull:none quiet-pull no-deps abort-on-container-exit exit-code-from:none scale:none t|timeout:none V|renew-anon-volumes y|yes watch no-start no-color no-log-prefix attach:none', 'none*', { network: true, hook: (c) => { c.effect = true; } }),
      down: cmd('v|volumes@container-volume-delete rmi:none remove-orphans t|timeout:none', 'none*', { destructive: 'container-delete' }),
      ps: cmd('a|all q|quiet services format:none status:none filter:none', 'none*', RO),
      ls: cmd('a|all q|quiet format:none', '', RO),
      logs: cmd('f|follow t|timestamps n|tail:none since:none until:none no-color no-log-prefix', 'none*', RO),
      config: cmd('q|quiet services volumes images format:none o|output:write resolve-image-digests no-interpolate', 'none*', RO),
      images: cmd('q|quiet format:none', 'none*', RO),
      top: cmd('', 'none*', RO),
      version: cmd('short format:none', '', RO),
      build: cmd('no-cache pull q|quiet build-arg:none progress:none push ssh:none', 'none*', { network: true, hook: (c) => { c.effect = true; } }),
      pull: cmd('q|quiet ignore-pull-failures include-deps', 'none*', { network: true }),
      push: cmd('ignore-push-failures include-deps q|quiet', 'none*', { network: true, destructive: 'image-publish' }),
      exec: cmd('d|detach e|env:env index:none T|no-TTY privileged u|user:none w|workdir:none', 'none argv'),
      run: cmd('d|detach e|env:env entrypoint:line l|label:none name:none no-deps p|publish:none rm service-ports T|no-TTY u|user:none v|volume:read w|workdir:none build', 'none argv'),
      restart: cmd('t|timeout:none no-deps', 'none*'), stop: cmd('t|timeout:none', 'none*'), start: cmd('', 'none*'),
      kill: cmd('s|signal:none remove-orphans', 'none*', { destructive: 'container-kill' }),
      rm: cmd('f|force s|stop v|volumes', 'none*', { destructive: 'container-delete' }),
      cp: cmd('a|archive L|follow-link', 'none none'), create: cmd('build force-recreate no-build no-recreate', 'none*'), pause: cmd('', 'none*'), unpause: cmd('', 'none*'), port: cmd('index:none protocol:none', 'none none', RO), events: cmd('json', 'none*', RO), watch: cmd('no-up quiet', 'none*'),
    } }),
    ps: cmd('a|all q|quiet f|filter:none format:none n|last:none l|latest no-trunc s|size', '', RO),
    images: cmd('a|all q|quiet f|filter:none format:none no-trunc digests', 'none?', RO),
    logs: cmd('f|follow t|timestamps n|tail:none since:none until:none details', 'none', RO),
    inspect: cmd('f|format:none s|size type:none', 'none+', RO),
    version: cmd('f|format:none', '', RO),
    info: cmd('f|format:none', '', RO),
    pull: cmd('a|all-tags q|quiet platform:none', 'none', { network: true }),
    push: cmd('a|all-tags q|quiet', 'none', { network: true, destructive: 'image-publish' }),
    login: cmd('u|username:none p|password:none password-stdin', 'net?', { network: true }),
  } }),
  prog(F, 'kubectl|oc|k3s|microk8s', 'n|namespace:none context:none cluster:none kubeconfig:config s|server:net user:none token:none A|all-namespaces o|output:none l|selector:none f|filename:read R|recursive v:none insecure-skip-tls-verify ?h|help', 'none*', { network: true, loose: true, hook: kubectlHook }),
  prog(F, 'helm', 'n|namespace:none kube-context:none kubeconfig:config debug ?h|help', 'none*', { network: true, loose: true, hook: (c) => { subDestroy({ uninstall: 'k8s-release-delete', delete: 'k8s-release-delete', rollback: 'k8s-replace' }, ['list', 'ls', 'status', 'get', 'history', 'show', 'search', 'template', 'version', 'lint', 'env'])(c); versionOnly(c, ['--short', '-c', '--client']); } }),
  prog(F, 'terraform|tofu|terragrunt|pulumi|cdk|cdktf|serverless|sls', 'chdir:cwd ?version ?help ?v', 'none*', { network: true, loose: true, hook: (c) => { const w = c.args.map(textOf); infraDestroy(c, w); if (w.includes('state') && (w.includes('rm') || w.includes('push'))) c.facts.destructive ??= 'infra-state'; if (w.includes('apply') && w.some((x) => x === '-auto-approve' || x === '--auto-approve' || x === '--yes')) c.facts.destructive ??= 'infra-apply'; if (!(w[0] === 'plan' || w[0] === 'validate' || w[0] === 'fmt' && w.includes('-check') || w[0] === 'show' || w[0] === 'output' || w[0] === 'version' || w[0] === 'providers')) c.effect = true; }, pure: true }),
  // password stores and credential helpers: showing or looking up an entry prints the secret
  prog(F, 'pass|gopass', 'c|clip q|qrcode ?version ?help', 'none*', { subOpen: true, hook: (c) => { const sub = c.operands[0] ? textOf(c.operands[0]) : ''; const lists = ['ls', 'list', 'find', 'search', 'grep', 'git', 'init', 'version', 'help', 'insert', 'generate', 'edit', 'rm', 'mv', 'cp']; if (c.operands.length && !lists.includes(sub)) c.facts.destructive = 'secret-read'; else c.effect = true; } }),
  prog(F, 'secret-tool', '?version ?help', 'none*', { subOpen: true, hook: (c) => { const sub = c.operands[0] ? textOf(c.operands[0]) : ''; if (sub === 'lookup' || sub === 'search') c.facts.destructive = 'secret-read'; else c.effect = true; } }),
  prog(F, 'docker-credential-desktop|docker-credential-osxkeychain|docker-credential-pass|docker-credential-secretservice|docker-credential-wincred|docker-credential-ecr-login|docker-credential-gcloud|docker-credential-gcr|git-credential-store|git-credential-cache|git-credential-libsecret|git-credential-osxkeychain|git-credential-manager', 'file:read ?version ?help', 'none*', { hook: (c) => { if (c.operands.some((w) => textOf(w) === 'get' || textOf(w) === 'list')) c.facts.destructive = 'secret-read'; else c.effect = true; } }),
  prog(F, 'aws|gcloud|az|gsutil|doctl|flyctl|fly|heroku|vercel|netlify|wrangler|firebase|oci|ibmcloud|linode-cli|hcloud|s3cmd|rclone|gh|glab|hub', 'profile:none region:none project:none output|o:none q|quiet debug ?version ?help', 'none*', { network: true, loose: true, hook: (c) => { const w = c.args.map(textOf); const bad = ['delete', 'rm', 'rb', 'remove', 'destroy', 'terminate-instances', 'delete-bucket', 'delete-stack', 'purge', 'deprovision', 'wipe', 'delete-db-instance', 'delete-cluster', 'cleanup', 'prune']; for (const x of w) if (bad.includes(x) || x.startsWith('delete-') || x.startsWith('remove-')) c.facts.destructive ??= 'cloud-delete'; if (w.includes('--recursive') && (w.includes('rm') || w.includes('sync') && w.includes('--delete'))) c.facts.destructive ??= 'cloud-delete'; if (c.facts.name === 'gh' && w[0] === 'repo' && w[1] === 'delete') c.facts.destructive = 'repo-delete'; if (c.facts.name === 'gh') ghUploads(c, w); cloudCopy(c, w); if (c.facts.name === 'gh' && w[0] === 'api') c.facts.destructive ??= undefined; if (printsSecret(w)) c.facts.destructive ??= 'secret-read'; const ro = ['describe', 'list', 'ls', 'get', 'show', 'view', 'status', 'whoami', 'version', 'info']; if (!w.some((x) => ro.includes(x) || x.startsWith('describe-') || x.startsWith('list-') || x.startsWith('get-'))) c.effect = true; if (w.some((x) => x === 'ssh' || x === 'exec' || x === 'run' || x === 'invoke' || x === 'cp' || x === 'sync' || x === 'deploy' || x === 'create' || x === 'auth' || x === 'token' || x === 'secret' || x === 'secrets' || x === 'print-access-token' || x === 'get-secret-value' || x === 'configure')) c.effect = true; }, pure: true }),
];

/** service's own hook, then its NAME as a script path when it holds a slash (serviceScript). */
function withService(h: (c: HookContext) => void): (c: HookContext) => void {
  return (c) => {
    h(c);
    if (c.facts.name === 'service') serviceScript(c);
  };
}
