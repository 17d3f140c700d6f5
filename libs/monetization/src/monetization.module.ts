import { Module } from '@nestjs/common';
import { MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { monetizationDatabase } from './monetization-database.js';

@Module({
  imports: [
    PersistenceModule.forService(monetizationDatabase),
    MessagingModule.forService({ service: 'monetization', requestHandlers: [], eventHandlers: [] }),
  ],
})
export class MonetizationModule {}
