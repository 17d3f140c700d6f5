import { Module } from '@nestjs/common';
import { MessagingModule, outboxOnlyErasureHandler } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { monetizationDatabase } from './monetization-database.js';

/** Takes part in account deletion (`identity.user.deletion-requested`); no requests or routes yet. */
@Module({
  imports: [
    PersistenceModule.forService(monetizationDatabase),
    MessagingModule.forService({
      service: 'monetization',
      requestHandlers: [],
      eventHandlers: [outboxOnlyErasureHandler('monetization')],
    }),
  ],
})
export class MonetizationModule {}
