// Benchmark of feed generation (issue 11): the full feed of a 10,000-episode podcast written by Castbase's streaming
// FeedWriter, beside the `podcast` npm package (another generator) on the same data, each in a child process of its
// own, BENCH_RUNS times. Both write to the same kind of sink: a file (default) or, with BENCH_SINK=gzip, a gzip stream
// into a file, as the feeds service stores its documents. FeedWriter is fed in pages of 200 episodes, as the feeds
// service reads them from the catalog; the package gets every item added, then builds its document.
//
// Time: from the first byte of work to the sink's 'finish'. Memory above each process's base (measured after the
// episodes are built and a full GC): peak RSS from the kernel's high-water mark (VmHWM, reset at the base through
// /proc/self/clear_refs) and peak V8 heap, sampled every 2 ms and after every page. Targets: time ≤ 0.5× the
// package's, peak ≤ 50 MB above base. Prints figures; asserts nothing.
//
//   npm run bench:feed-generation            (builds the contracts and feeds libraries first)
//   BENCH_RUNS=5 BENCH_EPISODES=10000 BENCH_SINK=gzip node tools/bench/feed-generation.mjs
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { createGzip } from 'node:zlib';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const EPISODES = Number(process.env.BENCH_EPISODES ?? 10_000);
const SINK = process.env.BENCH_SINK === 'gzip' ? 'gzip' : 'file';
const PAGE = 200;
const PUBLIC_URL = 'https://podcasts.example.com';
const TARGET_TIME_RATIO = 0.5;
const TARGET_PEAK_MB = 50;
const MB = 1024 * 1024;

const PODCAST_ID = '0b7a4c1e-3f6d-4a58-9c2e-6d1f8b3a9e01';

