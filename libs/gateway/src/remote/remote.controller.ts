import { Controller, Get, Header, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  lightningLookupQuerySchema,
  lightningLookupReplySchema,
  type LightningLookupReply,
} from '@castbase/contracts';
import { ApiZodQuery, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { LightningAddressLookup } from './lightning-address-lookup.js';
import { fetchRemoteText, MAX_REMOTE_TEXT_BYTES, RemoteFetcher } from '@castbase/platform-remote-fetch';

const remoteTextQuerySchema = z.object({ url: z.string().trim().min(1).max(2000) });
const lookupQueryPipe = new ZodPipe(lightningLookupQuerySchema);
const remoteTextQueryPipe = new ZodPipe(remoteTextQuerySchema);

/**
 * What the editors need from URLs a creator types (signed in): a lightning address's LNURL-pay endpoint and an
 * external transcript's text, fetched through the RemoteFetcher so that no address inside the network is reached.
 * Every refusal or failure is a 4xx JSON { code, message }.
 */
@ApiTags('remote')
@ApiBearerAuth()
@Controller('api')
export class RemoteController {
  private readonly lightning: LightningAddressLookup;

  constructor(@Inject(RemoteFetcher) private readonly fetcher: RemoteFetcher) {
    this.lightning = new LightningAddressLookup(fetcher);
  }

  /** Whether name@host answers as a Lightning payment endpoint (LUD-16); a failed lookup is valid: false with the reason. */
  @Get('lightning-addresses/lookup')
  @ApiZodQuery(lightningLookupQuerySchema)
  @ApiZodResponse(lightningLookupReplySchema, 'Whether the address can be paid, and why not')
  lookup(@Query() query: unknown): Promise<LightningLookupReply> {
    return this.lightning.lookup(lookupQueryPipe.transform(query).address);
  }

  /** The text of a remote text file (an external transcript), at most 1 MB. */
  @Get('remote-text')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', 'no-store')
  @ApiZodQuery(remoteTextQuerySchema)
  @ApiOkResponse({
    description: `The file's text (at most ${MAX_REMOTE_TEXT_BYTES} bytes)`,
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  text(@Query() query: unknown): Promise<string> {
    return fetchRemoteText(this.fetcher, remoteTextQueryPipe.transform(query).url);
  }
}
