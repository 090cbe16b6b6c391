// The built-in detector registry (ids are stable: the corpus, checks and site refer to them).
import type { Detector } from './types.ts';
import { rmCriticalPath } from './rm-critical-path.ts';
import { diskDestroy } from './disk-destroy.ts';
import { forkBomb } from './fork-bomb.ts';
import { recursivePermsRoot } from './recursive-perms-root.ts';
import { remoteCodeExec } from './remote-code-exec.ts';
import { exfiltration } from './exfiltration.ts';
import { gitDestructive } from './git-destructive.ts';
import { protectedPathWrite } from './protected-path-write.ts';
import { credentialRead } from './credential-read.ts';
import { persistence } from './persistence.ts';
import { privilege } from './privilege.ts';
import { envOverride } from './env-override.ts';
import { dynamicCommand } from './dynamic-command.ts';
import { decoderExec } from './decoder-exec.ts';
import { hiddenCharacters } from './hidden-characters.ts';
import { homoglyph } from './homoglyph.ts';
import { opaquePayload } from './opaque-payload.ts';

export const DETECTORS: Detector[] = [
  rmCriticalPath,
  diskDestroy,
  forkBomb,
  recursivePermsRoot,
  remoteCodeExec,
  exfiltration,
  gitDestructive,
  protectedPathWrite,
  credentialRead,
  persistence,
  privilege,
  envOverride,
  dynamicCommand,
  decoderExec,
  hiddenCharacters,
  homoglyph,
  opaquePayload,
];

const byId = new Map(DETECTORS.map((d) => [d.meta.id, d]));

export function detectorById(id: string): Detector | undefined {
  return byId.get(id);
}
