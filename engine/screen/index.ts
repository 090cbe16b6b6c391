export { classifyProvenance, INTERNAL_TOOLS, WORKSPACE_TOOLS, EXTERNAL_TOOLS, type Provenance, type ProvenanceMeta } from './provenance.ts';
export { makeWindows, serializeWindow, serializedBytes, LABEL_MAX_RUNES, type ScreenWindow, type WindowOptions } from './windows.ts';
export { referenceClassifier, type Classifier, type ClassifierResult, type ScreenVerdict } from './classifier.ts';
export {
  screenResult,
  screenToolResult,
  SCREEN_DEADLINE_MS,
  type AsyncScreenOptions,
  quarantineStub,
  sourceLabel,
  SCREEN_WINDOW_CHARS,
  SCREEN_OVERLAP_CHARS,
  SCREEN_MAX_SERIALIZED_BYTES,
  SCREEN_BATCH,
  type ScreenInput,
  type ScreenOptions,
  type ScreenOutcome,
} from './screen.ts';
export { commandClassifier } from './command.ts';
