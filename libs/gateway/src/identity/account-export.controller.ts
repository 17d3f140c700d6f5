import { Controller, Get, Logger, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { streamAccountExport } from './account-export.js';

@ApiTags('account')
@ApiBearerAuth()
@Controller('api/account/export')
export class AccountExportController {
  private readonly logger = new Logger(AccountExportController.name);

  constructor(private readonly bus: MessageBus) {}

  @Get()
  @ApiProduces('application/json')
  @ApiOkResponse({
    description:
      'A JSON file download: exportedAt, settings, profile, podcasts and every episode, streamed as it is read',
  })
  export(@CurrentUser() user: AuthenticatedUser, @Res() response: Response): Promise<void> {
    return streamAccountExport(this.bus, user.id, response, this.logger);
  }
}
