import { FEED_ITEM_LIMITS, type Episode, type FeedVariant, type Podcast } from '@castbase/contracts';
import { createCB } from 'xmlbuilder2';
import { channelNodes } from './channel-nodes.js';
import { releaseDate } from './feed-episodes.js';
import { itemNodes } from './item-nodes.js';
import { RSS_NAMESPACES, serializeNode, writeNode, type XmlStreamBuilder } from './xml-node.js';

/** What the catalog hands over up front (`catalog.feed-source.get`): the items come afterwards, page by page. */
export interface FeedChannel {
  podcast: Podcast;
  trailers: readonly Episode[];
  /** Published episodes with RSS enabled: every variant together (decides the archive pages). */
  feedEpisodeCount: number;
}

export interface FeedWriterOptions {
  /** PUBLIC_URL, no trailing slash. */
  publicUrl: string;
  variant: FeedVariant;
  /** A private podcast's token: every feed URL (self, paging links) and every enclosure URL carries ?token=. */
  token: string | null;
  /** itunes:new-feed-url when the podcast moved. */
  newFeedUrl: string | null;
  /** One atom:link rel="hub" each. */
  websubHubs: readonly string[];
  /** <podcast:podping usesPodping="true"/>. */
  podping: boolean;
}

export interface FeedWriteResult {
  itemCount: number;
  /** The newest change of the podcast, its trailers and this variant's items: the channel's lastBuildDate. */
  lastBuildDate: Date;
  /** Items written without an enclosure (an episode whose media is gone); the validation report counts them. */
  itemsWithoutEnclosure: number;
  /** UTF-8 bytes handed to the sink. */
  byteSize: number;
}

/** Chunks handed to the sink are about this long (characters), so a file or gzip stream gets few large writes. */
const SINK_CHUNK_LENGTH = 64 * 1024;
/** A full feed above this many items opens with a comment pointing apps at the paged main feed (spec 2 §9). */
const FULL_FEED_COMMENT_ABOVE = FEED_ITEM_LIMITS.main;

/**
 * Streams one variant of a podcast's RSS 2.0 feed (iTunes, content, Atom and Podcasting 2.0 namespaces) into `sink`:
 * the channel when constructed, one `<item>` per `item()` call, and `lastBuildDate` and the closing tags on `end()`.
 * Nothing of the document is kept beyond the current chunk, so a 10,000-episode feed never sits in memory. The same
 * input gives the same bytes, so an unchanged podcast keeps its ETag.
 */
export class FeedWriter {
  private readonly builder: XmlStreamBuilder;
  private readonly itemContext: { publicUrl: string; token: string | null };
  private pending = '';
  private byteSize = 0;
  private itemCount = 0;
  private itemsWithoutEnclosure = 0;
  private newestChange: number;
  private ended = false;

  constructor(
    channel: FeedChannel,
    options: FeedWriterOptions,
    private readonly sink: (chunk: string) => void,
  ) {
    this.itemContext = { publicUrl: options.publicUrl, token: options.token };
    this.newestChange = Date.parse(channel.podcast.updatedAt);
    for (const trailer of channel.trailers) this.noteChange(trailer);

    this.builder = createCB({
      data: (chunk: string) => this.write(chunk),
      error: (error: Error) => {
        throw error;
      },
      wellFormed: true,
      prettyPrint: false,
    });
    this.builder.dec({ version: '1.0', encoding: 'UTF-8' });
    if (options.variant.kind === 'full') {
      const items = Math.min(channel.feedEpisodeCount, FEED_ITEM_LIMITS.full);
      if (items > FULL_FEED_COMMENT_ABOVE) this.builder.com(fullFeedComment(items));
    }
    this.builder.ele('rss', {
      version: '2.0',
      'xmlns:itunes': RSS_NAMESPACES.itunes,
      'xmlns:podcast': RSS_NAMESPACES.podcast,
      'xmlns:atom': RSS_NAMESPACES.atom,
      'xmlns:content': RSS_NAMESPACES.content,
    });
    this.builder.ele('channel');
    for (const node of channelNodes({ ...channel, ...options })) writeNode(this.builder, node);
  }

  /** Adds an episode; called newest first, only for the episodes this variant holds (`feedVariantRange`). */
  item(episode: Episode): void {
    if (this.ended) throw new Error('FeedWriter.item() after end()');
    this.write(serializeNode({ name: 'item', children: itemNodes(episode, this.itemContext) }));
    this.itemCount += 1;
    if (!episode.media) this.itemsWithoutEnclosure += 1;
    this.noteChange(episode);
  }

  /** Writes lastBuildDate (RSS 2.0 does not order a channel's elements) and closes the document. */
  end(): FeedWriteResult {
    if (this.ended) throw new Error('FeedWriter.end() called twice');
    this.ended = true;
    const lastBuildDate = new Date(this.newestChange);
    writeNode(this.builder, { name: 'lastBuildDate', text: lastBuildDate.toUTCString() });
    this.builder.end();
    this.flush();
    return {
      itemCount: this.itemCount,
      lastBuildDate,
      itemsWithoutEnclosure: this.itemsWithoutEnclosure,
      byteSize: this.byteSize,
    };
  }

  private noteChange(episode: Episode): void {
    this.newestChange = Math.max(
      this.newestChange,
      Date.parse(episode.updatedAt),
      Date.parse(releaseDate(episode)),
    );
  }

  private write(chunk: string): void {
    this.pending += chunk;
    if (this.pending.length >= SINK_CHUNK_LENGTH) this.flush();
  }

  private flush(): void {
    if (this.pending === '') return;
    const chunk = this.pending;
    this.pending = '';
    this.byteSize += Buffer.byteLength(chunk);
    this.sink(chunk);
  }
}

function fullFeedComment(items: number): string {
  return ` This feed lists all ${items} episodes of the podcast in one document. Podcast apps should subscribe to the main feed, which holds the newest ${FEED_ITEM_LIMITS.main} and links older episodes page by page (RFC 5005). `;
}
