// Bash: analyse the command, then check every invocation bash could run (contract §2 step 3, §4).
import type { Finding, FsPort } from '../../types.ts';
import type { Extraction, Invocation } from '../../shell/types.ts';
import type { DetectContext, Detector } from '../../detectors/types.ts';
import { analyze, takeTree } from '../../shell/index.ts';
import { normalize, parseOptions, canonicalize, spanOf, parentOf, factsFor, type Parsed } from '../../shell/normalize/index.ts';
import { isReadOnly } from '../readonly/index.ts';
import { dataWord } from '../readonly/words.ts';
import { synthetic } from '../../effects/paths.ts';
import { isInWorkspace, isProtected, resolveLiteral } from '../../paths/index.ts';
import { matchBash, type Rule } from '../rules/index.ts';
import { result, combineAll, lift, rank, withFindings, type CheckResult } from '../result.ts';
import type { CheckEnv } from '../env.ts';
import { isImmune } from '../immune.ts';
import { checkBashRaw, stripPrefixes } from './bash-raw.ts';
import { denyWithin, denyUnder } from './files.ts';
import { pathVariants } from '../env.ts';
import { isSafeEnvName } from './safe-env.ts';
import { readPaths, writeTargets, editOperands, pathOf, WORKSPACE_EDIT_PROGRAMS, HARMLESS_DEVICES } from './bash-paths.ts';
import { linksMade, linkOverlay } from '../../effects/links.ts';
import { canonical, cwdOf, effectsOf, infoOf, kindMask, newScope, pathRef, type Effect, type EffectScope } from '../../effects/index.ts';
import { envRole, type ArgFact, type ProgramFacts } from '../../programs/index.ts';
import { detectorIndex, dispatchTable, runsOn, selectedDetectors, sourceDetectors, type DetectorIndex, type Dispatch } from '../detectors.ts';
import { baseContext, invocationContext } from '../../detectors/util.ts';
import { loopBindings, loopVariants, type Bindings } from './loops.ts';
import { assignedValues, assignedVariants, certainNames, surelyValued, type Assigned } from './assigns.ts';
import { trackCd, insideGlobCwd, dirVarsReassigned, type CwdState } from './cwd.ts';
import { waitedFor } from './jobs.ts';
import { CheckBudget, CheckFloor, analysedWhole } from './budget.ts';
import { SourceTree } from './tree.ts';

interface BashState extends CwdState {
  ex: Extraction;
  /** The detector base context of the cwd checked last (one per cwd, for this decision only). */
  base: DetectContext;
  /** The effects of the invocation checked last. */
  lastEffects?: readonly Effect[];
  /** The fs port with the links the command makes (`ln -s T L`), when it makes any. */
  linked?: FsPort;
  /** The detector list's index (null: a list too long for one, then `table` is used). */
  ix: DetectorIndex | null;
  table: (Dispatch | null)[] | null;
}

/** $OLDPWD as a value the shell set (the folder a cd left). */
function oldpwdValue(dir: string, inv: Invocation): Map<string, Invocation['args']> {
  const span = inv.source.span;
  return new Map([['OLDPWD', [{ span, raw: dir, static: true, value: dir, approx: dir, kinds: [], params: [], quoted: true, substitutions: 0 }]]]);
}

/** A dynamic operand or redirection target (only such a word can expand $OLDPWD). */
function anyDynamicWord(inv: Invocation): boolean {
  for (const w of inv.args) if (!w.static) return true;
  for (const r of inv.redirects) if (!r.target.static) return true;
  return false;
}

const READ = ['Read'];
const EDIT = ['Edit'];
const NO_PATHS: string[] = [];

