import {
  chapterMessages,
  jsonChaptersDocument,
  parseJsonChapters,
  type Chapter,
  type ParsedJsonChapters,
} from '@castbase/contracts';

/** The name an exported chapters file is saved under. */
export const EXPORTED_CHAPTERS_FILE_NAME = 'chapters.json';

/** Saves the chapters as a JSON chapters file (version 1.2.0) through the browser's download. */
export function downloadChaptersFile(chapters: readonly Chapter[]): void {
  const text = `${JSON.stringify(jsonChaptersDocument(chapters), null, 2)}\n`;
  const address = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = address;
  link.download = EXPORTED_CHAPTERS_FILE_NAME;
  link.click();
  // Some browsers read the blob after click() returns; FileSaver.js lets it go after 40 s for the same reason.
  window.setTimeout(() => URL.revokeObjectURL(address), 40_000);
}

/** The chapters of a chosen JSON chapters file, or the import error that explains why not. */
export async function readChaptersFile(file: File): Promise<ParsedJsonChapters> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { error: chapterMessages.importParse };
  }
  return parseJsonChapters(text);
}
