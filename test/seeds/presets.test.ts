import { describe, it, expect } from 'vitest';
import {
  presets,
  strixRules,
  strixVerdict,
  isReadOnlyInvocation,
  recordBrowserCall,
  initialBrowserState,
  type BrowserState,
} from '../../engine/presets/index.ts';
import { inScope } from '../../engine/targets/index.ts';
import { cmd, inv, w, dyn, wrapper, redir, CWD, HOME } from './helpers.ts';

const bash = (command = 'x') => ({ tool: 'Bash', input: { command } });
const ids = (fs: { detector: string; behavior: string }[]) => fs.map((f) => `${f.detector}:${f.behavior}`);

describe('presets', () => {
  it('map onto the modes as the contract says', () => {
    expect(presets.off).toMatchObject({ mode: 'bypassPermissions', judge: false });
    expect(presets.guarded).toMatchObject({ mode: 'default', judge: true });
    expect(presets.observe).toMatchObject({ mode: 'plan', judge: false });
    expect(Object.isFrozen(presets.guarded)).toBe(true);
  });
});

describe('deterministic rules', () => {
  it.each(['guarded', 'observe'] as const)('blocks wrappers in %s', (preset) => {
    const viaSudo = cmd('rm x', { via: [wrapper('sudo')] });
    expect(ids(strixRules(bash(), [viaSudo], preset))).toContain('strix-wrapper:deny');
    expect(ids(strixRules(bash(), [cmd('timeout 5 curl https://a.test')], preset))).toContain('strix-wrapper:deny');
    expect(ids(strixRules(bash(), [cmd('xargs rm')], preset))).toContain('strix-wrapper:deny');
    expect(strixRules(bash(), [cmd('ls -la')], preset)).toEqual([]);
  });

  it('blocks write_stdin payloads', () => {
    const f = strixRules({ tool: 'write_stdin', input: { chars: 'y\n' } }, [], 'guarded');
    expect(ids(f)).toEqual(['strix-write-stdin:deny']);
    expect(strixVerdict({ tool: 'write_stdin', input: {} }, [], 'guarded').behavior).toBe('deny');
  });

  it('blocks env overrides that change which code loads', () => {
    for (const name of ['PYTHONPATH', 'LD_PRELOAD', 'AGENT_BROWSER_SESSION', 'NODE_OPTIONS', 'DYLD_INSERT_LIBRARIES']) {
      expect(ids(strixRules(bash(), [cmd('python3 x.py', { env: [[name, '/tmp/x']] })], 'guarded'))).toContain('strix-env:deny');
    }
    expect(ids(strixRules(bash(), [cmd('export PYTHONPATH=/tmp/evil')], 'guarded'))).toContain('strix-env:deny');
    expect(ids(strixRules(bash(), [cmd('ls', { env: [['LANG', 'C']] })], 'guarded'))).not.toContain('strix-env:deny');
  });

  it('blocks destructive commands without the judge', () => {
    expect(strixVerdict(bash(), [cmd('rm -rf build')], 'guarded').behavior).toBe('deny');
    expect(strixVerdict(bash(), [cmd('git push --force origin main')], 'guarded').behavior).toBe('deny');
    expect(strixVerdict(bash(), [cmd('rm notes.txt')], 'guarded').behavior).toBe('review');
  });

  it('allows read-only commands outright only with read-only options', () => {
    expect(isReadOnlyInvocation(cmd('rg -n TODO src'))).toBe(true);
    expect(isReadOnlyInvocation(cmd('rg --pre ./decode TODO'))).toBe(false);
    expect(isReadOnlyInvocation(cmd('rg -z TODO'))).toBe(false);
    expect(isReadOnlyInvocation(cmd('sort -o out.txt in.txt'))).toBe(false);
    expect(isReadOnlyInvocation(cmd('find . -name *.py -exec rm {} ;'))).toBe(false);
    expect(isReadOnlyInvocation(cmd('find . -name *.py'))).toBe(true);
    expect(isReadOnlyInvocation(cmd('uniq a.txt b.txt'))).toBe(false);
    expect(isReadOnlyInvocation(cmd('head -n 5 README.md'))).toBe(true);
    expect(isReadOnlyInvocation(cmd('cat notes', { redirects: [redir('>', 'copy')] }))).toBe(false);
    expect(isReadOnlyInvocation(cmd('cat notes', { redirects: [redir('>', '/dev/null', 2)] }))).toBe(true);
    expect(isReadOnlyInvocation(inv(['cat', dyn('$f')]))).toBe(false);
    expect(strixVerdict(bash(), [cmd('ls -la'), cmd('wc -l')], 'guarded').behavior).toBe('allow');
    expect(strixVerdict(bash(), [cmd('rg --pre ./decode TODO')], 'guarded').behavior).toBe('review');
  });

  it('blocks an interpreter with no script and an unrecognised interpreter', () => {
    const st = { cwd: CWD, home: HOME };
    expect(ids(strixRules(bash(), [cmd('python3')], 'guarded', st))).toContain('strix-script:deny');
    expect(ids(strixRules(bash(), [cmd('python3 -')], 'guarded', st))).toContain('strix-script:deny');
    expect(ids(strixRules(bash(), [cmd('node app.js')], 'guarded', st))).toContain('strix-script:deny');
    expect(ids(strixRules(bash(), [cmd('bash')], 'guarded', st))).toContain('strix-script:deny');
    expect(strixRules(bash(), [cmd('python3 tool.py')], 'guarded', st)).toEqual([]);
    expect(strixRules(bash(), [cmd('python3 --version')], 'guarded', st)).toEqual([]);
  });

  it('asks that creating and running a script be split', () => {
    const st = { cwd: CWD, home: HOME };
    const create = cmd('cat', { redirects: [redir('>', 'gen.py')] });
    expect(ids(strixRules(bash(), [create, cmd('python3 gen.py')], 'guarded', st))).toContain('strix-script:deny');
  });
});