export function checkBash(env: CheckEnv, command: string): CheckResult {
  const t = env.tracer;
  const ex = analyze(command, { home: env.home });
  // loop values and assigned values, followed only in a text read whole, from the analyser's own
  // tree (a second parse only when it had an issue), before normalising: the tree is let go first
  const whole = analysedWhole(ex);
  const { loops, assigned } = followed(command, ex, env.home, whole);
  // checking stops where the work budget is spent: the normaliser stops there too (not under a
  // trace, which counts every invocation); whoever reads every invocation gets them made in full
  const norm = normalize(ex, { home: env.home, cwd: env.cwd, stop: t.on ? undefined : new CheckFloor(loops) });
  env.bash = norm.partial ? new AllInvocations(command, ex, env.home, env.cwd) : { command, ex, invocations: norm.invocations };
  const issues = norm.issues;
  if (t.on) t.add('parse', issues.length ? 'ask' : 'info', `${ex.commands.length} simple command(s), ${norm.invocations.length} invocation(s)${issues.length ? '; ' + issues[0]!.message : ''}`);
  const dctx = baseContext(env.cwd, env.home, env.workspace);
  const links = linksMade(ex, env.cwd);
  const ix = detectorIndex(env.detectors);
  // every field from the start: one object shape for every decision's state
  const st: BashState = {
    ex,
    cwd: env.cwd,
    cwdGlob: undefined,
    mayCwds: undefined,
    mayAlso: undefined,
    cdpath: undefined,
    oldpwd: undefined,
    scope: newScope({ home: env.home, workspace: env.workspace, cwd: env.cwd }, ex),
    base: dctx,
    lastEffects: undefined,
    linked: links.size ? linkOverlay(links, env.fs) : undefined,
    ix,
    table: ix === null ? dispatchTable(env.detectors) : null,
  };
  const results: CheckResult[] = [];
  for (const d of sourceDetectors(env.detectors)) {
    let found: Finding[];
    try {
      found = d.checkSource!(command, ex, dctx);
    } catch (e) {
      found = [detectorFailed(d, e)];
    }
    for (const f of found) results.push(findingResult(env, f));
  }
  const moved = dirVarsReassigned(command, ex);
  if (moved) results.push(result('ask', { type: 'parse', detail: moved }, `${moved}: a $HOME or $PWD word may then be anything`));
  const stored = codeInArithmetic(ex);
  if (stored) results.push(result('ask', { type: 'parse', detail: stored, safety: 'unanalysable' }, stored, { immune: isImmune(env.policy.immune, 'unanalysable') }));
  if (env.rules.bash('deny').length > 0 || env.rules.bash('ask').length > 0) {
    for (const sc of ex.commands) {
      const hit = writtenRuleHit(env, sc.argv);
      if (hit) results.push(result(hit.behavior as 'deny' | 'ask', { type: 'rule', rule: hit.text, layer: hit.layer }, `matches ${hit.behavior} rule ${hit.text}`, { immune: hit.behavior === 'ask' }));
    }
  }
  // Invocations an allow rule granted, for the programs they run that the rule names (`npx tsc *`).
  let granted: Map<Invocation, Rule> | null = null;
  let certain: Map<string, number> | undefined;
  const budget = new CheckBudget();
  for (const given of norm.invocations) {
    // after a CDPATH cd the tracked cwd is where later commands run, not the cd's literal folder
    // and a top-level command's unknown chdir is a cd the tracker may know better (`cd "$(pwd)/.."`)
    const inv = given.chdir && (st.cdpath || (!given.chdir.static && !given.via.length && !given.source.context.length)) ? { ...given, chdir: undefined } : given;
    const variants = loops ? loopVariants(inv, loops) : null;
    const valued = variants || !(assigned || st.oldpwd) || !anyDynamicWord(inv) ? null : assigned ? assignedVariants(inv, assigned) : assignedVariants(inv, oldpwdValue(st.oldpwd!, inv));
    // `f=README.md; cat "$f"`: a value certain by then is all the word can be
    const sure = valued !== null && valued.length === 1 && assigned !== null && surelyValued(inv, assigned, (certain ??= certainNames(command, ex, assigned)));
    // the work budget: one check per variant and per other cwd (elsewhere), taken before they run
    const away = (inv.source.conditional ? 0 : st.mayCwds?.length ?? 0) + (st.mayAlso?.length ?? 0);
    if (!budget.take(inv, (variants ? variants.length : 1) + (valued && !sure ? valued.length : 0) + away)) break;
    let r = variants ? aggregate(variants.map((v) => checkInvocation(env, v, st))) : checkInvocation(env, sure ? valued![0]! : inv, st);
    if (valued && !sure) r = aggregate([r, ...valued.map((v) => checkInvocation(env, v, st))]);
    if ((st.mayCwds && !inv.source.conditional) || st.mayAlso) r = aggregate([r, ...elsewhere(env, inv, st)]);
    if (r.behavior === 'allow' && r.reason.type === 'rule' && r.reason.rule) {
      const rule = env.rules.bash('allow').find((x) => x.text === r.reason.rule);
      if (rule) (granted ??= new Map()).set(inv, rule);
    }
    const parent = granted && parentOf(inv);
    const rule = parent ? granted!.get(parent) : undefined;
    if (rule && namesProgram(rule, inv.name) && !grantTakenBy(env, inv, rule, st.scope, st.lastEffects ?? [])) {
      r = lift(r, result('allow', { type: 'rule', rule: rule.text, layer: rule.layer }, `${inv.name} is named by allow rule ${rule.text}`));
    }
    if (t.on) t.add('command', r.behavior, `${render(inv)} — ${r.message}`, spanOf(inv));
    results.push(r);
    // a cd in a for body runs once per value, in order: `for d in /; do cd $d; done` ends in /
    if (variants && inv.name === 'cd') for (const v of variants) trackCd(env, v, st);
    else trackCd(env, inv, st);
  }
  // (a partial normalisation is only made when checking surely stops at the budget)
  const over = budget.over ?? (norm.partial ? budget.message() : null);
  if (over && t.on) t.add('limit', 'ask', over);
  if (issues.length || over) {
    const kind = !issues.length || issues.some((x) => x.kind === 'limit') ? 'limit' : 'parse';
    results.push(checkBashRaw(env, command, { type: kind, detail: issues[0]?.message ?? over! }, isImmune(env.policy.immune, 'unanalysable')));
  }
  if (!results.length) return result('allow', { type: 'readOnly', detail: 'nothing runs' }, 'the command runs nothing', { readOnly: true });
  return aggregate(results);
}

/** Loop bindings and assigned values of a text read whole (both null otherwise). */
function followed(command: string, ex: Extraction, home: string, whole: boolean): { loops: Bindings | null; assigned: Assigned | null } {
  const known = takeTree(ex);
  if (!whole) return { loops: null, assigned: null };
  const tree = new SourceTree(command, known);
  return { loops: loopBindings(tree, ex, home), assigned: assignedValues(tree, ex, home) };
}

/** The Bash state of a partial normalisation: every invocation of the command, made on first read (preset rules, a tool-wide allow). */
class AllInvocations {
  private all: Invocation[] | undefined = undefined;
  constructor(readonly command: string, readonly ex: Extraction, private readonly home: string, private readonly cwd: string) {}

  get invocations(): Invocation[] {
    return (this.all ??= normalize(this.ex, { home: this.home, cwd: this.cwd }).invocations);
  }
}

/** A detector that throws (a learner's, say) must not open the gate: its error asks. */
function detectorFailed(d: Detector, e: unknown): Finding {
  return { detector: d.meta.id, family: d.meta.family, behavior: 'ask', message: `detector ${d.meta.id} failed: ${(e as Error).message}` };
}

function findingResult(env: CheckEnv, f: Finding): CheckResult {
  const immune = f.behavior === 'ask' && isImmune(env.policy.immune, f.safety);
  const reason = f.safety && f.behavior === 'ask'
    ? { type: 'safetyCheck' as const, detector: f.detector, safety: f.safety, detail: f.message }
    : { type: 'detector' as const, detector: f.detector, detail: f.message };
  return result(f.behavior, reason, `${f.detector}: ${f.message}`, { immune, findings: [f] });
}

function render(inv: Invocation): string {
  const words = [inv.program, ...inv.args].map((w) => (w.static ? w.value! : w.approx));
  const via = inv.via.length ? ` (via ${inv.via.map((v) => v.name).join(' → ')})` : '';
  return words.join(' ') + via;
}

/**
 * Arithmetic that can run a command: a site the parser marked (Extraction.arith) whose text is
 * not a static number, a plain name or a static expression of safe names (`x='a[$(id)]'; (( x ))`).
 */
function codeInArithmetic(ex: Extraction): string | null {
  for (const s of ex.arith ?? []) {
    if (s.safety === 'code') return `arithmetic (${s.kind}) at ${s.span.start}-${s.span.end} can run a command: ${s.why ?? s.text}`;
  }
  return null;
}

/** Does an allow rule's literal text name this program after its first word (`npx tsc *` names tsc)? */
function namesProgram(rule: Rule, name: string): boolean {
  if (!rule.bash || !name) return false;
  const words = wholeRuleWords(rule);
  for (let i = 1; i < words.length; i++) if (words[i] === name || words[i]!.endsWith('/' + name)) return true;
  return false;
}

const wholeWords = new WeakMap<Rule, readonly string[]>();

