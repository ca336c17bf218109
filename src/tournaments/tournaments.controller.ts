import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { CurrentPlayer, PlayerAuthGuard, RequireScope } from '../players/player-auth.guard';
import type { PlayerPrincipal } from '../players/players.service';
import { CreateTournamentDto, ListTournamentsQuery } from './tournaments.dto';
import {
  TournamentsService,
  type StandingsDto,
  type TournamentDto,
  type TournamentRoundDto,
} from './tournaments.service';

@Controller('v1/tournaments')
export class TournamentsController {
  constructor(private readonly tournaments: TournamentsService) {}

  @Post()
  @HttpCode(201)
  @RequireScope('tournaments')
  @UseGuards(PlayerAuthGuard)
  create(
    @CurrentPlayer() who: PlayerPrincipal,
    @Body() body: CreateTournamentDto,
  ): Promise<TournamentDto> {
    return this.tournaments.create(who, body);
  }

  @Get()
  list(@Query() q: ListTournamentsQuery): Promise<TournamentDto[]> {
    return this.tournaments.list(q.status);
  }

  @Get(':tournamentId')
  get(@Param('tournamentId') id: string): Promise<TournamentDto> {
    return this.tournaments.get(id);
  }

  @Post(':tournamentId/join')
  @HttpCode(200)
  @RequireScope('play')
  @UseGuards(PlayerAuthGuard)
  join(
    @CurrentPlayer() who: PlayerPrincipal,
    @Param('tournamentId') id: string,
  ): Promise<TournamentDto> {
    return this.tournaments.join(who, id);
  }

  @Post(':tournamentId/start')
  @HttpCode(200)
  @RequireScope('tournaments')
  @UseGuards(PlayerAuthGuard)
  start(
    @CurrentPlayer() who: PlayerPrincipal,
    @Param('tournamentId') id: string,
  ): Promise<TournamentDto> {
    return this.tournaments.start(who, id);
  }

  @Get(':tournamentId/rounds')
  rounds(@Param('tournamentId') id: string): Promise<TournamentRoundDto[]> {
    return this.tournaments.rounds(id);
  }

  @Get(':tournamentId/standings')
  standings(@Param('tournamentId') id: string): Promise<StandingsDto> {
    return this.tournaments.standings(id);
  }

  @Get(':tournamentId/export')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  export(@Param('tournamentId') id: string): Promise<string> {
    return this.tournaments.exportCsv(id);
  }
}
