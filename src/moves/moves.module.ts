import { Module } from '@nestjs/common';

/** Feature module shell: moves. Controllers, resolvers and services land here. */
@Module({})
export class MovesModule {}
