import { episodeMessages } from './episode.js';
import {
  episodeFormProblems,
  progressWithin,
  titleFromFileName,
  uploadFailureMessage,
  uploadFailureMessages,
  uploadProgressSteps,
} from './episode-upload.js';

const now = new Date('2031-03-10T12:00:00.000Z');
const facts = {
  title: 'Episode one',
  description: '',
  status: 'draft' as const,
  hasMedia: true,
  scheduledReleaseDate: null,
};

describe('the Upload Episode form rules', () => {
  it(`needs a media file ('${episodeMessages.uploadMediaRequired}') and a non-blank title ('${episodeMessages.uploadTitleRequired}')`, () => {
    expect(episodeFormProblems('upload', { ...facts, hasMedia: false, title: '   ' }, now)).toEqual({
      mediaId: episodeMessages.uploadMediaRequired,
      title: episodeMessages.uploadTitleRequired,
    });
  });

  it('keeps upload titles under 255 and edit titles under 200 characters', () => {
    expect(episodeFormProblems('upload', { ...facts, title: 'a'.repeat(254) }, now)).toEqual({});
    expect(episodeFormProblems('upload', { ...facts, title: 'a'.repeat(255) }, now).title).toBe(
      episodeMessages.titleTooLong,
    );
    expect(episodeFormProblems('edit', { ...facts, title: 'a'.repeat(199) }, now)).toEqual({});
    expect(episodeFormProblems('edit', { ...facts, title: 'a'.repeat(200) }, now).title).toBe(
      episodeMessages.editTitleTooLong,
    );
  });

  it('keeps descriptions under 4000 characters', () => {
    expect(episodeFormProblems('edit', { ...facts, description: 'd'.repeat(4000) }, now).description).toBe(
      episodeMessages.descriptionTooLong,
    );
  });

  it(`refuses a published episode without media with '${episodeMessages.mediaRequiredToPublish}' in the editor`, () => {
    expect(episodeFormProblems('edit', { ...facts, status: 'published', hasMedia: false }, now)).toEqual({
      mediaId: episodeMessages.mediaRequiredToPublish,
    });
  });

  it('needs a future date for a scheduled episode', () => {
    expect(episodeFormProblems('edit', { ...facts, status: 'scheduled' }, now)).toEqual({
      scheduledReleaseDate: episodeMessages.publishDateRequired,
    });
    expect(
      episodeFormProblems(
        'upload',
        { ...facts, status: 'scheduled', scheduledReleaseDate: '2031-03-10T11:00:00Z' },
        now,
      ),
    ).toEqual({ scheduledReleaseDate: episodeMessages.scheduledInPast });
    expect(
      episodeFormProblems(
        'upload',
        { ...facts, status: 'scheduled', scheduledReleaseDate: '2031-03-11T09:00:00Z' },
        now,
      ),
    ).toEqual({});
  });
});

describe('the upload progress steps', () => {
  it('maps audio onto 10–60 and video onto 65–80', () => {
    expect(progressWithin(uploadProgressSteps.audio, 0)).toBe(10);
    expect(progressWithin(uploadProgressSteps.audio, 0.5)).toBe(35);
    expect(progressWithin(uploadProgressSteps.audio, 1)).toBe(60);
    expect(progressWithin(uploadProgressSteps.video, 1.5)).toBe(80);
  });
});

describe('the upload failure wording (spec 2 §8)', () => {
  it.each([
    [undefined, uploadFailureMessages.network],
    [401, uploadFailureMessages.unauthenticated],
    [403, "You don't have permission to publish to this podcast."],
    [400, 'Bad request: Title is required'],
    [500, 'Server error: Title is required'],
    [409, 'Episode creation failed: Title is required'],
  ])('maps status %s', (status, message) => {
    expect(uploadFailureMessage({ status, message: 'Title is required' })).toBe(message);
  });
});

it('prefills a title from the file name without its extension', () => {
  expect(titleFromFileName('my_first-episode.mp3')).toBe('my first-episode');
  expect(titleFromFileName('.hidden')).toBe('.hidden');
});
