import { Module } from '@nestjs/common';
import { MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { socialDatabase } from './social-database.js';

@Module({
  imports: [
    PersistenceModule.forService(socialDatabase),
    MessagingModule.forService({ service: 'social', requestHandlers: [], eventHandlers: [] }),
  ],
})
export class SocialModule {}