describe('scope', () => {
  it('an authorized domain covers its subdomains', () => {
    expect(inScope('admin.fiuu.com', ['fiuu.com'])).toBe(true);
    expect(inScope('a.b.fiuu.com.', ['FIUU.com'])).toBe(true);
    expect(inScope('fiuu.com', ['fiuu.com'])).toBe(true);
    expect(inScope('notfiuu.com', ['fiuu.com'])).toBe(false);
    expect(inScope('fiuu.com.evil.test', ['fiuu.com'])).toBe(false);
    expect(inScope('10.0.0.7', ['10.0.0.0/24'])).toBe(true);
    expect(inScope('10.0.1.7', ['10.0.0.0/24'])).toBe(false);
    expect(inScope('api.example.test', ['https://example.test/app'])).toBe(true);
    expect(inScope('', ['example.test'])).toBe(false);
  });

  it('denies named targets outside the scope', () => {
    const st = { scope: ['fiuu.com'] };
    expect(ids(strixRules(bash(), [cmd('curl https://admin.fiuu.com/login')], 'guarded', st))).not.toContain('strix-scope:deny');
    expect(ids(strixRules(bash(), [cmd('curl https://other.test/')], 'guarded', st))).toContain('strix-scope:deny');
    expect(ids(strixRules(bash(), [cmd('dig other.test')], 'guarded', st))).toContain('strix-scope:deny');
  });
});

describe('agent-browser', () => {
  const ab = (args: string) => cmd('agent-browser ' + args);
  const run = (args: string, preset: 'guarded' | 'observe' = 'guarded', browser: BrowserState = initialBrowserState) =>
    strixVerdict(bash(), [ab(args)], preset, { browser });

  it('allows observation verbs only in their read form', () => {
    expect(run('snapshot').behavior).toBe('allow');
    expect(run('get text @e1').behavior).toBe('allow');
    expect(run('tab').behavior).toBe('allow');
    expect(run('tab list').behavior).toBe('allow');
    const r = run('tab new https://a.test');
    expect(r.behavior).toBe('review');
    expect(ids(r.findings)).toContain('strix-browser:ask');
    expect(run('tab close').behavior).toBe('review');
    expect(run('tab close', 'observe').behavior).toBe('deny');
    expect(run('cookies set x 1', 'observe').behavior).toBe('deny');
  });

  it('blocks eval, uploads, state persistence and auth login', () => {
    for (const a of ['eval document.cookie', 'upload @e3 ./payload.php', 'state save s.json', 'state load s.json', 'auth login']) {
      expect(run(a).behavior, a).toBe('deny');
    }
  });

  it('rejects session, profile and CDP overrides', () => {
    for (const a of ['--session other snapshot', '--profile /tmp/p open https://a.test', '--cdp 9222 snapshot', '--session=x snapshot']) {
      expect(run(a).behavior, a).toBe('deny');
    }
    const envOverride = strixVerdict(bash(), [cmd('agent-browser snapshot', { env: [['AGENT_BROWSER_SESSION', 'x']] })], 'guarded');
    expect(envOverride.behavior).toBe('deny');
  });

  it('needs a snapshot newer than the last page change for element refs', () => {
    let s = initialBrowserState;
    expect(run('click @e2', 'guarded', s).behavior).toBe('deny'); // no snapshot yet
    s = recordBrowserCall(s, ab('open https://a.test'));
    s = recordBrowserCall(s, ab('snapshot'));
    expect(run('click @e2', 'guarded', s).behavior).toBe('review'); // fresh: goes to the judge
    s = recordBrowserCall(s, ab('click @e2'));
    const stale = run('fill @e5 hello', 'guarded', s);
    expect(stale.behavior).toBe('deny');
    expect(stale.findings[0]!.message).toMatch(/stale/);
    s = recordBrowserCall(s, ab('snapshot'));
    expect(run('fill @e5 hello', 'guarded', s).behavior).toBe('review');
    // Fill does not change the page, so refs stay fresh.
    s = recordBrowserCall(s, ab('fill @e5 hello'));
    expect(run('fill @e6 world', 'guarded', s).behavior).toBe('review');
    // Navigation makes them stale again.
    s = recordBrowserCall(s, ab('open https://a.test/next'));
    expect(run('click @e1', 'guarded', s).behavior).toBe('deny');
  });

  it('observe refuses interactions that guarded sends to review', () => {
    let s = recordBrowserCall(initialBrowserState, ab('snapshot'));
    expect(run('click @e1', 'observe', s).behavior).toBe('deny');
    expect(run('open https://a.test', 'observe', s).behavior).toBe('allow');
    s = recordBrowserCall(s, ab('snapshot'));
    expect(run('fill @e1 x', 'observe', s).behavior).toBe('deny');
  });

  it('recordBrowserCall is pure', () => {
    const s0 = initialBrowserState;
    const s1 = recordBrowserCall(s0, [w('snapshot')]);
    expect(s0.snapshotAt).toBeNull();
    expect(s1.snapshotAt).toBe(1);
  });
});
