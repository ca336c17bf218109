import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { MapDocument, ScenarioDocument } from '../engine/types';
import { CustomScenario } from '../scenarios/entities/custom-scenario.entity';
import { loadScenarios } from '../scenarios/scenario-files';

export interface ScenarioDocuments {
  scenario: ScenarioDocument;
  map: MapDocument;
}

/** Where games find the scenario and map documents they are played on. */
export abstract class ScenarioSource {
  abstract find(id: string): Promise<ScenarioDocuments | null>;
}

/**
 * Shipped scenarios from the scenarios/ folder (read and validated once) and
 * custom ones from the custom_scenarios table.
 */
@Injectable()
export class StoredScenarioSource extends ScenarioSource {
  private shipped: Map<string, ScenarioDocuments> | undefined;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async find(id: string): Promise<ScenarioDocuments | null> {
    this.shipped ??= new Map(
      loadScenarios().packages.map((p) => [p.id, { scenario: p.scenario, map: p.map }]),
    );
    const shipped = this.shipped.get(id);
    if (shipped) return shipped;
    const custom = await this.dataSource.getRepository(CustomScenario).findOne({ where: { id } });
    const doc = custom?.document as Partial<ScenarioDocuments> | undefined;
    if (doc && typeof doc.scenario === 'object' && typeof doc.map === 'object') {
      return { scenario: doc.scenario, map: doc.map };
    }
    return null;
  }
}
