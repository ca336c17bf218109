/**
 * The rules systems and the registry the service looks them up in.
 *
 * Every system implements the engine contract (system.ts); a scenario names
 * its system in `rules.system` and `rulesFor(registry, scenario)` gives the
 * one that plays it. The service holds a registry (DEFAULT_RULES) and never
 * branches on the system.
 *
 * Within the hex games, which edition a game is played under, and the
 * parameter object of each. A scenario names its system (scenario.rules:
 * "blue-grey" for the revised 2nd edition, "classic" for the 1975 SPI
 * standard rules); a game may ask for another one (options.rules =
 * {system, version}). newGame pins the choice in state.rules, and every
 * later call dispatches on it, so a replay re-runs under the rules it was
 * played with.
 *
 * The two systems share the hex grid, the map and scenario formats, the
 * board tables, Zones of Control, stacking, retreat and displacement; the
 * numbers in which they differ are BLUE_GREY_2E and CLASSIC_1975, and the
 * structural differences (morale vs Attack Effectiveness, attacker halving
 * and column shifts vs defender multipliers, Night combat vs none,
 * strategic movement and fieldworks) are the files of each system's folder.
 */
import type { GameOptions } from '../state';
import type { ScenarioDocument } from '../types';
import { NotYetSupportedError } from '../errors';
import { BLUE_GREY_2E, BLUE_GREY_SYSTEM } from './blue-grey/parameters';
import { CLASSIC_1975, CLASSIC_SYSTEM, CLASSIC_VERSION } from './classic/parameters';
import { BLOCK_RULES } from './block-system';
import { BLOCK_CAMPAIGN_RULES } from './block-campaign-system';
import { BLUE_GREY_RULES, CLASSIC_RULES } from './hex-system';
import type { RulesSystem, SystemState } from './system';

export type {
  MustAct,
  PreparedScenario,
  Reader,
  RulesSystem,
  ScenarioGap,
  Seat,
  StateForReader,
  SystemApplyResult,
  SystemState,
  SystemVictory,
  SystemView,
} from './system';

export type RulesSystemId = typeof BLUE_GREY_SYSTEM | typeof CLASSIC_SYSTEM;

/** An edition of the Blue & Grey hex rules and its numbers. */
export interface HexRulesEdition {
  id: RulesSystemId;
  /** Versions of the rules text this engine plays under the system. */
  versions: readonly string[];
  /** The version a game gets when neither the scenario (of another system) nor the options name one. */
  defaultVersion: string;
  parameters: Readonly<object>;
}

export const RULES_SYSTEMS: Readonly<Record<RulesSystemId, HexRulesEdition>> = Object.freeze({
  'blue-grey': {
    id: BLUE_GREY_SYSTEM,
    versions: ['2e'],
    defaultVersion: '2e',
    parameters: BLUE_GREY_2E,
  },
  classic: {
    id: CLASSIC_SYSTEM,
    versions: [CLASSIC_VERSION],
    defaultVersion: CLASSIC_VERSION,
    parameters: CLASSIC_1975,
  },
});

/**
 * The rules a new game of `scenario` is played under: options.rules if
 * given, else the scenario's. Throws NOT_YET_SUPPORTED for a system or
 * version this engine does not have.
 */
export function chooseRules(
  scenario: ScenarioDocument,
  options: GameOptions,
): { system: RulesSystemId; version: string } {
  const asked = options.rules as { system?: unknown; version?: unknown } | undefined;
  if (asked !== undefined && (typeof asked !== 'object' || asked === null))
    throw new NotYetSupportedError('options.rules', 'options.rules must be {system, version}');
  const system = (asked?.system ?? scenario.rules.system) as string;
  if (system !== BLUE_GREY_SYSTEM && system !== CLASSIC_SYSTEM)
    throw new NotYetSupportedError(
      'rules',
      `the rules system "${system}" is not supported (blue-grey, classic)`,
    );
  const def = RULES_SYSTEMS[system];
  const version = (asked?.version ??
    (system === scenario.rules.system ? scenario.rules.version : def.defaultVersion)) as string;
  if (system === CLASSIC_SYSTEM && !def.versions.includes(version))
    throw new NotYetSupportedError(
      'rules',
      `version "${version}" of the classic rules is not supported (${def.versions.join(', ')})`,
    );
  return { system, version: typeof version === 'string' && version ? version : def.defaultVersion };
}

/** Whether a game state is played under the 1975 rules. */
export function isClassic(state: { rules: { system: string } }): boolean {
  return state.rules.system === CLASSIC_SYSTEM;
}

/** Rules systems by the `rules.system` value of the scenarios they play. */
export type RulesRegistry = ReadonlyMap<string, RulesSystem<unknown, SystemState>>;

/** A registry of `systems`, each under its id (the last one wins for a repeated id). */
export function rulesRegistry(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each system has its own context and state
  ...systems: Array<RulesSystem<any, any>>
): RulesRegistry {
  return new Map(systems.map((s) => [s.id, s as RulesSystem<unknown, SystemState>]));
}

/** Every rules system this engine plays. */
export const DEFAULT_RULES: RulesRegistry = rulesRegistry(
  BLUE_GREY_RULES,
  CLASSIC_RULES,
  BLOCK_RULES,
  BLOCK_CAMPAIGN_RULES,
);

/** The system `scenario.rules.system` names; NOT_YET_SUPPORTED for one the registry lacks. */
export function rulesFor(
  registry: RulesRegistry,
  scenario: unknown,
): RulesSystem<unknown, SystemState> {
  const named = (scenario as { rules?: { system?: unknown } } | null)?.rules?.system;
  const system = typeof named === 'string' ? registry.get(named) : undefined;
  if (!system)
    throw new NotYetSupportedError(
      'rules',
      `the rules system "${String(named)}" is not supported (${[...registry.keys()].join(', ')})`,
    );
  return system;
}
