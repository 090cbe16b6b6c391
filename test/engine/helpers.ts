import { PermissionEngine, loadPolicy, type Context, type ModeName, type Decision } from '../../engine/index.ts';

export const CWD = '/home/dev/app';
export const HOME = '/home/dev';

export function engine(yaml = 'version: 1\n', file = '/home/dev/app/policy.yaml'): PermissionEngine {
  return new PermissionEngine(loadPolicy(yaml, { file }));
}

export function ctx(mode: ModeName = 'default', extra: Partial<Context> = {}): Context {
  return { cwd: CWD, home: HOME, mode, ...extra };
}

export function decide(e: PermissionEngine, tool: string, input: Record<string, unknown>, mode: ModeName = 'default', extra: Partial<Context> = {}): Decision {
  return e.decide({ tool, input }, ctx(mode, extra));
}

export const bash = (command: string) => ({ command });
export const file = (file_path: string) => ({ file_path });
