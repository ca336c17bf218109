import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ListScenariosQuery } from './list-scenarios.query';
import type { ScenarioDetail } from './scenario.dto';
import { ScenarioUploaders } from './scenario-uploader';
import {
  SCENARIO_PAGE,
  ScenariosService,
  type HexDetail,
  type ScenarioPage,
} from './scenarios.service';

@Controller('v1/scenarios')
export class ScenariosController {
  constructor(
    private readonly scenarios: ScenariosService,
    private readonly uploaders: ScenarioUploaders,
  ) {}

  /** A page of summaries, shipped then custom; owner=mine: the caller's uploads only. */
  @Get()
  async list(
    @Query() query: ListScenariosQuery,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<ScenarioPage> {
    return this.scenarios.list({
      limit: query.limit ?? SCENARIO_PAGE.default,
      offset: query.offset ?? 0,
      owner: query.owner === 'mine' ? await this.uploaders.identify(authorization) : undefined,
    });
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
   * Needs an identity (a player token with the scenarios scope, or the
   * operator's token: 401 otherwise), checked before the body is; a player's
   * uploads are capped (403 SCENARIO_QUOTA_EXCEEDED).
   */
  @Post()
  @HttpCode(201)
  async create(
    @Body() body: unknown,
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ScenarioDetail> {
    const uploader = await this.uploaders.identify(authorization);
    const created = await this.scenarios.create(body, uploader);
    void res.header('Location', `/v1/scenarios/${encodeURIComponent(created.id)}`);
    return created;
  }

  /** Deletes a custom scenario: its owner or the operator; 409 SCENARIO_IN_USE while games use it. */
  @Delete(':id')
  @HttpCode(204)
  async remove(
    @Param('id') id: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<void> {
    await this.scenarios.remove(id, await this.uploaders.identify(authorization));
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
