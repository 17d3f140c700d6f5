// A transcript file (spec 2 §3: VTT, SRT, the Podcasting 2.0 JSON or plain text) as lines a person reads: the public
// episode page shows them, and a line with a time seeks the player.

/** One line of a transcript, with the time it starts at when the format has one. */
export interface TranscriptCue {
  startTime: number | null;
  speaker: string | null;
  text: string;
}

/** '00:01:02.500', '01:02,5' or '62.5' as seconds; null when it is none of these. */
function secondsOf(timestamp: string): number | null {
  const parts = timestamp.trim().replace(',', '.').split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return null;
  return parts.reduce((total, part) => total * 60 + Number(part), 0);
}

/** WebVTT or SubRip: blocks with a 'start --> end' line, their text after it; `<v Speaker>` voice tags read. */
function timedTextCues(text: string): TranscriptCue[] {
  const cues: TranscriptCue[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue;
    const startTime = secondsOf(lines[timing]?.split('-->')[0] ?? '');
    let speaker: string | null = null;
    const body = lines
      .slice(timing + 1)
      .join(' ')
      .replace(/<v(?:\.[^\s>]*)?\s+([^>]+)>/g, (_, name: string) => {
        speaker ??= name.trim();
        return '';
      })
      .replace(/<[^>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (body) cues.push({ startTime, speaker, text: body });
  }
  return cues;
}

/** The Podcasting 2.0 JSON transcript's `segments`, or null when the value is not one. */
const jsonTranscriptCues = (value: unknown): TranscriptCue[] | null => {
  if (typeof value !== 'object' || value === null || !('segments' in value) || !Array.isArray(value.segments))
    return null;
  return value.segments.flatMap((segment: unknown) => {
    if (typeof segment !== 'object' || segment === null) return [];
    const { startTime, speaker, body } = segment as {
      startTime?: unknown;
      speaker?: unknown;
      body?: unknown;
    };
    if (typeof body !== 'string' || !body.trim()) return [];
    return [
      {
        startTime: typeof startTime === 'number' ? startTime : null,
        speaker: typeof speaker === 'string' ? speaker : null,
        text: body.trim(),
      },
    ];
  });
};

/**
 * A transcript file as lines a person reads: VTT and SRT cues with their start times, the Podcasting 2.0 JSON
 * transcript's segments, or a plain text's paragraphs. Anything else is one block of its text.
 */
export function transcriptCues(text: string, type: string): TranscriptCue[] {
  if (type === 'application/json') {
    try {
      const cues = jsonTranscriptCues(JSON.parse(text));
      if (cues) return cues;
    } catch {
      // Not JSON after all: shown as text below.
    }
  }
  if (type !== 'text/plain' && text.includes('-->')) {
    const cues = timedTextCues(text);
    if (cues.length > 0) return cues;
  }
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => ({ startTime: null, speaker: null, text: paragraph }));
}
