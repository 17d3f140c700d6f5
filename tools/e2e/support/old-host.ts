import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Podcast as PodcastFeed } from 'podcast';
import { renderToneMp3, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { solidPng } from './web-journey.js';

// Another podcast host for the import tests: a real HTTP server on 127.0.0.1 serving feeds made by another generator
// (the `podcast` npm package), one small real MP3 (ffmpeg) as every enclosure, artwork and a JSON chapters file.

/** One item of the old feed. */
export interface OldEpisode {
  number: number;
  guid: string;
  title: string;
  date: Date;
  season: number;
  /** 'missing' points the enclosure at a file the old host no longer has (404). */
  file?: 'ok' | 'missing';
}

export interface OldFeedOptions {
  title: string;
  episodes: OldEpisode[];
  /** podcast:locked yes with this owner. */
  lockedBy?: string;
  podcastGuid?: string;
}

export interface OldHost {
  url: string;
  mp3Bytes: number;
  /** Serves (or replaces) the feed at /{name}.xml. */
  publish(name: string, options: OldFeedOptions): string;
  /** Serves a raw document at /{name}.xml. */
  publishRaw(name: string, body: string | (() => AsyncIterable<string>)): string;
  /** Paths the server was asked for. */
  hits: string[];
  close(): Promise<void>;
}

const FIRST_DATE = Date.UTC(2015, 0, 5, 6, 0, 0);

/** `count` weekly episodes, oldest first, numbered from `from`. */
export function oldEpisodes(count: number, from = 1): OldEpisode[] {
  return Array.from({ length: count }, (_, index) => {
    const number = from + index;
    return {
      number,
      guid: `old-host-${number.toString().padStart(4, '0')}-${(number * 7919).toString(36)}`,
      title: `Episode ${number}: the ${number % 2 ? 'odd' : 'even'} one`,
      date: new Date(FIRST_DATE + (number - 1) * 7 * 24 * 3600_000),
      season: Math.ceil(number / 100),
    };
  });
}

export const CHAPTERS_OF_EPISODE_1 = {
  version: '1.2.0',
  chapters: [
    { startTime: 0, title: 'Hello' },
    { startTime: 1, title: 'The news', url: 'https://old-host.example/news' },
  ],
};

export async function startOldHost(workFolder: string): Promise<OldHost> {
  const mp3Path = join(workFolder, 'episode.mp3');
  await renderToneMp3(resolveFfmpegBinaries(), mp3Path, 2);
  const mp3 = await readFile(mp3Path);
  const artwork = solidPng(1400, 1400);
  const documents = new Map<string, string | (() => AsyncIterable<string>)>();
  const hits: string[] = [];

  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.push(path);
    const document = documents.get(path);
    if (document !== undefined) {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      if (typeof document === 'string') return void response.end(document);
      void (async () => {
        try {
          for await (const chunk of document()) {
            if (response.destroyed) return;
            if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
          }
          response.end();
        } catch {
          response.destroy();
        }
      })();
      return;
    }
    if (/^\/media\/\d+\.mp3$/.test(path)) {
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': mp3.length });
      return void response.end(mp3);
    }
    if (path === '/art.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      return void response.end(artwork);
    }
    if (path === '/chapters/1.json') {
      response.writeHead(200, { 'content-type': 'application/json+chapters' });
      return void response.end(JSON.stringify(CHAPTERS_OF_EPISODE_1));
    }
    response.writeHead(404).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function feedXml(name: string, options: OldFeedOptions): string {
    const feed = new PodcastFeed({
      title: options.title,
      description: 'Conversations about old radios, recorded in a garage.',
      feedUrl: `${url}/${name}.xml`,
      siteUrl: 'https://old-host.example/show',
      language: 'en-gb',
      copyright: '2015 Garage Radio Ltd',
      itunesAuthor: 'Marconi Jones',
      itunesOwner: { name: 'Marconi', email: 'marconi@old-host.example' },
      itunesExplicit: false,
      itunesCategory: [{ text: 'Leisure', subcats: [{ text: 'Hobbies' }] }],
      itunesImage: `${url}/art.png`,
      itunesType: 'serial',
      namespaces: { podcast: true },
      customNamespaces: {},
      customElements: [
        ...(options.podcastGuid ? [{ 'podcast:guid': options.podcastGuid }] : []),
        ...(options.lockedBy ? [{ 'podcast:locked': [{ _attr: { owner: options.lockedBy } }, 'yes'] }] : []),
        { 'podcast:funding': [{ _attr: { url: 'https://old-host.example/support' } }, 'Buy us a valve'] },
        {
          'podcast:person': [
            { _attr: { role: 'host', href: 'https://old-host.example/marconi' } },
            'Marconi Jones',
          ],
        },
        { 'podcast:medium': 'podcast' },
        { 'podcast:license': 'CC-BY-4.0' },
        { 'podcast:location': [{ _attr: { geo: 'geo:51.5,-0.12', osm: 'R65606' } }, 'London'] },
      ],
    });
    // Newest first, as hosts write them.
    for (const episode of [...options.episodes].reverse()) {
      feed.addItem({
        title: episode.title,
        description: `<p>Show notes of episode ${episode.number}.</p>`,
        url: `https://old-host.example/show/${episode.number}`,
        guid: episode.guid,
        date: episode.date,
        enclosure: {
          url:
            episode.file === 'missing'
              ? `${url}/media/gone-${episode.number}.mp3`
              : `${url}/media/${episode.number}.mp3`,
          size: mp3.length,
          type: 'audio/mpeg',
        },
        itunesSeason: episode.season,
        itunesEpisode: episode.number,
        itunesEpisodeType: episode.number === 1 ? 'trailer' : 'full',
        itunesExplicit: episode.number % 10 === 0,
        itunesDuration: 2,
        customElements: [
          {
            'podcast:transcript': {
              _attr: {
                url: `https://old-host.example/show/${episode.number}.vtt`,
                type: 'text/vtt',
                language: 'en',
              },
            },
          },
          { 'podcast:person': [{ _attr: { role: 'guest' } }, `Guest ${episode.number}`] },
          ...(episode.number === 1
            ? [
                {
                  'podcast:chapters': {
                    _attr: { url: `${url}/chapters/1.json`, type: 'application/json+chapters' },
                  },
                },
              ]
            : []),
          {
            'podcast:soundbite': [
              { _attr: { startTime: '0.5', duration: '1' } },
              `Best of ${episode.number}`,
            ],
          },
        ],
      });
    }
    return feed.buildXml();
  }

  return {
    url,
    mp3Bytes: mp3.length,
    hits,
    publish(name, options) {
      documents.set(`/${name}.xml`, feedXml(name, options));
      return `${url}/${name}.xml`;
    },
    publishRaw(name, body) {
      documents.set(`/${name}.xml`, body);
      return `${url}/${name}.xml`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
