// Text for the PDF report's built-in Helvetica, whose encoding (WinAnsi, Windows-1252) holds Latin-1 and a few more
// characters. No font file ships with Castbase, so other characters are brought as close as they can be (accents
// dropped from a letter outside Latin-1) or shown as '?'; the CSV and JSON files keep every name as it is.

/** Windows-1252's characters above Latin-1 (0x80–0x9F), which Helvetica in PDFKit draws too. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function drawable(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(character);
}

/** `text` in characters Helvetica draws: control characters and pictographs dropped, other letters simplified. */
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
