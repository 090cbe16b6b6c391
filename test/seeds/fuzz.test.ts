// Nothing in the seed systems throws on odd input; they fail closed instead.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { strixRules, recordBrowserCall, initialBrowserState } from '../../engine/presets/index.ts';
import { scanModule } from '../../engine/evidence/index.ts';
import { inScope } from '../../engine/targets/index.ts';
import { extractTargets, TargetGate } from '../../engine/targets/index.ts';
import { compileEvidence, runJudge, referenceJudge, unsettled } from '../../engine/judge/index.ts';
import { scriptRun } from '../../engine/evidence/index.ts';
import { redactSecrets, capReason } from '../../engine/audit/index.ts';
import { screenResult, referenceClassifier } from '../../engine/screen/index.ts';
import { inv, sc, redir, fakeFs, CWD, HOME, WORKSPACE } from './helpers.ts';

const word = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('curl', 'nc', 'ssh', 'scp', 'rsync', 'git', 'dig', 'nmap', 'agent-browser', 'python3', '-c', '-m', '-p', '--session', '@e1', 'click', 'tab', 'http://', 'a:b', '[::1]', 'user@h:', '::', '-',
    'mysql', 'psql', 'redis-cli', 'mongosh', 'openssl', 's_client', '-connect', '-h', '--host=', 'telnet', 'ftp', 'sftp', 'http', 'xh', 'POST', ':3000', 'host=', 'uv', 'run', 'poetry', 'npx', '-iL', 'wget', '-X', '-d', 'k=v', 'k:=1'),
);
const argv = fc.array(word, { minLength: 1, maxLength: 6 });

describe('robustness', () => {
  it('rules, targets and evidence never throw', () => {
    const fs = fakeFs({ [`${CWD}/a.py`]: 'import b\n', [`${CWD}/b.py`]: 'from . import a\n' });
    fc.assert(
      fc.property(argv, fc.constantFrom('guarded', 'observe') as fc.Arbitrary<'guarded' | 'observe'>, (a, preset) => {
        const i = inv(a);
        strixRules({ tool: 'Bash', input: {} }, [i], preset, { scope: ['x.test'], cwd: CWD, home: HOME });
        recordBrowserCall(initialBrowserState, i);
        extractTargets([i]);
        new TargetGate({ resolver: { resolve: () => ['192.0.2.1'] } }).check({ tool: 'Bash', input: {} }, [i]);
        const p = compileEvidence({ tool: 'Bash', input: { command: a.join(' ') } }, {
          cwd: CWD, home: HOME, workspace: WORKSPACE, fs, scope: ['x.test'], prior: [], maxArtifactBytes: 32,
          extraction: { source: '', commands: [sc(a, { redirects: [redir('<', a[a.length - 1]!)] })], functions: [], issues: [], stats: { chars: 0, tokens: 0, maxDepth: 0, commands: 1 } },
        });
        expect(['allow', 'deny']).toContain(runJudge(referenceJudge, p).behavior);
        for (const c of p.effective) unsettled(c, { cwd: CWD, home: HOME, workspace: WORKSPACE });
        scriptRun(i.name, i.program, i.args, CWD, HOME);
      }),
      { numRuns: 300 },
    );
  });

  it('text scanners never throw', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
        scanModule(s);
        redactSecrets(s);
        capReason(s, 7);
        inScope(s, [s, 'a.test', '10.0.0.0/8']);
        const out = screenResult({ tool: 'WebFetch', output: s, meta: { label: s } }, referenceClassifier, { windowChars: 64, overlapChars: 16, maxSerializedBytes: 1024 });
        expect(out.calls).toBeGreaterThan(0);
        expect(out.calls).toBeLessThanOrEqual(Math.ceil(s.length / 16) + 1);
      }),
      { numRuns: 300 },
    );
  });
});
