import {
  autoChapters,
  chapterMessages,
  CHAPTERS_MAX,
  chapterDraftOf,
  chapterDraftProblems,
  chapterFromDraft,
  chaptersProblems,
  formatTimecode,
  JSON_CHAPTERS_CONTENT_TYPE,
  JSON_CHAPTERS_VERSION,
  jsonChaptersDocument,
  newChapterDraft,
  newItemId,
  nextChapterStart,
  parseJsonChapters,
  parseTimecode,
  type ChapterDraft,
} from './chapters.js';
import { chapterSchema, type Chapter } from './podcasting20.js';

const chapter = (startTime: number, endTime: number | null, title = `At ${startTime}`): Chapter => ({
  id: `chapter-${startTime}-${title}`,
  startTime,
  endTime,
  title,
  url: null,
  image: null,
  toc: true,
});
const draft = (fields: Partial<ChapterDraft>): ChapterDraft => ({
  title: 'Intro',
  startTime: '00:00',
  endTime: '',
  url: '',
  image: '',
  toc: true,
  ...fields,
});

describe('chapter times (MM:SS or HH:MM:SS)', () => {
  it.each([
    ['00:00', 0],
    ['05:07', 307],
    ['90:00', 5400],
    ['01:02:03', 3723],
    ['1:02:03', 3723],
    [' 12:34.5 ', 754.5],
  ])('reads %p as %p seconds', (text, seconds) => {
    expect(parseTimecode(text)).toBe(seconds);
  });

  it.each(['', '5', '1:2', '00:60', '01:60:00', 'ab:cd', '-01:00', '1:2:3:4', '00:05.12345'])(
    'refuses %p with "Invalid time format (use MM:SS or HH:MM:SS)"',
    (text) => {
      expect(parseTimecode(text)).toBeNull();
      expect(chapterDraftProblems(draft({ startTime: text }), [], 0).startTime).toBe(
        'Invalid time format (use MM:SS or HH:MM:SS)',
      );
    },
  );

  it('writes MM:SS below an hour and HH:MM:SS from an hour on, keeping fractions', () => {
    expect(formatTimecode(0)).toBe('00:00');
    expect(formatTimecode(307)).toBe('05:07');
    expect(formatTimecode(3599)).toBe('59:59');
    expect(formatTimecode(3723)).toBe('01:02:03');
    expect(formatTimecode(754.5)).toBe('12:34.5');
    expect(parseTimecode(formatTimecode(4000.25))).toBe(4000.25);
  });
});

