// Evidence for a review: which script a command runs, and the script's local import closure.
export { readClosure, sha256, MAX_CLOSURE_FILES, MAX_CLOSURE_BYTES, MAX_MODULE_BYTES, type Closure, type ClosureFile, type ClosureIssue, type Entry } from './closure.ts';
export { scanModule, type ModuleScan, type ImportRef } from './python.ts';
export { scriptRun, isPython, type ScriptRun } from './interp.ts';
