// Permission rules in Claude Code's syntax: `Tool` or `Tool(content)`.
import { compilePattern, type Pattern } from '../../regex/index.ts';

export type RuleBehavior = 'allow' | 'ask' | 'deny';
export type LayerName = 'managed' | 'cli' | 'local' | 'project' | 'user';
/** Highest first: which layer's rule is reported when several match. */
export const LAYERS: readonly LayerName[] = ['managed', 'cli', 'local', 'project', 'user'];

export type BashMatcher =
  | { kind: 'exact'; text: string }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'wildcard'; pattern: Pattern; prefix: string; literalTail?: true };

export interface Rule {
  text: string;
  behavior: RuleBehavior;
  layer: LayerName;
  /** Tool name as written (after legacy aliases). */
  tool: string;
  /** Set for tool-name globs such as `*` or `mcp__*`. */
  toolPattern?: Pattern;
  /** null: the rule is tool-wide. */
  content: string | null;
  bash?: BashMatcher;
  /** Path pattern for Read / Edit style rules (compiled later against a context). */
  path?: string;
  domain?: string;
  param?: { key: string; value: string };
  where?: string;
}

const ALIASES = new Map([
  ['Task', 'Agent'],
  ['KillShell', 'TaskStop'],
  ['AgentOutputTool', 'TaskOutput'],
  ['BashOutputTool', 'TaskOutput'],
]);

export const PATH_TOOLS = new Set(['Read', 'Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Glob', 'Grep']);
const SECONDARY_PARAMS = new Map([
  ['Bash', ['run_in_background', 'timeout', 'description']],
  ['Agent', ['model', 'subagent_type']],
]);

export class RuleError extends Error {}

function findUnescaped(s: string, ch: string, fromEnd: boolean): number {
  const isEsc = (i: number) => {
    let n = 0;
    for (let j = i - 1; j >= 0 && s[j] === '\\'; j--) n++;
    return n % 2 === 1;
  };
  if (fromEnd) {
    for (let i = s.length - 1; i >= 0; i--) if (s[i] === ch && !isEsc(i)) return i;
  } else {
    for (let i = 0; i < s.length; i++) if (s[i] === ch && !isEsc(i)) return i;
  }
  return -1;
}

function unescapeContent(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && (s[i + 1] === '(' || s[i + 1] === ')' || s[i + 1] === '\\')) {
      out += s[i + 1];
      i++;
    } else out += c;
  }
  return out;
}

const RE_SPECIAL = new Set('\\^$.|?*+()[]{}'.split(''));

export function escapeRe(c: string): string {
  return RE_SPECIAL.has(c) ? '\\' + c : c;
}

function isToolName(s: string): boolean {
  if (s === '') return false;
  for (const c of s) {
    const ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || '_*.-'.includes(c);
    if (!ok) return false;
  }
  return true;
}

/** `mcp__server__…`: a glob allowed in allow rules names one server literally. */
function namesOneServer(tool: string): boolean {
  if (!tool.startsWith('mcp__')) return false;
  const end = tool.indexOf('__', 5);
  return end > 5 && !tool.slice(5, end).includes('*');
}

/**
 * A pattern compiled on its first test. A policy of 100,000 rules loads without compiling any;
 * matchBash tests the literal prefix first, so most never compile. (Rule length is capped
 * where policies load, so compiling cannot fail on size.)
 */
export function lazyPattern(source: string): Pattern {
  let p: Pattern | undefined;
  return { source, test: (text) => (p ??= compilePattern(source)).test(text) };
}

/** Compile a Bash rule body: exact, legacy prefix `cmd:*`, or wildcard `*`. */
export function compileBashMatcher(content: string): BashMatcher {
  if (content.endsWith(':*') && !content.slice(0, -2).includes('*')) {
    return { kind: 'prefix', prefix: content.slice(0, -2) };
  }
  let hasStar = false;
  for (let i = 0; i < content.length; i++) {
    if (content[i] === '\\') i++;
    else if (content[i] === '*') hasStar = true;
  }
  if (!hasStar) return { kind: 'exact', text: content.split('\\*').join('*') };
  let body = content;
  let optionalTail = false;
  if (body.endsWith(' *') && body[body.length - 3] !== '\\') {
    body = body.slice(0, -2);
    optionalTail = true;
  }
  let re = '';
  let prefix = '';
  let literal = true;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\' && body[i + 1] === '*') {
      re += '\\*';
      if (literal) prefix += '*';
      i++;
    } else if (c === '*') {
      re += '.*';
      literal = false;
    } else {
      re += escapeRe(c);
      if (literal) prefix += c;
    }
  }
  if (optionalTail) re += '(?: .*)?';
  const m: BashMatcher = { kind: 'wildcard', pattern: lazyPattern('^(?s:' + re + ')$'), prefix };
  // `words *` with no other star: the pattern means "prefix, alone or followed by a space".
  if (optionalTail && literal) m.literalTail = true;
  return m;
}

