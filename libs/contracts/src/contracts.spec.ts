import { createPodcastInputSchema } from './catalog/podcast.js';
import { DomainError } from './errors/domain-error.js';
import {
  errorCatalogue,
  isErrorCode,
  operationFailedMessage,
  UNEXPECTED_ERROR_MESSAGE,
} from './errors/error-codes.js';
import { ALL_EVENTS } from './events.js';
import { feedPath } from './feeds/feeds.js';
import { defineEvent, defineRequest, owningService } from './messaging/definitions.js';
import { z } from 'zod';

const firstMessage = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues[0]?.message;

describe('messages', () => {
  it('accepts request subjects of the form <service>.<noun>.<verb> and events in the past tense', () => {
    expect(defineRequest('catalog.episode.publish', z.object({}), z.object({})).subject).toBe(
      'catalog.episode.publish',
    );
    expect(defineEvent('catalog.episode.published', z.object({})).kind).toBe('event');
    expect(() => defineRequest('Catalog.publish', z.object({}), z.object({}))).toThrow(
      'is not <service>.<noun>.<verb>',
    );
    expect(() => defineEvent('catalog.episode.publish', z.object({}))).toThrow(
      'is not <service>.<noun>.<past-tense>',
    );
  });

  it('names the owning service of a subject by its first segment', () => {
    expect(owningService('feeds.feed.regenerated')).toBe('feeds');
  });

  it('lists every event subject once, for the stream', () => {
    const subjects = ALL_EVENTS.map((event) => event.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(subjects).toEqual(
      expect.arrayContaining(['catalog.episode.published', 'media.file.stored', 'feeds.feed.regenerated']),
    );
  });
});

describe('errors', () => {
  it("wraps a failed operation as '{Operation} failed: {reason}', with the fallback when there is no reason", () => {
    expect(operationFailedMessage('Upload', 'the file is empty')).toBe('Upload failed: the file is empty');
    expect(operationFailedMessage('Save', '  ')).toBe(`Save failed: ${UNEXPECTED_ERROR_MESSAGE}`);
    expect(UNEXPECTED_ERROR_MESSAGE).toBe('An unexpected error occurred');
  });

  it('gives every code a 4xx or 5xx status and a message, and a DomainError its catalogue message by default', () => {
    for (const [code, { status, message }] of Object.entries(errorCatalogue)) {
      expect(isErrorCode(code)).toBe(true);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(message.length).toBeGreaterThan(0);
    }
    const error = new DomainError('PODCAST_NOT_FOUND');
    expect(error.toJSON()).toEqual({ code: 'PODCAST_NOT_FOUND', message: 'Podcast not found' });
    expect(error.status).toBe(404);
    expect(isErrorCode('NO_SUCH_CODE')).toBe(false);
  });
});

describe('podcast input rules', () => {
  it('requires a podcast name of at most 255 characters and a slug of letters, numbers and hyphens', () => {
    expect(firstMessage(createPodcastInputSchema.safeParse({ name: '  ' }))).toBe('Podcast name is required');
    expect(firstMessage(createPodcastInputSchema.safeParse({ name: 'x'.repeat(256) }))).toBe(
      'Podcast name must be 255 characters or less',
    );
    expect(firstMessage(createPodcastInputSchema.safeParse({ name: 'Show', slug: 'no spaces!' }))).toBe(
      'Slug can only contain letters, numbers and hyphens',
    );
    expect(createPodcastInputSchema.parse({ name: ' Show ' })).toMatchObject({
      name: 'Show',
      language: 'en',
      category: 'Technology',
      type: 'episodic',
    });
  });
});

describe('feed addresses', () => {
  const id = '0b7a4c1e-3f6d-4a58-9c2e-6d1f8b3a9e01';

  it('puts a podcast under its owner and slug, and under its id when the owner has no username', () => {
    expect(feedPath({ id, ownerUsername: 'ada', slug: 'signal' })).toBe('/feeds/ada/signal.xml');
    expect(feedPath({ id, ownerUsername: null, slug: 'signal' })).toBe(`/feeds/podcast/${id}.xml`);
    expect(feedPath({ id, ownerUsername: 'a b/c', slug: 'signal' })).toBe('/feeds/a%20b%2Fc/signal.xml');
  });
});
