import { Body, Controller, Get, Header, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ScenarioDetail, ScenarioSummary } from './scenario.dto';
import { ScenariosService, type HexDetail } from './scenarios.service';

@Controller('v1/scenarios')
export class ScenariosController {
  constructor(private readonly scenarios: ScenariosService) {}

  /** Summaries of every shipped and custom scenario. */
  @Get()
  list(): Promise<ScenarioSummary[]> {
    return this.scenarios.list();
  }

  /** The full scenario document and its map. */
  @Get(':id')
  get(@Param('id') id: string): Promise<ScenarioDetail> {
    return this.scenarios.detail(id);
  }

  /**
   * Test counters for a scenario whose players supply units: usable as they are in
   * a new game's options.counters. Test data, not the historical order of battle.
   */
  @Get(':id/sample-counters')
  sampleCounters(@Param('id') id: string): Promise<Record<string, unknown>> {
    return this.scenarios.sampleCounters(id);
  }

  /** One hex of the map: terrain, routes, and each neighbour with the hexside between. */
  @Get(':id/hexes/:hex')
  hex(@Param('id') id: string, @Param('hex') hex: string): Promise<HexDetail> {
    return this.scenarios.hex(id, hex);
  }

  /** The map drawn as SVG with the scenario's set-up. */
  @Get(':id/map.svg')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  mapSvg(@Param('id') id: string): Promise<string> {
    return this.scenarios.mapSvg(id);
  }

  /**
   * A custom scenario `{scenario, map}`, validated like the shipped ones:
   * 201 with the stored scenario, 422 INVALID_SCENARIO listing every problem,
   * 409 SCENARIO_EXISTS when the id is taken. The body is checked against
   * the JSON Schemas, not a DTO class, so it stays the published format.
   */
  @Post()
  @HttpCode(201)
  async create(
    @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ScenarioDetail> {
    const created = await this.scenarios.create(body);
    res.setHeader('Location', `/v1/scenarios/${encodeURIComponent(created.id)}`);
    return created;
  }
}

/** The published JSON Schemas of the scenario and map formats (draft 2020-12). */
@Controller('v1/schemas')
export class SchemasController {
  constructor(private readonly scenarios: ScenariosService) {}

  @Get('scenario')
  @Header('Content-Type', 'application/schema+json')
  scenario(): object {
    return this.scenarios.schemas().scenario;
  }

  @Get('map')
  @Header('Content-Type', 'application/schema+json')
  map(): object {
    return this.scenarios.schemas().map;
  }
}