/** The rule's literal words without a partial last one (`npx ts*`: npx alone), once per rule. */
function wholeRuleWords(rule: Rule): readonly string[] {
  let words = wholeWords.get(rule);
  if (words === undefined) {
    const m = rule.bash;
    const w = [...ruleWords(rule)];
    if (m && m.kind === 'wildcard' && !m.literalTail && !m.prefix.endsWith(' ') && w.length) w.pop(); // `npx ts*`: the last word is partial
    wholeWords.set(rule, (words = w));
  }
  return words;
}

/** Deny, then ask rules against a simple command exactly as written (wrappers and carriers included). */
function writtenRuleHit(env: CheckEnv, argv: Invocation['args']): Rule | undefined {
  if (!argv.length) return undefined;
  const text = argv.map((w) => (w.static ? w.value! : w.approx)).join(' ');
  for (const b of ['deny', 'ask'] as const) {
    const hit = env.rules.bash(b).find((r) => matchBash(r.bash!, text));
    if (hit) return hit;
  }
  return undefined;
}

/** Renderings deny and ask rules are tested against: as written, by basename, canonical. */
function aggressiveForms(inv: Invocation): string[] {
  const args = inv.args.map((w) => (w.static ? w.value! : w.approx));
  const prog = inv.program.static ? inv.program.value! : inv.program.approx;
  const forms = [[prog, ...args].join(' '), [inv.name, ...args].join(' ')];
  // The simple command as written (a rule may name a wrapper), and with every VAR= and wrapper gone.
  const src = inv.source.argv.map((w) => (w.static ? w.value! : w.approx));
  if (src.length && !inv.via.some((v) => v.kind === 'carrier')) {
    forms.push(src.join(' '));
    const bare = stripPrefixes(src);
    if (bare.length) forms.push([bare[0]!.slice(bare[0]!.lastIndexOf('/') + 1), ...bare.slice(1)].join(' '));
  }
  try {
    forms.push(canonicalize(inv));
  } catch {
    /* canonical form is a bonus */
  }
  return forms;
}

const ruleInvocations = new WeakMap<Rule, Parsed | null>();

/** Stands for a rule's lone `*` word inside the rule (`curl * --upload-file *`): any one value. */
const ANY = 'gatelab-any-word';

/** The text a wildcard rule means as a command, or null when only its text can match. */
function ruleText(content: string, prefix: string): string | null {
  if (content.includes('\\')) return null;
  const words = content.split(' ');
  const last = words[words.length - 1]!;
  // A trailing `*` means "and maybe more", except after an option, whose value it may be.
  const body = last === '*' && !(words[words.length - 2] ?? '').startsWith('-') ? words.slice(0, -1) : words;
  if (body.some((w) => w !== '*' && w.includes('*'))) {
    // Only a star at the very end (`rm -rf /*`): the part before it, as before.
    const starred = body.filter((w) => w.includes('*'));
    return starred.length === 1 && starred[0] === last && prefix.length > 0 ? prefix.trimEnd() : null;
  }
  return body.map((w) => (w === '*' ? ANY : w)).join(' ');
}

/** The rule's command, parsed like a real one (so `rm -rf /` means recursive+force on /). */
function ruleMeaning(rule: Rule, home: string): Parsed | null {
  if (ruleInvocations.has(rule)) return ruleInvocations.get(rule)!;
  let parsed: Parsed | null = null;
  const m = rule.bash!;
  const text = m.kind === 'prefix' ? m.prefix : m.kind === 'exact' ? m.text : ruleText(rule.content!, m.prefix);
  if (text) {
    const ex = analyze(text, { home });
    const norm = normalize(ex, { home, cwd: '/' });
    if (!norm.issues.length && norm.invocations.length === 1) parsed = parseOptions(norm.invocations[0]!);
  }
  ruleInvocations.set(rule, parsed);
  return parsed;
}

/**
 * Same program, rule subcommands first, rule options ⊆ command options, rule operands in place.
 * A `*` of the rule (ANY) stands for one value: an option's value, or one operand.
 */
function semanticMatch(rule: Parsed, cmd: Parsed): boolean {
  if (rule.name !== cmd.name || rule.dynamic) return false;
  if (rule.subcommand.some((s, i) => cmd.subcommand[i] !== s)) return false;
  for (const [k, v] of rule.options) {
    const have = cmd.options.get(k);
    if (have === undefined || (v !== true && v !== ANY && have !== v)) return false;
  }
  return rule.operands.every((w, i) => {
    const c = cmd.operands[i];
    if (c === undefined) return false;
    if (w.static && w.value === ANY) return true;
    return w.static && c.static && c.value === w.value;
  });
}

function ruleHit(env: CheckEnv, inv: Invocation, behavior: 'deny' | 'ask'): Rule | undefined {
  const rules = env.rules.bash(behavior);
  if (!rules.length) return undefined;
  const forms = aggressiveForms(inv);
  for (const r of rules) {
    if (forms.some((f) => matchBash(r.bash!, f))) return r;
    const meaning = ruleMeaning(r, env.home);
    if (meaning && semanticMatch(meaning, parseOptions(inv))) return r;
  }
  return undefined;
}

/** Allow rules see the simple command as written: only safe env prefixes are dropped, no wrappers. */
function allowHit(env: CheckEnv, inv: Invocation, targets: readonly (string | null)[]): Rule | undefined {
  if (inv.via.length || inv.opaque) return undefined;
  const rules = env.rules.bash('allow');
  if (!rules.length) return undefined;
  const sc = inv.source;
  // Every rule needs the text to start with its literal part: test that on the first word first
  // (the cheapest test, and nearly every command fails it).
  if (sc.argv.length > 0 && !mayMatchSome(rules, sc.argv[0]!.value ?? '')) return undefined;
  for (const w of sc.argv) if (!w.static) return undefined;
  // A rule allows the command, not the files its redirections write.
  if (targets.length) return undefined;
  for (const a of sc.env) if (!isSafeEnvName(a.name)) return undefined;
  let text = '';
  for (let i = 0; i < sc.argv.length; i++) text += (i ? ' ' : '') + (sc.argv[i]!.value ?? '');
  for (const r of rules) if (matchBash(r.bash!, text)) return r;
  return undefined;
}

/** Per shared rule list: the first words of literal texts with a space, and the literal texts without one. */
const firstWords = new WeakMap<readonly Rule[], { words: Set<string>; partial: string[] }>();

