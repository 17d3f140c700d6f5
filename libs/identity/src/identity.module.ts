import { Module } from '@nestjs/common';
import { MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { identityDatabase } from './identity-database.js';

@Module({
  imports: [
    PersistenceModule.forService(identityDatabase),
    MessagingModule.forService({ service: 'identity', requestHandlers: [], eventHandlers: [] }),
  ],
})
export class IdentityModule {}