describe('one chapter in the add/edit form', () => {
  const others = [chapter(0, 60), chapter(120, 180)];

  it('takes a valid chapter and builds it from the form', () => {
    const form = draft({
      title: ' Interview ',
      startTime: '01:00',
      endTime: '02:00',
      url: 'https://example.com/a',
    });
    expect(chapterDraftProblems(form, others, 600)).toEqual({});
    expect(chapterFromDraft(form, 'c1')).toEqual({
      id: 'c1',
      title: 'Interview',
      startTime: 60,
      endTime: 120,
      url: 'https://example.com/a',
      image: null,
      toc: true,
    });
  });

  it('requires a title under 255 characters', () => {
    expect(chapterDraftProblems(draft({ title: '  ' }), [], 0).title).toBe('Chapter title is required');
    expect(chapterDraftProblems(draft({ title: 'x'.repeat(255) }), [], 0).title).toBe(
      'Chapter title must be less than 255 characters',
    );
    expect(chapterDraftProblems(draft({ title: 'x'.repeat(254) }), [], 0).title).toBeUndefined();
  });

  it('refuses a URL or image that is not a URL with "Please enter a valid URL"', () => {
    const problems = chapterDraftProblems(draft({ url: 'not a url', image: 'also not' }), [], 0);
    expect(problems).toEqual({ url: 'Please enter a valid URL', image: 'Please enter a valid URL' });
  });

  it('refuses an end at or before the start with "End time must be after start time"', () => {
    expect(chapterDraftProblems(draft({ startTime: '03:00', endTime: '03:00' }), [], 0).endTime).toBe(
      'End time must be after start time',
    );
    expect(chapterDraftProblems(draft({ startTime: '03:00', endTime: '02:00' }), [], 0).endTime).toBe(
      'End time must be after start time',
    );
  });

  it('refuses an end past the episode, and a start at or past its end', () => {
    expect(chapterDraftProblems(draft({ startTime: '09:00', endTime: '10:01' }), [], 600).endTime).toBe(
      'End time cannot be later than the end of the episode',
    );
    expect(chapterDraftProblems(draft({ startTime: '09:00', endTime: '10:00' }), [], 600)).toEqual({});
    expect(chapterDraftProblems(draft({ startTime: '10:00' }), [], 600).startTime).toBe(
      'Start time must be before the end of the episode',
    );
  });

  it('skips the duration checks while the duration is unknown (0)', () => {
    expect(chapterDraftProblems(draft({ startTime: '09:00', endTime: '99:00' }), [], 0)).toEqual({});
  });

  it('refuses overlapping chapters with "Chapter overlaps with existing chapters"', () => {
    const overlaps = 'Chapter overlaps with existing chapters';
    expect(chapterDraftProblems(draft({ startTime: '00:30', endTime: '01:30' }), others, 0).startTime).toBe(
      overlaps,
    );
    expect(chapterDraftProblems(draft({ startTime: '01:00', endTime: '02:01' }), others, 0).startTime).toBe(
      overlaps,
    );
    expect(chapterDraftProblems(draft({ startTime: '02:00' }), others, 0).startTime).toBe(overlaps);
    expect(chapterDraftProblems(draft({ startTime: '01:30', endTime: '03:30' }), others, 0).startTime).toBe(
      overlaps,
    );
  });

  it('lets a chapter without an end run until the next one (at most 60 s)', () => {
    const startsOnly = [chapter(0, null), chapter(30, null), chapter(200, null)];
    expect(chapterDraftProblems(draft({ startTime: '01:00' }), startsOnly, 0)).toEqual({});
    expect(chapterDraftProblems(draft({ startTime: '03:10' }), startsOnly, 0)).toEqual({});
    expect(
      chapterDraftProblems(draft({ startTime: '03:00', endTime: '03:30' }), startsOnly, 0).startTime,
    ).toBe('Chapter overlaps with existing chapters');
  });

  it('round-trips a chapter through the form', () => {
    const saved: Chapter = { ...chapter(65, 125, 'Q&A'), url: 'https://example.com', toc: false };
    expect(chapterFromDraft(chapterDraftOf(saved), saved.id)).toEqual(saved);
  });

  it('starts a new chapter after the last one (its end, or 60 s after its start)', () => {
    expect(nextChapterStart([])).toBe(0);
    expect(newChapterDraft([chapter(0, 90), chapter(90, 200)]).startTime).toBe('03:20');
    expect(newChapterDraft([chapter(0, 90), chapter(300, null)]).startTime).toBe('06:00');
  });
});

describe('the whole chapter list, as the catalog checks it on save', () => {
  it('finds nothing wrong with a clean list in any order', () => {
    expect(chaptersProblems([chapter(300, 600), chapter(0, 300)], 600)).toEqual([]);
    expect(chaptersProblems([chapter(0, null), chapter(20, null), chapter(40, null)], 600)).toEqual([]);
  });

  it('names each broken chapter by its index and field, with the spec message', () => {
    const problems = chaptersProblems(
      [chapter(0, 120), chapter(60, 180), chapter(200, 190), chapter(500, 700), chapter(650, null)],
      600,
    );
    expect(problems).toEqual([
      { path: ['chapters', 1, 'startTime'], message: 'Chapter overlaps with existing chapters' },
      { path: ['chapters', 2, 'endTime'], message: 'End time must be after start time' },
      { path: ['chapters', 3, 'endTime'], message: 'End time cannot be later than the end of the episode' },
      { path: ['chapters', 4, 'startTime'], message: 'Start time must be before the end of the episode' },
    ]);
  });

  it('reports two chapters starting together on the second one', () => {
    expect(chaptersProblems([chapter(10, null, 'a'), chapter(10, null, 'b')], 0)).toEqual([
      { path: ['chapters', 1, 'startTime'], message: 'Chapter overlaps with existing chapters' },
    ]);
  });

  it('refuses a negative start with "Start time must be positive"', () => {
    expect(chaptersProblems([chapter(-1, null)], 0)).toEqual([
      { path: ['chapters', 0, 'startTime'], message: 'Start time must be positive' },
    ]);
    expect(chapterSchema.safeParse(chapter(-1, null)).error?.issues[0]?.message).toBe(
      'Start time must be positive',
    );
  });

  it('skips the duration checks while the duration is unknown (0)', () => {
    expect(chaptersProblems([chapter(5000, 9000)], 0)).toEqual([]);
  });

  it('holds at most 500 chapters an episode', () => {
    expect(CHAPTERS_MAX).toBe(500);
    expect(chapterMessages.tooMany).toBe('An episode can have at most 500 chapters');
  });
});

