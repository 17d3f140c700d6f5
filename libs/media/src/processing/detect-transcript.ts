import { readFile } from 'node:fs/promises';
import type { DetectedMedia } from './detect-kind.js';

/** The text formats, by what their bytes are (never their name), with the types they are served with. */
const VTT: DetectedMedia = { kind: 'text', format: 'vtt', mimeType: 'text/vtt' };
/** `application/x-subrip`: the namespace's type for SRT (`<podcast:transcript>`), which podcast apps read. */
const SRT: DetectedMedia = { kind: 'text', format: 'srt', mimeType: 'application/x-subrip' };
const JSON_TEXT: DetectedMedia = { kind: 'text', format: 'json', mimeType: 'application/json' };
const TXT: DetectedMedia = { kind: 'text', format: 'txt', mimeType: 'text/plain' };

const UTF8_BOM = '\uFEFF';
/** A WebVTT file starts with `WEBVTT`, then a space, a tab or the end of the line (W3C WebVTT §4.1). */
const WEBVTT_SIGNATURE = /^WEBVTT(?:[ \t]|\r?\n|\r|$)/;
const SRT_INDEX = /^\d+$/;
/** `00:00:01,000 --> 00:00:04,000` (a dot instead of the comma is common enough to take). */
const SRT_TIMING = /^\d{1,3}:\d{2}:\d{2}[,.]\d{1,3}[ \t]*-->[ \t]*\d{1,3}:\d{2}:\d{2}[,.]\d{1,3}/;

/**
 * What a transcript file is, from its bytes: text must be valid UTF-8 without NUL bytes and hold more than
 * whitespace. Then WebVTT by its `WEBVTT` header; SRT when its first cue is a number line followed by a
 * `00:00:01,000 --> …` timing line; JSON when the whole text parses as a JSON object or array (the namespace's
 * JSON transcript: `{ version, segments }`); anything else is plain text. Null when the bytes are not such text
 * (an image, audio, a UTF-16 file).
 */
export function detectTranscriptFormat(bytes: Uint8Array): DetectedMedia | null {
  if (bytes.length === 0 || bytes.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
  if (text.startsWith(UTF8_BOM)) text = text.slice(UTF8_BOM.length);
  const content = text.trimStart();
  if (content.length === 0) return null;
  if (WEBVTT_SIGNATURE.test(content)) return VTT;
  if (startsWithSrtCue(content)) return SRT;
  if ((content.startsWith('{') || content.startsWith('[')) && parsesAsJson(content)) return JSON_TEXT;
  return TXT;
}

/** {@link detectTranscriptFormat} of a local file (transcripts are at most 20 MB, so it is read whole). */
export async function detectTranscript(path: string): Promise<DetectedMedia | null> {
  return detectTranscriptFormat(await readFile(path));
}

function startsWithSrtCue(content: string): boolean {
  const [index, timing] = content.split(/\r\n|\r|\n/, 2);
  return SRT_INDEX.test(index?.trim() ?? '') && SRT_TIMING.test(timing?.trim() ?? '');
}

function parsesAsJson(content: string): boolean {
  try {
    JSON.parse(content);
    return true;
  } catch {
    return false;
  }
}
