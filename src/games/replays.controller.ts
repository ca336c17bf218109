import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { VerifyReplayDto } from './dto/verify-replay.dto';
import { ReplayVerifier } from './replay-verifier';
import type { ReplayVerification } from './verify-replay';

/** Dice fairness: anyone can re-run a finished game's replay from its revealed seed. */
@Controller('v1/replays')
export class ReplaysController {
  constructor(private readonly verifier: ReplayVerifier) {}

  /**
   * 200 with the verification (ok or the first differing entry); 422 when the
   * replay cannot be re-run at all (ReplayVerifier: on the engine worker pool).
   */
  @Post('verify')
  @HttpCode(200)
  verify(@Body() body: VerifyReplayDto): Promise<ReplayVerification> {
    return this.verifier.verify(body);
  }
}
