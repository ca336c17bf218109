import { Inject, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { ProblemException } from '../common/errors/problem';
import { isPlayerToken } from '../players/player-tokens';
import { PlayersService } from '../players/players.service';

/**
 * Who uploads or deletes a custom scenario: a player (a token with the `scenarios`
 * scope), or the operator (the SCENARIO_UPLOAD_TOKEN bearer).
 */
export type Uploader = { kind: 'player'; id: string; handle: string } | { kind: 'operator' };

/** The owner a scenario summary shows: the uploading player's handle, or the operator. */
export type ScenarioOwner = { kind: 'player'; handle: string } | { kind: 'operator' };

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** The bearer value of an Authorization header, or undefined. */
function bearer(authorization: unknown): string | undefined {
  if (typeof authorization !== 'string') return undefined;
  const m = /^Bearer\s+(\S{1,512})\s*$/i.exec(authorization);
  return m?.[1];
}

/**
 * Tells who a request acts for on the scenario routes that write: 401
 * PLAYER_TOKEN_REQUIRED without a bearer token, 401 INVALID_PLAYER_TOKEN / 403
 * SCOPE_REQUIRED for a player token that is unknown or lacks `scenarios`, 401
 * INVALID_OPERATOR_TOKEN for any other token that is not the operator's.
 */
@Injectable()
export class ScenarioUploaders {
  private readonly operatorHash: Buffer | undefined;

  constructor(
    private readonly players: PlayersService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.operatorHash = config.scenarioUploadToken ? sha256(config.scenarioUploadToken) : undefined;
  }

  async identify(authorization: unknown): Promise<Uploader> {
    const token = bearer(authorization);
    if (token === undefined) {
      throw new ProblemException({
        status: 401,
        code: 'PLAYER_TOKEN_REQUIRED',
        detail:
          'Uploading or deleting a scenario needs an identity: "Authorization: Bearer mpt_…", a player token with the "scenarios" scope (POST /v1/players gives one), or the operator\'s SCENARIO_UPLOAD_TOKEN.',
      });
    }
    if (isPlayerToken(token)) {
      const who = await this.players.authenticate(authorization, 'scenarios');
      return { kind: 'player', id: who.id, handle: who.handle };
    }
    // Compared as hashes, in constant time: the token's length says nothing either.
    if (this.operatorHash && timingSafeEqual(sha256(token), this.operatorHash)) {
      return { kind: 'operator' };
    }
    throw new ProblemException({
      status: 401,
      code: 'INVALID_OPERATOR_TOKEN',
      detail: this.operatorHash
        ? "This token is neither a player token (mpt_…) nor the operator's SCENARIO_UPLOAD_TOKEN."
        : 'This token is not a player token (mpt_…), and this service has no operator token (SCENARIO_UPLOAD_TOKEN is unset).',
    });
  }
}
