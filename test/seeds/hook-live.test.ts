// The seed systems through the hook: the policy's judge and target gate, and the deny text.
import { describe, it, expect } from 'vitest';
import { runHook, runHookAsync, type HookDeps } from '../../lab/hook/run.ts';
import { processJudgePort } from '../../lab/judge-port.ts';
import { PLATFORM_PREFIX } from '../../engine/audit/messages.ts';

const PROJECT = '/home/dev/app';
const deps = (policy: string): HookDeps => ({
  env: { GATELAB_TRUST_PROJECT: '1' },
  home: '/home/dev',
  defaultPolicy: () => ({ file: 'default.yaml', text: 'version: 1\n' }),
  readText: (p) => (p === `${PROJECT}/.gatelab.yaml` ? policy : null),
  judgePort: processJudgePort,
});
const pre = (command: string, mode = 'default') =>
  JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: PROJECT, permission_mode: mode, session_id: 's' });
const out = (r: { stdout: string }) => JSON.parse(r.stdout).hookSpecificOutput as { permissionDecision: string; permissionDecisionReason: string };

describe('the hook uses what the policy names', () => {
  it('awaits a command judge and denies on time when it sleeps past the deadline', async () => {
    const policy = `preset: guarded\nscope: [example.com]\njudge:\n  kind: command\n  command: [${JSON.stringify(process.execPath)}, "-e", "setTimeout(()=>{},60000)"]\n  deadline_ms: 300\n`;
    const r = await runHookAsync(pre('curl -s https://api.example.com/x', 'bypassPermissions'), deps(policy));
    expect(out(r).permissionDecision).toBe('deny');
    expect(out(r).permissionDecisionReason).toMatch(/timeout|did not answer/);
  }, 5000);
  it('asks for an unpinned target with the target guidance; the client cannot prompt in bypassPermissions, so it is denied there', () => {
    const policy = 'allow: ["Bash(curl *)"]\ntargets:\n  pins: [api.example.com]\n';
    const r = runHook(pre('curl -s https://new.example.org/'), deps(policy));
    expect(out(r).permissionDecision).toBe('ask');
    expect(out(r).permissionDecisionReason).toContain('target_approval_pending');
    expect(out(r).permissionDecisionReason.startsWith(PLATFORM_PREFIX)).toBe(true);
    expect(out(runHook(pre('curl -s https://new.example.org/', 'bypassPermissions'), deps(policy))).permissionDecision).toBe('deny');
    expect(out(runHook(pre('curl -s https://api.example.com/'), deps(policy))).permissionDecision).toBe('allow');
  });
  it('frames a deny as a platform control and caps its reason rune-safely', () => {
    const long = 'é😀'.repeat(3000);
    const policy = `preset: guarded\njudge:\n  kind: fixture\n  records:\n    - replies: [{ type: decision, behavior: deny, confidence: 0.9, reason: "${long}" }]\n`;
    const r = runHook(pre('frobnicate'), deps(policy));
    const reason = out(r).permissionDecisionReason;
    expect(out(r).permissionDecision).toBe('deny');
    expect(reason.startsWith(PLATFORM_PREFIX)).toBe(true);
    expect(reason).toContain('…(truncated)');
    expect(() => encodeURIComponent(reason)).not.toThrow();
  });
});
