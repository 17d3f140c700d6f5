import { acceptedFilesHint, dropPrompt } from './upload-hints.js';
import {
  acceptAttribute,
  detectedKindProblem,
  IMAGE_COMPRESS_ABOVE_BYTES,
  MEDIA_MAX_BYTES_BY_KIND,
  planMessages,
  uploadMetadataSchema,
  uploadProblem,
} from './upload-rules.js';
import { videoRenderSchema } from './media.js';

const MB = 1024 * 1024;
const IMAGE_INVALID = 'Please upload a valid image file (JPEG, PNG, WebP, or GIF)';

describe('image uploads (spec 1 §5, §7)', () => {
  it.each([
    ['cover.jpg', 'image/jpeg'],
    ['cover.png', 'image/png'],
    ['cover.webp', 'image/webp'],
    ['cover.gif', 'image/gif'],
  ])('accepts %s as podcast art and as an avatar', (name, type) => {
    expect(uploadProblem('podcast-art', { name, type, size: 2 * MB })).toBeNull();
    expect(uploadProblem('avatar', { name, type, size: 2 * MB })).toBeNull();
  });

  it.each([
    ['cover.bmp', 'image/bmp'],
    ['cover.svg', 'image/svg+xml'],
    ['cover.tiff', 'image/tiff'],
    ['notes.pdf', 'application/pdf'],
    ['episode.mp3', 'audio/mpeg'],
    ['clip.mp4', 'video/mp4'],
  ])(`refuses %s in an image picker with '${IMAGE_INVALID}'`, (name, type) => {
    expect(uploadProblem('podcast-art', { name, type, size: 1000 })).toBe(IMAGE_INVALID);
  });

  it('accepts images up to 50 MB (compressed above 10 MB) and names the limit above it', () => {
    expect(IMAGE_COMPRESS_ABOVE_BYTES).toBe(10 * MB);
    const art = { name: 'cover.png', type: 'image/png' };
    expect(uploadProblem('podcast-art', { ...art, size: 50 * MB })).toBeNull();
    expect(uploadProblem('podcast-art', { ...art, size: 50 * MB + 1 })).toBe(
      'Image must be less than 50MB (large images will be automatically compressed)',
    );
  });

  it("keeps chapter images to the spec's 10485760 bytes", () => {
    const image = { name: 'chapter.jpg', type: 'image/jpeg' };
    expect(uploadProblem('chapter-image', { ...image, size: 10_485_760 })).toBeNull();
    expect(uploadProblem('chapter-image', { ...image, size: 10_485_761 })).toBe(
      'Image file must be less than 10MB',
    );
  });

  it('offers only image types in an image picker', () => {
    const accept = acceptAttribute('avatar').split(',');
    expect(accept).toEqual(expect.arrayContaining(['image/png', '.jpg']));
    expect(accept.some((type) => type.startsWith('audio/') || type.startsWith('video/'))).toBe(false);
  });
});

describe('episode media (spec 2 §5, spec 1 §9)', () => {
  it('accepts audio up to 500 MB (524288000 bytes) and video up to 2 GB, each with its own message above', () => {
    expect(MEDIA_MAX_BYTES_BY_KIND.audio).toBe(524_288_000);
    const audio = { name: 'episode.mp3', type: 'audio/mpeg' };
    expect(uploadProblem('episode-media', { ...audio, size: 524_288_000 })).toBeNull();
    expect(uploadProblem('episode-media', { ...audio, size: 524_288_001 })).toBe(
      'Audio file must be less than 500MB',
    );
    const video = { name: 'episode.mkv', type: 'video/x-matroska' };
    expect(uploadProblem('episode-media', { ...video, size: 2 * 1024 * MB })).toBeNull();
    expect(uploadProblem('episode-media', { ...video, size: 2 * 1024 * MB + 1 })).toBe(
      'Video file must be less than 2GB',
    );
  });

  it('recognises a file by its name when the browser declares no type', () => {
    expect(uploadProblem('episode-media', { name: 'episode.flac', type: '', size: 1000 })).toBeNull();
    expect(uploadProblem('episode-media', { name: 'notes.txt', type: '', size: 1000 })).toBe(
      'Unsupported file type. Please upload audio or video.',
    );
  });

  it('refuses an empty file and a name over 255 characters', () => {
    expect(uploadProblem('episode-media', { name: 'a.mp3', type: 'audio/mpeg', size: 0 })).toBe(
      'The file is empty',
    );
    expect(
      uploadProblem('episode-media', { name: `${'a'.repeat(252)}.mp3`, type: 'audio/mpeg', size: 1 }),
    ).toBe('File name must be 255 characters or less');
  });
});

describe('the kind found in the bytes', () => {
  it('refuses bytes that are not what the file claims to be, with the message of the claimed kind', () => {
    expect(detectedKindProblem('episode-media', 'audio', 'image', 1000)).toBe(
      'Please upload a valid audio file (MP3, WAV, M4A, AAC, FLAC, OGG)',
    );
    expect(detectedKindProblem('episode-media', 'audio', 'video', 1000)).toBe(
      'Please upload a valid audio file (MP3, WAV, M4A, AAC, FLAC, OGG)',
    );
    expect(detectedKindProblem('podcast-art', 'image', 'audio', 1000)).toBe(IMAGE_INVALID);
    expect(detectedKindProblem('podcast-art', 'image', null, 1000)).toBe(IMAGE_INVALID);
  });

  it('accepts bytes of the claimed kind within its limit', () => {
    expect(detectedKindProblem('episode-media', 'audio', 'audio', 1000)).toBeNull();
    expect(detectedKindProblem('podcast-art', null, 'image', 1000)).toBeNull();
    expect(detectedKindProblem('podcast-art', 'image', 'image', 51 * MB)).toBe(
      'Image must be less than 50MB (large images will be automatically compressed)',
    );
  });
});

