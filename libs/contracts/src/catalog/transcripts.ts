import { mediaRuleMessages } from '../media/upload-rules.js';
import type { FieldProblem, Transcript, TranscriptRel, TranscriptType } from './podcasting20.js';

/**
 * The rules and words of an episode's transcripts (spec 2 §2 "Transcript", §3, §5, §8), which the Transcript editor
 * shows and the catalog refuses a save with. A transcript is a file uploaded through media (purpose `transcript`) or
 * a URL elsewhere, listed as `<podcast:transcript>` (podcastindex.org namespace 1.0).
 */

/** At most this many transcripts per episode (languages times types). */
export const MAX_TRANSCRIPTS = 20;

export const transcriptMessages = {
  /** The same words media refuses a wrong file with (its rule lives with the upload rules). */
  invalidFileType: mediaRuleMessages.text.invalid,
  invalidUrl: 'Please enter a valid URL',
  fileRequired: 'Upload a transcript file first, or link one by its URL',
  invalidType: 'Transcript type must be VTT, SRT, JSON or plain text',
  invalidLanguage: 'Invalid language code (use ISO 639-1, e.g., "en", "es", "fr")',
  previewFailed: 'Failed to load transcript preview',
  tooMany: `An episode holds at most ${MAX_TRANSCRIPTS} transcripts`,
  duplicate: (transcript: { language: string; type: TranscriptType; rel: TranscriptRel }) =>
    `Another transcript is already ${TRANSCRIPT_TYPE_LABELS[transcript.type]} ${transcript.rel} in "${transcript.language}". Change its language, type or rel, or remove one of them.`,
  removeAllTitle: 'Remove transcripts?',
  removeAll: (count: number) =>
    `This removes ${count === 1 ? 'the transcript' : `all ${count} transcripts`} from the episode. They are gone once you save.`,
  generateUnavailable:
    'Generating a transcript needs a transcription service, which this installation does not have yet. Upload a transcript file or link one instead.',
} as const;

/** How the editor names each type. */
export const TRANSCRIPT_TYPE_LABELS: Readonly<Record<TranscriptType, string>> = {
  'text/vtt': 'WebVTT',
  'application/x-subrip': 'SRT',
  'application/json': 'JSON',
  'text/plain': 'Plain text',
};

export const TRANSCRIPT_REL_LABELS: Readonly<Record<TranscriptRel, string>> = {
  captions: 'Captions',
  transcript: 'Transcript',
  subtitles: 'Subtitles',
};

/** The transcript type of a file media detected as `format` (kind `text`); null for any other format. */
export function transcriptTypeOfFormat(format: string): TranscriptType | null {
  switch (format) {
    case 'vtt':
      return 'text/vtt';
    case 'srt':
      return 'application/x-subrip';
    case 'json':
      return 'application/json';
    case 'txt':
      return 'text/plain';
    default:
      return null;
  }
}

/** The two-letter codes of ISO 639-1 (184, `bh` among them: feeds written before its withdrawal use it). */
export const ISO_639_1_CODES: ReadonlySet<string> = new Set(
  (
    'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee ' +
    'el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is ' +
    'it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms ' +
    'mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk ' +
    'sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi ' +
    'yo za zh zu'
  ).split(' '),
);

/**
 * An ISO 639-1 code, alone or with a region or script subtag as RSS language codes have (`en`, `en-US`, `pt-br`,
 * `zh-Hant`); letters in either case.
 */
export function isTranscriptLanguage(code: string): boolean {
  const match = /^([a-zA-Z]{2})(-[a-zA-Z0-9]{2,8})?$/.exec(code);
  return match !== null && ISO_639_1_CODES.has(match[1]!.toLowerCase());
}

/** Two transcripts are the same entry of a feed when language (any case), type and rel are. */
function sameEntry(a: Transcript, b: Transcript): boolean {
  return a.language.toLowerCase() === b.language.toLowerCase() && a.type === b.type && a.rel === b.rel;
}

/**
 * What the list as a whole breaks: a second transcript of the same language, type and rel (several transcripts per
 * episode are allowed, one of each), and more than {@link MAX_TRANSCRIPTS}. Each item's own fields are the schema's
 * to check. The problem names the later of two equal transcripts.
 */
export function transcriptsProblems(transcripts: readonly Transcript[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (transcripts.length > MAX_TRANSCRIPTS) {
    problems.push({ path: ['transcripts'], message: transcriptMessages.tooMany });
  }
  transcripts.forEach((transcript, index) => {
    if (transcripts.slice(0, index).some((earlier) => sameEntry(earlier, transcript))) {
      problems.push({ path: ['transcripts', index], message: transcriptMessages.duplicate(transcript) });
    }
  });
  return problems;
}
