import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { GamesService } from '../games/games.service';
import { VIEWER_CSS, VIEWER_HTML, VIEWER_JS } from './viewer-page';

/**
 * The replay viewer in the browser (issue 18): GET /games/{id} is the page
 * (404 problem for no such game), its script and style are static. The page
 * reads everything else from the public REST API.
 */
@Controller()
export class ViewerController {
  constructor(private readonly games: GamesService) {}

  @Get('games/:id')
  async page(@Param('id') id: string, @Res() res: FastifyReply): Promise<void> {
    const game = await this.games.view(id); // 404 GAME_NOT_FOUND before any page
    void res
      .status(200)
      .type('text/html; charset=utf-8')
      .send(VIEWER_HTML.replace('GAME_ID', game.id));
  }

  @Get('viewer/viewer.js')
  script(@Res() res: FastifyReply): void {
    void res.status(200).type('text/javascript; charset=utf-8').send(VIEWER_JS);
  }

  @Get('viewer/viewer.css')
  style(@Res() res: FastifyReply): void {
    void res.status(200).type('text/css; charset=utf-8').send(VIEWER_CSS);
  }
}
