import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RequestListener } from 'node:http';
import { LightningAddressLookup } from './lightning-address-lookup.js';
import { RemoteFetcher } from '@castbase/platform-remote-fetch';
// Local http and https servers behind made-up host names (test code: not in the package's build).
import {
  fakeDns,
  selfSignedCertificate,
  startServer,
  TEST_SERVER_ADDRESS,
  type LocalServer,
} from '@castbase/platform-remote-fetch/testing';

const WALLET_HOST = 'wallet.example';
const payRequest = {
  tag: 'payRequest',
  callback: 'https://wallet.example/lnurlp/alice/callback',
  minSendable: 1000,
  maxSendable: 100_000_000_000,
  metadata: '[["text/plain","Pay alice"]]',
};

/** A wallet's LUD-16 endpoints over HTTPS: alice can be paid, bob is not a pay endpoint, others are unknown. */
const walletAnswers: RequestListener = (request, response) => {
  const json = (status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (request.url === '/.well-known/lnurlp/alice') return json(200, payRequest);
  if (request.url === '/.well-known/lnurlp/bob') return json(200, { ...payRequest, tag: 'withdrawRequest' });
  if (request.url === '/.well-known/lnurlp/carol') return response.end('<html>not json</html>');
  if (request.url === '/.well-known/lnurlp/lnurlfriend') return json(404, { status: 'ERROR' });
  return json(404, { status: 'ERROR', reason: 'unknown user' });
};

describe('LightningAddressLookup: name@host through the RemoteFetcher', () => {
  let wallet: LocalServer;
  let lookup: LightningAddressLookup;
  let at: (name: string) => string;

  beforeAll(async () => {
    const tls = selfSignedCertificate(WALLET_HOST);
    wallet = await startServer(walletAnswers, { tls });
    at = (name) => `${name}@${WALLET_HOST}:${wallet.port}`;
    lookup = new LightningAddressLookup(
      new RemoteFetcher({
        allowAddresses: [TEST_SERVER_ADDRESS],
        ca: tls.cert,
        lookup: fakeDns({ [WALLET_HOST]: TEST_SERVER_ADDRESS, 'metadata.example': '169.254.169.254' }),
      }),
    );
  });

  afterAll(async () => {
    await wallet.close();
  });

  it('finds an LNURL-pay endpoint at https://host/.well-known/lnurlp/name', async () => {
    await expect(lookup.lookup(at('Alice'))).resolves.toEqual({
      address: at('Alice'),
      valid: true,
      reason: null,
      endpoint: { callback: payRequest.callback, minSendable: 1000, maxSendable: 100_000_000_000 },
    });
    expect(wallet.hits).toContain('/.well-known/lnurlp/alice');
  });

  it.each([
    ['bob', 'The address does not answer as a Lightning payment endpoint (LNURL-pay)'],
    ['carol', "The address's server did not answer with JSON"],
    ['dave', "The address's server answered HTTP 404"],
  ])('finds none for %s, and says why', async (name, reason) => {
    await expect(lookup.lookup(at(name))).resolves.toEqual({
      address: at(name),
      valid: false,
      reason,
      endpoint: null,
    });
  });

  it('keeps an address starting with lnurl valid when its lookup fails', async () => {
    await expect(lookup.lookup(at('lnurlfriend'))).resolves.toMatchObject({ valid: true, endpoint: null });
  });

  it.each([
    ['127.0.0.1', 'alice@127.0.0.1'],
    ['10.0.0.0/8', 'alice@10.0.0.7'],
    ['169.254.169.254', 'alice@169.254.169.254'],
    ['localhost', 'alice@localhost'],
    ['a name resolving to 169.254.169.254', 'alice@metadata.example'],
  ])('refuses to look up an address at %s', async (_, address) => {
    await expect(lookup.lookup(address)).resolves.toEqual({
      address,
      valid: false,
      reason: 'Only public http or https addresses can be fetched',
      endpoint: null,
    });
  });
});
