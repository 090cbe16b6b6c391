// Canonical spellings and dynamic words. Each expectation follows from what bash and the kernel
// do with the spelling: bash expands `~user`, `$HOME` and globs; the kernel follows /proc magic
// links and symlinks; a variable can hold `../..` or an absolute path.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { analyze } from '../../engine/shell/index.ts';
import { classifyPath, classifyWord, physicalDir, type PathContext } from '../../engine/paths/index.ts';
import { nodeFs } from '../../lab/node-fs.ts';

const HOME = '/home/ana';
const ctx: PathContext = { cwd: '/w/proj', home: HOME, workspace: ['/w/proj'] };

/** The n-th argument word of a command, as the shell analyser resolves it. */
function word(cmd: string, n = 1) {
  const w = analyze(cmd, { home: HOME }).commands[0]!.argv[n];
  if (!w) throw new Error(`no word ${n} in ${cmd}`);
  return w;
}
const cls = (cmd: string, c: PathContext = ctx, n = 1) => classifyWord(word(cmd, n), c);

describe('canonical static paths', () => {
  it.each([
    ['/w/proj/../../etc/shadow', '/etc/shadow'],
    ['/w//proj///.git//config', '/w/proj/.git/config'],
    ['/proc/self/cwd/.git/config', '/w/proj/.git/config'],
    ['/proc/thread-self/cwd/.env', '/w/proj/.env'],
    ['/proc/self/task/12/cwd/x', '/w/proj/x'],
    ['/proc/self/root/etc/shadow', '/etc/shadow'],
    ['/proc/1/root/root/.ssh/id_rsa', '/root/.ssh/id_rsa'],
    ['/proc/self/cwd/../secret.env', '/w/secret.env'],
    ['~/.aws/credentials', '/home/ana/.aws/credentials'],
    ['~root/.ssh/id_rsa', '/root/.ssh/id_rsa'],
    ['~bob/.kube/config', '/home/bob/.kube/config'],
    ['~ana/.netrc', '/home/ana/.netrc'],
    ['~+/src/a.ts', '/w/proj/src/a.ts'],
  ])('%s is %s', (p, want) => {
    expect(classifyPath(p, ctx).path).toBe(want);
  });

  it('~- is the old cwd when known, and dynamic when not', () => {
    expect(classifyPath('~-/x', { ...ctx, oldpwd: '/home/ana/.ssh' }).path).toBe('/home/ana/.ssh/x');
    const i = classifyPath('~-/x', ctx);
    expect(i.dynamic).toBe(true);
    expect(i.classes.has('credential')).toBe(true);
  });

  it('another process cwd is unknown: it could be anywhere', () => {
    const i = classifyPath('/proc/1/cwd/.ssh/id_rsa', ctx);
    expect(i.dynamic).toBe(true);
    expect(i.classes.has('credential')).toBe(true);
  });

  it('an unknown cwd makes every relative path dynamic', () => {
    const i = classifyPath('src/a.ts', { ...ctx, cwd: null });
    expect(i.dynamic).toBe(true);
    expect(i.free).toBe(true);
    expect(i.classes.has('outside')).toBe(true);
    expect(classifyPath('/w/proj/src/a.ts', { ...ctx, cwd: null }).dynamic).toBe(false);
  });
});