/** Can some rule match a command whose first word is w0? (false only when none can) */
function mayMatchSome(rules: readonly Rule[], w0: string): boolean {
  let ix = firstWords.get(rules);
  if (!ix) {
    ix = { words: new Set(), partial: [] };
    for (const r of rules) {
      const lit = literalStart(r.bash!);
      const sp = lit.indexOf(' ');
      if (sp < 0) ix.partial.push(lit);
      else ix.words.add(lit.slice(0, sp));
    }
    firstWords.set(rules, ix);
  }
  // A literal text with a space starts with w0 and a space only when w0 is its first word,
  // and then that rule may match; of the others only those without a space are left to try.
  if (!w0.includes(' ')) {
    if (ix.words.has(w0)) return true;
    for (const p of ix.partial) if (mayStartWith(p, w0)) return true;
    return false;
  }
  for (const r of rules) if (mayStartWith(literalStart(r.bash!), w0)) return true;
  return false;
}

/** The text a command must start with to match a Bash rule (matchBash tests it first). */
function literalStart(m: NonNullable<Rule['bash']>): string {
  return m.kind === 'exact' ? m.text : m.prefix;
}

/** Can a command whose first word is w0 (more words joined by spaces) start with p? */
function mayStartWith(p: string, w0: string): boolean {
  return p.length <= w0.length ? w0.startsWith(p) : p.startsWith(w0) && p.charCodeAt(w0.length) === 32;
}

function pathRuleHit(env: CheckEnv, tools: string[], behavior: 'deny' | 'ask', paths: string[]): Rule | undefined {
  if (!paths.length) return undefined;
  const rules = env.rules.pathRules(tools, behavior);
  return rules.find((r) => paths.some((p) => env.rules.matchPath(r, p, env.anchors)));
}

/** A path resolved against the invocation's folder (`here`), else the decision's cwd. */
function absAt(env: CheckEnv, p: string, here: string | null): string {
  return resolveLiteral(p, here ?? env.cwd);
}

/** A path resolved against the invocation's folder; null for a relative path when only run time knows it. */
function absKnown(p: string, here: string | null): string | null {
  return p.startsWith('/') ? resolveLiteral(p, '/') : here === null ? null : resolveLiteral(p, here);
}

function checkInvocation(env: CheckEnv, inv: Invocation, st: BashState): CheckResult {
  // Where relative paths resolve; null when only run time knows (then no relative path is inside).
  const here = cwdOf(inv, st.cwd);
  const base = here ?? env.cwd;
  const rules = env.rules;
  // Path rule lists are shared and usually empty: skip collecting paths nobody will test.
  const readDeny = rules.anyPath && rules.pathRules(READ, 'deny').length > 0;
  const anyPathRule =
    readDeny || (rules.anyPath && (rules.pathRules(EDIT, 'deny').length > 0 || rules.pathRules(READ, 'ask').length > 0 || rules.pathRules(EDIT, 'ask').length > 0));

  // Every check raises a verdict; one combine picks the highest (deny > immune ask > ask > passthrough).
  // Nothing returns early, so an ask rule can never hide a deny detector, nor a Read rule a deny rule.
  let raised: CheckResult[] | null = null;
  st.scope.cwd = st.cwd;
  st.scope.cwdGlob = st.cwdGlob;
  // links made earlier in the command lead to their targets, except for the ln that makes them
  if (st.linked) st.scope.fs = inv.name === 'ln' ? undefined : st.linked;
  const effects = effectsOf(inv, st.scope);
  st.lastEffects = effects;
  const mask = kindMask(effects);
  if (st.base.cwd !== base) st.base = baseContext(base, env.home, env.workspace);
  const dctx = invocationContext(st.base, inv, effects, st.scope);
  const list = env.detectors;
  const table = st.table;
  // Only the detectors whose concerns the invocation meets (its effect kinds, program, wrappers), in order.
  if (table === null) {
    const bits = selectedDetectors(st.ix!, mask, inv);
    // the set bits, lowest first: the selected detectors in list order
    for (let m = bits; m !== 0; m &= m - 1) raised = runDetector(env, list[31 - Math.clz32(m & -m)]!, inv, dctx, raised);
  } else {
    for (let k = 0; k < list.length; k++) if (table[k] === null || runsOn(table[k]!, mask, inv)) raised = runDetector(env, list[k]!, inv, dctx, raised);
  }

  // Content deny and ask rules (aggressive: wrappers and env already stripped).
  const deny = ruleHit(env, inv, 'deny');
  if (deny) (raised ??= []).push(result('deny', { type: 'rule', rule: deny.text, layer: deny.layer }, `matches deny rule ${deny.text}`));
  const deniedVar = envDenied(env, inv);
  if (deniedVar) (raised ??= []).push(result('deny', { type: 'rule', rule: `env.deny: ${deniedVar}`, detail: deniedVar }, `${deniedVar} is denied by the policy`));
  const targets = writeTargets(inv);
  // Path rules: Read rules guard every path a command names; Edit rules guard what it writes.
  // Paths as written and, through the fs port, where their symlinks lead: a deny fires on either.
  let named = NO_PATHS;
  let written = NO_PATHS;
  if (anyPathRule) {
    named = real(env, [...inv.args.map((w) => homeValue(w, env.home)).filter((p): p is string => p !== null).map((p) => resolveLiteral(p, base)), ...effectPaths(effects, READ_KINDS)]);
    written = real(env, effectPaths(effects, WRITE_KINDS));
    const redirected = real(env, inv.redirects.filter((r) => r.target.static).map((r) => resolveLiteral(r.target.value!, base)));
    const pathDeny = pathRuleHit(env, READ, 'deny', [...named, ...written, ...redirected]) ?? pathRuleHit(env, EDIT, 'deny', written);
    if (pathDeny) (raised ??= []).push(result('deny', { type: 'rule', rule: pathDeny.text, layer: pathDeny.layer }, `a path matches deny rule ${pathDeny.text}`));
  }
  const ask = ruleHit(env, inv, 'ask') ?? pathRuleHit(env, READ, 'ask', named) ?? pathRuleHit(env, EDIT, 'ask', written);
  if (ask) (raised ??= []).push(result('ask', { type: 'rule', rule: ask.text, layer: ask.layer }, `matches ask rule ${ask.text}`, { immune: true }));
  if (readDeny) {
    const out: CheckResult[] = (raised ??= []);
    // A glob whose folder holds denied paths may expand to one of them.
    for (const w of inv.args) {
      const folder = !w.static && w.kinds.length === 1 && w.kinds[0] === 'glob' ? pathOf(w) : null;
      if (folder === null) continue;
      const inside = pathRuleHit(env, READ, 'deny', real(env, [resolveLiteral(folder, base)]));
      if (inside) out.push(result('deny', { type: 'rule', rule: inside.text, layer: inside.layer }, `${w.raw} expands inside ${inside.text}`));
      const hit = inside ? undefined : denyWithin(env, resolveLiteral(folder, base));
      if (hit) out.push(result('ask', { type: 'rule', rule: hit.text, layer: hit.layer }, `${w.raw} may expand to a path denied by ${hit.text}`, { immune: true }));
    }
    // A recursive copy or archive of a folder that holds denied paths reads them too: a deny when
    // the rule's whole folder lies under the root (the walk reaches all it denies), else an immune ask.
    if (copiesFolders(inv, parseOptions(inv))) {
      for (const w of parseOptions(inv).operands) {
        const p = pathOf(w);
        const hit = p === null ? undefined : denyWithin(env, resolveLiteral(p, base));
        const all = p === null ? undefined : denyUnder(env, resolveLiteral(p, base));
        if (all) out.push(result('deny', { type: 'rule', rule: all.text, layer: all.layer }, `a recursive copy of ${p} reads every path denied by ${all.text}`));
        else if (hit) out.push(result('ask', { type: 'rule', rule: hit.text, layer: hit.layer }, `a recursive copy of ${p} may reach paths denied by ${hit.text}`, { immune: true }));
      }
    }
  }
  const own = ownVerdict(env, inv, st, here, targets, readDeny, effects);
  return raised === null ? own : combineAll(own, raised);
}

