import { ProblemException } from '../../common/errors/problem';
import type { FieldProblem } from '../../common/validation';
import type { GameOptions } from '../../engine/state';
import type { ScenarioDocument } from '../../engine/types';

/** The rules systems a game may name (src/engine/rules/index.ts RULES_SYSTEMS). */
const SYSTEMS = ['blue-grey', 'classic'] as const;
/** 10.4 (blue-grey): how Trenches protect a defender (src/engine/rules/blue-grey/combat.ts trenchEffect). */
const TRENCH_EFFECTS = ['halve', 'shift', 'halve-and-shift'] as const;

/** The options every game may carry, whatever its scenario, and what each one is. */
const GENERAL_OPTIONS: Record<string, string> = {
  rules: 'the rules system, "blue-grey" or "classic", or {system, version}',
  counters: 'the units the players supply, where the scenario takes them (SuppliedCounters)',
  attackEffectiveness: 'the 1975 Attack Effectiveness optional rule (classic), true or false',
  trenchEffect: 'how Trenches protect (10.4): "halve", "shift" or "halve-and-shift"',
  townDisorderOnPassThrough:
    'whether a unit moving through a Town, not only into one, is Disorganized (12.17)',
};

/** Hooks whose `params.option` names a boolean game option of the scenario (off by default). */
const OPTION_HOOKS = new Set(['conditional-reinforcements', 'activation-roll']);

/** The scenario's own optional rules: option name → the case that defines it. */
export function scenarioOptions(scenario: ScenarioDocument): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of scenario.specialRules ?? []) {
    const option = rule.params?.option;
    if (OPTION_HOOKS.has(rule.hook) && typeof option === 'string') out.set(option, rule.case);
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a game's options against what the engine reads for `scenario`, and gives
 * them in the engine's form (`rules: "classic"` becomes `{system: "classic"}`).
 * Throws 400 VALIDATION_FAILED naming each bad path: an unknown key (a misspelt
 * option would otherwise be ignored in silence) or a value of the wrong shape. What
 * the counters mean against the scenario stays the engine's (422 INVALID_COUNTERS).
 */
export function parseGameOptions(
  options: Record<string, unknown> | undefined,
  document: { rules: { system: string } },
): GameOptions {
  if (options === undefined) return {};
  // The hex games' options (blue-grey, classic); another system reads its own.
  if (!(SYSTEMS as readonly string[]).includes(document.rules.system)) return options;
  const scenario = document as ScenarioDocument;
  const own = scenarioOptions(scenario);
  const problems: FieldProblem[] = [];
  const fail = (property: string, message: string) =>
    problems.push({ property: `options.${property}`, messages: [message] });
  const parsed: GameOptions = {};

  for (const [key, value] of Object.entries(options)) {
    switch (key) {
      case 'rules':
        if (typeof value === 'string') {
          if ((SYSTEMS as readonly string[]).includes(value)) parsed.rules = { system: value };
          else fail('rules', `must be one of ${SYSTEMS.join(', ')} (got "${value}")`);
        } else if (isObject(value)) {
          const extra = Object.keys(value).filter((k) => k !== 'system' && k !== 'version');
          for (const k of extra) fail(`rules.${k}`, 'is not a field of rules (system, version)');
          if (!(SYSTEMS as readonly string[]).includes(value.system as string))
            fail('rules.system', `must be one of ${SYSTEMS.join(', ')}`);
          if (value.version !== undefined && (typeof value.version !== 'string' || !value.version))
            fail('rules.version', 'must be a non-empty string, e.g. "2e" or "1975"');
          parsed.rules = value;
        } else {
          fail('rules', `must be a system name (${SYSTEMS.join(', ')}) or {system, version}`);
        }
        break;
      case 'counters':
        if (!isObject(value))
          fail('counters', 'must be an object {units, placements?, reinforcements?}');
        parsed.counters = value;
        break;
      case 'attackEffectiveness':
      case 'townDisorderOnPassThrough':
        if (typeof value !== 'boolean') fail(key, 'must be true or false');
        parsed[key] = value;
        break;
      case 'trenchEffect':
        if (!(TRENCH_EFFECTS as readonly unknown[]).includes(value))
          fail(key, `must be one of ${TRENCH_EFFECTS.join(', ')}`);
        parsed[key] = value;
        break;
      default:
        if (own.has(key)) {
          if (typeof value !== 'boolean')
            fail(key, `must be true or false (optional rule ${own.get(key)})`);
          parsed[key] = value;
        } else {
          const known = [...Object.keys(GENERAL_OPTIONS), ...own.keys()].join(', ');
          fail(key, `is not a game option of "${scenario.id}" (known: ${known})`);
        }
    }
  }
  if (problems.length > 0) {
    throw new ProblemException({
      status: 400,
      code: 'VALIDATION_FAILED',
      title: 'Validation failed',
      detail: problems.map((p) => `${p.property} ${p.messages.join('; ')}`).join('; '),
      errors: problems,
    });
  }
  return parsed;
}

/** Every option a game of `scenario` may carry, with what it is (for the scenario listing). */
export function gameOptionsOf(scenario: ScenarioDocument): Record<string, string> {
  const out: Record<string, string> = { ...GENERAL_OPTIONS };
  for (const [option, rule] of scenarioOptions(scenario))
    out[option] = `optional rule ${rule} of this scenario, true or false (off by default)`;
  return out;
}
