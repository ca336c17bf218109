import { notYetSupported, type NotYetSupported } from '../engine/game';
import type { CountersSpec, MapDocument, ScenarioDocument } from '../engine/types';

/** A scenario and the map it is played on. */
export interface ScenarioDocuments {
  scenario: ScenarioDocument;
  map: MapDocument;
}

/** Shipped with the service (scenarios/) or uploaded through POST /v1/scenarios. */
export type ScenarioOrigin = 'shipped' | 'custom';

/** One line of GET /v1/scenarios (openapi.yaml: ScenarioSummary). */
export interface ScenarioSummary {
  id: string;
  title: string;
  date: string;
  year: number;
  turns: number;
  rules: ScenarioDocument['rules'];
  /** fixed: the set-up is given hex by hex; free: players place units in areas. */
  setup: ScenarioDocument['setup']['kind'];
  /**
   * printed: the whole order of battle is in the scenario; incomplete: the text
   * lacks some of it (`missing`) or the players supply it (`counters`).
   */
  orderOfBattle: 'printed' | 'incomplete';
  /** The units the players supply in options.counters, where the text does not print them. */
  counters?: CountersSpec;
  /** What the rules text does not give, as the scenario declares it. */
  missing?: Array<{ case: string; what: string }>;
  mapProvenance: MapDocument['provenance'];
  origin: ScenarioOrigin;
  /**
   * Whether a game of it can be created now: false while the engine lacks some
   * of its rules. A playable scenario with `counters` still needs its players'
   * units (options.counters) for a side with none: 422 COUNTERS_REQUIRED.
   */
  playable: boolean;
  /** The rules it needs that the engine does not implement yet (empty when playable). */
  notYetSupported: NotYetSupported[];
}

/** GET /v1/scenarios/{id} (openapi.yaml: ScenarioDetail): the summary and both documents. */
export interface ScenarioDetail extends ScenarioSummary {
  scenario: ScenarioDocument;
  map: MapDocument;
}

export function toSummary(docs: ScenarioDocuments, origin: ScenarioOrigin): ScenarioSummary {
  return summaryOf(docs.scenario, docs.map.provenance, origin);
}

/** The summary of a scenario document; of its map, only the provenance is shown. */
export function summaryOf(
  scenario: ScenarioDocument,
  mapProvenance: MapDocument['provenance'],
  origin: ScenarioOrigin,
): ScenarioSummary {
  return {
    id: scenario.id,
    title: scenario.title,
    date: scenario.date,
    year: scenario.year,
    turns: scenario.turns,
    rules: scenario.rules,
    setup: scenario.setup.kind,
    orderOfBattle: scenario.counters || scenario.missing?.length ? 'incomplete' : 'printed',
    ...(scenario.counters ? { counters: scenario.counters } : {}),
    ...(scenario.missing?.length ? { missing: scenario.missing } : {}),
    mapProvenance,
    origin,
    ...playability(scenario),
  };
}

export function toDetail(docs: ScenarioDocuments, origin: ScenarioOrigin): ScenarioDetail {
  return { ...toSummary(docs, origin), scenario: docs.scenario, map: docs.map };
}

/** The playable flag and the missing rules of a scenario (src/engine/game.ts notYetSupported). */
function playability(
  scenario: ScenarioDocument,
): Pick<ScenarioSummary, 'playable' | 'notYetSupported'> {
  const missing = notYetSupported(scenario);
  return { playable: missing.length === 0, notYetSupported: missing };
}
