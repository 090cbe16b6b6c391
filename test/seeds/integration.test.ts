// The seed systems over commands parsed by the real shell analyser.
import { describe, it, expect } from 'vitest';
import { analyze } from '../../engine/shell/index.ts';
import { normalize } from '../../engine/shell/normalize/index.ts';
import { compileEvidence, runJudge, referenceJudge } from '../../engine/judge/index.ts';
import { strixVerdict } from '../../engine/presets/index.ts';
import { extractTargets } from '../../engine/targets/index.ts';
import { fakeFs, CWD, HOME, WORKSPACE } from './helpers.ts';

function parsed(command: string) {
  const extraction = analyze(command, { home: HOME });
  const { invocations } = normalize(extraction, { home: HOME, cwd: CWD });
  return { extraction, invocations, call: { tool: 'Bash', input: { command } } };
}
const fs = fakeFs({ [`${CWD}/hosts_passive.txt`]: 'admin.fiuu.com\nwww.fiuu.com\n', [`${CWD}/hosts_wide.txt`]: 'admin.fiuu.com\ncorp.other.test\n' });

describe('Strix recon loop over a workspace host list', () => {
  it.each([
    ['hosts_passive.txt', 'allow'],
    ['hosts_wide.txt', 'deny'],
  ])('%s → %s', (file, want) => {
    const p = parsed(`while read host; do dig +short "$host"; done < ${file}`);
    expect(strixVerdict(p.call, p.invocations, 'guarded').behavior).toBe('review');
    const packet = compileEvidence(p.call, { cwd: CWD, home: HOME, workspace: WORKSPACE, fs, scope: ['fiuu.com'], prior: [], maxArtifactBytes: 4096, extraction: p.extraction, invocations: p.invocations });
    expect(packet.artifacts.filter((a) => a.role === 'input')).toHaveLength(1);
    expect(runJudge(referenceJudge, packet).behavior).toBe(want);
  });

  it('a heredoc is not an input artifact', () => {
    const p = parsed('cat <<EOF\nhosts_passive.txt\nEOF');
    const packet = compileEvidence(p.call, { cwd: CWD, home: HOME, workspace: WORKSPACE, fs, scope: [], prior: [], maxArtifactBytes: 64, extraction: p.extraction });
    expect(packet.artifacts).toEqual([]);
  });
});

describe('wrappers and env overrides as the normaliser reports them', () => {
  it.each([
    ['sudo rm -rf build', 'strix-wrapper'],
    ['timeout 5 curl https://fiuu.com', 'strix-wrapper'],
    ['xargs -n1 dig < hosts_passive.txt', 'strix-wrapper'],
    ["bash -c 'nohup nc fiuu.com 4444'", 'strix-wrapper'],
    ['PYTHONPATH=/tmp python3 x.py', 'strix-env'],
    ['LD_PRELOAD=/tmp/x.so ls', 'strix-env'],
    ['agent-browser --session other snapshot', 'strix-browser'],
  ])('%s is denied by %s', (command, id) => {
    const p = parsed(command);
    const v = strixVerdict(p.call, p.invocations, 'guarded', { cwd: CWD, home: HOME });
    expect(v.behavior).toBe('deny');
    expect(v.findings.map((f) => f.detector)).toContain(id);
  });

  it('plain read-only commands are allowed outright', () => {
    const p = parsed('ls -la && rg -n TODO src | head -n 5');
    expect(strixVerdict(p.call, p.invocations, 'guarded').behavior).toBe('allow');
  });

  it('targets come through carriers', () => {
    const p = parsed("bash -c 'curl -s https://api.fiuu.com/v1 && ssh -p 2222 ops@bastion.fiuu.com'");
    expect(extractTargets(p.invocations).map((t) => `${t.host}:${t.port}`)).toEqual(['api.fiuu.com:443', 'bastion.fiuu.com:2222']);
  });
});
