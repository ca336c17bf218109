import { Module } from '@nestjs/common';

/** Feature module shell: victory. Controllers, resolvers and services land here. */
@Module({})
export class VictoryModule {}
