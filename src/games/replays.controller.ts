import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ProblemException } from '../common/errors/problem';
import { VerifyReplayDto } from './dto/verify-replay.dto';
import { GameContexts } from './game-contexts.service';
import {
  UnverifiableReplay,
  verifyReplay,
  type ReplayDocument,
  type ReplayVerification,
} from './verify-replay';

/** Dice fairness: anyone can re-run a finished game's replay from its revealed seed. */
@Controller('v1/replays')
export class ReplaysController {
  constructor(private readonly contexts: GameContexts) {}

  /** 200 with the verification (ok or the first differing entry); 422 when the replay cannot be re-run at all. */
  @Post('verify')
  @HttpCode(200)
  async verify(@Body() body: VerifyReplayDto): Promise<ReplayVerification> {
    // The replay's options: a game with supplied counters re-runs on the same merged scenario.
    const prepared = await this.contexts.get(body.scenario, body.options);
    try {
      // Entry events are compared as plain data: their shape needs no checking here.
      return verifyReplay(prepared, body as unknown as ReplayDocument);
    } catch (e) {
      if (e instanceof UnverifiableReplay) {
        throw new ProblemException({ status: 422, code: e.code, detail: e.message });
      }
      throw e;
    }
  }
}
