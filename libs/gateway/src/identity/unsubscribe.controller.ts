import { Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  publicIdentityRequests,
  UNSUBSCRIBE_API_PATH,
  unsubscribeInputSchema,
  unsubscribeResultSchema,
  type UnsubscribeResult,
} from '@castbase/contracts';
import { Public } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { ApiZodQuery, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

/**
 * An e-mail's unsubscribe link, with no sign-in: `POST` with the link's token in the query turns its kind of e-mail
 * off. The web app's unsubscribe page calls it as it opens, and so does a mail app's one-click unsubscribe (RFC 8058:
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, whose form body is not read). A GET changes nothing, so a
 * link checker that opens links changes no one's e-mails.
 */
@ApiTags('notifications')
@Controller(UNSUBSCRIBE_API_PATH.slice(1))
export class UnsubscribeController {
  constructor(private readonly bus: MessageBus) {}

  @Public()
  @Post()
  @HttpCode(200)
  @ApiZodQuery(unsubscribeInputSchema)
  @ApiZodResponse(unsubscribeResultSchema, 'The kind of e-mail turned off')
  unsubscribe(
    @Query(new ZodPipe(unsubscribeInputSchema, 'UNSUBSCRIBE_LINK_INVALID')) query: { token: string },
  ): Promise<UnsubscribeResult> {
    return this.bus.request(publicIdentityRequests.unsubscribe, query);
  }
}
