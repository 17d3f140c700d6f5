import { XMLValidator } from 'fast-xml-parser';
import { parseFeed, FeedType, type FeedObject } from 'podcast-partytime';
import {
  DomainError,
  FEED_IMPORT_MAX_BYTES,
  FEED_IMPORT_TIMEOUT_MS,
  feedImportMessages,
  isDomainError,
} from '@castbase/contracts';
import type { RemoteFetcher } from '@castbase/platform-remote-fetch';

const FEED_ACCEPT = 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

/** An internal DTD subset that declares an entity: the start of every entity-expansion attack (billion laughs). */
const ENTITY_DECLARATION = /<!DOCTYPE[^>[]*\[[\s\S]*?<!ENTITY/i;

/**
 * The old feed, fetched through the guarded fetcher (no private addresses unless FEED_FETCH_ALLOW_PRIVATE, checked
 * redirects, a deadline, at most FEED_IMPORT_MAX_BYTES), then parsed. Every way it can fail is a DomainError with
 * the message of feedImportMessages.
 */
export async function fetchFeedDocument(fetcher: RemoteFetcher, url: string): Promise<FeedObject> {
  try {
    const response = await fetcher.fetch(url, {
      accept: FEED_ACCEPT,
      maxBytes: FEED_IMPORT_MAX_BYTES,
      timeoutMs: FEED_IMPORT_TIMEOUT_MS,
    });
    return parseFeedDocument(response.body.toString('utf8'));
  } catch (error) {
    if (isDomainError(error) && error.code === 'REMOTE_FILE_TOO_LARGE') {
      throw new DomainError('REMOTE_FILE_TOO_LARGE', feedImportMessages.tooLarge, {
        maxBytes: FEED_IMPORT_MAX_BYTES,
      });
    }
    throw error;
  }
}

/**
 * A feed document as podcast-partytime reads it, refused before any parsing when it declares entities: the
 * podcast-partytime parser (fast-xml-parser) would expand them, and no podcast feed needs one. Then it must be
 * well-formed XML (checked first: podcast-partytime logs the whole document of a feed it cannot read) with an
 * RSS channel that has a title.
 */
export function parseFeedDocument(text: string): FeedObject {
  const xml = text.replace(/^\uFEFF/, '').trim();
  if (xml.length > FEED_IMPORT_MAX_BYTES) {
    throw new DomainError('REMOTE_FILE_TOO_LARGE', feedImportMessages.tooLarge, {
      maxBytes: FEED_IMPORT_MAX_BYTES,
    });
  }
  if (ENTITY_DECLARATION.test(xml.slice(0, prologEnd(xml)))) {
    throw new DomainError('VALIDATION_FAILED', feedImportMessages.entities, { reason: 'entities' });
  }
  if (XMLValidator.validate(xml) !== true) {
    throw new DomainError('VALIDATION_FAILED', feedImportMessages.notXml, { reason: 'not-xml' });
  }
  const feed = parseFeed(xml);
  if (!feed || feed.type !== FeedType.RSS) {
    throw new DomainError('VALIDATION_FAILED', feedImportMessages.notRss, { reason: 'not-rss' });
  }
  if (!feed.title?.toString().trim()) {
    throw new DomainError('VALIDATION_FAILED', feedImportMessages.noTitle, { reason: 'no-title' });
  }
  return feed;
}

/** Where the document's root element starts: a DOCTYPE and its internal subset come before it. */
function prologEnd(xml: string): number {
  const root = xml.search(/<(?![?!])/);
  const doctype = xml.search(/<!DOCTYPE/i);
  if (doctype === -1) return root === -1 ? xml.length : root;
  // The internal subset may hold '<' of its own declarations: read up to its closing ']>'.
  const subsetEnd = xml.indexOf(']>', doctype);
  return Math.max(root, subsetEnd === -1 ? xml.length : subsetEnd + 2);
}