/** One detector's findings on an invocation, added to the verdicts raised so far. */
function runDetector(env: CheckEnv, d: Detector, inv: Invocation, dctx: DetectContext, raised: CheckResult[] | null): CheckResult[] | null {
  let found: Finding[];
  try {
    found = d.check(inv, dctx);
  } catch (e) {
    found = [detectorFailed(d, e)];
  }
  if (!Array.isArray(found)) found = [detectorFailed(d, new Error('returned no list'))];
  for (const f of found) (raised ??= []).push(findingResult(env, f));
  return raised;
}

/** The invocation's own answer before rules and detectors raise it: allow rule, read-only, or effects. */
function ownVerdict(env: CheckEnv, inv: Invocation, st: BashState, here: string | null, targets: (string | null)[], readDeny: boolean, effects: readonly Effect[]): CheckResult {
  // Redirections that write outside the workspace, or to a dynamic target.
  for (const p of targets) {
    const a = p === null ? null : absKnown(p, here);
    if (a === null || !isInWorkspace(a, env.workspace)) {
      return result('passthrough', { type: 'workingDir', detail: 'redirect outside the workspace' }, `writes ${p ?? 'a dynamic path'} outside the workspace`);
    }
  }
  // Allow rules (conservative), then a function defined in the same command, then the read-only allowlist.
  const allow = allowHit(env, inv, targets);
  const taken = allow ? grantTakenBy(env, inv, allow, st.scope, effects) : null;
  if (allow && taken) env.tracer.add('allow rule scope', 'passthrough', `${allow.text} does not grant ${taken}`, spanOf(inv));
  // granted by the rule; still a read-only action when it is one (plan mode runs it)
  else if (allow) return result('allow', { type: 'rule', rule: allow.text, layer: allow.layer }, `matches allow rule ${allow.text}`, { readOnly: readsInsideOnly(env, inv, st, here, effects) });
  if (st.ex.functions.includes(inv.name) && !inv.via.length) {
    return result('allow', { type: 'readOnly', detail: 'function call' }, `calls ${inv.name}, defined in this command (its body is checked on its own)`, { readOnly: true });
  }
  const ro = readOnlyOf(env, inv, st, here, effects);
  if (ro.readOnly && inv.source.background && !waitedFor(inv.source, st.ex)) {
    return result('passthrough', { type: 'other', detail: 'background job' }, `${inv.name} runs in the background, outliving the call`);
  }
  if (ro.readOnly) {
    const at = here === st.scope.cwd ? st.scope : { ...st.scope, cwd: here };
    const paths = readPaths(inv, factsFor(inv), (w) => {
      const r = pathRef(w, at);
      return r.literal && r.abs !== null ? r.abs : null;
    });
    // A recursive read of a folder that holds denied paths must not read them.
    for (const p of readDeny && walksFolders(inv) ? paths : NO_PATHS) {
      const hit = p !== null ? denyWithin(env, absAt(env, p, here)) : undefined;
      if (hit) {
        const all = denyUnder(env, absAt(env, p!, here));
        if (all) return result('deny', { type: 'rule', rule: all.text, layer: all.layer }, `a recursive read of ${p} reads every path denied by ${all.text}`);
        return result('ask', { type: 'rule', rule: hit.text, layer: hit.layer }, `a recursive read of ${p} may reach paths denied by ${hit.text}`, { immune: true, readOnly: true });
      }
    }
    let away: string | null | undefined;
    // Read-only derived from effects has already checked every read path (dynamic ones by class).
    if (!ro.derived) {
      for (const p of paths) {
        const k = p === null ? null : absKnown(p, here);
        const a = k === null ? null : canonical(k, here);
        if (a === null && p !== null && !inv.chdir && st.cwdGlob !== undefined && insideGlobCwd(env, p, st.cwdGlob)) continue;
        if (a === null || (!readInside(env, a) && !HARMLESS_DEVICES.has(p!))) {
          away = p;
          break;
        }
      }
    }
    if (away === undefined) return result('allow', { type: 'readOnly', detail: ro.why }, `${inv.name} is read-only`, { readOnly: true });
    return result('passthrough', { type: 'workingDir', detail: 'reads outside the workspace' }, `reads ${away ?? 'a dynamic path'} outside the workspace`, { readOnly: true });
  }
  // acceptEdits is the one mode that reads the flag (env.edits); elsewhere it is never looked at
  return result('passthrough', { type: 'other', detail: ro.why }, `${inv.name || inv.program.approx} has effects (${ro.why})`, {
    workspaceEdit: env.edits !== false && isWorkspaceEdit(env, inv, here, targets, factsFor(inv)),
  });
}

/**
 * What an allow rule's text does not name and so does not grant (contract §4c): an option or
 * operand that runs a command or code, config that loads code, or a write or delete outside the
 * workspace or on a protected, credential or critical path. Returns the word that took the grant
 * away, or null.
 */
