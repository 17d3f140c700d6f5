import type { ValueBlock } from './podcasting20.js';
import {
  defaultValueBlock,
  lightningAddressFormatOk,
  lightningAddressKind,
  lightningAddressLookupUrl,
  lightningAddressNeedsLookup,
  lightningAddressValidAfterLookup,
  lightningLookupQuerySchema,
  lnurlPayResponseSchema,
  recipientProblems,
  remainingSplit,
  valueBlockProblems,
  valueFlow,
} from './value-block.js';

const PUBKEY = '03ae9f91a0cb8ff43840e3c322c4c61f019d8c1c3cea15a25cfc425ac605e61a4a';

function recipient(
  overrides: Partial<ValueBlock['recipients'][number]> = {},
): ValueBlock['recipients'][number] {
  return { name: 'Host', type: 'node', address: PUBKEY, split: 100, ...overrides };
}

function block(recipients: ValueBlock['recipients']): ValueBlock {
  return { ...defaultValueBlock(), recipients };
}

describe('the default Value4Value block', () => {
  it('is lightning over keysend with 5 sats (0.00000005 BTC) suggested and no recipients', () => {
    expect(defaultValueBlock()).toEqual({
      type: 'lightning',
      method: 'keysend',
      suggested: 0.00000005,
      recipients: [],
    });
  });
});

describe('splits', () => {
  it('offers a new recipient the remaining share', () => {
    expect(remainingSplit([])).toBe(100);
    expect(remainingSplit([{ split: 60 }, { split: 15 }])).toBe(25);
    expect(remainingSplit([{ split: 33.33 }, { split: 33.33 }])).toBe(33.34);
    expect(remainingSplit([{ split: 70 }, { split: 50 }])).toBe(0);
  });

  it('leaves out the recipient being edited', () => {
    expect(remainingSplit([{ split: 60 }, { split: 40 }], 1)).toBe(40);
  });

  it('refuses a split above the remaining share with "Split cannot exceed {n}%"', () => {
    const others = [{ split: 70 }];
    expect(recipientProblems(recipient({ split: 40 }), others)).toEqual([
      { path: ['split'], message: 'Split cannot exceed 30%' },
    ]);
    expect(recipientProblems(recipient({ split: 30 }), others)).toEqual([]);
  });

  it('refuses a negative or zero split with "Split must be positive"', () => {
    expect(recipientProblems(recipient({ split: -5 }), [])).toEqual([
      { path: ['split'], message: 'Split must be positive' },
    ]);
    expect(recipientProblems(recipient({ split: 0 }), [])).toEqual([
      { path: ['split'], message: 'Split must be positive' },
    ]);
  });
});

describe('a recipient', () => {
  it('needs a name: "Recipient name is required"', () => {
    expect(recipientProblems(recipient({ name: '  ' }), [])).toEqual([
      { path: ['name'], message: 'Recipient name is required' },
    ]);
  });

  it('needs an address: "Lightning address is required", of a known form: "Invalid Lightning address"', () => {
    expect(recipientProblems(recipient({ address: '' }), [])).toEqual([
      { path: ['address'], message: 'Lightning address is required' },
    ]);
    expect(recipientProblems(recipient({ address: 'not an address' }), [])).toEqual([
      { path: ['address'], message: 'Invalid Lightning address' },
    ]);
  });
});

