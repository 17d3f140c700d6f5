import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { createPodcastInputSchema, DomainError } from '@castbase/contracts';
import { ZodPipe } from './zod-body.pipe.js';

/** What the pipe throws for a value its schema refuses. */
function refusal<S extends z.ZodType>(pipe: ZodPipe<S>, value: unknown): DomainError {
  try {
    pipe.transform(value);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('The pipe accepted the value');
}

describe('ZodPipe: request bodies and params checked with the contract schemas', () => {
  const podcastBody = new ZodPipe(createPodcastInputSchema);

  it('passes on the parsed value: trimmed, with the defaults filled in', () => {
    expect(podcastBody.transform({ name: '  Morning Show ', slug: 'Morning-Show' })).toEqual({
      name: 'Morning Show',
      slug: 'morning-show',
      description: '',
      language: 'en',
      category: 'Technology',
      author: '',
      coHosts: [],
      explicit: false,
      type: 'episodic',
      visibility: 'public',
      tags: [],
      artworkMediaId: null,
      audioBitrateKbps: null,
      websiteUrl: '',
      fundingLinks: [],
      socialLinks: [],
    });
  });

  it("answers 400 VALIDATION_FAILED with the first issue's path and message as the message", () => {
    const error = refusal(podcastBody, { name: '   ', slug: 'not a slug!' });

    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.status).toBe(400);
    expect(error.message).toBe('name: Podcast name is required');
  });

  it('lists every issue, each with its dotted path and message, in the details', () => {
    const pipe = new ZodPipe(
      z.object({ episodes: z.array(z.object({ title: z.string().min(1, 'Title is required') })) }),
    );

    const error = refusal(pipe, { episodes: [{ title: 'Pilot' }, { title: '' }, {}] });

    expect(error.message).toBe('episodes.1.title: Title is required');
    expect(error.details).toEqual({
      issues: [
        { path: 'episodes.1.title', message: 'Title is required' },
        { path: 'episodes.2.title', message: expect.stringContaining('expected string') },
      ],
    });
  });

  it('uses the bare message for a value without a path, such as a route param', () => {
    const error = refusal(new ZodPipe(z.uuid('Not a valid id')), 'episode-1');

    expect(error.toJSON()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Not a valid id',
      details: { issues: [{ path: '', message: 'Not a valid id' }] },
    });
  });
});