function grantTakenBy(env: CheckEnv, inv: Invocation, rule: Rule, sc: EffectScope, effects: readonly Effect[]): string | null {
  const facts = sc.facts;
  // `cd ../other && npm test` runs another project's scripts.
  const here = cwdOf(inv, sc.cwd);
  if (here === null || !isInWorkspace(here, env.workspace)) return `the folder it runs in (${here ?? 'known only at run time'})`;
  const named = ruleWords(rule);
  const inside = (ref: Effect['path']) => {
    if (!ref) return false;
    const info = infoOf(ref);
    if (info.classes.has('protected') || info.classes.has('credential') || info.classes.has('critical') || info.classes.has('gate-config')) return false;
    return ref.abs !== null ? isInWorkspace(ref.abs, env.workspace) && !isProtected(ref.abs, env.home) : !info.free && !info.classes.has('outside');
  };
  if (facts && facts.known) {
    for (const f of facts.args) {
      const shown = f.option ? `${f.option.length === 1 ? '-' : '--'}${f.option} ${f.text ?? f.word.approx}` : (f.text ?? f.word.approx);
      const isNamed = f.word.static && named.includes(f.word.value!);
      switch (f.role) {
        case 'exec-argv':
        case 'exec-line':
        case 'code': {
          // A system shell as the program's shell (npm --script-shell=/bin/bash) runs nothing new.
          const v = f.text ?? (f.word.static ? f.word.value! : '');
          const shell = f.role === 'exec-line' && v.startsWith('/') && SYSTEM_DIRS.has(v.slice(0, v.lastIndexOf('/')) || '/') && SHELL_NAMES.has(v.slice(v.lastIndexOf('/') + 1));
          if (!isNamed && !shell) return `${shown} (it runs ${f.role === 'code' ? 'code' : 'a command'})`;
          break;
        }
        case 'config': {
          // A config file of the workspace, or a system program, is what the rule's program uses anyway;
          // a key=value, a plugin name or a file elsewhere changes what code it loads.
          const v = f.text ?? (f.word.static ? f.word.value! : '');
          const file = v !== '' && !v.includes('=') && (v.includes('/') || v.includes('.'));
          const system = v.startsWith('/') && SYSTEM_DIRS.has(v.slice(0, v.lastIndexOf('/')) || '/');
          if (!isNamed && !system && !(file && inside(ruleRef(f, sc)))) return `${shown} (config that loads code)`;
          break;
        }
        case 'cwd':
          if (!inside(ruleRef(f, sc))) return `${shown} (runs in another folder)`;
          break;
        case 'code-file':
          if (!inside(ruleRef(f, sc))) return `${shown} (code from outside the workspace)`;
          break;
        case 'write':
        case 'append':
        case 'delete':
        case 'dir-target':
          if (!inside(ruleRef(f, sc))) return `${shown} (a ${f.role === 'delete' ? 'delete' : 'write'} outside the workspace or on a protected path)`;
          break;
        default:
          break;
      }
    }
  }
  for (const e of effects) {
    if ((e.kind === 'write' || e.kind === 'delete' || e.kind === 'mode' || e.kind === 'owner' || e.kind === 'device') && !inside(e.path)) return `${e.path?.text ?? e.how} (${e.how} outside the workspace or on a protected path)`;
    if (e.kind === 'code' && e.origin === 'network') return `${e.how} (code from the network)`;
    if (e.kind === 'env' && e.name && !isSafeEnvName(e.name) && envRole(e.name) !== 'none') return `${e.name}= (changes what code runs)`;
  }
  // A rule whose own text is a read-only command (find *, git log *) grants reading, not a write
  // or delete an option adds (find -delete, -fprint): Claude Code 2.1.113.
  if (ruleReads(rule, env.home)) {
    for (const f of facts?.args ?? []) if (WRITE_ROLES.has(f.role)) return `${f.option ? '-' + f.option + ' ' : ''}${f.text ?? f.word.approx} (${rule.text} names a read-only command; this one ${f.role === 'delete' ? 'deletes' : 'writes'})`;
    for (const e of effects) if (WRITE_KINDS.has(e.kind)) return `${e.path?.text ?? e.how} (${rule.text} names a read-only command; this one ${e.kind === 'delete' ? 'deletes' : 'writes'})`;
  }
  return null;
}

const readerRules = new WeakMap<Rule, boolean>();
const WRITE_ROLES = new Set<ArgFact['role']>(['write', 'append', 'delete', 'mode', 'owner', 'dir-target']);

/** Is the rule's literal command (its words before the wildcard) read-only by the allowlist? */
function ruleReads(rule: Rule, home: string): boolean {
  let r = readerRules.get(rule);
  if (r === undefined) {
    r = false;
    const words = wholeRuleWords(rule); // (`find -na*`: the partial last word dropped)
    if (words.length) {
      const norm = normalize(analyze(words.join(' '), { home }), { home, cwd: '/' });
      if (!norm.issues.length && norm.invocations.length === 1) r = isReadOnly(norm.invocations[0]!, { trustRepoConfig: true }).readOnly;
    }
    readerRules.set(rule, r);
  }
  return r;
}

/** isReadOnly's options for a program other than git (only git reads them). */
const NOT_GIT = { trustRepoConfig: false };

/** Is the invocation read-only: the allowlist, or effects that are only reads (git in another repository never is)? */
function readOnlyOf(env: CheckEnv, inv: Invocation, st: BashState, here: string | null, effects: readonly Effect[]): { readOnly: boolean; why: string; derived?: boolean } {
  if (inv.name === 'git') {
    const other = otherRepository(env, here);
    if (other) return { readOnly: false, why: other };
    return isReadOnly(inv, { trustRepoConfig: env.policy.trustRepoConfig, gitDir: (d) => !otherRepository(env, resolveLiteral(d, here ?? env.cwd)) && here !== null });
  }
  const ro = isReadOnly(inv, NOT_GIT);
  if (!ro.readOnly) {
    const why = readsOnly(env, inv, st.scope, effects);
    if (why) return { readOnly: true, why, derived: true };
  }
  return ro;
}

/** Read-only, in the foreground, and every path it reads inside the workspace. */
function readsInsideOnly(env: CheckEnv, inv: Invocation, st: BashState, here: string | null, effects: readonly Effect[]): boolean {
  if (inv.source.background) return false;
  const ro = readOnlyOf(env, inv, st, here, effects);
  // a runner (npx tsc --version) is not read-only: without a local tsc it fetches a package and runs it
  if (!ro.readOnly) return false;
  if (ro.derived) return true;
  for (const p of readPaths(inv, factsFor(inv))) if (p === null || !readInside(env, canonical(absAt(env, p, here), here) ?? '')) return false;
  return true;
}

const literalWords = new WeakMap<Rule, readonly string[]>();

/** The words of a rule's literal text, once per rule (rules never change). */
function ruleWords(rule: Rule): readonly string[] {
  let words = literalWords.get(rule);
  if (words === undefined) {
    const m = rule.bash;
    words = m ? (m.kind === 'exact' ? m.text : m.prefix).split(' ').filter((w) => w.length > 0) : [];
    literalWords.set(rule, words);
  }
  return words;
}

function ruleRef(f: ArgFact, sc: EffectScope): Effect['path'] {
  return pathRef(f.word, sc, f.text !== undefined ? f.text : f.word.static ? f.word.value : undefined);
}

