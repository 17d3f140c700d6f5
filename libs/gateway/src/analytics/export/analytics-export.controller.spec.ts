import 'reflect-metadata';
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import {
  ALL_EVENTS,
  analyticsExportDataSchema,
  analyticsRequests,
  catalogRequests,
  DomainError,
  exportMessages,
  type ParsedRequestOf,
} from '@castbase/contracts';
import { InProcessBus, MessageBus } from '@castbase/platform-messaging';
import { HttpErrorFilter } from '@castbase/platform-runtime';
import { parseCsv, renderPdfPages } from '@castbase/platform-testing';
import { AnalyticsExportController } from './analytics-export.controller.js';
import { anExport, PODCAST_ID } from './testing/export-data.js';

type ExportRequest = ParsedRequestOf<typeof analyticsRequests.getAnalyticsExport>;

const PATH = `/api/podcasts/${PODCAST_ID}/analytics/export`;
const ALL_METRICS = ['plays', 'listeners', 'completion', 'duration', 'bandwidth'];

/** Reads a response body as bytes, whatever its type. */
function bytes(response: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('POST /api/podcasts/:podcastId/analytics/export: the export streamed as a file', () => {
  let app: INestApplication;
  let bus: InProcessBus;
  let asked: ExportRequest[];

  const server = () => app.getHttpServer() as Server;
  const post = (body: unknown, user: string | null = 'owner-1') => {
    const call = request(server()).post(PATH);
    return user ? call.set('x-test-user', user).send(body as object) : call.send(body as object);
  };

  beforeAll(async () => {
    bus = new InProcessBus({ events: ALL_EVENTS, logger: pino({ level: 'silent' }) });
    @Module({ controllers: [AnalyticsExportController], providers: [{ provide: MessageBus, useValue: bus }] })
    class TestModule {}
    app = await NestFactory.create(TestModule, { logger: false });
    // The token guard's part: the caller from a header.
    app.use((req: Request & { user?: unknown }, _res: Response, next: NextFunction) => {
      const id = req.header('x-test-user');
      if (id) req.user = { id, email: null, username: null, name: null };
      next();
    });
    app.useGlobalFilters(new HttpErrorFilter());
    await app.init();
    await bus.respond(
      catalogRequests.resolveAccess,
      (access) => {
        if (access.userId !== 'owner-1') throw new DomainError('PODCAST_NOT_FOUND');
        return { podcastId: PODCAST_ID, role: 'owner' as const };
      },
      { queue: 'catalog' },
    );
    await bus.respond(
      analyticsRequests.getAnalyticsExport,
      (asking) => {
        asked.push(asking);
        if (asking.config.episodeId) throw new DomainError('EPISODE_NOT_FOUND');
        return anExport();
      },
      { queue: 'analytics' },
    );
  });

  beforeEach(() => {
    asked = [];
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
  });

  it('streams a CSV named podcast-analytics_{metrics}_{date}.csv, the config passed on with its defaults', async () => {
    const response = await post({
      metrics: ALL_METRICS,
      includeRawData: true,
      range: { kind: 'preset', range: '7d' },
    });

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="podcast-analytics_plays-listeners-completion-duration-bandwidth_2025-04-02.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = parseCsv(response.text.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['Date', 'Metric', 'Value']);
    expect(rows[1]).toEqual(['2025-03-01', 'Total Plays', '10']);
    expect(asked).toEqual([
      {
        userId: 'owner-1',
        podcastId: PODCAST_ID,
        config: {
          format: 'csv',
          metrics: ALL_METRICS,
          groupBy: 'day',
          includeRawData: true,
          range: { kind: 'preset', range: '7d' },
        },
      },
    ]);
  });

  it('streams the JSON document of the documented shape', async () => {
    const response = await post({ format: 'json', metrics: ['plays'] });

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /filename="podcast-analytics_.*_2025-04-02\.json"$/,
    );
    expect(analyticsExportDataSchema.parse(JSON.parse(response.text))).toEqual(anExport());
  });

  it('streams a PDF report MuPDF renders, with the podcast and its figures', async () => {
    const response = await post({
      format: 'pdf',
      range: { kind: 'custom', from: '2025-03-01T00:00:00Z', to: '2025-03-31T00:00:00Z' },
    })
      .buffer(true)
      .parse(bytes);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/filename="podcast-analytics_.*\.pdf"$/);
    const body = response.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await renderPdfPages(body);
    expect(pages[0]!.text).toContain('Morning Signals');
    expect(asked[0]!.config.range).toEqual({
      kind: 'custom',
      from: '2025-03-01T00:00:00Z',
      to: '2025-03-31T00:00:00Z',
    });
  });

  it.each([
    [{ metrics: [] }, `metrics: ${exportMessages.metricRequired}`],
    [{ format: 'xlsx' }, `format: ${exportMessages.unsupportedFormat}`],
    [{ metrics: ['downloads'] }, `metrics.0: ${exportMessages.unknownMetric}`],
    [{ groupBy: 'hour' }, `groupBy: ${exportMessages.unknownGrouping}`],
    [{ range: { kind: 'custom', to: '2025-03-31T00:00:00Z' } }, `range.from: ${exportMessages.fromRequired}`],
    [
      { range: { kind: 'custom', from: '2025-03-31T00:00:00Z', to: '2025-03-01T00:00:00Z' } },
      `range.to: ${exportMessages.fromNotBeforeTo}`,
    ],
    [
      { range: { kind: 'custom', from: '2025-03-01T00:00:00Z', to: '2999-01-01T00:00:00Z' } },
      `range.to: ${exportMessages.toTooFarAhead}`,
    ],
    [{ episodeId: 'not-an-id' }, 'episodeId: Invalid UUID'],
  ])('answers 400 for %j: "%s"', async (body, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(asked).toEqual([]);
  });

  it('answers 400, never 500, for no body, a body that is not an object and malformed JSON', async () => {
    for (const response of [
      await request(server()).post(PATH).set('x-test-user', 'owner-1'),
      await post([1, 2]),
      await request(server())
        .post(PATH)
        .set('x-test-user', 'owner-1')
        .set('Content-Type', 'application/json')
        .send('{"format":'),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
    expect(asked).toEqual([]);
  });

  it("answers 404 for another user's podcast and for an episode that is not the podcast's", async () => {
    const stranger = await post({}, 'someone-else');
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('PODCAST_NOT_FOUND');
    expect(asked).toEqual([]);

    const episode = await post({ episodeId: '00000000-1111-4222-8333-444444444444' });
    expect(episode.status).toBe(404);
    expect(episode.body.code).toBe('EPISODE_NOT_FOUND');
  });

  it('is in the OpenAPI document with its body schema and the three file types', () => {
    const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
    const operation = document.paths['/api/podcasts/{podcastId}/analytics/export']?.post;
    expect(Object.keys(operation?.responses?.['200'] ?? {})).toContain('content');
    expect(JSON.stringify(operation?.requestBody)).toContain('includeRawData');
    expect(Object.keys((operation?.responses?.['200'] as { content: object }).content)).toEqual([
      'text/csv; charset=utf-8',
      'application/json',
      'application/pdf',
    ]);
  });
});
