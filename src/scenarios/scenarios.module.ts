import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module';
import { RULES_REGISTRY, rulesRegistryProvider } from './rules-registry';
import { ScenariosController, SchemasController } from './scenarios.controller';
import { ScenariosResolver } from './scenarios.resolver';
import { ScenarioUploaders } from './scenario-uploader';
import { ScenariosService } from './scenarios.service';

/**
 * Scenarios: the shipped battles under scenarios/ and custom uploads, their
 * JSON Schemas, and their maps drawn as SVG. ScenariosService.find/get give
 * other modules the parsed {scenario, map} documents.
 */
@Module({
  imports: [PlayersModule],
  controllers: [ScenariosController, SchemasController],
  providers: [ScenariosService, ScenarioUploaders, ScenariosResolver, rulesRegistryProvider],
  exports: [ScenariosService, RULES_REGISTRY],
})
export class ScenariosModule {}
