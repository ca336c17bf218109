import { Global, Module } from '@nestjs/common';
import { EnginePool } from './engine-pool.service';

/** The engine worker pool, one per process, for every module that has heavy engine work. */
@Global()
@Module({ providers: [EnginePool], exports: [EnginePool] })
export class EnginePoolModule {}
