import { soundbiteSchema, type Soundbite } from './podcasting20.js';
import {
  autoDetectSoundbites,
  newSoundbiteDraft,
  platformsFitting,
  SOCIAL_CLIP_MAX_SECONDS,
  soundbiteDraftOf,
  soundbiteDraftProblems,
  soundbiteFromDraft,
  soundbiteLengthWarning,
  soundbiteMessages,
  soundbitesProblems,
  type SoundbiteDraft,
} from './soundbites.js';

const bite = (startTime: number, duration: number): Soundbite => ({
  id: `bite-${startTime}`,
  startTime,
  duration,
});
const draft = (fields: Partial<SoundbiteDraft>): SoundbiteDraft => ({
  startTime: '00:30',
  duration: '15',
  title: '',
  ...fields,
});

describe('one soundbite in the add/edit form', () => {
  it('takes a valid soundbite and builds it from the form', () => {
    const form = draft({ startTime: '01:05', duration: '42', title: ' The big reveal ' });
    expect(soundbiteDraftProblems(form, [], 600)).toEqual({});
    expect(soundbiteFromDraft(form, 's1')).toEqual({
      id: 's1',
      startTime: 65,
      duration: 42,
      title: 'The big reveal',
    });
    expect(soundbiteFromDraft(draft({}), 's2')).toEqual({ id: 's2', startTime: 30, duration: 15 });
  });

  it('reads the start as MM:SS or HH:MM:SS', () => {
    expect(soundbiteDraftProblems(draft({ startTime: '1:00:00' }), [], 0)).toEqual({});
    expect(soundbiteDraftProblems(draft({ startTime: '90' }), [], 0).startTime).toBe(
      'Invalid time format (use MM:SS or HH:MM:SS)',
    );
  });

  it.each(['', 'ten', '12.5'])('refuses a duration of %p as not a whole number of seconds', (duration) => {
    expect(soundbiteDraftProblems(draft({ duration }), [], 0).duration).toBe(
      'Duration must be a whole number of seconds',
    );
  });

  it('refuses a duration of 0 or less', () => {
    expect(soundbiteDraftProblems(draft({ duration: '0' }), [], 0).duration).toBe(
      'Duration must be greater than 0 seconds',
    );
    expect(soundbiteDraftProblems(draft({ duration: '-3' }), [], 0).duration).toBe(
      'Duration must be greater than 0 seconds',
    );
  });

  it('refuses more than 300 s with "Soundbite duration cannot exceed 5 minutes"', () => {
    expect(soundbiteDraftProblems(draft({ duration: '301' }), [], 0).duration).toBe(
      'Soundbite duration cannot exceed 5 minutes',
    );
    expect(soundbiteDraftProblems(draft({ duration: '300' }), [], 0)).toEqual({});
  });

  it('refuses a start at or past the episode end', () => {
    expect(soundbiteDraftProblems(draft({ startTime: '10:00' }), [], 600).startTime).toBe(
      'Start time must be before the end of the episode',
    );
  });

  it('refuses one running past the end with "Soundbite extends beyond episode duration"', () => {
    expect(soundbiteDraftProblems(draft({ startTime: '09:50', duration: '11' }), [], 600).duration).toBe(
      'Soundbite extends beyond episode duration',
    );
    expect(soundbiteDraftProblems(draft({ startTime: '09:50', duration: '10' }), [], 600)).toEqual({});
  });

  it('refuses an overlap with "Soundbite overlaps with existing soundbite"', () => {
    const others = [bite(30, 15), bite(100, 20)];
    expect(soundbiteDraftProblems(draft({ startTime: '00:40', duration: '10' }), others, 0).startTime).toBe(
      'Soundbite overlaps with existing soundbite',
    );
    expect(soundbiteDraftProblems(draft({ startTime: '01:30', duration: '11' }), others, 0).startTime).toBe(
      'Soundbite overlaps with existing soundbite',
    );
    expect(soundbiteDraftProblems(draft({ startTime: '00:45', duration: '55' }), others, 0)).toEqual({});
  });

  it('refuses a title of 255 characters or more', () => {
    expect(soundbiteDraftProblems(draft({ title: 'x'.repeat(255) }), [], 0).title).toBe(
      'Soundbite title must be less than 255 characters',
    );
  });

  it('round-trips a soundbite through the form', () => {
    const saved: Soundbite = { id: 'b', startTime: 3725, duration: 30, title: 'Hook' };
    expect(soundbiteDraftOf(saved).startTime).toBe('01:02:05');
    expect(soundbiteFromDraft(soundbiteDraftOf(saved), 'b')).toEqual(saved);
  });

  it('proposes a new soundbite after the last one, 15 s long', () => {
    expect(newSoundbiteDraft([bite(30, 15), bite(180, 20)])).toEqual({
      startTime: '03:20',
      duration: '15',
      title: '',
    });
  });
});

