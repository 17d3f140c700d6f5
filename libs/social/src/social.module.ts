import { Module } from '@nestjs/common';
import { MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { EraseUserSocialHandler } from './erasure/erase-user-social.handler.js';
import { socialDatabase } from './social-database.js';

/** Takes part in account deletion (`identity.user.deletion-requested`); no requests or routes yet. */
@Module({
  imports: [
    PersistenceModule.forService(socialDatabase),
    MessagingModule.forService({
      service: 'social',
      requestHandlers: [],
      eventHandlers: [EraseUserSocialHandler],
    }),
  ],
})
export class SocialModule {}