describe('auto-generated chapters', () => {
  it('makes 5-minute chapters named in order, the last ending with the episode', () => {
    const chapters = autoChapters(1000);
    expect(chapters.map(({ title, startTime, endTime }) => [title, startTime, endTime])).toEqual([
      ['Chapter 1', 0, 300],
      ['Chapter 2', 300, 600],
      ['Chapter 3', 600, 900],
      ['Chapter 4', 900, 1000],
    ]);
    expect(new Set(chapters.map(({ id }) => id)).size).toBe(4);
    expect(chaptersProblems(chapters, 1000)).toEqual([]);
  });

  it('makes none while the duration is unknown', () => {
    expect(autoChapters(0)).toEqual([]);
  });

  it('gives each a fresh UUID-shaped id', () => {
    expect(newItemId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('the JSON chapters file (version 1.2.0)', () => {
  const chapters: Chapter[] = [
    {
      ...chapter(120, null, 'Interview'),
      url: 'https://example.com/guest',
      image: 'https://example.com/g.png',
    },
    { ...chapter(0, 120, 'Intro'), toc: false },
  ];

  it(`is served as ${JSON_CHAPTERS_CONTENT_TYPE}`, () => {
    expect(JSON_CHAPTERS_CONTENT_TYPE).toBe('application/json+chapters');
  });

  it('writes version 1.2.0 and the chapters in order, the image as img, toc on each', () => {
    expect(
      jsonChaptersDocument(chapters, { title: 'Episode 1', podcastName: 'Signal', author: ' ' }),
    ).toEqual({
      version: JSON_CHAPTERS_VERSION,
      title: 'Episode 1',
      podcastName: 'Signal',
      chapters: [
        { startTime: 0, title: 'Intro', endTime: 120, toc: false },
        {
          startTime: 120,
          title: 'Interview',
          url: 'https://example.com/guest',
          img: 'https://example.com/g.png',
          toc: true,
        },
      ],
    });
    expect(JSON_CHAPTERS_VERSION).toBe('1.2.0');
  });

  it('reads back what it writes, with fresh ids', () => {
    const parsed = parseJsonChapters(JSON.stringify(jsonChaptersDocument(chapters)));
    if (!('chapters' in parsed)) throw new Error(parsed.error);
    expect(parsed.chapters.map(({ id: _id, ...rest }) => rest)).toEqual(
      [chapters[1]!, chapters[0]!].map(({ id: _id, ...rest }) => rest),
    );
    expect(parsed.chapters.every(({ id }) => !chapters.some((known) => known.id === id))).toBe(true);
  });

  it('reads a file of start times only, and ignores fields our chapters do not hold', () => {
    const parsed = parseJsonChapters(
      JSON.stringify({
        version: '1.2.0',
        author: 'Someone',
        chapters: [
          { startTime: 0, title: 'Start', location: { name: 'Austin', geo: 'geo:30.2,-97.7' } },
          { startTime: 42.5, title: 'Later' },
        ],
      }),
    );
    expect(
      'chapters' in parsed && parsed.chapters.map(({ title, startTime, toc }) => [title, startTime, toc]),
    ).toEqual([
      ['Start', 0, true],
      ['Later', 42.5, true],
    ]);
  });

  it('refuses text that is not JSON with "Failed to parse chapters JSON"', () => {
    expect(parseJsonChapters('{ "chapters": [')).toEqual({ error: 'Failed to parse chapters JSON' });
  });

  it.each([['[]'], ['null'], ['42'], ['{"version":"1.2.0"}'], ['{"chapters":{}}']])(
    'refuses %s (no chapters array) with "Invalid chapters format"',
    (text) => {
      expect(parseJsonChapters(text)).toEqual({ error: 'Invalid chapters format' });
    },
  );

  it.each([
    [{ title: 'No start' }],
    [{ startTime: '10', title: 'Start as text' }],
    [{ startTime: -5, title: 'Negative' }],
    [{ startTime: 5 }],
    [{ startTime: 5, title: 'Bad link', url: 'nope' }],
    [{ startTime: 5, title: 'Bad image', img: 'nope' }],
    [{ startTime: 50, title: 'Ends first', endTime: 10 }],
    ['just a string'],
  ])('refuses a chapter like %j with "Invalid chapter data in import file"', (item) => {
    expect(parseJsonChapters(JSON.stringify({ version: '1.2.0', chapters: [item] }))).toEqual({
      error: 'Invalid chapter data in import file',
    });
  });
});
