// peers.md appendix A rows 1–42 (with `~/x` read as the critical `~` where the row is about rm),
// plus rows 43–50: what this layer must resolve.
import { describe, expect, it } from 'vitest';
import { DETECTORS } from '../../engine/detectors/index.ts';
import { run } from './helpers.ts';

function fired(cmd: string): string[] {
  const ids = new Set<string>();
  for (const d of DETECTORS) if (run(d, cmd).length) ids.add(d.meta.id);
  return [...ids];
}

const ROWS: [number, string, string][] = [
  [1, 'git reset --hard', 'git-destructive'],
  [2, 'rm -rf ~', 'rm-critical-path'],
  [3, 'rm -r -f ~', 'rm-critical-path'],
  [4, 'sudo rm -rf ~', 'rm-critical-path'],
  [5, 'env FOO=1 rm -rf ~', 'rm-critical-path'],
  [6, 'FOO=1 rm -rf ~', 'rm-critical-path'],
  [7, 'timeout 5 rm -rf ~', 'rm-critical-path'],
  [8, 'nohup rm -rf ~', 'rm-critical-path'],
  [9, 'nice -n 5 rm -rf ~', 'rm-critical-path'],
  [10, 'time rm -rf ~', 'rm-critical-path'],
  [11, 'watch rm -rf ~', 'rm-critical-path'],
  [12, 'stdbuf -o0 rm -rf ~', 'rm-critical-path'],
  [13, 'doas rm -rf ~', 'rm-critical-path'],
  [14, 'exec rm -rf ~', 'rm-critical-path'],
  [15, "eval 'rm -rf ~'", 'rm-critical-path'],
  [16, "bash -c 'rm -rf ~'", 'rm-critical-path'],
  [17, 'sh -lc "git reset --hard"', 'git-destructive'],
  [18, "echo 'rm -rf ~' | bash", 'rm-critical-path'],
  [19, "bash <<< 'rm -rf ~'", 'rm-critical-path'],
  [20, '$(echo rm) -rf ~', 'rm-critical-path'],
  [21, "r''m -rf ~", 'rm-critical-path'],
  [22, '\\rm -rf ~', 'rm-critical-path'],
  [23, '/bin/rm -rf ~', 'rm-critical-path'],
  [24, 'command rm -rf ~', 'rm-critical-path'],
  [25, 'builtin command git reset --hard', 'git-destructive'],
  [26, 'find ~ -delete', 'rm-critical-path'],
  [27, 'find . -exec rm -rf {} \\;', 'rm-critical-path'],
  [28, 'xargs rm -rf < list.txt', 'rm-critical-path'],
  [29, 'git -c core.x=y reset --hard', 'git-destructive'],
  [30, 'git --git-dir=.git reset --hard', 'git-destructive'],
  [31, 'python3 -c \'import shutil; shutil.rmtree("/home/u")\'', 'opaque-payload'],
  [32, 'perl -e \'system("rm -rf ~/x")\'', 'opaque-payload'],
  [33, 'awk \'BEGIN{system("rm -rf ~")}\'', 'rm-critical-path'],
  [34, 'busybox rm -rf ~', 'rm-critical-path'],
  [35, 'cat <<EOF | bash\nrm -rf ~\nEOF', 'rm-critical-path'],
  [36, 'bash <<EOF\ngit reset --hard\nEOF', 'git-destructive'],
  [37, 'git reset --hard $(printf HEAD)', 'git-destructive'],
  [38, 'ls && git clean -fdx', 'git-destructive'],
  [39, 'rm -rf "$HOME"', 'rm-critical-path'],
  [40, 'rm -rf ${HOME}/', 'rm-critical-path'],
  [41, 'git push origin +main', 'git-destructive'],
  [42, 'git push --force origin main', 'git-destructive'],
];

describe('peers.md appendix A', () => {
  for (const [n, cmd, id] of ROWS) it(`#${n} ${JSON.stringify(cmd)} → ${id}`, () => expect(fired(cmd)).toContain(id));
  it('#28 xargs rm -rf of unknown input asks (criticalRemoval), it does not deny', () => {
    const f = run(DETECTORS[0], 'xargs rm -rf < list.txt');
    expect(f[0].behavior).toBe('ask');
    expect(f[0].safety).toBe('criticalRemoval');
  });
  const quiet = ['git push --force-with-lease origin main', 'echo "rm -rf ~/x"', 'grep -r "git reset --hard" .', 'git commit -m "rm -rf cleanup"', 'rm -rf /tmp/build', 'git checkout -b feature', 'ls -la', "cat <<'EOF' > notes.md\ngit reset --hard is bad\nEOF"];
  for (const cmd of quiet) it(`#43–50 quiet: ${JSON.stringify(cmd)}`, () => expect(fired(cmd)).toEqual([]));
});
