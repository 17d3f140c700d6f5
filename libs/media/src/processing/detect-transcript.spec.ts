import { describe, expect, it } from '@jest/globals';
import { detectTranscriptFormat } from './detect-transcript.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const formatOf = (bytes: Uint8Array) => detectTranscriptFormat(bytes)?.format ?? null;

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\n<v John>Podcasting 2.0 is really changing the game.\n';
const SRT =
  "1\n00:00:00,000 --> 00:00:02,760\nSarah: In today's episode,\n\n2\n00:00:02,760 --> 00:00:06,090\nmore\n";
const JSON_TRANSCRIPT = JSON.stringify({
  version: '1.0.0',
  segments: [{ speaker: 'Darth Vader', startTime: 0.5, endTime: 0.75, body: 'I' }],
});

describe('detectTranscriptFormat: a transcript by its content, never its name', () => {
  it('finds WebVTT by its header, with a byte order mark, Windows line ends or a header text', () => {
    expect(detectTranscriptFormat(utf8(VTT))).toEqual({ kind: 'text', format: 'vtt', mimeType: 'text/vtt' });
    expect(formatOf(utf8(`\uFEFF${VTT}`))).toBe('vtt');
    expect(formatOf(utf8(VTT.replaceAll('\n', '\r\n')))).toBe('vtt');
    expect(formatOf(utf8('WEBVTT - Episode 12\n\n00:01.000 --> 00:04.000\nHi\n'))).toBe('vtt');
    expect(formatOf(utf8('WEBVTTX\n'))).toBe('txt');
  });

  it('finds SRT by a cue number followed by a "00:00:01,000 --> …" line', () => {
    expect(detectTranscriptFormat(utf8(SRT))).toEqual({
      kind: 'text',
      format: 'srt',
      mimeType: 'application/x-subrip',
    });
    expect(formatOf(utf8(`\n\n${SRT.replaceAll('\n', '\r\n')}`))).toBe('srt');
    expect(formatOf(utf8('1\nNot a timing line\n'))).toBe('txt');
  });

  it("finds JSON when the whole text parses (the namespace's JSON transcript among them)", () => {
    expect(detectTranscriptFormat(utf8(JSON_TRANSCRIPT))).toEqual({
      kind: 'text',
      format: 'json',
      mimeType: 'application/json',
    });
    expect(formatOf(utf8('[{"body":"hi"}]'))).toBe('json');
    expect(formatOf(utf8('{"segments": [ unfinished'))).toBe('txt');
  });

  it('takes any other UTF-8 text as plain text, in any script', () => {
    expect(detectTranscriptFormat(utf8('Host: Welcome back.\nGuest: Thanks!\n'))).toEqual({
      kind: 'text',
      format: 'txt',
      mimeType: 'text/plain',
    });
    expect(formatOf(utf8('Ведущий: Добро пожаловать. 主持人：欢迎。'))).toBe('txt');
  });

  it('finds nothing in bytes that are not UTF-8 text: NUL bytes, invalid sequences, UTF-16, a PNG, emptiness', () => {
    expect(formatOf(Buffer.from('WEBVTT\n\n', 'utf16le'))).toBeNull();
    expect(formatOf(Buffer.from([0x57, 0x45, 0x42, 0xff, 0xfe, 0x0a]))).toBeNull();
    expect(formatOf(Buffer.from([0x48, 0x69, 0x00, 0x21]))).toBeNull();
    expect(formatOf(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBeNull();
    expect(formatOf(new Uint8Array())).toBeNull();
    expect(formatOf(utf8(' \n\t\n'))).toBeNull();
  });
});
