import { describe, expect, it } from 'vitest';
import { invocations } from '../detectors/helpers.ts';
import { isReadOnly } from '../../engine/pipeline/readonly/index.ts';

/** Read-only when every invocation of the command is. */
function ro(cmd: string, trustRepoConfig = true): boolean {
  const { invocations: list, issues } = invocations(cmd);
  if (issues.length || !list.length) return false;
  return list.every((i) => isReadOnly(i, { trustRepoConfig }).readOnly);
}

const YES = [
  'ls -la', 'ls -la src', 'ls src/*.ts', 'cat README.md', 'head -n 5 a', 'head -5 a', 'tail -f log', 'wc -l a b', 'grep -rn foo src',
  'egrep -i x a', 'fgrep x a', 'rg -n foo src', 'rg -tts foo', 'fd -e ts', 'find . -name "*.ts" -type f', 'find src -maxdepth 2 -print0',
  'stat a', 'file a', 'du -sh .', 'df -h', 'tree -L 2', 'pwd', 'echo hi', 'printf "%s\\n" a', 'which ls', 'type ls', 'basename a/b',
  'dirname a/b', 'realpath a', 'readlink -f a', 'cut -d: -f1 a', 'sort -u a', 'sort -k2 -n a', 'uniq -c a', 'tr a-z A-Z', 'diff -u a b',
  'cmp a b', 'comm -12 a b', 'jq .name package.json', 'jq -r ".a" --arg x y f', "sed -n '1p' a", "sed -n '1,5p' a", "sed -n '/re/p' a",
  "sed -n '$p' a", 'date', 'date +%s', 'date -u', 'uname -a', 'whoami', 'id -u', 'env', 'printenv PATH', 'ps aux', 'ps -ef', 'true', 'false',
  'test -f a', '[ -d src ]', 'nproc', 'hostname', 'cd src', 'ls 2>/dev/null', 'ls 2>&1', 'ls > /dev/null', 'timeout 5 ls', 'ls | wc -l',
  "bash -c 'ls -la'", '/usr/bin/cat a', 'command -v git',
  'git status', 'git status -sb', 'git diff', 'git diff --cached --stat', 'git log --oneline -5', 'git show HEAD', 'git branch', 'git branch -a',
  'git tag', 'git tag -l "v*"', 'git remote -v', 'git remote show origin', 'git rev-parse --abbrev-ref HEAD', 'git ls-files', 'git blame a.ts',
  'git shortlog -sn', 'git describe --tags', 'git grep -n foo', 'git stash list', 'git stash show -p', 'git config --get user.name',
  'git config --list', 'git for-each-ref', 'git cat-file -p HEAD', 'git merge-base a b', 'git rev-list --count HEAD', 'git reflog', 'git -c core.pager=cat log', 'git -c color.ui=never log -1', 'git submodule status', 'git difftool --tool-help',
  // find -exec inherits the inner command's effects (issue 12)
  'find . -execdir ls \\;', "find src -name '*.ts' -exec grep -l TODO {} +",
  'git --no-pager log', 'comm -23 <(sort a) <(sort b)', 'cat <(ls) foo.txt', 'cat src/{a,b}.ts', "jq '{a,b}' f",
];

const NO = [
  // find actions
  'find . -exec rm {} \\;', 'find . -ok rm {} \\;', 'find . -okdir rm {} \\;', 'find . -delete', 'find . -fls out',
  'find . -fprint out', 'find . -fprint0 out', 'find . -fprintf out %p',
  // rg / fd
  'rg --pre ./x foo', 'rg --pre=cat foo', 'rg --hostname-bin ./x foo', 'rg -z foo', 'rg --search-zip foo', 'fd -x rm', 'fd -X rm',
  'RIPGREP_CONFIG_PATH=./rc rg foo',
  // sort / uniq / tee / less
  'sort -o out in', 'sort --output=out in', 'sort --compress-program=gzip in', 'uniq in out', 'tee out', 'less a', 'more a',
  // sed other than -n Np
  "sed 's/a/b/' f", "sed -n 's/a/b/p' f", "sed -n '1p;w out' f", 'sed -i -n 1p f', "sed -n '1e id' f", "sed -n -f script f",
  // jq file flags and env
  'jq -f prog.jq f', 'jq --from-file prog.jq f', 'jq --rawfile a b .', 'jq --slurpfile a b .', 'jq -n "$ENV"', 'jq -n "env.HOME"',
  // printf -v, date -s, hostname NAME
  'printf -v PATH x', 'date -s now', 'date --set=now', 'date 0101', 'hostname evil',
  // git traps
  'git diff --output=/tmp/x', 'git log --output=/tmp/x', 'git diff --ext-diff', 'git diff --textconv', 'git log -p --textconv',
  'git -c core.pager=less log', 'git -c core.pager="sh -c x" log', 'git -p log', 'git --paginate log', 'git --exec-path=/tmp status', 'git --config-env=core.pager=X log',
  'git grep -O foo', 'git grep --open-files-in-pager foo', 'git -C /tmp status', 'git --git-dir=/tmp/x status', 'git --work-tree=/tmp status',
  'git branch new', 'git branch -D x', 'git tag v1', 'git remote add o u', 'git stash', 'git stash drop', 'git config user.name x',
  'git reflog expire --all', 'git commit -m x', 'git push', 'GIT_DIR=/x git status', 'git cat-file --textconv HEAD:a',
  // redirects and wrappers
  'ls > out', 'ls >> out', 'ls &> out', 'cat a >| b', 'cat <> a', 'sudo ls', 'doas cat a', 'xargs grep foo',
  // dynamic words where a flag could be; unknown flags; unknown programs; non-system paths
  'ls *', 'cat $X', 'cat "$X"', 'ls $(cat flags)', 'ls --bogus', 'grep --bogus x', 'rm -rf x', 'npm test', './cat a', '/tmp/cat a',
  'ps auxe', 'env rm x', 'bash script.sh', 'python3 -c "print(1)"',
  // look-alike tools and tricks
  './bash -c ls', './timeout 5 ls', 'git help config', "git diff {@'{'0},--output=/tmp/pwned}", 'ls $(cat flags)',
];

describe('read-only allowlist', () => {
  for (const cmd of YES) it(`read-only: ${cmd}`, () => expect(ro(cmd)).toBe(true));
  for (const cmd of NO) it(`not read-only: ${cmd}`, () => expect(ro(cmd)).toBe(false));
  it('git is never read-only when repo config is not trusted', () => {
    expect(ro('git status', false)).toBe(false);
    expect(ro('git log', false)).toBe(false);
    expect(ro('ls', false)).toBe(true);
  });
  it('names the reason', () => {
    const i = invocations('rg --pre cat foo').invocations[0];
    expect(isReadOnly(i, { trustRepoConfig: true }).why).toContain('pre');
  });
});
