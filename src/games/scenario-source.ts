import type { MapDocument, ScenarioDocument } from '../engine/types';

export interface ScenarioDocuments {
  scenario: ScenarioDocument;
  map: MapDocument;
}

/**
 * Where games find the scenario and map documents they are played on: the
 * scenarios module's ScenariosService (shipped and custom scenarios), bound
 * in GamesModule. A port so that games depend only on this one method.
 */
export abstract class ScenarioSource {
  abstract find(id: string): Promise<ScenarioDocuments | null>;
}
