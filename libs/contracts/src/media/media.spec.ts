import { createUploadInputSchema, IMAGE_MAX_BYTES, MEDIA_MAX_BYTES, mediaKindOf } from './media.js';

const messageAt = (
  result: { error?: { issues: Array<{ message: string; path: PropertyKey[] }> } },
  field: string,
) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;

const imageUpload = {
  fileName: 'cover.png',
  contentType: 'image/png',
  sizeBytes: 2_000_000,
  expect: 'image',
};
const MB = 1024 * 1024;

describe('image uploads (spec 1 §5)', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])('accepts %s', (contentType) => {
    expect(createUploadInputSchema.safeParse({ ...imageUpload, contentType }).success).toBe(true);
    expect(mediaKindOf(contentType)).toBe('image');
  });

  it.each(['image/bmp', 'image/svg+xml', 'image/tiff', 'application/pdf'])(
    "refuses %s in an image picker with 'Please upload a valid image file (JPEG, PNG, WebP, or GIF)'",
    (contentType) => {
      const result = createUploadInputSchema.safeParse({ ...imageUpload, contentType });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Please upload a valid image file (JPEG, PNG, WebP, or GIF)',
      ]);
    },
  );

  it("refuses audio or video in an image picker with 'Please upload a valid image file (JPEG, PNG, WebP, or GIF)'", () => {
    for (const contentType of ['audio/mpeg', 'video/mp4']) {
      const result = createUploadInputSchema.safeParse({ ...imageUpload, fileName: 'a.mp3', contentType });
      expect(messageAt(result, 'contentType')).toBe(
        'Please upload a valid image file (JPEG, PNG, WebP, or GIF)',
      );
    }
  });

  it("accepts an image under 10 MB and refuses one of 10 MB or more with 'Image file must be less than 10MB'", () => {
    expect(IMAGE_MAX_BYTES).toBe(10 * MB);
    expect(createUploadInputSchema.safeParse({ ...imageUpload, sizeBytes: 10 * MB - 1 }).success).toBe(true);
    for (const sizeBytes of [10 * MB, 10 * MB + 1, 50 * MB]) {
      expect(messageAt(createUploadInputSchema.safeParse({ ...imageUpload, sizeBytes }), 'sizeBytes')).toBe(
        'Image file must be less than 10MB',
      );
    }
  });

  it('applies the 10 MB image rule even when the picker does not say it expects an image', () => {
    const { expect: _picker, ...upload } = imageUpload;
    expect(messageAt(createUploadInputSchema.safeParse({ ...upload, sizeBytes: 11 * MB }), 'sizeBytes')).toBe(
      'Image file must be less than 10MB',
    );
  });
});

describe('media uploads (spec 1 §9)', () => {
  it('accepts audio and video up to 500 MB (524288000 bytes)', () => {
    expect(MEDIA_MAX_BYTES).toBe(524_288_000);
    const upload = { fileName: 'episode.mp3', contentType: 'audio/mpeg', sizeBytes: MEDIA_MAX_BYTES };
    expect(createUploadInputSchema.safeParse(upload).success).toBe(true);
    expect(createUploadInputSchema.safeParse({ ...upload, contentType: 'video/mp4' }).success).toBe(true);
  });

  it('refuses a type that is neither audio, video nor an image outside an image picker', () => {
    const result = createUploadInputSchema.safeParse({
      fileName: 'notes.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1000,
    });
    expect(messageAt(result, 'contentType')).toBe('This file type is not supported');
  });
});
