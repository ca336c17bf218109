import { Module } from '@nestjs/common';

/** Feature module shell: scenarios. Controllers, resolvers and services land here. */
@Module({})
export class ScenariosModule {}
