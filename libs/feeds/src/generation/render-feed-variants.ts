import {
  FEED_EPISODES_PAGE_MAX,
  feedVariantKey,
  feedVariantRange,
  feedVariantsFor,
  type Episode,
  type FeedVariant,
  type GeneratedFeedFacts,
} from '@castbase/contracts';
import { releaseDate } from '../rss/feed-episodes.js';
import { FeedWriter, type FeedChannel, type FeedWriterOptions } from '../rss/feed-writer.js';
import { generatedFeedFacts } from '../rss/generated-feed-facts.js';
import { VariantOutput, type FinishedVariant } from './variant-output.js';

export interface RenderedVariant {
  variant: FeedVariant;
  /** feedVariantKey. */
  key: string;
  itemCount: number;
  /** What `validateGeneratedFeed` checks, taken as the writer ended. */
  facts: GeneratedFeedFacts;
  output: FinishedVariant;
}

export type EpisodePageAfter = { releaseDate: string; id: string } | null;

export interface RenderFeedVariantsInput {
  channel: FeedChannel;
  /** Where the variants' temporary files go. */
  directory: string;
  writerOptions: (variant: FeedVariant) => FeedWriterOptions;
  /** One page of feed episodes, newest first, after the given one (`catalog.feed-source.episodes`). */
  episodesAfter: (after: EpisodePageAfter, limit: number) => Promise<readonly Episode[]>;
}

interface OpenVariant {
  variant: FeedVariant;
  range: { start: number; end: number };
  options: FeedWriterOptions;
  writer: FeedWriter;
  output: VariantOutput;
}

/**
 * Renders every variant of a podcast's feed in one pass over its episodes: each page from the catalog goes to the
 * writers of the variants whose range holds each episode's index. Main, recent, preview and full are open from the
 * start; an archive page opens when its first episode arrives and is finished as soon as its last one is written, so
 * at most one archive page is open at a time.
 */
export async function renderFeedVariants(input: RenderFeedVariantsInput): Promise<RenderedVariant[]> {
  const variants = feedVariantsFor(input.channel.feedEpisodeCount);
  const archives = variants.filter((variant) => variant.kind === 'archive');
  const open: OpenVariant[] = [];
  const finishing: Array<Promise<RenderedVariant>> = [];
  const openVariant = (variant: FeedVariant) => {
    const output = new VariantOutput(input.directory, feedVariantKey(variant));
    const options = input.writerOptions(variant);
    const writer = new FeedWriter(input.channel, options, output.write);
    open.push({ variant, range: feedVariantRange(variant), options, writer, output });
  };
  const finish = (entry: OpenVariant) => {
    open.splice(open.indexOf(entry), 1);
    const written = entry.writer.end();
    const facts = generatedFeedFacts(input.channel, entry.options, written);
    finishing.push(
      entry.output.finish().then((output) => ({
        variant: entry.variant,
        key: feedVariantKey(entry.variant),
        itemCount: written.itemCount,
        facts,
        output,
      })),
    );
  };

  try {
    for (const variant of variants) if (variant.kind !== 'archive') openVariant(variant);
    const lastIndex = Math.max(...variants.map((variant) => feedVariantRange(variant).end));
    const pageLimit = (from: number) => Math.min(FEED_EPISODES_PAGE_MAX, lastIndex - from);
    let index = 0;
    let nextArchive = 0;
    // The next page is asked for before the streams are waited on, so the catalog works while zlib compresses.
    let nextPage: Promise<readonly Episode[]> | null = input.episodesAfter(null, pageLimit(0));
    while (nextPage) {
      const limit = pageLimit(index);
      const page = await nextPage;
      nextPage = null;
      for (const episode of page) {
        const archive = archives[nextArchive];
        if (archive && feedVariantRange(archive).start === index) {
          openVariant(archive);
          nextArchive += 1;
        }
        for (const entry of [...open]) {
          if (index >= entry.range.start && index < entry.range.end) entry.writer.item(episode);
          if (index + 1 >= entry.range.end) finish(entry);
        }
        index += 1;
      }
      const last = page.at(-1);
      if (last && page.length === limit && index < lastIndex) {
        nextPage = input.episodesAfter({ releaseDate: releaseDate(last), id: last.id }, pageLimit(index));
      }
      await Promise.all(open.map((entry) => entry.output.drain()));
    }
    for (const entry of [...open]) finish(entry);
    return await Promise.all(finishing);
  } catch (error) {
    for (const entry of open) entry.output.abort();
    await Promise.allSettled(finishing);
    throw error;
  }
}