/** A fully filled podcast, as the catalog answers it. */
function benchPodcast() {
  return {
    id: PODCAST_ID,
    ownerId: 'owner-1',
    ownerUsername: 'ada',
    name: 'Signal & Noise',
    slug: 'signal-and-noise',
    description: '<p>Conversations about building software, <b>weekly</b>.</p>'.repeat(8),
    language: 'en',
    category: 'Technology',
    author: 'Ada Lovelace',
    coHosts: ['Charles Babbage'],
    explicit: false,
    type: 'episodic',
    visibility: 'public',
    artworkUrl: 'https://cdn.example/art.jpg',
    artworkMediaId: null,
    audioBitrateKbps: null,
    tags: ['podcast'],
    websiteUrl: 'https://signal.example',
    email: 'ada@example.org',
    ownerName: 'Ada Lovelace',
    ownerEmail: 'ada@example.org',
    copyright: '© 2025 Signal & Noise, Ada Lovelace. All rights reserved.',
    fundingLinks: [{ label: 'Support us', url: 'https://ko-fi.example/signal' }],
    socialLinks: [],
    podcastGuid: '5d2c6a1b-8e4f-5a3b-9c7d-1e2f3a4b5c6d',
    podcastLocked: true,
    podcastMedium: 'podcast',
    podcastPersons: [{ name: 'Grace Hopper', role: 'Producer' }],
    lightningAddress: 'ada@getalby.com',
    valueEnabled: true,
    feedBlock: false,
    feedComplete: false,
    license: { identifier: 'CC-BY-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
    location: { name: 'London', geo: '51.5074,-0.1278', osm: 'R65606' },
    updateFrequency: { text: 'Every Monday', rrule: 'FREQ=WEEKLY;BYDAY=MO', complete: false },
    podroll: [
      { feedGuid: '917393e3-1b1e-5cef-ace4-edaa54e1f810', feedUrl: 'https://other.example/feed.xml' },
    ],
    txt: [{ purpose: 'verify', value: 'S6lpp-7ZCn8-dZfGc-OoyaG' }],
    privateAccessToken: null,
    role: 'owner',
    createdAt: '2000-01-01T09:00:00.000Z',
    updatedAt: '2025-01-02T09:00:00.000Z',
  };
}

/** Episode `index` (0 is the newest), with every Podcasting 2.0 field filled. */
function benchEpisode(index) {
  const suffix = String(index).padStart(12, '0');
  const id = `7e0c2b44-1d5a-4f3e-8b6c-${suffix}`;
  const published = new Date(Date.UTC(2025, 0, 1) - index * 86_400_000).toISOString();
  return {
    id,
    podcastId: PODCAST_ID,
    ownerId: 'owner-1',
    title: `Episode ${EPISODES - index}: on streams & back-pressure`,
    description:
      `<p>In this episode we talk about <a href="https://example.org/${index}">streams</a> & buffers.</p>`.repeat(
        6,
      ),
    status: 'published',
    episodeType: 'full',
    explicit: false,
    seasonNumber: 1 + Math.floor(index / 100),
    episodeNumber: EPISODES - index,
    guid: `castbase-episode-${suffix}`,
    media: {
      mediaId: `9a8b7c6d-5e4f-4a3b-8c2d-${suffix}`,
      fileName: `episode-${index}.mp3`,
      mimeType: 'audio/mpeg',
      sizeBytes: 28_000_000 + index,
      durationSeconds: 1_834,
      storageKey: `public/media/${suffix}.mp3`,
      url: `https://storage.example/media/${suffix}.mp3`,
    },
    durationSeconds: 1_834,
    artworkMediaId: null,
    artworkUrl: `https://cdn.example/episodes/${index}.jpg`,
    tags: [],
    enableRss: true,
    enableVideo: false,
    podcastBlock: false,
    transcripts: [
      {
        id: 't1',
        url: `https://storage.example/t/${suffix}.vtt`,
        type: 'text/vtt',
        language: 'en',
        rel: 'captions',
      },
    ],
    chapters: [{ id: 'c1', startTime: 0, title: 'Intro', toc: true }],
    soundbites: [{ id: 's1', startTime: 73, duration: 45, title: 'The best bit' }],
    persons: [
      { id: 'p1', name: 'Ada Lovelace', role: 'Host' },
      { id: 'p2', name: `Guest ${index}`, role: 'Guest', href: `https://guests.example/${index}` },
    ],
    value: {
      type: 'lightning',
      method: 'keysend',
      suggested: 0.00000005,
      recipients: [
        {
          name: 'Ada',
          type: 'node',
          address: '02d5c1bf8b940dc9cadca86d1b0a3c37fbe39cee4c7e839e33bef9174531d27f52',
          split: 90,
        },
        {
          name: 'Guest',
          type: 'node',
          address: '03ae9f91a0cb8ff43840e3c322c4c61f019d8c1c3cea15a25cfc425ac605e61a4a',
          split: 10,
        },
      ],
    },
    location: { name: 'London', geo: '51.5074,-0.1278' },
    funding: [{ url: 'https://ko-fi.example/signal', title: 'Support us' }],
    license: { identifier: 'CC-BY-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
    alternateEnclosures: [
      {
        type: 'audio/opus',
        length: 9_000_000,
        bitrate: 32000,
        sources: [`https://storage.example/media/${suffix}.opus`],
      },
    ],
    plays: 0,
    publishDate: published,
    scheduledReleaseDate: null,
    revision: 1,
    createdAt: published,
    updatedAt: published,
  };
}

/** The same episode's Podcasting 2.0 tags, as the `podcast` package takes them (custom elements). */
function packageCustomElements(episode) {
  const elements = [
    { 'podcast:season': episode.seasonNumber },
    { 'podcast:episode': episode.episodeNumber },
    ...episode.transcripts.map((t) => ({
      'podcast:transcript': { _attr: { url: t.url, type: t.type, language: t.language, rel: t.rel } },
    })),
    {
      'podcast:chapters': {
        _attr: { url: `${PUBLIC_URL}/api/chapters/${episode.id}.json`, type: 'application/json+chapters' },
      },
    },
    ...episode.soundbites.map((s) => ({
      'podcast:soundbite': [{ _attr: { startTime: s.startTime, duration: s.duration } }, s.title],
    })),
    ...episode.persons.map((p) => ({
      'podcast:person': [{ _attr: { role: p.role.toLowerCase(), href: p.href } }, p.name],
    })),
    { 'podcast:location': [{ _attr: { geo: `geo:${episode.location.geo}` } }, episode.location.name] },
    { 'podcast:license': [{ _attr: { url: episode.license.url } }, episode.license.identifier] },
    ...episode.alternateEnclosures.map((a) => ({
      'podcast:alternateEnclosure': [
        { _attr: { type: a.type, length: a.length, bitrate: a.bitrate } },
        ...a.sources.map((uri) => ({ 'podcast:source': { _attr: { uri } } })),
      ],
    })),
    {
      'podcast:value': [
        {
          _attr: {
            type: episode.value.type,
            method: episode.value.method,
            suggested: episode.value.suggested.toFixed(11),
          },
        },
        ...episode.value.recipients.map((r) => ({
          'podcast:valueRecipient': {
            _attr: { name: r.name, type: r.type, address: r.address, split: r.split },
          },
        })),
      ],
    },
    ...episode.funding.map((f) => ({ 'podcast:funding': [{ _attr: { url: f.url } }, f.title] })),
  ];
  return elements;
}

function openSink(path) {
  const file = createWriteStream(path);
  if (SINK === 'file') return { stream: file, done: new Promise((resolve) => file.on('finish', resolve)) };
  const gzip = createGzip();
  gzip.pipe(file);
  return { stream: gzip, done: new Promise((resolve) => file.on('finish', resolve)) };
}

/** Waits until the stream has taken what it was given (back-pressure), as a service writing page by page would. */
function drained(stream) {
  return stream.writableNeedDrain
    ? new Promise((resolve) => stream.once('drain', resolve))
    : Promise.resolve();
}

async function runChild(generator) {
  const episodes = Array.from({ length: EPISODES }, (_, index) => benchEpisode(index));
  const podcast = benchPodcast();
  const { FeedWriter } = await import('../../libs/feeds/dist/rss/feed-writer.js');
  const { Podcast } = await import('podcast');
  const out = join(tmpdir(), `castbase-bench-feed-${process.pid}.xml${SINK === 'gzip' ? '.gz' : ''}`);

  globalThis.gc();
  globalThis.gc();
  writeFileSync('/proc/self/clear_refs', '5');
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  const sample = () => {
    peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
  };
  const sampler = setInterval(sample, 2);

  const started = performance.now();
  const sink = openSink(out);
  if (generator === 'castbase') {
    const writer = new FeedWriter(
      { podcast, trailers: [], feedEpisodeCount: EPISODES },
      {
        publicUrl: PUBLIC_URL,
        variant: { kind: 'full' },
        token: null,
        newFeedUrl: null,
        websubHubs: [],
        podping: false,
      },
      (chunk) => sink.stream.write(chunk),
    );
    for (let start = 0; start < EPISODES; start += PAGE) {
      for (const episode of episodes.slice(start, start + PAGE)) writer.item(episode);
      sample();
      await drained(sink.stream);
    }
    writer.end();
  } else {
    const feed = new Podcast({
      title: podcast.name,
      description: podcast.description,
      feedUrl: `${PUBLIC_URL}/feeds/ada/signal-and-noise-full.xml`,
      siteUrl: podcast.websiteUrl,
      imageUrl: podcast.artworkUrl,
      author: podcast.author,
      copyright: podcast.copyright,
      language: podcast.language,
      ttl: 60,
      itunesAuthor: podcast.author,
      itunesOwner: { name: podcast.ownerName, email: podcast.ownerEmail },
      itunesExplicit: podcast.explicit,
      itunesCategory: [{ text: podcast.category }],
      itunesImage: podcast.artworkUrl,
      itunesType: podcast.type,
      namespaces: { podcast: true },
      customElements: [
        { 'podcast:guid': podcast.podcastGuid },
        { 'podcast:locked': [{ _attr: { owner: podcast.ownerEmail } }, 'yes'] },
      ],
    });
    for (let start = 0; start < EPISODES; start += PAGE) {
      for (const episode of episodes.slice(start, start + PAGE)) {
        feed.addItem({
          title: episode.title,
          description: episode.description,
          content: episode.description,
          url: `${PUBLIC_URL}/episode/${episode.id}`,
          guid: episode.guid,
          date: new Date(episode.publishDate),
          enclosure: {
            url: `${PUBLIC_URL}/e/${PODCAST_ID}/${episode.id}/${episode.media.fileName}`,
            size: episode.media.sizeBytes,
            type: episode.media.mimeType,
          },
          itunesDuration: episode.media.durationSeconds,
          itunesEpisodeType: episode.episodeType,
          itunesExplicit: episode.explicit,
          itunesSeason: episode.seasonNumber,
          itunesEpisode: episode.episodeNumber,
          itunesImage: episode.artworkUrl,
          customElements: packageCustomElements(episode),
        });
      }
      sample();
      await Promise.resolve();
    }
    const xml = feed.buildXml();
    sample();
    sink.stream.write(xml);
  }
  sink.stream.end();
  await sink.done;
  const ms = performance.now() - started;
  clearInterval(sampler);
  sample();

  const status = readFileSync('/proc/self/status', 'utf8');
  const peakRssKb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  const bytes = statSync(out).size;
  rmSync(out, { force: true });
  process.stdout.write(
    JSON.stringify({
      ms,
      bytes,
      peakRss: peakRssKb * 1024 - base.rss,
      peakHeap: peakHeap - base.heapUsed,
      baseRss: base.rss,
    }),
  );
}

function runInChild(generator) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', fileURLToPath(import.meta.url), `--child=${generator}`],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: process.env,
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`${generator} child exited ${code}`)),
    );
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (bytes) => (bytes / MB).toFixed(1);

