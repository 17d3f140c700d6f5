import { pdfText, REPORT_FONTS } from './pdf-text.js';

// The PDF report's page geometry, colours and fonts, and the moves every part of it makes: where the content is,
// starting a new page when a part would not fit, a section heading.

export const REPORT_COLORS = {
  text: '#212529',
  muted: '#495057',
  accent: '#1864ab',
  bar: '#1c7ed6',
  headerFill: '#e7f5ff',
  zebra: '#f8f9fa',
  rule: '#ced4da',
  grid: '#e9ecef',
} as const;

export { REPORT_FONTS };

/** Body text size; tables and axis labels are a little smaller, never under 8 points. */
export const BODY_SIZE = 10.5;

/** A4 with 50-point margins; the bottom one leaves room for the page footer. */
export const PAGE_OPTIONS = {
  size: 'A4',
  margins: { top: 50, left: 50, right: 50, bottom: 60 },
} as const;

export const contentLeft = (doc: PDFKit.PDFDocument) => doc.page.margins.left;
export const contentWidth = (doc: PDFKit.PDFDocument) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;
export const contentBottom = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when fewer than `height` points are left on this one; says whether it did. */
export function ensureSpace(doc: PDFKit.PDFDocument, height: number): boolean {
  if (doc.y + height <= contentBottom(doc)) return false;
  doc.addPage();
  return true;
}

/**
 * A section's heading, kept on one page with the first `followedBy` points of what comes under it (a table's header
 * and first rows, a chart).
 */
export function sectionHeading(doc: PDFKit.PDFDocument, text: string, followedBy: number): void {
  doc.moveDown(0.8);
  ensureSpace(doc, 28 + followedBy);
  const left = contentLeft(doc);
  doc.font(REPORT_FONTS.bold).fontSize(14).fillColor(REPORT_COLORS.accent);
  doc.text(pdfText(text), left, doc.y, { width: contentWidth(doc) });
  const ruleY = doc.y + 2;
  doc
    .moveTo(left, ruleY)
    .lineTo(left + contentWidth(doc), ruleY)
    .lineWidth(0.75)
    .strokeColor(REPORT_COLORS.rule)
    .stroke();
  doc.y = ruleY + 8;
  doc.font(REPORT_FONTS.regular).fontSize(BODY_SIZE).fillColor(REPORT_COLORS.text);
}

/**
 * A paragraph of body text at the content's left edge, after a bold `lead` when given; a new page first when its first
 * lines would not fit.
 */
export function paragraph(
  doc: PDFKit.PDFDocument,
  text: string,
  { color = REPORT_COLORS.text, lead }: { color?: string; lead?: string } = {},
): void {
  const safe = pdfText(text);
  const width = contentWidth(doc);
  doc.font(REPORT_FONTS.regular).fontSize(BODY_SIZE);
  const height = doc.heightOfString(lead ? `${lead}: ${safe}` : safe, { width, lineGap: 2 });
  ensureSpace(doc, Math.min(height, 3 * doc.currentLineHeight(true)));
  doc.fillColor(color);
  if (lead) {
    doc
      .font(REPORT_FONTS.bold)
      .text(`${pdfText(lead)}: `, contentLeft(doc), doc.y, { width, lineGap: 2, continued: true });
    doc.font(REPORT_FONTS.regular).text(safe, { width, lineGap: 2 });
  } else {
    doc.font(REPORT_FONTS.regular).text(safe, contentLeft(doc), doc.y, { width, lineGap: 2 });
  }
  doc.moveDown(0.4);
}

/** 'Page n of m' and the podcast's name at the foot of every page, once all pages are written. */
export function pageFooters(
  doc: PDFKit.PDFDocument,
  label: string,
  pageOf: (page: number, pages: number) => string,
) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Text below the bottom margin would start a new page: the footer is drawn with the margin lifted.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 38;
    const left = contentLeft(doc);
    const width = contentWidth(doc);
    doc.font(REPORT_FONTS.regular).fontSize(8.5).fillColor(REPORT_COLORS.muted);
    doc.text(pdfText(label), left, y, { width: width * 0.7, lineBreak: false, ellipsis: true });
    doc.text(pageOf(index - start + 1, count), left, y, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
