import { transcriptSchema, type Transcript } from './podcasting20.js';
import {
  isTranscriptLanguage,
  MAX_TRANSCRIPTS,
  transcriptMessages,
  transcriptsProblems,
  transcriptTypeOfFormat,
} from './transcripts.js';

const transcript = (fields: Partial<Transcript> = {}): Transcript => ({
  id: 't1',
  url: 'https://example.org/episode.vtt',
  type: 'text/vtt',
  language: 'en',
  rel: 'captions',
  ...fields,
});

function firstMessage(input: unknown): string | undefined {
  const parsed = transcriptSchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('a transcript (spec 2 §3, §5 "Transcript")', () => {
  it('defaults the language to en and the rel to captions', () => {
    expect(
      transcriptSchema.parse({ id: 't', url: 'https://example.org/t.vtt', type: 'text/vtt' }),
    ).toMatchObject({ language: 'en', rel: 'captions' });
  });

  it.each(['not a url', 'javascript:alert(1)', 'ftp://example.org/t.vtt', ''])(
    "refuses the URL %j with 'Please enter a valid URL'",
    (url) => {
      expect(firstMessage({ id: 't', url, type: 'text/vtt' })).toBe('Please enter a valid URL');
    },
  );

  it.each(['english', 'xx', 'e', 'en_US', 'en-', '123'])(
    'refuses the language %j with the ISO 639-1 message',
    (language) => {
      expect(firstMessage(transcript({ language }))).toBe(
        'Invalid language code (use ISO 639-1, e.g., "en", "es", "fr")',
      );
    },
  );

  it.each(['en', 'es', 'fr', 'en-US', 'pt-br', 'zh-Hant', 'DE'])('takes the language %j', (language) => {
    expect(isTranscriptLanguage(language)).toBe(true);
    expect(transcriptSchema.safeParse(transcript({ language })).success).toBe(true);
  });

  it("takes the spec's text/srt and keeps it as the namespace's application/x-subrip", () => {
    expect(transcriptSchema.parse({ ...transcript(), type: 'text/srt' }).type).toBe('application/x-subrip');
  });

  it('refuses a type that is not VTT, SRT, JSON or plain text', () => {
    expect(firstMessage({ ...transcript(), type: 'text/html' })).toBe(transcriptMessages.invalidType);
  });

  it.each(['captions', 'transcript', 'subtitles'] as const)('takes the rel %s', (rel) => {
    expect(transcriptSchema.parse(transcript({ rel })).rel).toBe(rel);
  });
});

describe('the type of an uploaded transcript, from the format media detected', () => {
  it.each([
    ['vtt', 'text/vtt'],
    ['srt', 'application/x-subrip'],
    ['json', 'application/json'],
    ['txt', 'text/plain'],
    ['png', null],
  ])('%s is %s', (format, type) => {
    expect(transcriptTypeOfFormat(format)).toBe(type);
  });
});

describe('transcriptsProblems', () => {
  it('allows several transcripts for different languages, types and rels', () => {
    expect(
      transcriptsProblems([
        transcript({ id: 'a' }),
        transcript({ id: 'b', language: 'es' }),
        transcript({ id: 'c', type: 'application/x-subrip' }),
        transcript({ id: 'd', rel: 'transcript' }),
      ]),
    ).toEqual([]);
  });

  it('refuses a second transcript of the same language (any case), type and rel, naming the later one', () => {
    const problems = transcriptsProblems([
      transcript({ id: 'a', language: 'en-US' }),
      transcript({ id: 'b', language: 'es' }),
      transcript({ id: 'c', language: 'en-us', url: 'https://example.org/other.vtt' }),
    ]);
    expect(problems).toEqual([
      {
        path: ['transcripts', 2],
        message:
          'Another transcript is already WebVTT captions in "en-us". Change its language, type or rel, or remove one of them.',
      },
    ]);
  });

  it(`refuses more than ${MAX_TRANSCRIPTS} transcripts`, () => {
    const many = Array.from({ length: MAX_TRANSCRIPTS + 1 }, (_, index) =>
      transcript({
        id: `t${index}`,
        language: ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl'][index % 7]!,
        rel: (['captions', 'transcript', 'subtitles'] as const)[Math.floor(index / 7)]!,
      }),
    );
    expect(transcriptsProblems(many)).toEqual([
      { path: ['transcripts'], message: transcriptMessages.tooMany },
    ]);
  });
});
