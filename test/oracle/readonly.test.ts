// The oracle's own read-only rules for programs that are read-only only in some forms: each
// read-only form next to the writing (or code-running) form the rule must still catch.
import { describe, expect, it } from 'vitest';
import { notReadOnly } from '../../lab/oracle/readonly.ts';

const ro = (line: string[]) => notReadOnly({ path: `/usr/bin/${line[0]}`, argv: line.slice(1) });

function pairs(name: string, readOnly: string[][], writing: string[][]): void {
  describe(name, () => {
    it('the read-only forms pass', () => {
      for (const l of readOnly) expect(ro(l), l.join(' ')).toBeNull();
    });
    it('the writing forms are caught', () => {
      for (const l of writing) expect(ro(l), l.join(' ')).not.toBeNull();
    });
  });
}

pairs(
  'git -c with a key that only changes printing',
  [
    ['git', '-c', 'color.ui=never', 'log', '-1'], ['git', '-c', 'Color.Diff=always', 'diff', '--stat'],
    ['git', '-c', 'advice.detachedHead=false', 'log'], ['git', '-c', 'core.quotePath=off', 'status'],
    ['git', '-c', 'diff.renames=true', 'diff'], ['git', '-c', 'log.date=iso', 'log'],
    ['git', '-c', 'core.pager=cat', 'log'], ['git', '-c', 'core.pager=', 'log'], ['git', '-c', 'pager.log=false', 'log'],
    ['git', '-c', 'color.ui', '-c', 'core.pager=cat', 'log'],
  ],
  [
    ['git', '-c', 'core.pager=less', 'log'], ['git', '-c', 'core.pager=sh -c x', 'log'], ['git', '-c', 'pager.log=vi', 'log'],
    ['git', '-c', 'core.fsmonitor=./x', 'status'], ['git', '-c', 'core.sshCommand=x', 'fetch'], ['git', '-c', 'core.hooksPath=/tmp', 'status'],
    ['git', '-c', 'alias.l=!sh', 'l'], ['git', '-c', 'diff.external=x', 'diff'], ['git', '-c', 'credential.helper=x', 'log'],
    ['git', '-c', 'core.editor=x', 'log'], ['git', '-c', 'include.path=/tmp/c', 'log'], ['git', '-c', 'log.showSignature=true', 'log'],
    ['git', '-c', 'color.ui=never', 'push'], ['git', '-c'], ['git', '--config-env=core.pager=X', 'log'],
  ],
);

pairs(
  'git config, submodule status, ls-remote of a local path, --tool-help',
  [
    ['git', 'config', 'user.name'], ['git', 'config', '--global', 'user.email'], ['git', 'config', '--file', 'f', 'a.b'],
    ['git', 'config', 'get', 'user.name'], ['git', 'config', 'list'], ['git', 'config', '--get', 'a.b'],
    ['git', 'submodule'], ['git', 'submodule', 'status'], ['git', 'submodule', 'status', '--recursive', '--', 'lib'],
    ['git', 'ls-remote', '.'], ['git', 'ls-remote', '--tags', '.'], ['git', 'ls-remote', '--heads', '/srv/repo.git', 'main'],
    ['git', 'difftool', '--tool-help'], ['git', 'mergetool', '--tool-help'],
  ],
  [
    ['git', 'config', 'user.name', 'x'], ['git', 'config', 'edit'], ['git', 'config', 'set', 'a.b', 'c'], ['git', 'config', '-e'],
    ['git', 'config', '--unset', 'a.b'], ['git', 'config', '--file', 'f', 'a.b', 'c'],
    ['git', 'submodule', 'foreach', 'rm -rf .'], ['git', 'submodule', 'update', '--init'], ['git', 'submodule', 'status', '--jobs=4'],
    ['git', 'ls-remote'], ['git', 'ls-remote', 'origin'], ['git', 'ls-remote', 'host:repo'], ['git', 'ls-remote', 'ext::sh -c x'],
    ['git', 'ls-remote', '--upload-pack=x', '.'], ['git', 'ls-remote', '-o', 'x', '.'],
    ['git', 'difftool'], ['git', 'mergetool'], ['git', 'difftool', '--tool-help', '-t', 'x'],
  ],
);

pairs(
  'wipefs lists unless it erases',
  [['wipefs', 'disk.img'], ['wipefs', '-n', '-a', 'disk.img'], ['wipefs', '--no-act', '--all', 'x'], ['wipefs', '-na', 'x'], ['wipefs', '-t', 'ext4', '-J', 'x'], ['wipefs', '-O', 'TYPE,OFFSET', 'x']],
  [['wipefs', '-a', 'disk.img'], ['wipefs', '--all', 'x'], ['wipefs', '-o', '0x438', 'x'], ['wipefs', '--offset=0x438', 'x'], ['wipefs', '-fa', 'x'], ['wipefs', '-n', '-a', '-b', 'x'], ['wipefs', '-Z', 'x']],
);