describe('dynamic words', () => {
  it('$HOME and ${HOME} are the context home', () => {
    expect(cls('cat $HOME/.ssh/x').path).toBe('/home/ana/.ssh/x');
    expect(cls('cat "${HOME}"/.aws/credentials').classes.has('credential')).toBe(true);
    expect(cls('cat ~/.ssh/x').classes.has('credential')).toBe(true);
  });

  it('$PWD is the cwd when known', () => {
    const i = cls('cat "$PWD"/../x');
    expect(i.path).toBe('/w/x');
    expect(i.classes.has('outside')).toBe(true);
  });

  it.each([
    ['cat ~/$X', 'a variable below home can name ~/.ssh/id_rsa'],
    ['cat /etc/$(cat name)', 'a command substitution can print shadow'],
    ['cat src/$f', 'a variable can hold ../../home/ana/.ssh/id_rsa'],
    ['cat "$f"', 'a bare variable can hold any path'],
    ['cat `cat path.txt`', 'backticks too'],
    ['cat --file=$X', 'an option-glued value'],
  ])('%s could read a credential (%s)', (cmd) => {
    const i = cls(cmd);
    expect(i.dynamic).toBe(true);
    expect(i.classes.has('credential')).toBe(true);
    expect(i.classes.has('outside')).toBe(true);
  });

  it('a variable before .git/hooks could be any repository: protected and persistence', () => {
    const i = cls('cp x $D/.git/hooks/pre-commit', ctx, 2);
    expect(i.classes.has('protected')).toBe(true);
    expect(i.classes.has('persistence')).toBe(true);
  });

  it('numeric expansions stay inside one segment: $$ and $((…)) are process ids or numbers', () => {
    expect(cls('cat /proc/$$/environ').classes.has('credential')).toBe(true);
    expect(cls('cat /proc/$PPID/environ').free).toBe(false);
    const log = cls('cat build-$((1+2)).log');
    expect(log.free).toBe(false);
    expect([...log.classes]).toEqual(['workspace']);
  });

  it('a glob whose static prefix fixes the folder stays there', () => {
    const i = cls('cat src/*.ts');
    expect(i.dynamic).toBe(true);
    expect(i.free).toBe(false);
    expect([...i.classes]).toEqual(['workspace']);
  });

  it('a glob can reach what its segments can match', () => {
    expect(cls('cat ~/.ssh/id*').classes.has('credential')).toBe(true);
    expect(cls('cat ~/.aws/*').classes.has('credential')).toBe(true);
    expect(cls('cat config/*').classes.has('credential')).toBe(true); // config/server.key
    expect(cls('cat /etc/sha*').classes.has('credential')).toBe(true);
    expect(cls('cat /etc/?shadow').classes.has('credential')).toBe(true);
    expect(cls('cp x .git/hooks/*', ctx, 2).classes.has('persistence')).toBe(true);
  });

  it('a glob is pinned to a row anchored in its folder, or to a name its own dot spells', () => {
    const pinned = (cmd: string, c: string, n = 1) => cls(cmd, ctx, n).pinned?.has(c as never) ?? false;
    expect(pinned('cat /etc/sh*', 'credential')).toBe(true); // /etc/shadow
    expect(pinned('cat ~/.config/gh/*', 'credential')).toBe(true); // hosts.yml
    expect(pinned('cat .e*', 'credential')).toBe(true); // .env
    expect(pinned('sed -i x ~/.bash*', 'protected', 3)).toBe(true); // ~/.bashrc
    // names both patterns share but nobody has: shadow.conf, passshadow-
    expect(pinned('cat /etc/*.conf', 'credential')).toBe(false);
    expect(pinned('cat /etc/pass*', 'credential')).toBe(false);
    // a row that floats (any folder) is not pinned by a glob without a dot
    expect(pinned('cat config/*', 'credential')).toBe(false);
    expect(pinned('sed -i x docs/*', 'protected', 3)).toBe(false);
  });

  it("a glob's folder is followed through a symlink", () => {
    const fs = { realpath: (p: string) => (p === '/w/proj/h' ? HOME : p === '/w/proj/e' ? '/etc' : null), readFile: () => null, stat: () => null };
    expect(cls('rm -rf h/*', { ...ctx, fs }, 2).classes.has('critical')).toBe(true);
    expect(cls('cat e/sha*', { ...ctx, fs }).classes.has('credential')).toBe(true);
    expect(cls('rm -rf h/*', ctx, 2).classes.has('critical')).toBe(false);
  });

  it('without dotglob a glob does not match dot files', () => {
    expect(cls('cat ~/*/id_rsa.pub').classes.has('credential')).toBe(false);
    expect(cls('cat ~/*/id_rsa.pub', { ...ctx, dotglob: true }).classes.has('credential')).toBe(true);
    expect(cls('cat ~/.*/id_rsa.pub').classes.has('credential')).toBe(true);
  });

  it('name heuristics reach a glob only when the glob names them', () => {
    expect(cls('cat logs/*.log').classes.has('credential')).toBe(false);
    expect(cls('cat notes/*.txt').classes.has('credential')).toBe(false);
    expect(cls('cat keys/*').classes.has('credential')).toBe(true); // keys/id_rsa
    expect(cls('cat conf/*secret*.yaml').classes.has('credential')).toBe(true);
  });

  it('brace alternatives are judged one by one', () => {
    const i = cls('cat ~/{notes.txt,.netrc}');
    expect(i.classes.has('credential')).toBe(true);
    expect(cls('cat src/{a,b}.ts').classes.has('credential')).toBe(false);
  });

  it('~user in a word is that user home', () => {
    const i = cls('cat ~bob/.ssh/id_rsa');
    expect(i.path).toBe('/home/bob/.ssh/id_rsa');
    expect(i.classes.has('credential')).toBe(true);
  });

  it('a process substitution is a pipe, not a file', () => {
    const i = cls('cat <(echo hi)');
    expect(i.harmless).toBe(true);
    expect(i.classes.size).toBe(0);
  });

  it('a loop variable over a glob or a list reaches only what those values reach', () => {
    const overGlob: PathContext = { ...ctx, vars: new Map([['f', { values: ['src/*.ts'], glob: true }]]) };
    expect([...cls('wc -l $f', overGlob, 2).classes]).toEqual(['workspace']);
    expect(cls('head -1 "$f"', overGlob, 2).free).toBe(false);
    const overList: PathContext = { ...ctx, vars: new Map([['f', { values: ['a.txt', '.env'] }]]) };
    expect(cls('cat src/$f', overList).classes.has('credential')).toBe(true);
    const safe: PathContext = { ...ctx, vars: new Map([['f', { values: ['a.txt', 'b.txt'] }]]) };
    expect([...cls('cat src/$f', safe).classes]).toEqual(['workspace']);
    // a literal value with glob characters stays literal
    const lit: PathContext = { ...ctx, vars: new Map([['f', { values: ['*'] }]]) };
    expect(cls('cat $f', lit).classes.has('credential')).toBe(false);
  });

  it('a known $(…) output is used in its place', () => {
    const i = classifyWord(word('cat "$(pwd)/package.json"'), ctx, { subs: ['/w/proj\n'] });
    expect(i.free).toBe(false);
    expect([...i.classes]).toEqual(['workspace']);
    expect(classifyWord(word('cat "$(pwd)/package.json"'), ctx, { subs: [null] }).free).toBe(true);
  });

  it('known variable values from the caller are used', () => {
    const c: PathContext = { ...ctx, vars: new Map([['D', '/tmp/build']]) };
    expect(cls('rm -rf $D/out', c, 2).path).toBe('/tmp/build/out');
  });
});