function globToRegex(glob: string): string {
  let re = '';
  for (const c of glob) re += c === '*' ? '.*' : escapeRe(c);
  return '^' + re + '$';
}

/** Parse one rule string. Throws RuleError with a readable message. */
export function parseRule(text: string, behavior: RuleBehavior, layer: LayerName): Rule {
  const trimmed = text.trim();
  if (trimmed === '') throw new RuleError('empty rule');
  const open = findUnescaped(trimmed, '(', false);
  let tool: string;
  let content: string | null = null;
  if (open < 0) {
    if (findUnescaped(trimmed, ')', true) >= 0) throw new RuleError(`unbalanced ')' in rule "${text}"`);
    tool = trimmed;
  } else {
    const close = findUnescaped(trimmed, ')', true);
    if (close !== trimmed.length - 1) throw new RuleError(`rule "${text}" must end with ')' after its content`);
    tool = trimmed.slice(0, open);
    content = unescapeContent(trimmed.slice(open + 1, close));
    if (content === '' || content === '*') content = null;
  }
  if (!isToolName(tool)) throw new RuleError(`bad tool name "${tool}" in rule "${text}"`);
  tool = ALIASES.get(tool) ?? tool;
  const rule: Rule = { text: trimmed, behavior, layer, tool, content };
  if (tool.includes('*')) {
    if (behavior === 'allow' && !namesOneServer(tool)) {
      throw new RuleError(`allow rule "${text}": a tool-name glob must start with mcp__<server>__`);
    }
    rule.toolPattern = compilePattern(globToRegex(tool));
  }
  if (content === null) return rule;
  const colon = content.indexOf(':');
  const key = colon > 0 ? content.slice(0, colon) : '';
  if (SECONDARY_PARAMS.get(tool)?.includes(key)) {
    if (behavior === 'allow') throw new RuleError(`allow rule "${text}": parameter rules are for deny and ask only`);
    rule.param = { key, value: content.slice(colon + 1) };
    return rule;
  }
  if (tool === 'Bash' && key === 'command') throw new RuleError(`rule "${text}": write Bash(<command>), not Bash(command:…)`);
  if (tool === 'Bash') rule.bash = compileBashMatcher(content);
  else if (PATH_TOOLS.has(tool)) rule.path = content;
  else if (tool === 'WebFetch') {
    if (!content.startsWith('domain:')) throw new RuleError(`rule "${text}": WebFetch rules take domain:<host>`);
    let host = content.slice(7).trim().toLowerCase();
    if (host.endsWith('.')) host = host.slice(0, -1);
    if (!host) throw new RuleError(`rule "${text}": empty domain`);
    rule.domain = host;
  } else {
    throw new RuleError(`rule "${text}": ${tool} rules take no content; use ${tool}`);
  }
  return rule;
}

/** Does the rule name this tool (tool-wide part only)? */
export function ruleNamesTool(rule: Rule, tool: string): boolean {
  if (rule.toolPattern) return rule.toolPattern.test(tool);
  if (rule.tool === tool) return true;
  // mcp__srv and mcp__srv__* name every tool of the server.
  if (tool.startsWith('mcp__') && rule.tool.startsWith('mcp__')) {
    const server = rule.tool.endsWith('__*') ? rule.tool.slice(0, -3) : rule.tool;
    if (!server.slice(5).includes('__')) return tool.startsWith(server + '__');
  }
  // Edit rules cover every file-editing tool.
  if (rule.tool === 'Edit' && (tool === 'Write' || tool === 'MultiEdit' || tool === 'NotebookEdit')) return true;
  return false;
}
