import {
  lightningAddressFormatOk,
  lightningAddressNeedsLookup,
  lightningLookupReplySchema,
  valueMessages,
} from '@castbase/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessageOf } from '../../../shared/api/api-error.js';
import { useApiClient } from '../../../shared/api/use-api-client.js';

/** Where the check of a recipient's address stands: format first, then the lookup for name@host (spec 2 §5). */
export type AddressCheck =
  | { state: 'unchecked' }
  | { state: 'checking' }
  | { state: 'valid'; note: string | null }
  | { state: 'invalid'; message: string; reason: string | null };

/**
 * Checks an address when the field is left: its form, then for name@host the gateway's lookup of
 * `/.well-known/lnurlp/name` (`GET /api/lightning-addresses/lookup`). A check of an address that has since changed
 * is dropped.
 */
export function useLightningAddressCheck(initial: AddressCheck) {
  const api = useApiClient();
  const [check, setCheck] = useState<AddressCheck>(initial);
  // The address last sent for checking: a reply about an older one is dropped.
  const latest = useRef<string | null>(null);
  const lookup = useMutation({
    mutationFn: (address: string) =>
      api.get(
        `/lightning-addresses/lookup?address=${encodeURIComponent(address)}`,
        lightningLookupReplySchema,
      ),
  });

  function run(raw: string): void {
    const address = raw.trim();
    latest.current = address;
    if (!address) {
      setCheck({ state: 'invalid', message: valueMessages.addressRequired, reason: null });
      return;
    }
    if (!lightningAddressFormatOk(address)) {
      setCheck({ state: 'invalid', message: valueMessages.addressInvalid, reason: null });
      return;
    }
    if (!lightningAddressNeedsLookup(address)) {
      setCheck({ state: 'valid', note: null });
      return;
    }
    setCheck({ state: 'checking' });
    lookup.mutate(address, {
      onSuccess: (reply) => {
        if (latest.current !== address) return;
        setCheck(
          reply.valid
            ? { state: 'valid', note: valueMessages.addressFound }
            : { state: 'invalid', message: valueMessages.addressInvalid, reason: reply.reason },
        );
      },
      onError: (error) => {
        if (latest.current !== address) return;
        setCheck({ state: 'invalid', message: valueMessages.addressInvalid, reason: errorMessageOf(error) });
      },
    });
  }

  /** The address changed: its earlier verdict no longer holds. */
  function reset(): void {
    latest.current = null;
    setCheck({ state: 'unchecked' });
  }

  return { check, run, reset };
}
