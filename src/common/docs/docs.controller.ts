import { Controller, Get, Header } from '@nestjs/common';
import { readOpenApi } from './openapi-file';

/** Serves the REST contract itself, so clients can generate code from the running service. */
@Controller('v1')
export class DocsController {
  private cached: string | undefined;

  @Get('openapi.yaml')
  @Header('Content-Type', 'application/yaml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  openApi(): string {
    this.cached ??= readOpenApi();
    return this.cached;
  }
}