describe('recommended length and platforms', () => {
  it('warns above 60 s only', () => {
    expect(soundbiteLengthWarning(60)).toBeNull();
    expect(soundbiteLengthWarning(61)).toBe(
      'Longer than the recommended 15–60 seconds: most social platforms take at most 60 seconds',
    );
  });

  it('knows the platform maxima: Twitter/X 140 s, Instagram, TikTok and YouTube Shorts 60 s', () => {
    expect(SOCIAL_CLIP_MAX_SECONDS).toEqual([
      { platform: 'Twitter/X', maxSeconds: 140 },
      { platform: 'Instagram', maxSeconds: 60 },
      { platform: 'TikTok', maxSeconds: 60 },
      { platform: 'YouTube Shorts', maxSeconds: 60 },
    ]);
    expect(platformsFitting(60)).toEqual(['Twitter/X', 'Instagram', 'TikTok', 'YouTube Shorts']);
    expect(platformsFitting(61)).toEqual(['Twitter/X']);
    expect(platformsFitting(140)).toEqual(['Twitter/X']);
    expect(platformsFitting(141)).toEqual([]);
  });
});

describe('the whole soundbite list, as the catalog checks it on save', () => {
  it('finds nothing wrong with a clean list in any order', () => {
    expect(soundbitesProblems([bite(180, 20), bite(30, 15)], 600)).toEqual([]);
  });

  it('names each broken soundbite by its index and field, with the spec message', () => {
    expect(
      soundbitesProblems([bite(0, 30), bite(20, 30), bite(590, 20), bite(700, 5), bite(-1, 1)], 600),
    ).toEqual([
      { path: ['soundbites', 1, 'startTime'], message: 'Soundbite overlaps with existing soundbite' },
      { path: ['soundbites', 2, 'duration'], message: 'Soundbite extends beyond episode duration' },
      { path: ['soundbites', 3, 'startTime'], message: 'Start time must be before the end of the episode' },
      { path: ['soundbites', 4, 'startTime'], message: 'Start time must be positive' },
    ]);
  });

  it('checks the length rules too, and skips the episode bounds while the duration is unknown (0)', () => {
    expect(soundbitesProblems([bite(5000, 301), bite(9000, 30)], 0)).toEqual([
      { path: ['soundbites', 0, 'duration'], message: 'Soundbite duration cannot exceed 5 minutes' },
    ]);
  });

  it('shares the length rule with the stored shape', () => {
    expect(soundbiteSchema.safeParse(bite(0, 301)).error?.issues[0]?.message).toBe(
      'Soundbite duration cannot exceed 5 minutes',
    );
    expect(soundbiteSchema.safeParse(bite(0, 1.5)).error?.issues[0]?.message).toBe(
      'Duration must be a whole number of seconds',
    );
  });
});

describe('auto-detected soundbites', () => {
  const spans = (bites: Soundbite[]) => bites.map(({ startTime, duration }) => [startTime, duration]);

  it('proposes the three samples: at 30 s for 15 s, at 180 s for 20 s, at 420 s for 30 s', () => {
    expect(spans(autoDetectSoundbites(3600))).toEqual([
      [30, 15],
      [180, 20],
      [420, 30],
    ]);
  });

  it('drops the samples that do not fit in the episode', () => {
    expect(spans(autoDetectSoundbites(449))).toEqual([
      [30, 15],
      [180, 20],
    ]);
    expect(spans(autoDetectSoundbites(45))).toEqual([[30, 15]]);
    expect(autoDetectSoundbites(0)).toEqual([]);
  });

  it('adds no more than the list has room for (50 soundbites)', () => {
    const many = Array.from({ length: 49 }, (_, index) => bite(1000 + index * 10, 5));
    expect(spans(autoDetectSoundbites(3600, many))).toEqual([[30, 15]]);
    expect(autoDetectSoundbites(3600, [...many, bite(2000, 5)])).toEqual([]);
    expect(soundbiteMessages.tooMany).toBe('An episode can have at most 50 soundbites');
  });

  it('drops the samples that overlap existing soundbites', () => {
    expect(spans(autoDetectSoundbites(3600, [bite(190, 60)]))).toEqual([
      [30, 15],
      [420, 30],
    ]);
  });
});
