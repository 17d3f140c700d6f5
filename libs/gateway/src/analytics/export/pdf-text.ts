// Text for the PDF report's font, Noto Sans (shipped by the npm package @expo-google-fonts/noto-sans under the SIL
// Open Font License, embedded as a subset): Latin with every accent, Greek, Cyrillic and Vietnamese. A character the
// font has no glyph for is brought as close as it can be (a letter without its accent) or shown as '?', never as an
// empty box; the CSV and JSON files keep every name as it is.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

/** The report's two faces, by the names the document knows them by. */
export const REPORT_FONTS = { regular: 'NotoSans', bold: 'NotoSans-Bold' } as const;

const FONT_FILES: Record<keyof typeof REPORT_FONTS, string> = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};

interface ReportFonts {
  files: Record<keyof typeof REPORT_FONTS, Buffer>;
  /** The code points both faces draw. */
  drawable: ReadonlySet<number>;
}

let loaded: ReportFonts | undefined;

/** The font files, read once per process. */
function reportFonts(): ReportFonts {
  if (loaded) return loaded;
  const regular = readFileSync(require.resolve(FONT_FILES.regular));
  const bold = readFileSync(require.resolve(FONT_FILES.bold));
  const boldSet = new Set(characterSet(bold));
  loaded = {
    files: { regular, bold },
    drawable: new Set(characterSet(regular).filter((code) => boldSet.has(code))),
  };
  return loaded;
}

function characterSet(file: Buffer): number[] {
  const font = fontkit.create(file);
  if (!('characterSet' in font)) throw new Error('the report font is a collection, not one font');
  return font.characterSet;
}

/** Makes the report's faces known to `doc` under REPORT_FONTS' names. */
export function registerReportFonts(doc: PDFKit.PDFDocument): void {
  const { files } = reportFonts();
  doc.registerFont(REPORT_FONTS.regular, files.regular);
  doc.registerFont(REPORT_FONTS.bold, files.bold);
}

function drawable(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code >= 0x20 && reportFonts().drawable.has(code);
}

/** `text` in characters the report's font draws: control characters and pictographs dropped, others simplified. */
export function pdfText(text: string): string {
  let result = '';
  for (const character of text.replace(/[\r\n\t]+/g, ' ')) {
    if (drawable(character)) {
      result += character;
      continue;
    }
    if (/\p{Extended_Pictographic}|\p{Cc}|\p{Cf}|\p{Mn}/u.test(character)) continue;
    const simplified = character.normalize('NFKD').replace(/\p{Mn}/gu, '');
    result += [...simplified].every(drawable) && simplified !== '' ? simplified : '?';
  }
  return result.replace(/ {2,}/g, ' ').trim();
}

/** `text` cut with an ellipsis to fit `width` points in the document's current font and size. */
export function fitText(doc: PDFKit.PDFDocument, text: string, width: number): string {
  const safe = pdfText(text);
  if (doc.widthOfString(safe) <= width) return safe;
  let low = 0;
  let high = safe.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${safe.slice(0, middle).trimEnd()}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${safe.slice(0, low).trimEnd()}…`;
}
