import { Module } from '@nestjs/common';
import { MessagingModule, outboxOnlyErasureHandler } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { socialDatabase } from './social-database.js';

/** Takes part in account deletion (`identity.user.deletion-requested`); no requests or routes yet. */
@Module({
  imports: [
    PersistenceModule.forService(socialDatabase),
    MessagingModule.forService({
      service: 'social',
      requestHandlers: [],
      eventHandlers: [outboxOnlyErasureHandler('social')],
    }),
  ],
})
export class SocialModule {}