const ITEMS = '$(xargs input)';
const SHELL_NAMES = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh']);
const SHELL_VIA = new Set(['sudo', 'doas', 'su', 'pkexec', 'runuser']);
const SYSTEM_DIRS = new Set(['/bin', '/usr/bin', '/usr/local/bin', '/sbin', '/usr/sbin', '/usr/local/sbin']);

/**
 * Read-only derived from effects: a described program whose facts say its options have no effect
 * beyond reading (or a version/help flag), whose effects are only reads inside the workspace and
 * code a scanner proved harmless (awk/jq/sed programs that only print), with no dynamic word that
 * could be an option. Returns why, or null.
 */
function readsOnly(env: CheckEnv, inv: Invocation, sc: EffectScope, effects: readonly Effect[]): string | null {
  const facts = sc.facts;
  if (!facts || !facts.known || facts.issues.length || inv.opaque) return null;
  // `python -m pip --version`: the module is a program of its own, opened as a nested invocation
  const module = moduleRun(facts);
  if (!(facts.effectsFree || facts.info) && !module) return null;
  const path = inv.program.value ?? '';
  const slash = path.lastIndexOf('/');
  if (slash >= 0 && !SYSTEM_DIRS.has(path.slice(0, slash) || '/')) return null;
  for (const v of inv.via) if (SHELL_VIA.has(v.name.split(' ')[0]!)) return null;
  // a walker with no path operand reads where it runs (cd /tmp && ls, cd ~/.ss? && ls)
  if (!facts.info && !facts.args.some((a) => a.role === 'read' && a.option === undefined) && (WALKERS.has(inv.name) || walksFolders(inv)) && !cwdInside(env, inv, sc)) return null;
  const pathWords = new Set<unknown>();
  const absWords = new Set<unknown>();
  for (const e of effects) {
    if (e.kind === 'read' && e.path && procsubWord(e.path.word)) {
      // <(…) is /dev/fd/N: its commands are checked on their own
      pathWords.add(e.path.word);
      continue;
    }
    if (e.kind === 'read' && e.path) {
      const p = e.path;
      if (p.abs !== null) {
        if (!readInside(env, p.abs) && !HARMLESS_DEVICES.has(p.abs)) return null;
      } else {
        const info = infoOf(p);
        if (info.free || info.classes.has('outside') || info.classes.has('credential')) return null;
      }
      pathWords.add(p.word);
      // `"$PWD/x"`, `"$HOME/x"`: the path is known and absolute, so the word cannot be an option.
      if (!p.word.static && p.abs !== null && p.literal && p.abs.startsWith('/')) absWords.add(p.word);
    } else if (e.kind === 'code' && e.origin === 'inline' && e.harmless) continue;
    // /usr/bin/cat: a system program by its path (checked above), not a file of code
    else if (e.kind === 'code' && e.origin === 'file' && slash >= 0 && e.path?.word === inv.program) continue;
    else if (module && (e.word === module || e.path?.word === module) && (e.kind === 'exec' || e.kind === 'code')) continue;
    // fd -x CMD, bfs -exec CMD: each match's command is an invocation checked on its own
    else if (e.kind === 'exec' && facts.args.some((a) => a.matches !== undefined && a.word === e.word)) continue;
    else if (e.kind === 'env' && e.how === 'prefix' && e.name && (isSafeEnvName(e.name) || (e.name === 'IFS' && inv.name === 'read'))) continue;
    else return null;
  }
  // Any other dynamic word must be one the program takes whatever it holds (readonly/words.ts).
  for (const w of inv.args) {
    if (w.static || absWords.has(w) || (pathWords.has(w) && w.globPrefix && !w.split) || procsubWord(w)) continue;
    const items = w.approx === ITEMS && inv.via.some((v) => v.name.startsWith('xargs'));
    if (!dataWord(w, facts, inv.name, pathWords.has(w), items)) return null;
  }
  return facts.info ? `${inv.name} prints its version or help` : `${inv.name}'s effects are reads inside the workspace`;
}

/** The folder the invocation runs in is inside the workspace (a glob cd judged by what it can match). */
function cwdInside(env: CheckEnv, inv: Invocation, sc: EffectScope): boolean {
  const here = cwdOf(inv, sc.cwd);
  if (here !== null) return readInside(env, here);
  // a placeholder for a folder known only at run time (cd sr?, cd "$d") says nothing: not inside
  if (!inv.chdir || inv.chdir.static || sc.cwd === null || synthetic(inv.chdir)) return false;
  const info = infoOf(pathRef(inv.chdir, { ...sc, cwd: sc.cwd }));
  return !info.free && !info.classes.has('outside') && !info.classes.has('credential') && !info.classes.has('protected');
}

function procsubWord(w: Invocation['args'][number]): boolean {
  return !w.static && w.kinds.length > 0 && w.kinds.every((k) => k === 'process') && w.approx.startsWith('<(');
}

/**
 * The module word of `python -m MODULE …` when the module is run as a nested invocation (a known
 * program such as pip, checked on its own) and nothing else has an effect; else null.
 */
function moduleRun(facts: NonNullable<EffectScope['facts']>): Effect['word'] | null {
  let mod: Effect['word'] | null = null;
  for (const a of facts.args) if (a.role === 'code' && a.language === 'python-module') mod = a.word;
  if (!mod || facts.network || facts.destructive || facts.installs) return null;
  for (const a of facts.args) {
    if (a.word === mod && (a.role === 'code' || a.role === 'exec-argv')) continue;
    if (a.role !== 'none' && a.role !== 'read') return null;
  }
  return facts.args.some((a) => a.role === 'exec-argv' && a.word === mod) ? mod : null;
}

/**
 * Why git at `here` may not be the workspace's repository (whose config the policy trusts):
 * a cd out of the workspace, an unknown cwd, or (through the fs port) a nested repository.
 */
function otherRepository(env: CheckEnv, here: string | null): string | null {
  if (here === env.cwd) return null;
  if (here === null) return 'git after a cd to a place known only at run time';
  if (!isInWorkspace(here, env.workspace)) return 'git after cd out of the workspace';
  const fs = env.fs;
  if (!fs) return null;
  const root = env.workspace.find((w) => here === w || here.startsWith(w + '/'));
  for (let d = here; root !== undefined && d.length > root.length; d = d.slice(0, d.lastIndexOf('/'))) {
    if (fs.stat(d + '/.git')) return `git in a nested repository (${d})`;
  }
  return null;
}

