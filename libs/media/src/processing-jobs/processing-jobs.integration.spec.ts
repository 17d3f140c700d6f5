import { createHash, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import {
  IMAGE_COMPRESS_ABOVE_BYTES,
  mediaRequests,
  type MediaFile,
  type MediaOutput,
} from '@castbase/contracts';
import {
  probeMedia,
  renderTestAudio,
  renderTestVideo,
  resolveFfmpegBinaries,
  type TestAudioContainer,
} from '@castbase/platform-ffmpeg';
import { waitFor } from '@castbase/platform-testing';
import { MediaFile as MediaFileEntity } from '../files/media-file.entity.js';
import { measureLoudness, type WaveformPeaks } from '../processing/index.js';
import { startMediaTestApp, type MediaTestApp } from '../testing/media-test-app.js';
import { ProcessingJob } from './processing-job.entity.js';
import { ProcessingRunner } from './processing-runner.js';

const binaries = resolveFfmpegBinaries();

/**
 * The upload's own job and the creator's video jobs, run by the media service on real files: what the creator
 * then sees on the media file (figures, loudness, outputs, failed jobs) and what the stored outputs contain.
 */
describe('media processing jobs', () => {
  let media: MediaTestApp;
  const owner = 'owner-processing';
  const podcastId = randomUUID();

  const outputOf = (file: MediaFile, role: string): MediaOutput => {
    const output = file.outputs.find((candidate) => candidate.role === role);
    if (!output) throw new Error(`no ${role} output among ${file.outputs.map((o) => o.role).join(', ')}`);
    return output;
  };
  const download = async (url: string) => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  /** Writes a downloaded output to the work folder, for ffprobe. */
  const saved = async (url: string, name: string) => {
    const path = join(media.workFolder, `${randomUUID()}-${name}`);
    await writeFile(path, await download(url));
    return path;
  };
  const audioFile = async (container: TestAudioContainer, seconds: number, amplitude = 0.5) => {
    const path = join(media.workFolder, `${randomUUID()}.${container}`);
    await renderTestAudio(binaries, path, container, { seconds, amplitude, channels: 2 });
    return path;
  };
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    media = await startMediaTestApp('cbtest_media_processing');
    const art = await media.upload(owner, {
      input: await png(1400, 1400),
      fileName: 'art.png',
      fileType: 'image/png',
      purpose: 'podcast-art',
    });
    expect((await media.processed(owner, art.id)).status).toBe('ready');
    media.catalog.podcasts.set(podcastId, { ownerId: owner, artworkMediaId: art.id });
  });

  afterAll(async () => {
    await media?.close();
  });

  it('probes a WAV, measures its loudness, publishes a tagged 128 kbps CBR MP3 with peaks, and keeps the original', async () => {
    const wav = await audioFile('wav', 6);
    const uploaded = await media.upload(owner, {
      input: wav,
      fileName: 'Interview with Ada.wav',
      fileType: 'audio/wav',
      purpose: 'episode-media',
      podcastId,
    });
    const file = await media.processed(owner, uploaded.id);

    expect(file).toMatchObject({
      status: 'ready',
      kind: 'audio',
      format: 'wav',
      durationSeconds: 6,
      codec: 'pcm_s16le',
      sampleRate: 44_100,
      channels: 2,
      bitrate: 1_411_200,
      mimeType: 'audio/mpeg',
    });
    expect(file.jobs).toEqual([
      expect.objectContaining({ type: 'process-audio', status: 'succeeded', progress: 1, error: null }),
    ]);
    // A 0.5 full-scale sine: its true peak is about −6 dBTP; its loudness is what ffmpeg measures of the original.
    const measured = await measureLoudness(wav, {}, binaries);
    expect(file.loudness).toEqual(measured);
    expect(file.loudness!.truePeakDbtp).toBeGreaterThan(-7);
    expect(file.loudness!.truePeakDbtp).toBeLessThan(-5);

    const published = outputOf(file, 'published');
    expect(file.url).toBe(published.url);
    const mp3 = await download(published.url);
    expect(file.sizeBytes).toBe(mp3.length);
    const probed = await probeMedia(binaries, await saved(published.url, 'published.mp3'));
    expect(probed.audio).toMatchObject({ codec: 'mp3', sampleRate: 44_100, channels: 2 });
    expect(probed.audio?.bitrate).toBe(128_000);
    expect(Math.round(probed.durationSeconds)).toBe(6);

    const tags = await parseBuffer(new Uint8Array(mp3), { mimeType: 'audio/mpeg' });
    expect(tags.common.title).toBe('Interview with Ada');
    expect(tags.common.album).toBe('Signal');
    expect(tags.common.artist).toBe('Test Host');
    expect(tags.common.picture?.[0]?.format).toMatch(/^image\/(jpeg|png)$/);
    expect(tags.format).toMatchObject({ codec: 'MPEG 1 Layer 3', bitrate: 128_000 });

    const peaks = JSON.parse((await download(outputOf(file, 'peaks').url)).toString()) as WaveformPeaks;
    expect(peaks).toMatchObject({ version: 2, channels: 1, bits: 8 });
    expect(peaks.data).toHaveLength(2 * peaks.length);
    expect((peaks.length * peaks.samples_per_pixel) / peaks.sample_rate).toBeCloseTo(6, 0);
    // A steady tone at half scale: every point's extremes sit near ±64 of 8-bit full scale.
    const maxima = peaks.data.filter((_, index) => index % 2 === 1);
    expect(Math.min(...maxima.slice(2, -2))).toBeGreaterThan(55);
    expect(Math.max(...maxima)).toBeLessThan(70);

    const [row] = await media.rows('select original_key from media.media_files where id = ?', [file.id]);
    const original = await media.storage.get(String(row?.['original_key']));
    const chunks: Buffer[] = [];
    for await (const chunk of original.body) chunks.push(chunk as Buffer);
    expect(createHash('sha256').update(Buffer.concat(chunks)).digest('hex')).toBe(
      createHash('sha256')
        .update(await readFile(wav))
        .digest('hex'),
    );
  }, 120_000);

  it('normalises to the podcast norm (−16 LUFS within 1 LU, true peak at most −1 dBTP) when the upload asks', async () => {
    const quiet = await audioFile('flac', 8, 0.05);
    const uploaded = await media.upload(owner, {
      input: quiet,
      fileName: 'quiet.flac',
      fileType: 'audio/flac',
      purpose: 'episode-media',
      normalize: true,
    });
    const file = await media.processed(owner, uploaded.id);
    expect(file).toMatchObject({ status: 'ready', format: 'flac', codec: 'flac' });
    expect(file.loudness!.integratedLufs).toBeLessThan(-25);

    const published = await saved(outputOf(file, 'published').url, 'normalised.mp3');
    const loudness = await measureLoudness(published, {}, binaries);
    expect(Math.abs(loudness.integratedLufs - -16)).toBeLessThanOrEqual(1);
    expect(loudness.truePeakDbtp).toBeLessThanOrEqual(-0.9);
    expect((await probeMedia(binaries, published)).audio?.bitrate).toBe(128_000);
  }, 120_000);

  it('keeps an MP3 at or below the target bitrate as it is, only tagging it', async () => {
    const path = join(media.workFolder, `${randomUUID()}.mp3`);
    await renderTestAudio(binaries, path, 'mp3', { seconds: 4, bitrateKbps: 96, channels: 2 });
    const uploaded = await media.upload(owner, {
      input: path,
      fileName: 'already.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
    });
    const file = await media.processed(owner, uploaded.id);
    expect(file).toMatchObject({ status: 'ready', bitrate: 96_000 });
    const probed = await probeMedia(binaries, await saved(outputOf(file, 'published').url, 'kept.mp3'));
    expect(probed.audio?.bitrate).toBe(96_000);
  }, 60_000);

  it("publishes at the podcast's own bitrate: a 96 kbps MP3 for a 64 kbps podcast is made again at 64", async () => {
    const speech = randomUUID();
    media.catalog.podcasts.set(speech, { ownerId: owner, artworkMediaId: null, audioBitrateKbps: 64 });
    const path = join(media.workFolder, `${randomUUID()}.mp3`);
    await renderTestAudio(binaries, path, 'mp3', { seconds: 4, bitrateKbps: 96, channels: 2 });
    const uploaded = await media.upload(owner, {
      input: path,
      fileName: 'talk.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
      podcastId: speech,
    });

    const file = await media.processed(owner, uploaded.id);

    expect(file).toMatchObject({ status: 'ready', bitrate: 96_000 });
    const probed = await probeMedia(binaries, await saved(outputOf(file, 'published').url, 'speech.mp3'));
    expect(probed.audio?.bitrate).toBe(64_000);
  }, 60_000);

  it('makes podcast art variants no larger than the art, and refuses art that is not square, naming its size', async () => {
    const uploaded = await media.upload(owner, {
      input: await png(2000, 2000),
      fileName: 'cover.png',
      fileType: 'image/png',
      purpose: 'podcast-art',
    });
    const file = await media.processed(owner, uploaded.id);
    expect(file).toMatchObject({ status: 'ready', width: 2000, height: 2000 });
    const sizes = [];
    for (const output of file.outputs) {
      const meta = await sharp(await download(output.url)).metadata();
      expect([output.width, output.height]).toEqual([meta.width, meta.height]);
      sizes.push(meta.width);
    }
    expect(sizes).toEqual([2000, 1400, 600, 300]);

    const wide = await media.upload(owner, {
      input: await png(1600, 1400),
      fileName: 'wide.png',
      fileType: 'image/png',
      purpose: 'podcast-art',
    });
    const refused = await media.processed(owner, wide.id);
    expect(refused.status).toBe('failed');
    expect(refused.jobs[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('1600x1400') });
  }, 60_000);

  it('refuses WebP podcast art whether or not it is large enough to be compressed into a JPEG first', async () => {
    const noise = (side: number) =>
      sharp({
        create: {
          width: side,
          height: side,
          channels: 3,
          background: { r: 0, g: 0, b: 0 },
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .webp({ lossless: true, effort: 0 })
        .toBuffer();
    const small = await noise(1400);
    const large = await noise(2000);
    expect(large.length).toBeGreaterThan(IMAGE_COMPRESS_ABOVE_BYTES);
    for (const input of [small, large]) {
      const uploaded = await media.upload(owner, {
        input,
        fileName: 'art.webp',
        fileType: 'image/webp',
        purpose: 'podcast-art',
      });
      const refused = await media.processed(owner, uploaded.id);
      expect(refused.jobs[0]).toMatchObject({
        status: 'failed',
        error: 'Podcast artwork must be a JPEG or PNG image; this image is WEBP',
      });
    }
  }, 90_000);

  it('keeps nothing of an image whose pixels cannot be read, and counts nothing of it against the plan', async () => {
    const { UploadPolicy } = await import('../uploads/upload-policy.js');
    const usedBefore = await media.app.get(UploadPolicy).usedBytes(owner);
    const intact = await png(600, 600);
    // The chunks stay where they are, so the upload is taken for a PNG; the compressed pixel data is scrambled.
    const damaged = Buffer.from(intact);
    for (let index = 60; index < damaged.length - 20; index++) damaged[index]! ^= 0x5a;
    const uploaded = await media.upload(owner, {
      input: damaged,
      fileName: 'broken.png',
      fileType: 'image/png',
      purpose: 'avatar',
    });
    const failed = await media.processed(owner, uploaded.id);
    expect(failed).toMatchObject({ status: 'failed', sizeBytes: 0 });
    expect(failed.jobs[0]).toMatchObject({ status: 'failed', error: expect.any(String) });
    expect(await media.app.get(UploadPolicy).usedBytes(owner)).toBe(usedBefore);
  }, 60_000);

  it('makes avatars of 400 and 200 px', async () => {
    const uploaded = await media.upload(owner, {
      input: await png(900, 700),
      fileName: 'me.png',
      fileType: 'image/png',
      purpose: 'avatar',
    });
    const file = await media.processed(owner, uploaded.id);
    expect(file.outputs.map((output) => [output.width, output.height])).toEqual([
      [400, 400],
      [200, 200],
    ]);
  }, 60_000);

  it("takes a video's thumbnail at upload, then trims, exports and makes a short on request", async () => {
    const path = join(media.workFolder, `${randomUUID()}.mp4`);
    await renderTestVideo(binaries, path, 'mp4', { seconds: 4, width: 1280, height: 720 });
    const uploaded = await media.upload(owner, {
      input: path,
      fileName: 'studio.mp4',
      fileType: 'video/mp4',
      purpose: 'episode-media',
    });
    const file = await media.processed(owner, uploaded.id);
    expect(file).toMatchObject({
      status: 'ready',
      kind: 'video',
      width: 1280,
      height: 720,
      durationSeconds: 4,
    });
    const thumbnail = await sharp(await download(outputOf(file, 'thumbnail').url)).metadata();
    expect(thumbnail).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });

    const render = (
      body: Parameters<typeof media.bus.request<typeof mediaRequests.renderVideo>>[1]['render'],
    ) => media.bus.request(mediaRequests.renderVideo, { ownerId: owner, mediaId: file.id, render: body });
    const backwards = await render({ operation: 'trim', startSeconds: 3, endSeconds: 1 }).catch(
      (error: unknown) => error,
    );
    expect(backwards).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify((backwards as { details?: unknown }).details)).toContain(
      'Trim end must be greater than trim start',
    );
    const jobs = [
      await render({ operation: 'trim', startSeconds: 1, endSeconds: 3 }),
      await render({ operation: 'export', preset: '540p' }),
      await render({ operation: 'export', preset: 'audio-only' }),
      await render({ operation: 'short', startSeconds: 0, durationSeconds: 3 }),
    ];
    const done = await waitFor(
      'the video jobs to succeed',
      async () => {
        const current = await media.bus.request(mediaRequests.getFile, { ownerId: owner, mediaId: file.id });
        const finished = jobs.every(
          (job) => current.jobs.find((j) => j.id === job.id)?.status === 'succeeded',
        );
        return finished ? current : undefined;
      },
      { timeoutMs: 120_000 },
    );
    const probeOutput = async (jobId: string) => {
      const output = done.outputs.find((candidate) => candidate.jobId === jobId);
      if (!output) throw new Error(`no output of job ${jobId}`);
      return probeMedia(binaries, await saved(output.url, 'render'));
    };
    const trim = await probeOutput(jobs[0]!.id);
    expect(Math.round(trim.durationSeconds)).toBe(2);
    expect([trim.width, trim.height]).toEqual([1280, 720]);
    const exported = await probeOutput(jobs[1]!.id);
    expect([exported.width, exported.height]).toEqual([960, 540]);
    const audioOnly = await probeOutput(jobs[2]!.id);
    expect(audioOnly).toMatchObject({ hasVideo: false, hasAudio: true });
    const short = await probeOutput(jobs[3]!.id);
    expect(short.width! * 16).toBe(short.height! * 9);
    expect(Math.round(short.durationSeconds)).toBe(3);
  }, 180_000);

  it('gives a video without sound its own length and size, and trims it', async () => {
    const path = join(media.workFolder, `${randomUUID()}.webm`);
    await renderTestVideo(binaries, path, 'webm', { seconds: 3, width: 320, height: 240, withAudio: false });
    const uploaded = await media.upload(owner, {
      input: path,
      fileName: 'silent.webm',
      fileType: 'video/webm',
      purpose: 'episode-media',
    });
    const file = await media.processed(owner, uploaded.id);
    expect(file).toMatchObject({
      status: 'ready',
      kind: 'video',
      width: 320,
      height: 240,
      durationSeconds: 3,
    });
    expect(file.loudness).toBeNull();
    const job = await media.bus.request(mediaRequests.renderVideo, {
      ownerId: owner,
      mediaId: file.id,
      render: { operation: 'trim', startSeconds: 1, endSeconds: 2 },
    });
    const trimmed = await waitFor(
      'the trim to succeed',
      async () => {
        const current = await media.bus.request(mediaRequests.getFile, { ownerId: owner, mediaId: file.id });
        const status = current.jobs.find((candidate) => candidate.id === job.id)?.status;
        if (status === 'failed') throw new Error(`The trim failed: ${JSON.stringify(current.jobs)}`);
        return status === 'succeeded' ? current.outputs.find((output) => output.jobId === job.id) : undefined;
      },
      { timeoutMs: 60_000 },
    );
    expect(Math.round((await probeMedia(binaries, await saved(trimmed.url, 'silent'))).durationSeconds)).toBe(
      1,
    );
  }, 120_000);

  it('records a job that cannot succeed as failed with its reason, retries it on request, and hides it from others', async () => {
    const wide = await media.upload(owner, {
      input: await png(1500, 1400),
      fileName: 'again.png',
      fileType: 'image/png',
      purpose: 'podcast-art',
    });
    const failed = await media.processed(owner, wide.id);
    const job = failed.jobs[0]!;
    expect(job.status).toBe('failed');

    await expect(
      media.bus.request(mediaRequests.retryJob, { ownerId: 'someone-else', mediaId: wide.id, jobId: job.id }),
    ).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
    const retried = await media.bus.request(mediaRequests.retryJob, {
      ownerId: owner,
      mediaId: wide.id,
      jobId: job.id,
    });
    expect(retried).toMatchObject({ id: job.id, status: 'queued', error: null });
    const again = await media.processed(owner, wide.id);
    expect(again.jobs[0]).toMatchObject({ id: job.id, status: 'failed', error: job.error });
    await expect(
      media.bus.request(mediaRequests.retryJob, { ownerId: owner, mediaId: wide.id, jobId: randomUUID() }),
    ).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
  }, 60_000);

  it("touches a running job's row while its step reports nothing, so the stale-job sweep leaves it alone", async () => {
    const uploaded = await media.upload(owner, {
      input: await png(400, 400),
      fileName: 'quiet.png',
      fileType: 'image/png',
      purpose: 'avatar',
    });
    const file = await media.processed(owner, uploaded.id);
    const em = media.app.get(EntityManager).fork();
    const job = await em.findOneOrFail(ProcessingJob, file.jobs[0]!.id);
    const entity = await em.findOneOrFail(MediaFileEntity, file.id);
    const updatedAt = async () => {
      const [row] = await media.rows('select step, updated_at from media.processing_jobs where id = ?', [
        job.id,
      ]);
      return { step: row?.['step'], at: new Date(String(row?.['updated_at'])).getTime() };
    };
    await media.rows(`update media.processing_jobs set status = 'running' where id = ?`, [job.id]);

    const beats = await media.app.get(ProcessingRunner).run(
      job,
      entity,
      async () => {
        // The frame's own progress write ('Fetching the upload') lands first; the step itself says nothing more.
        const fetched = await waitFor('the fetch to be recorded', async () => {
          const seen = await updatedAt();
          return seen.step === 'Fetching the upload' ? seen : undefined;
        });
        return waitFor('the heartbeat to touch the row', async () => {
          const seen = await updatedAt();
          return seen.at > fetched.at ? seen : undefined;
        });
      },
      new AbortController().signal,
      50,
    );

    expect(beats.step).toBe('Fetching the upload');
  });
});