describe('critical reach of dynamic deletes', () => {
  it.each([
    ['rm -rf *', '/w/proj'],
    ['rm -rf ~/*', '/w/proj'],
    ['rm -rf /*', '/w/proj'],
    ['rm -rf "$DIR"/*', '/w/proj'],
    ['rm -rf "$X"', '/w/proj'],
    ['rm -rf ~/$X', '/w/proj'],
    ['rm -rf $D/usr', '/w/proj'],
    ['rm -rf $D/.git', '/w/proj'],
    ['rm -rf /home/*', '/w/proj'],
  ])('%s (cwd %s) could remove a critical folder', (cmd, cwd) => {
    expect(cls(cmd, { ...ctx, cwd }, 2).classes.has('critical')).toBe(true);
  });

  it.each(['rm -rf build/*', 'rm -rf $D/build', 'rm -rf src/*.o', 'rm -rf ./dist'])('%s does not', (cmd) => {
    expect(cls(cmd, ctx, 2).classes.has('critical')).toBe(false);
  });
});

describe('device reach', () => {
  it('a variable below /dev, or a tail naming a disk, could be a device', () => {
    expect(classifyWord(word('dd of=/dev/$X'), ctx, { skip: 'of=' }).classes.has('device')).toBe(true);
    expect(cls('cat $D/sda').classes.has('device')).toBe(true);
    expect(cls('cat $D/notes.txt').classes.has('device')).toBe(false);
  });
});