async function main() {
  const childArgument = process.argv.find((argument) => argument.startsWith('--child='));
  if (childArgument) return runChild(childArgument.slice('--child='.length));

  console.log(`Full feed of ${EPISODES} episodes, ${RUNS} runs each, sink: ${SINK}, node ${process.version}`);
  try {
    console.log(`CPU: ${execFileSync('nproc').toString().trim()} cores`);
  } catch {
    // nproc is informative only
  }
  const results = { castbase: [], podcast: [] };
  for (let run = 0; run < RUNS; run++) {
    for (const generator of ['castbase', 'podcast']) results[generator].push(await runInChild(generator));
  }
  const summary = Object.fromEntries(
    Object.entries(results).map(([generator, runs]) => [
      generator,
      {
        ms: median(runs.map((r) => r.ms)),
        bytes: runs[0].bytes,
        peakRss: Math.max(...runs.map((r) => r.peakRss)),
        peakHeap: Math.max(...runs.map((r) => r.peakHeap)),
        baseRss: median(runs.map((r) => r.baseRss)),
      },
    ]),
  );
  const { castbase, podcast } = summary;
  const row = (label, s) =>
    `${label.padEnd(22)} ${s.ms.toFixed(0).padStart(8)} ms ${mb(s.bytes).padStart(8)} MB out ${mb(s.peakRss).padStart(8)} MB RSS ${mb(s.peakHeap).padStart(8)} MB heap (base RSS ${mb(s.baseRss)} MB)`;
  console.log(
    `${''.padEnd(22)} ${'time'.padStart(11)} ${'document'.padStart(15)} ${'peak above base'.padStart(29)}`,
  );
  console.log(row('FeedWriter', castbase));
  console.log(row('podcast (npm package)', podcast));
  const ratio = castbase.ms / podcast.ms;
  console.log(
    `time ratio ${ratio.toFixed(2)}× (target ≤ ${TARGET_TIME_RATIO}×: ${ratio <= TARGET_TIME_RATIO ? 'met' : 'missed'}); ` +
      `FeedWriter peak ${mb(Math.max(castbase.peakRss, castbase.peakHeap))} MB above base (target ≤ ${TARGET_PEAK_MB} MB: ${Math.max(castbase.peakRss, castbase.peakHeap) <= TARGET_PEAK_MB * MB ? 'met' : 'missed'})`,
  );
}

await main();
