import { describe, expect, it } from '@jest/globals';
import { transcriptCues } from './transcript-cues.js';

describe('transcriptCues: a transcript file as lines a person reads', () => {
  it('reads WebVTT cues with their start times and <v> voices, markup removed', () => {
    const vtt = `WEBVTT

NOTE a comment

1
00:00:00.000 --> 00:00:02.500 align:start
<v Ada Lovelace>Good <i>morning</i>,
and welcome.

00:01:02.250 --> 00:01:05.000
<v.loud Grace>Thank you!</v>
`;
    expect(transcriptCues(vtt, 'text/vtt')).toEqual([
      { startTime: 0, speaker: 'Ada Lovelace', text: 'Good morning, and welcome.' },
      { startTime: 62.25, speaker: 'Grace', text: 'Thank you!' },
    ]);
  });

  it('reads SubRip cues, with commas in their times and Windows line ends', () => {
    const srt =
      '1\r\n00:00:01,500 --> 00:00:03,000\r\nFirst line\r\n\r\n2\r\n01:00:00,000 --> 01:00:02,000\r\nAn hour in\r\n';
    expect(transcriptCues(srt, 'application/x-subrip')).toEqual([
      { startTime: 1.5, speaker: null, text: 'First line' },
      { startTime: 3600, speaker: null, text: 'An hour in' },
    ]);
  });

  it('reads the Podcasting 2.0 JSON segments and skips empty or malformed ones', () => {
    const json = JSON.stringify({
      version: '1.0.0',
      segments: [
        { speaker: 'Ada', startTime: 0.5, endTime: 2, body: 'Hello' },
        { startTime: 3, body: '   ' },
        'not a segment',
        { body: 'No time' },
      ],
    });
    expect(transcriptCues(json, 'application/json')).toEqual([
      { startTime: 0.5, speaker: 'Ada', text: 'Hello' },
      { startTime: null, speaker: null, text: 'No time' },
    ]);
  });

  it('shows plain text, and anything it cannot read as timed lines, as paragraphs', () => {
    expect(transcriptCues('First paragraph\nstill first.\n\nSecond.', 'text/plain')).toEqual([
      { startTime: null, speaker: null, text: 'First paragraph\nstill first.' },
      { startTime: null, speaker: null, text: 'Second.' },
    ]);
    expect(transcriptCues('{ not json', 'application/json')).toEqual([
      { startTime: null, speaker: null, text: '{ not json' },
    ]);
  });
});
