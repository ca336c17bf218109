import type { RulesRegistry, ScenarioGap } from '../engine/rules';
import { documentSystem } from './scenario-files';
import type { CountersSpec, MapDocument, ScenarioDocument } from '../engine/types';
import { sampleCountersUrl } from './sample-counters';

/** A scenario and the map it is played on (none for a rules system without maps: a block battle). */
export interface ScenarioDocuments {
  scenario: ScenarioDocument;
  map?: MapDocument;
}

/** Shipped with the service (scenarios/) or uploaded through POST /v1/scenarios. */
export type ScenarioOrigin = 'shipped' | 'custom';

/**
 * One line of GET /v1/scenarios (openapi.yaml: ScenarioSummary): the fields
 * every rules system has, and the system's own (RulesSystem.scenarios.summary;
 * a hex game's are below).
 */
export interface ScenarioSummary {
  id: string;
  title: string;
  rules: { system: string; version: string };
  date?: string;
  year?: number;
  turns?: number;
  /** fixed: the set-up is given hex by hex; free: players place units in areas. */
  setup?: string;
  /**
   * printed: the whole order of battle is in the scenario; incomplete: the text
   * lacks some of it (`missing`) or the players supply it (`counters`).
   */
  orderOfBattle?: 'printed' | 'incomplete';
  /** The units the players supply in options.counters, where the text does not print them. */
  counters?: CountersSpec;
  /**
   * True when a game cannot be created without options.counters: a side the players
   * supply has no printed unit at all (422 COUNTERS_REQUIRED otherwise). Hex games.
   */
  needsCounters?: boolean;
  /**
   * Where test counters for it are served (GET /v1/scenarios/{id}/sample-counters):
   * test data, not history, usable as they are in options.counters. Shipped scenarios only.
   */
  sampleCounters?: string;
  /** What the rules text does not give, as the scenario declares it. */
  missing?: Array<{ case: string; what: string }>;
  mapProvenance?: MapDocument['provenance'];
  origin: ScenarioOrigin;
  /**
   * Whether a game of it can be created now: false while the engine lacks some
   * of its rules. A playable scenario with `counters` still needs its players'
   * units (options.counters) for a side with none: 422 COUNTERS_REQUIRED.
   */
  playable: boolean;
  /** The rules it needs that the engine does not implement yet (empty when playable). */
  notYetSupported: ScenarioGap[];
  [field: string]: unknown;
}

/** The summary of a scenario document, by its rules system; of its map, only the provenance is shown. */
export function summaryOf(
  registry: RulesRegistry,
  scenario: ScenarioDocument,
  mapProvenance: MapDocument['provenance'] | undefined,
  origin: ScenarioOrigin,
): ScenarioSummary {
  const system = documentSystem(registry, scenario);
  const gaps = registry.has(scenario.rules?.system) ? system.gaps(scenario) : [];
  return {
    id: scenario.id,
    title: scenario.title,
    rules: scenario.rules,
    ...system.scenarios.summary(scenario, mapProvenance),
    ...(origin === 'shipped' && sampleCountersUrl(scenario.id)
      ? { sampleCounters: sampleCountersUrl(scenario.id) }
      : {}),
    origin,
    playable: gaps.length === 0,
    notYetSupported: gaps,
  };
}

export function toSummary(
  registry: RulesRegistry,
  docs: ScenarioDocuments,
  origin: ScenarioOrigin,
): ScenarioSummary {
  return summaryOf(registry, docs.scenario, docs.map?.provenance, origin);
}

export function toDetail(
  registry: RulesRegistry,
  docs: ScenarioDocuments,
  origin: ScenarioOrigin,
): ScenarioDetail {
  return {
    ...toSummary(registry, docs, origin),
    scenario: docs.scenario,
    ...(docs.map ? { map: docs.map } : {}),
  };
}

/** GET /v1/scenarios/{id} (openapi.yaml: ScenarioDetail): the summary and both documents. */
export interface ScenarioDetail extends ScenarioSummary {
  scenario: ScenarioDocument;
  /** Absent for a rules system whose scenarios have no map (a block battle). */
  map?: MapDocument;
}
