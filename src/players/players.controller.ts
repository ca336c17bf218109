import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CurrentPlayer, PlayerAuthGuard } from './player-auth.guard';
import { CreateTokenDto, RegisterPlayerDto } from './players.dto';
import {
  PlayersService,
  type MeDto,
  type NewTokenDto,
  type PlayerDto,
  type PlayerPrincipal,
  type RegisteredDto,
  type TokenInfoDto,
} from './players.service';

@Controller('v1')
export class PlayersController {
  constructor(private readonly players: PlayersService) {}

  @Post('players')
  @HttpCode(201)
  register(@Body() body: RegisterPlayerDto): Promise<RegisteredDto> {
    return this.players.register(body.handle);
  }

  @Get('players/:handle')
  player(@Param('handle') handle: string): Promise<PlayerDto> {
    return this.players.byHandle(handle);
  }

  @Get('me')
  @UseGuards(PlayerAuthGuard)
  me(@CurrentPlayer() who: PlayerPrincipal): Promise<MeDto> {
    return this.players.me(who);
  }

  @Get('me/tokens')
  @UseGuards(PlayerAuthGuard)
  tokens(@CurrentPlayer() who: PlayerPrincipal): Promise<TokenInfoDto[]> {
    return this.players.tokens(who);
  }

  @Post('me/tokens')
  @HttpCode(201)
  @UseGuards(PlayerAuthGuard)
  createToken(
    @CurrentPlayer() who: PlayerPrincipal,
    @Body() body: CreateTokenDto,
  ): Promise<NewTokenDto> {
    return this.players.createToken(who, body.label ?? 'token', body.scopes);
  }

  @Delete('me/tokens/:tokenId')
  @HttpCode(204)
  @UseGuards(PlayerAuthGuard)
  revoke(@CurrentPlayer() who: PlayerPrincipal, @Param('tokenId') tokenId: string): Promise<void> {
    return this.players.revoke(who, tokenId);
  }
}