describe('lightning addresses', () => {
  it.each([
    ['alice@getalby.com', 'lightning-address'],
    ['Alice.B+pod@wallet.example.org:8443', 'lightning-address'],
    [
      'LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS',
      'lnurl',
    ],
    [PUBKEY, 'node-pubkey'],
    [`${PUBKEY}@203.0.113.7:9735`, 'node-uri'],
  ])('accepts %s as a %s', (address, kind) => {
    expect(lightningAddressKind(address)).toBe(kind);
    expect(lightningAddressFormatOk(address)).toBe(true);
  });

  it.each([
    'alice',
    'alice@',
    '@host.example',
    'alice@host with space.example',
    '04ae9f91a0cb8ff43840e3c322c4c61f019d8c1c3cea15a25cfc425ac605e61a4a',
    '03ae9f91a0cb8ff43840e3c322c4c61f019d8c1c3cea15a25cfc425ac605e61a4',
    'https://getalby.com/alice',
  ])('refuses %s', (address) => {
    expect(lightningAddressFormatOk(address)).toBe(false);
  });

  it('looks up only name@host addresses, at the LUD-16 well-known URL', () => {
    expect(lightningAddressNeedsLookup('alice@getalby.com')).toBe(true);
    expect(lightningAddressNeedsLookup(PUBKEY)).toBe(false);
    expect(lightningAddressNeedsLookup(`${PUBKEY}@203.0.113.7:9735`)).toBe(false);
    expect(lightningAddressLookupUrl('Alice@GetAlby.com')).toBe(
      'https://getalby.com/.well-known/lnurlp/alice',
    );
  });

  it('keeps an address valid after a failed lookup only when it starts with lnurl', () => {
    expect(lightningAddressValidAfterLookup('alice@getalby.com', true)).toBe(true);
    expect(lightningAddressValidAfterLookup('alice@getalby.com', false)).toBe(false);
    expect(lightningAddressValidAfterLookup('lnurlp@getalby.com', false)).toBe(true);
  });

  it('takes only name@host addresses for the lookup endpoint', () => {
    expect(lightningLookupQuerySchema.safeParse({ address: ' alice@getalby.com ' }).data).toEqual({
      address: 'alice@getalby.com',
    });
    expect(lightningLookupQuerySchema.safeParse({ address: PUBKEY }).error?.issues[0]?.message).toBe(
      'Invalid Lightning address',
    );
    expect(lightningLookupQuerySchema.safeParse({ address: '' }).error?.issues[0]?.message).toBe(
      'Lightning address is required',
    );
  });

  it('recognises an LNURL-pay answer by its tag, callback and sendable range', () => {
    const answer = {
      tag: 'payRequest',
      callback: 'https://x.example/cb',
      minSendable: 1000,
      maxSendable: 1e9,
    };
    expect(lnurlPayResponseSchema.safeParse(answer).success).toBe(true);
    expect(lnurlPayResponseSchema.safeParse({ ...answer, tag: 'withdrawRequest' }).success).toBe(false);
    expect(lnurlPayResponseSchema.safeParse({ ...answer, minSendable: 2e9 }).success).toBe(false);
  });
});

describe('the block as the catalog checks it on save', () => {
  it('needs at least one recipient', () => {
    expect(valueBlockProblems(block([]))).toEqual([
      { path: ['value', 'recipients'], message: 'Add at least one recipient' },
    ]);
  });

  it('needs splits totalling 100: "Recipient splits must total 100%"', () => {
    expect(valueBlockProblems(block([recipient({ split: 60 })]))).toEqual([
      { path: ['value', 'recipients'], message: 'Recipient splits must total 100%' },
    ]);
    expect(
      valueBlockProblems(block([recipient({ split: 60 }), recipient({ split: 40, fee: true })])),
    ).toEqual([]);
  });

  it('says by how much a total over 100 exceeds: "Total split cannot exceed 100% (currently {n}%)"', () => {
    expect(valueBlockProblems(block([recipient({ split: 80 }), recipient({ split: 30 })]))).toEqual([
      { path: ['value', 'recipients'], message: 'Total split cannot exceed 100% (currently 110%)' },
    ]);
  });

  it("reports each recipient's own rules by its place", () => {
    expect(
      valueBlockProblems(
        block([recipient({ split: 50 }), recipient({ name: '', address: 'nope', split: 50 })]),
      ),
    ).toEqual([
      { path: ['value', 'recipients', 1, 'name'], message: 'Recipient name is required' },
      { path: ['value', 'recipients', 1, 'address'], message: 'Invalid Lightning address' },
    ]);
  });

  it('has nothing to say about no block', () => {
    expect(valueBlockProblems(null)).toEqual([]);
  });
});

describe('the value-flow example', () => {
  it('gives each recipient the floor of their split of the suggested amount, marking fees', () => {
    expect(
      valueFlow(0.0000001, [recipient({ name: 'Host', split: 95 }), { name: 'App', split: 5, fee: true }]),
    ).toEqual({
      amountSats: 10,
      shares: [
        { name: 'Host', split: 95, sats: 9, fee: false },
        { name: 'App', split: 5, fee: true, sats: 0 },
      ],
    });
  });

  it('splits about 5 sats when none is suggested', () => {
    expect(
      valueFlow(0, [recipient({ split: 50 }), recipient({ split: 50 })]).shares.map((s) => s.sats),
    ).toEqual([2, 2]);
    expect(valueFlow(null, []).amountSats).toBe(5);
  });

  it('counts 1 BTC as 1e8 sats without floating-point loss', () => {
    expect(valueFlow(0.00001, [recipient({ split: 29 })])).toMatchObject({
      amountSats: 1000,
      shares: [{ sats: 290 }],
    });
    expect(valueFlow(0.000001, [recipient({ split: 29 })]).shares[0]?.sats).toBe(29);
  });
});
