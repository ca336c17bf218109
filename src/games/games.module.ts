import { Module } from '@nestjs/common';

/** Feature module shell: games. Controllers, resolvers and services land here. */
@Module({})
export class GamesModule {}
