import { Inject, Injectable } from '@nestjs/common';
import {
  ERASING_SERVICES,
  userDataErasedEvents,
  type ErasingService,
  type UserDataErased,
} from '@castbase/contracts';
import type { EventContext, EventHandler, EventHandlerClass } from '@castbase/platform-messaging';
import { DeletionSaga } from './deletion-saga.js';

type ErasedDefinition = (typeof userDataErasedEvents)[ErasingService];

/** The consumer of one service's `<service>.user-data.erased` report; all of them feed the saga. */
function erasureReportHandler(service: ErasingService): EventHandlerClass {
  @Injectable()
  class ErasureReportHandler implements EventHandler<ErasedDefinition> {
    readonly definition: ErasedDefinition = userDataErasedEvents[service];

    constructor(@Inject(DeletionSaga) private readonly saga: DeletionSaga) {}

    handle(report: UserDataErased, { em }: EventContext<ErasedDefinition>): Promise<void> {
      return this.saga.recordErasure(em, service, report);
    }
  }
  Object.defineProperty(ErasureReportHandler, 'name', { value: `${service}ErasureReportHandler` });
  return ErasureReportHandler;
}

export const erasureReportHandlers: readonly EventHandlerClass[] = ERASING_SERVICES.map(erasureReportHandler);
