import { Module } from '@nestjs/common';
import { RemoteController } from './remote.controller.js';
import { RemoteFetcher } from '@castbase/platform-remote-fetch';

/** Fetching URLs that users give, safely: the lightning-address lookup and the remote text of a transcript preview. */
@Module({
  controllers: [RemoteController],
  providers: [{ provide: RemoteFetcher, useFactory: () => new RemoteFetcher() }],
})
export class RemoteModule {}
