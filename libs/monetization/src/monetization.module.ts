import { Module } from '@nestjs/common';
import { MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { EraseUserMonetizationHandler } from './erasure/erase-user-monetization.handler.js';
import { monetizationDatabase } from './monetization-database.js';

/** Takes part in account deletion (`identity.user.deletion-requested`); no requests or routes yet. */
@Module({
  imports: [
    PersistenceModule.forService(monetizationDatabase),
    MessagingModule.forService({
      service: 'monetization',
      requestHandlers: [],
      eventHandlers: [EraseUserMonetizationHandler],
    }),
  ],
})
export class MonetizationModule {}