const READ_KINDS = new Set<Effect['kind']>(['read']);
const WRITE_KINDS = new Set<Effect['kind']>(['write', 'delete', 'mode', 'owner', 'device']);

/** Static paths of the effects of some kinds (Read rules read reads, Edit rules writes and deletes). */
function effectPaths(effects: readonly Effect[], kinds: ReadonlySet<Effect['kind']>): string[] {
  const out: string[] = [];
  for (const e of effects) if (kinds.has(e.kind) && e.path && e.path.abs !== null) out.push(e.path.abs);
  return out;
}

/** A variable the policy denies, set as a prefix, through env, or by export / declare -x / typeset -x. */
function envDenied(env: CheckEnv, inv: Invocation): string | undefined {
  const deny = env.policy.envDeny;
  if (!deny.size) return undefined;
  for (const a of inv.env) if (deny.has(a.name)) return a.name;
  if (!EXPORTERS.has(inv.name)) return undefined;
  for (const w of inv.args) {
    const name = w.static ? w.value!.split('=')[0]! : '';
    if (deny.has(name)) return name;
  }
  return undefined;
}

/** Paths as written and, through the fs port, where their symlinks lead. */
function real(env: CheckEnv, ps: string[]): string[] {
  return env.fs ? ps.flatMap((p) => pathVariants(env, p)) : ps;
}

/** Is a path a read names inside the workspace (and, through the fs port, its target too)? */
function readInside(env: CheckEnv, p: string): boolean {
  return env.fs ? real(env, [p]).every((x) => isInWorkspace(x, env.workspace)) : isInWorkspace(p, env.workspace);
}

const WALKERS = new Set(['rg', 'fd', 'fdfind', 'find', 'tree', 'du', 'ls']);

/** Does this read-only invocation walk folders? (its options are parsed only for ls and grep) */
function walksFolders(inv: Invocation): boolean {
  const name = inv.name;
  if (WALKERS.has(name)) {
    if (name !== 'ls') return true;
    const o = parseOptions(inv).options;
    return o.has('recursive') || o.has('R');
  }
  if (name === 'grep' || name === 'egrep' || name === 'fgrep') {
    const o = parseOptions(inv).options;
    return o.has('recursive') || o.has('dereference-recursive') || o.has('r') || o.has('R');
  }
  return false;
}

const EXPORTERS = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

/** Programs that copy or pack whole folders (their sources are read recursively). */
function copiesFolders(inv: Invocation, parsed: Parsed): boolean {
  const o = parsed.options;
  switch (inv.name) {
    case 'cp':
    case 'scp':
      return o.has('recursive') || o.has('r') || o.has('R') || o.has('archive') || o.has('a');
    case 'rsync':
    case 'tar':
    case 'zip':
    case '7z':
      return true;
    default:
      return false;
  }
}

/** A word's value, with a leading $HOME / ${HOME} resolved (deny rules must see `~` both ways). */
function homeValue(w: Invocation['args'][number], home: string): string | null {
  if (w.static) return w.value!;
  if (w.kinds.length === 1 && w.kinds[0] === 'param' && w.params.length === 1 && w.params[0] === 'HOME' && w.approx.startsWith('$HOME')) {
    const rest = w.approx.slice(5);
    if (rest === '' || rest.startsWith('/')) return home + rest;
  }
  return null;
}

function isWorkspaceEdit(env: CheckEnv, inv: Invocation, here: string | null, targets: readonly (string | null)[], facts: ProgramFacts | undefined): boolean {
  if (!WORKSPACE_EDIT_PROGRAMS.has(inv.name) || inv.via.length || inv.opaque) return false;
  const parsed = parseOptions(inv);
  if (parsed.dynamic) return false;
  if (inv.name === 'sed' && !parsed.options.has('in-place')) return false;
  const ops = editOperands(facts);
  if (!ops.length) return false;
  const fixedGlob = (w: Invocation['args'][number]) => w.kinds.length === 1 && w.kinds[0] === 'glob' && (w.globPrefix ?? '').includes('/');
  if (ops.some((o) => !o.word.static && !fixedGlob(o.word))) return false;
  return [...ops.map((o) => o.path), ...targets].every((p) => {
    if (p === null) return false;
    const a = absKnown(p, here);
    if (a === null) return false;
    return isInWorkspace(a, env.workspace) && !isProtected(a, env.home);
  });
}

/**
 * The invocation checked from the other cwds a failed `cd` may have left (or a `cd -P` through a
 * link may have reached): a deny there becomes an immune ask (it happens only if the cd went
 * there), an immune ask stays, anything else is dropped.
 */
function elsewhere(env: CheckEnv, inv: Invocation, st: BashState): CheckResult[] {
  const out: CheckResult[] = [];
  const cwd = st.cwd;
  const glob = st.cwdGlob;
  // After a failed cd (`;` only) the shell is where it was; after cd -P through a link, anywhere.
  const alts = [...(inv.source.conditional ? [] : st.mayCwds ?? []), ...(st.mayAlso ?? [])];
  for (const alt of alts) {
    st.cwd = alt;
    st.cwdGlob = undefined;
    // The cd's folder, carried on the invocation, is where it did not go.
    const r = checkInvocation(env, inv.chdir ? { ...inv, chdir: undefined } : inv, st);
    // Only what a safety check holds counts there: the cd most likely worked.
    if (r.behavior === 'deny') out.push({ ...r, behavior: 'ask', immune: true, message: `if the cd before it went elsewhere: ${r.message}` });
    else if (r.behavior === 'ask' && r.immune) out.push(r);
  }
  st.cwd = cwd;
  st.cwdGlob = glob;
  st.scope.cwd = cwd;
  st.scope.cwdGlob = glob;
  return out;
}

/** The highest verdict of all commands (deny > immune ask > ask > passthrough); all allow allows. */
function aggregate(results: CheckResult[]): CheckResult {
  // One verdict is its own aggregate (nothing changes a CheckResult in place).
  if (results.length === 1) return results[0]!;
  const findings: Finding[] = [];
  let top: CheckResult | undefined;
  let readOnly = true;
  let workspaceEdit = true;
  for (const r of results) {
    for (const f of r.findings) findings.push(f);
    if (!top || rank(r) > rank(top)) top = r;
    if (!r.readOnly) readOnly = false;
    if (!r.workspaceEdit) workspaceEdit = false;
  }
  const t = top!;
  if (t.behavior === 'allow') {
    return result('allow', { type: 'subcommandResults', detail: `${results.length} commands, all allowed` }, 'every command is allowed', { readOnly, findings });
  }
  if (t.behavior === 'passthrough') return result('passthrough', t.reason, t.message, { findings, workspaceEdit, readOnly });
  return withFindings(t, findings);
}