describe('symlinks through the fs port (a real temporary folder)', () => {
  const root = realpathSync(mkdtempSync(tmpdir() + '/gl-paths-'));
  const home = root + '/home';
  const ws = root + '/ws';
  mkdirSync(home + '/.ssh', { recursive: true });
  mkdirSync(ws + '/sub', { recursive: true });
  writeFileSync(home + '/.ssh/id_rsa', 'PRIVATE');
  symlinkSync(home + '/.ssh/id_rsa', ws + '/notes.txt');
  symlinkSync(home + '/.ssh', ws + '/keys');
  symlinkSync(home + '/.ssh', ws + '/sub/up');
  const fctx: PathContext = { cwd: ws, home, workspace: [ws], fs: nodeFs };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a link inside the workspace to a key is a credential read (link and target)', () => {
    const i = classifyPath('notes.txt', fctx);
    expect(i.path).toBe(ws + '/notes.txt');
    expect(i.target).toBe(home + '/.ssh/id_rsa');
    expect(i.classes.has('credential')).toBe(true);
    expect(i.classes.has('workspace')).toBe(true);
    expect(i.classes.has('outside')).toBe(true);
  });

  it('a new file below a linked folder lands in the target folder', () => {
    const i = classifyPath('keys/new_key', fctx);
    expect(i.target).toBe(home + '/.ssh/new_key');
    expect(i.classes.has('protected')).toBe(true);
  });

  it('.. after a symlink is resolved on disk, as the kernel does', () => {
    // sub/up → ~/.ssh, so sub/up/../.ssh/id_rsa is ~/.ssh/id_rsa; lexically it would be sub/.ssh/id_rsa.
    const i = classifyPath('sub/up/../.ssh/id_rsa', fctx);
    expect(i.path).toBe(home + '/.ssh/id_rsa');
    expect(i.classes.has('credential')).toBe(true);
  });

  it('cd -P follows the link', () => {
    expect(physicalDir(ws + '/keys', fctx)).toBe(home + '/.ssh');
  });

  it('without a port the path is judged as written', () => {
    const i = classifyPath('notes.txt', { ...fctx, fs: undefined });
    expect(i.target).toBeUndefined();
    expect(i.classes.has('credential')).toBe(false);
  });
});

describe('globstar', () => {
  it('** stays below the folder before it, at any depth, hidden folders included', () => {
    const inWs = classifyPath('src/**/*.ts', ctx, { glob: true });
    expect(inWs.free).toBe(false);
    expect(inWs.classes.has('workspace')).toBe(true);
    expect(inWs.classes.has('outside')).toBe(false); // src/.git/x.ts could match: hidden folders count
    expect(classifyPath('~/**/id_rsa', ctx, { glob: true }).classes.has('credential')).toBe(true);
    expect(classifyPath('~/**/token', ctx, { glob: true }).classes.has('credential')).toBe(true); // ~/.config/app/token
    expect(classifyPath('**/.env', ctx, { glob: true }).classes.has('credential')).toBe(true);
    expect(classifyPath('**/*.md', ctx, { glob: true }).classes.has('outside')).toBe(false);
  });
});
