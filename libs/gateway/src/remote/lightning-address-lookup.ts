import {
  DomainError,
  lightningAddressLookupUrl,
  lightningAddressValidAfterLookup,
  lnurlPayResponseSchema,
  valueMessages,
  type LightningLookupReply,
} from '@castbase/contracts';
import type { RemoteFetcher } from '@castbase/platform-remote-fetch';

/** An LNURL-pay answer is a small JSON document. */
const MAX_LOOKUP_BYTES = 64 * 1024;

/**
 * Spec 2 §5: a name@host address is looked up at `https://host/.well-known/lnurlp/name` (LUD-16) through the
 * fetcher; it is valid when the host answers as an LNURL-pay endpoint (LUD-06: tag payRequest, a callback, a
 * sendable range), or, failing that, when it starts with lnurl.
 */
export class LightningAddressLookup {
  constructor(private readonly fetcher: RemoteFetcher) {}

  async lookup(address: string): Promise<LightningLookupReply> {
    const found = await this.findPayEndpoint(address);
    const endpoint = 'callback' in found ? found : null;
    return {
      address,
      valid: lightningAddressValidAfterLookup(address, endpoint !== null),
      reason: endpoint ? null : (found as { reason: string }).reason,
      endpoint,
    };
  }

  private async findPayEndpoint(
    address: string,
  ): Promise<{ callback: string; minSendable: number; maxSendable: number } | { reason: string }> {
    let body: Buffer;
    try {
      ({ body } = await this.fetcher.fetch(lightningAddressLookupUrl(address), {
        accept: 'application/json',
        maxBytes: MAX_LOOKUP_BYTES,
      }));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const status = (error.details as { status?: number } | undefined)?.status;
      return {
        reason:
          error.code === 'REMOTE_HTTP_ERROR' && status ? valueMessages.lookupNotFound(status) : error.message,
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return { reason: valueMessages.lookupNotJson };
    }
    const answer = lnurlPayResponseSchema.safeParse(json);
    if (!answer.success) return { reason: valueMessages.lookupNotPayEndpoint };
    const { callback, minSendable, maxSendable } = answer.data;
    return { callback, minSendable, maxSendable };
  }
}
