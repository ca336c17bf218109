import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';

/** The injected wall clock (tests replace it with a ManualClock). Global: every ladder module reads it. */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClocksModule {}
