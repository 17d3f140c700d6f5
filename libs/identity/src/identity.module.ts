import { Module } from '@nestjs/common';
import { MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { identityDatabase } from './identity-database.js';
import {
  NOTIFICATION_EVENT_HANDLERS,
  NOTIFICATION_PROVIDERS,
  NOTIFICATION_REQUEST_HANDLERS,
} from './notifications/notifications.js';
import { OIDC_PROVIDERS } from './oidc/index.js';
import {
  ACCOUNT_EVENT_HANDLERS,
  ACCOUNT_PROVIDERS,
  ACCOUNT_REQUEST_HANDLERS,
} from './profiles/accounts-handlers.js';

@Module({
  imports: [
    PersistenceModule.forService(identityDatabase),
    MessagingModule.forService({
      service: 'identity',
      requestHandlers: [...ACCOUNT_REQUEST_HANDLERS, ...NOTIFICATION_REQUEST_HANDLERS],
      eventHandlers: [...ACCOUNT_EVENT_HANDLERS, ...NOTIFICATION_EVENT_HANDLERS],
    }),
  ],
  providers: [...ACCOUNT_PROVIDERS, ...OIDC_PROVIDERS, ...NOTIFICATION_PROVIDERS],
})
export class IdentityModule {}