pairs(
  'dd, tee and cp write only what they name',
  [
    ['dd', 'if=/dev/urandom', 'of=/dev/null', 'bs=1M', 'count=1'], ['dd', 'if=notes.txt', 'bs=1', 'count=5', 'status=none'], ['dd'],
    ['tee', '/dev/null'], ['tee'], ['tee', '-a', '/dev/null'], ['cp', 'build.log', '/dev/null'], ['cp', '-L', 'a', '/dev/null'], ['cp', '-n', 'a', '/dev/null'],
  ],
  [
    ['dd', 'if=/dev/zero', 'of=disk.img'], ['dd', 'of=/dev/sda'], ['dd', 'if=a', 'of=/dev/null', 'of=b'], ['dd', 'x'],
    ['tee', 'out.txt'], ['tee', '/dev/null', 'log'], ['tee', '--', '-x'], ['cp', 'a', 'b'], ['cp', 'a', 'b', '/dev/null'],
    ['cp', '-p', 'a', '/dev/null'], ['cp', '-b', 'a', '/dev/null'], ['cp', '--remove-destination', 'a', '/dev/null'], ['cp', '-t', '/dev/null', 'a'],
  ],
);

pairs(
  'unzip, zipinfo and ar list and print',
  [
    ['unzip', '-l', 'a.zip'], ['unzip', '-v', 'a.zip'], ['unzip', '-t', 'a.zip'], ['unzip', '-p', 'a.zip', 'config.json'],
    ['unzip', '-qql', 'a.zip'], ['unzip', '-Z', '-1', 'a.zip'], ['unzip', '-l', 'a.zip', '-x', 'x'], ['zipinfo', '-1', 'b.zip'], ['zipinfo', 'b.zip'],
    ['ar', 't', 'lib.a'], ['ar', 'tv', 'lib.a'], ['ar', '-t', 'lib.a'], ['ar', 'p', 'lib.a', 'x.o'], ['ar', 'tO', 'lib.a'],
  ],
  [
    ['unzip', 'a.zip'], ['unzip', '-o', 'a.zip'], ['unzip', '-d', '/tmp', 'a.zip'], ['unzip', '-l', '-o', 'a.zip'], ['unzip', '-T', 'a.zip'],
    ['unzip', '-f', 'a.zip'], ['zipinfo', '-Q', 'b.zip'], ['ar', 'x', 'lib.a'], ['ar', 'ts', 'lib.a'], ['ar', 'rcs', 'lib.a', 'x.o'],
    ['ar', 'd', 'lib.a', 'x.o'], ['ar', 't', '--plugin', 'p.so', 'lib.a'], ['ar', 't', '@opts'], ['ar'],
  ],
);

pairs(
  'curl on file:// URLs only',
  [['curl', '-s', 'file:///home/dev/app/README.md'], ['curl', '-sS', 'FILE:///a'], ['curl', '-fsSL', 'file:///a', 'file:///b'], ['curl', '-r', '0-99', 'file:///a']],
  [
    ['curl', 'https://example.test'], ['curl', 'example.test'], ['curl', '-o', 'x', 'file:///a'], ['curl', '-O', 'file:///a'],
    ['curl', '-T', 'x', 'file:///tmp/y'], ['curl', '-K', 'cfg', 'file:///a'], ['curl', '-w', '%output{x}', 'file:///a'], ['curl', '-s'],
    ['curl', '--output', 'x', 'file:///a'], ['curl', '-so', 'x', 'file:///a'],
  ],
);

pairs(
  'pip listings, python -m pip, yarn config get, zsh --version',
  [
    ['pip', 'config', 'list'], ['pip', 'list'], ['pip3', 'list', '--format', 'json'], ['pip', 'show', 'requests'], ['pip', 'freeze'],
    ['pip', 'config', '--user', 'get', 'global.index-url'], ['pip3.11', '--version'], ['pip', '-V'],
    ['python3', '-I', '-m', 'pip', 'list'], ['python3', '-P', '-m', 'pip', '--version'],
    ['yarn', 'config', 'get', 'registry'], ['yarn', '-v'], ['zsh', '--version'],
  ],
  [
    ['pip', 'install', 'x'], ['pip', 'config', 'set', 'a.b', 'c'], ['pip', 'config', 'edit'], ['pip', 'list', '-o'], ['pip', '--log', 'f', 'list'],
    ['pip', 'freeze', '-r', 'req.txt'], ['python3', '-m', 'pip', 'list'], ['python3', '-m', 'pip', '--version'], ['python3', '-I', '-m', 'pip', 'install', 'x'],
    ['python3', '-m', 'http.server'], ['yarn', 'config', 'set', 'registry', 'x'], ['yarn', 'install'], ['zsh', '-c', 'ls'], ['zsh', 'x.sh'],
  ],
);

pairs(
  'fd -x / -X: the command run per match decides',
  [
    ['fd', '-e', 'ts', '-x', 'wc', '-l'], ['fd', '.', 'src', '-X', 'head', '-5'], ['fd', '-x', 'sha256sum', ';', '.', 'src'], ['fd', '-e', 'md'],
    ['fd', '-e', 'ts', '--exec=wc', '-l'], ['fd', '-xcat'],
  ],
  [
    ['fd', '.', '-x', 'rm', '-rf'], ['fd', '-X', 'sh', '-c', 'cat {}'], ['fd', '-x'], ['fd', '--exec=rm'], ['fd', '-x=rm'], ['fd', '-xrm'], ['fd', '-x', 'wc', ';', '--exec-batch', 'rm'],
  ],
);
