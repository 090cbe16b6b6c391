// Paths: lexical helpers, the credential / protected / critical / device tables, and one small
// API that says what a path, or a shell word that names one, can reach (classify.ts).
// Pure: the file system is reached only through the optional fs port.
export { normalizePath, joinPath, resolvePath, resolveLiteral, suspiciousPath, isInside, isInWorkspace, basename, dirname } from './lexical.ts';
export { classifyPath, classifyWord, mergeInfos, physicalDir, homeOf, reaches } from './classify.ts';
export type { PathClass, PathContext, PathInfo, PathOptions, VarValues, WordOptions } from './classify.ts';
export { credentialReason, protectedReason, persistenceReason, criticalReason, deviceReason, isProtected, isCredential } from './reasons.ts';
export { CREDENTIAL_ROWS } from './credentials.ts';
export { credentialBelow } from './held.ts';
export { isTableName, NAME_CHARS } from './names.ts';
export { PROTECTED_ROWS, GATE_CONFIG_ROWS, PERSISTENCE_ROWS } from './protected.ts';
export { CRITICAL_ROWS } from './critical.ts';
export { DEVICE_ROWS, HARMLESS_DEVICE_ROWS } from './devices.ts';
export type { Row } from './table.ts';

/** Directories whose contents are protected (contract §6; matched on any path segment). */
export const PROTECTED_DIRS: readonly string[] = ['.git', '.claude', '.vscode', '.idea', '.husky', '.config/git', '.devcontainer', '.ssh'];

/** Files that are protected wherever they are (contract §6, plus agent settings files). */
export const PROTECTED_FILES: readonly string[] = [
  '.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.bash_login', '.profile', '.zshrc', '.zprofile', '.zshenv',
  '.envrc', '.npmrc', '.mcp.json', '.claude.json',
  // agent settings files
  'settings.json', 'settings.local.json', '.cursorrules', 'agents.md', 'claude.md', '.windsurfrules',
];