describe('tus upload metadata', () => {
  it('reads the purpose, the podcast and the normalisation switch', () => {
    const podcastId = '0b7a4c1e-3f6d-4a58-9c2e-6d1f8b3a9e01';
    expect(
      uploadMetadataSchema.parse({
        filename: 'a.wav',
        filetype: 'audio/wav',
        purpose: 'episode-media',
        podcastId,
        normalize: 'true',
      }),
    ).toEqual({
      filename: 'a.wav',
      filetype: 'audio/wav',
      purpose: 'episode-media',
      podcastId,
      normalize: true,
    });
    expect(uploadMetadataSchema.parse({ filename: 'a.png', purpose: 'avatar' }).normalize).toBe(false);
  });

  it('names what is wrong', () => {
    const result = uploadMetadataSchema.safeParse({
      filename: ' ',
      purpose: 'episode-media',
      podcastId: 'nope',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Please select a media file',
      'Podcast id must be a valid id',
    ]);
    expect(uploadMetadataSchema.safeParse({ filename: 'a.mp3', purpose: 'banner' }).success).toBe(false);
  });
});

describe('plan limits', () => {
  it('says how large the file is and how much of the plan is left', () => {
    expect(planMessages.storageFull(300_000_000, 800_000_000, 1_000_000_000)).toBe(
      'Not enough storage left on your plan: this file is 300 MB and 200 MB of your 1 GB is left. Delete unused media or upgrade your plan.',
    );
    expect(planMessages.episodesFull(10)).toBe(
      'Your plan allows 10 episodes. Delete an episode or upgrade your plan to upload another.',
    );
  });
});

describe('video renders', () => {
  it('needs the end of a trim after its start', () => {
    expect(videoRenderSchema.safeParse({ operation: 'trim', startSeconds: 5, endSeconds: 10 }).success).toBe(
      true,
    );
    const backwards = videoRenderSchema.safeParse({ operation: 'trim', startSeconds: 10, endSeconds: 5 });
    expect(backwards.error?.issues[0]?.message).toBe('Trim end must be greater than trim start');
  });

  it('keeps a short to 60 seconds', () => {
    const long = videoRenderSchema.safeParse({ operation: 'short', durationSeconds: 61 });
    expect(long.error?.issues[0]?.message).toBe('A short is at most 60 seconds');
  });
});

describe('drop-zone hints', () => {
  it("gives the spec's line for image pickers and one made from the rules otherwise", () => {
    expect(acceptedFilesHint('avatar')).toBe('JPEG, PNG, WebP or GIF, up to 50MB');
    expect(acceptedFilesHint('chapter-image')).toBe('JPEG, PNG, WEBP, GIF, up to 10 MB');
    expect(acceptedFilesHint('episode-media')).toBe(
      'MP3, WAV, M4A, AAC, FLAC, OGG, up to 500 MB; MP4, MOV, AVI, MKV, WEBM, up to 2 GB',
    );
    expect(dropPrompt('episode-media')).toBe('Drag an audio or video file here or click to choose a file');
  });
});

describe('transcript uploads (spec 2 §5 "Transcript")', () => {
  const INVALID = 'Invalid file type. Please upload VTT, SRT, JSON, or TXT files.';

  it.each([
    ['captions.vtt', 'text/vtt'],
    ['captions.srt', 'application/x-subrip'],
    ['captions.srt', ''],
    ['transcript.json', 'application/json'],
    ['transcript.txt', 'text/plain'],
  ])('accepts %s (declared %j) as a transcript', (name, type) => {
    expect(uploadProblem('transcript', { name, type, size: 2000 })).toBeNull();
  });

  it.each([
    ['cover.png', 'image/png'],
    ['episode.mp3', 'audio/mpeg'],
    ['notes.pdf', 'application/pdf'],
    ['page.html', 'text/html'],
  ])(`refuses %s as a transcript with '${INVALID}'`, (name, type) => {
    expect(uploadProblem('transcript', { name, type, size: 2000 })).toBe(INVALID);
  });

  it('takes transcripts up to 20 MB and names the limit above it', () => {
    const file = { name: 'captions.vtt', type: 'text/vtt' };
    expect(MEDIA_MAX_BYTES_BY_KIND.text).toBe(20 * MB);
    expect(uploadProblem('transcript', { ...file, size: 20 * MB })).toBeNull();
    expect(uploadProblem('transcript', { ...file, size: 20 * MB + 1 })).toBe(
      'Transcript file must be less than 20MB',
    );
  });

  it('refuses bytes that are not text, whatever the name says, with the transcript message', () => {
    expect(detectedKindProblem('transcript', 'text', 'image', 1000)).toBe(INVALID);
    expect(detectedKindProblem('transcript', 'text', null, 1000)).toBe(INVALID);
    expect(detectedKindProblem('transcript', 'text', 'text', 1000)).toBeNull();
  });

  it('keeps text out of the other pickers', () => {
    expect(uploadProblem('episode-media', { name: 'notes.txt', type: 'text/plain', size: 10 })).toBe(
      'Unsupported file type. Please upload audio or video.',
    );
    expect(uploadProblem('avatar', { name: 'captions.vtt', type: 'text/vtt', size: 10 })).toBe(IMAGE_INVALID);
  });

  it('offers only transcript types and names them in the drop-zone', () => {
    expect(acceptAttribute('transcript').split(',')).toEqual(
      expect.arrayContaining(['text/vtt', '.srt', '.json', '.txt']),
    );
    expect(acceptedFilesHint('transcript')).toBe('VTT, SRT, JSON, TXT, up to 20 MB');
    expect(dropPrompt('transcript')).toBe('Drag a transcript file here or click to choose a file');
  });
});
