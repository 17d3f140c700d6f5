import { z } from 'zod';
import type { FieldProblem, ValueBlock } from './podcasting20.js';

/**
 * Value4Value (spec 2 §2, §3, §5 "Value block and recipients", §9): the rules of the payment-split block that the
 * editor shows beside each field and the catalog checks on save, with the spec's messages.
 */

type ValueRecipient = ValueBlock['recipients'][number];
export type ValueRecipientType = ValueRecipient['type'];

export const valueMessages = {
  splitsMustTotal100: 'Recipient splits must total 100%',
  totalSplitExceeds: (percent: number) => `Total split cannot exceed 100% (currently ${percent}%)`,
  nameRequired: 'Recipient name is required',
  addressRequired: 'Lightning address is required',
  addressInvalid: 'Invalid Lightning address',
  splitNotPositive: 'Split must be positive',
  splitExceeds: (percent: number) => `Split cannot exceed ${percent}%`,
  recipientRequired: 'Add at least one recipient',
  suggestedNegative: 'Suggested amount cannot be negative',
  /** The reasons a name@host lookup did not find a Lightning payment endpoint. */
  lookupNotPayEndpoint: 'The address does not answer as a Lightning payment endpoint (LNURL-pay)',
  lookupNotFound: (status: number) => `The address's server answered HTTP ${status}`,
  lookupNotJson: "The address's server did not answer with JSON",
  suggestedInvalid: 'Enter the suggested amount in BTC, e.g. 0.00000005',
  valid: 'Valid',
  invalid: 'Invalid',
  addressChecking: 'Checking…',
  addressFound: 'Lightning address found',
  disableTitle: 'Turn off Value4Value?',
  disableMessage: (recipients: number) =>
    recipients === 0
      ? 'The Value4Value block will be removed from this episode.'
      : `The Value4Value block and its ${recipients === 1 ? 'recipient' : `${recipients} recipients`} will be removed from this episode.`,
} as const;

/** 1 BTC is 1e8 sats. */
export const SATS_PER_BTC = 100_000_000;
/** Spec 2 §9: 0.00000005 BTC, 5 sats. */
export const DEFAULT_SUGGESTED_BTC = 0.00000005;
/** Spec 2 §9: the value-flow example uses about 5 sats when none is suggested. */
export const VALUE_FLOW_FALLBACK_SATS = 5;

/** Spec 2 §2: enabling Value4Value creates a lightning/keysend block with 5 sats suggested and no recipients. */
export function defaultValueBlock(): ValueBlock {
  return { type: 'lightning', method: 'keysend', suggested: DEFAULT_SUGGESTED_BTC, recipients: [] };
}

/** Percentages, rounded to hundredths so that 33.33 + 33.33 + 33.34 is exactly 100. */
function roundPercent(value: number): number {
  return Math.round(value * 100) / 100;
}

export function totalSplit(recipients: ReadonlyArray<Pick<ValueRecipient, 'split'>>): number {
  return roundPercent(
    recipients.reduce((sum, recipient) => sum + (Number.isFinite(recipient.split) ? recipient.split : 0), 0),
  );
}

/** The share not yet given to a recipient (a new recipient defaults to it); `exceptIndex` leaves out the one being edited. */
export function remainingSplit(
  recipients: ReadonlyArray<Pick<ValueRecipient, 'split'>>,
  exceptIndex?: number,
): number {
  const others = recipients.filter((_, index) => index !== exceptIndex);
  return Math.max(0, roundPercent(100 - totalSplit(others)));
}

/**
 * The forms a recipient's address may take. A node public key (33-byte compressed secp256k1 key: 66 hex characters
 * beginning 02 or 03) is what keysend pays and what the podcastindex namespace puts in a 'node' recipient's address,
 * so a podcaster pasting it from their node or wallet expects it to be accepted, for either recipient type; so is a
 * node URI (pubkey@host:port), taken as its key. Beyond those, spec 2 §5: a Lightning address (name@host) or an
 * LNURL (lnurl…).
 */
export type LightningAddressKind = 'node-pubkey' | 'node-uri' | 'lightning-address' | 'lnurl';

const NODE_PUBKEY = /^0[23][0-9a-f]{64}$/i;
const NODE_URI = /^0[23][0-9a-f]{64}@[^\s@]+$/i;
const LNURL = /^lnurl[0-9a-z]+$/i;
/** LUD-16: a username of a-z0-9-_.+ at a host name (with an optional port). */
const LIGHTNING_ADDRESS = /^[a-z0-9._+-]+@([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$/i;

export function lightningAddressKind(address: string): LightningAddressKind | null {
  const trimmed = address.trim();
  if (NODE_PUBKEY.test(trimmed)) return 'node-pubkey';
  if (NODE_URI.test(trimmed)) return 'node-uri';
  if (LNURL.test(trimmed)) return 'lnurl';
  if (LIGHTNING_ADDRESS.test(trimmed)) return 'lightning-address';
  return null;
}

/** The format check of spec 2 §5 (contains @ or starts with lnurl), plus node public keys. */
export function lightningAddressFormatOk(address: string): boolean {
  return lightningAddressKind(address) !== null;
}

/** A name@host address is checked further with the host's `/.well-known/lnurlp/name` (LUD-16). */
export function lightningAddressNeedsLookup(address: string): boolean {
  return lightningAddressKind(address) === 'lightning-address';
}

/** Spec 2 §5: after a failed lookup the address is still valid when it starts with lnurl. */
export function lightningAddressValidAfterLookup(address: string, lookupFound: boolean): boolean {
  return lookupFound || /^lnurl/i.test(address.trim());
}

/** The LUD-16 well-known URL of a name@host address. */
export function lightningAddressLookupUrl(address: string): string {
  const [name, host] = address.trim().split('@') as [string, string];
  return `https://${host.toLowerCase()}/.well-known/lnurlp/${encodeURIComponent(name.toLowerCase())}`;
}

/** A recipient's name and address rules, with paths inside the recipient. */
function recipientIdentityProblems(recipient: ValueRecipient): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!recipient.name.trim()) problems.push({ path: ['name'], message: valueMessages.nameRequired });
  if (!recipient.address.trim()) problems.push({ path: ['address'], message: valueMessages.addressRequired });
  else if (!lightningAddressFormatOk(recipient.address)) {
    problems.push({ path: ['address'], message: valueMessages.addressInvalid });
  }
  return problems;
}

