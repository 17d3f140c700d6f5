import type { Provider } from '@nestjs/common';
import type { EventHandlerClass, RequestHandlerClass } from '@castbase/platform-messaging';
import { DeletionConfirmationWindow } from '../deletion/deletion-confirmation-window.js';
import { DeletionSaga } from '../deletion/deletion-saga.js';
import { DeletionStatusReader } from '../deletion/deletion-status.js';
import { erasureReportHandlers } from '../deletion/erasure-report.handlers.js';
import { GetDeletionHandler } from '../deletion/get-deletion.handler.js';
import { IdentityDataEraser } from '../deletion/identity-data-eraser.js';
import { RequestDeletionHandler } from '../deletion/request-deletion.handler.js';
import { RetryDeletionHandler } from '../deletion/retry-deletion.handler.js';
import { GetSettingsHandler } from '../settings/get-settings.handler.js';
import { UpdateSettingsHandler } from '../settings/update-settings.handler.js';
import { AbandonOnboardingHandler } from './abandon-onboarding.handler.js';
import { AvatarFiles } from './avatar-files.js';
import { CheckUsernameHandler } from './check-username.handler.js';
import { CreateProfileHandler } from './create-profile.handler.js';
import { GetProfileHandler } from './get-profile.handler.js';
import { GetPublicOwnerHandler } from './get-public-owner.handler.js';
import { RecordFeedHandler } from './record-feed.handler.js';
import { RemoveAvatarHandler } from './remove-avatar.handler.js';
import { SetAvatarHandler } from './set-avatar.handler.js';
import { UpdateProfileHandler } from './update-profile.handler.js';

/**
 * Profiles, settings and the deletion saga as identity.module.ts wires them: one entry per `identityRequests` and
 * `publicProfileRequests` subject.
 */
export const ACCOUNT_REQUEST_HANDLERS: readonly RequestHandlerClass[] = [
  GetProfileHandler,
  GetPublicOwnerHandler,
  CreateProfileHandler,
  UpdateProfileHandler,
  CheckUsernameHandler,
  SetAvatarHandler,
  RemoveAvatarHandler,
  AbandonOnboardingHandler,
  GetSettingsHandler,
  UpdateSettingsHandler,
  RequestDeletionHandler,
  RetryDeletionHandler,
  GetDeletionHandler,
];

export const ACCOUNT_EVENT_HANDLERS: readonly EventHandlerClass[] = [
  RecordFeedHandler,
  ...erasureReportHandlers,
];

export const ACCOUNT_PROVIDERS: Provider[] = [
  AvatarFiles,
  { provide: DeletionConfirmationWindow, useValue: new DeletionConfirmationWindow() },
  DeletionStatusReader,
  DeletionSaga,
  IdentityDataEraser,
];