function splitPositive(split: number): boolean {
  return Number.isFinite(split) && split > 0;
}

/**
 * The rules of one recipient as the editor's form checks it, with paths inside the recipient: its split may not
 * exceed the share the others leave (`exceptIndex` is its own place among `recipients` when it is edited).
 */
export function recipientProblems(
  recipient: ValueRecipient,
  recipients: ReadonlyArray<Pick<ValueRecipient, 'split'>>,
  exceptIndex?: number,
): FieldProblem[] {
  const problems = recipientIdentityProblems(recipient);
  const remaining = remainingSplit(recipients, exceptIndex);
  if (!splitPositive(recipient.split))
    problems.push({ path: ['split'], message: valueMessages.splitNotPositive });
  else if (roundPercent(recipient.split) > remaining) {
    problems.push({ path: ['split'], message: valueMessages.splitExceeds(remaining) });
  }
  return problems;
}

/**
 * Every broken rule of a block, with paths from the episode (`['value', 'recipients', 1, 'split']`), for the catalog
 * to refuse a save and the editor's Validate button. The lookup of name@host addresses is the editor's: here the
 * address is checked for its form.
 */
export function valueBlockProblems(value: ValueBlock | null): FieldProblem[] {
  if (!value) return [];
  const problems: FieldProblem[] = [];
  if (!Number.isFinite(value.suggested) || value.suggested < 0) {
    problems.push({ path: ['value', 'suggested'], message: valueMessages.suggestedNegative });
  }
  if (value.recipients.length === 0) {
    problems.push({ path: ['value', 'recipients'], message: valueMessages.recipientRequired });
    return problems;
  }
  value.recipients.forEach((recipient, index) => {
    for (const problem of recipientIdentityProblems(recipient)) {
      problems.push({ ...problem, path: ['value', 'recipients', index, ...problem.path] });
    }
    if (!splitPositive(recipient.split)) {
      problems.push({
        path: ['value', 'recipients', index, 'split'],
        message: valueMessages.splitNotPositive,
      });
    }
  });
  const total = totalSplit(value.recipients);
  if (total > 100)
    problems.push({ path: ['value', 'recipients'], message: valueMessages.totalSplitExceeds(total) });
  else if (total !== 100)
    problems.push({ path: ['value', 'recipients'], message: valueMessages.splitsMustTotal100 });
  return problems;
}

export interface ValueFlowShare {
  name: string;
  split: number;
  sats: number;
  fee: boolean;
}

export interface ValueFlow {
  /** The amount the example splits: the suggested amount in sats, or about 5 when none is suggested. */
  amountSats: number;
  shares: ValueFlowShare[];
}

/** Spec 2 §9: each recipient's sats are the floor of split percent times the amount. */
export function valueFlow(
  suggestedBtc: number | null | undefined,
  recipients: ReadonlyArray<Pick<ValueRecipient, 'name' | 'split' | 'fee'>>,
): ValueFlow {
  const suggestedSats = Math.round((suggestedBtc ?? 0) * SATS_PER_BTC);
  const amountSats = suggestedSats > 0 ? suggestedSats : VALUE_FLOW_FALLBACK_SATS;
  return {
    amountSats,
    shares: recipients.map((recipient) => ({
      name: recipient.name,
      split: recipient.split,
      // The epsilon keeps 0.29 × 100 (28.999…) at 29.
      sats: Math.floor((Math.max(0, recipient.split) * amountSats) / 100 + 1e-9),
      fee: recipient.fee ?? false,
    })),
  };
}

export function btcToSats(btc: number): number {
  return Math.round(btc * SATS_PER_BTC);
}

export function satsToBtc(sats: number): number {
  return sats / SATS_PER_BTC;
}

/** `GET /api/lightning-addresses/lookup?address=name@host`. */
export const lightningLookupQuerySchema = z.object({
  address: z
    .string()
    .trim()
    .min(1, valueMessages.addressRequired)
    .max(400)
    .refine(lightningAddressNeedsLookup, valueMessages.addressInvalid),
});
export type LightningLookupQuery = z.infer<typeof lightningLookupQuerySchema>;

/** LUD-06: what a Lightning address's well-known URL answers when it can be paid. */
export const lnurlPayResponseSchema = z
  .object({
    tag: z.literal('payRequest'),
    callback: z.url(),
    minSendable: z.number().int().positive(),
    maxSendable: z.number().int().positive(),
    metadata: z.string().optional(),
  })
  .refine((response) => response.minSendable <= response.maxSendable);

export const lightningLookupReplySchema = z.object({
  address: z.string(),
  /** Spec 2 §5: a found LNURL-pay endpoint, or an address starting with lnurl. */
  valid: z.boolean(),
  /** Why the lookup found no endpoint; null when it found one. */
  reason: z.string().nullable(),
  /** The endpoint found, in millisatoshis as LUD-06 gives them. */
  endpoint: z.object({ callback: z.string(), minSendable: z.number(), maxSendable: z.number() }).nullable(),
});
export type LightningLookupReply = z.infer<typeof lightningLookupReplySchema>;
