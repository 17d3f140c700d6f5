import {
  BODY_SIZE,
  contentBottom,
  contentLeft,
  contentWidth,
  REPORT_COLORS,
  REPORT_FONTS,
} from './pdf-layout.js';
import { fitText, pdfText } from './pdf-text.js';

export interface TableColumn {
  header: string;
  /** Share of the content width; the shares of a table add up to 1. */
  share: number;
  align: 'left' | 'right';
}

const ROW_HEIGHT = 18;
const HEADER_HEIGHT = 20;
const CELL_PADDING = 6;
const TABLE_SIZE = BODY_SIZE - 1;

/** The height of a table's header and its first `rows` rows: what a heading above it keeps on its page. */
export function tableStartHeight(rows: number): number {
  return 2 * HEADER_HEIGHT + ROW_HEIGHT * Math.max(1, Math.min(rows, 3));
}

/**
 * A table at the content's left edge: a tinted header row, then one line per row (a cell too long for its column is
 * cut with an ellipsis), every other row shaded. A row that would pass the bottom margin goes to a new page, under
 * the header drawn again.
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  columns: readonly TableColumn[],
  rows: readonly string[][],
): void {
  const left = contentLeft(doc);
  const width = contentWidth(doc);
  const widths = columns.map((column) => column.share * width);
  const drawCells = (cells: readonly string[], textY: number) => {
    let x = left;
    cells.forEach((cell, index) => {
      const cellWidth = widths[index] ?? 0;
      const inner = cellWidth - 2 * CELL_PADDING;
      doc.text(fitText(doc, cell, inner), x + CELL_PADDING, textY, {
        width: inner,
        align: columns[index]?.align ?? 'left',
        lineBreak: false,
      });
      x += cellWidth;
    });
  };

  // A header too long for its column wraps onto a second line rather than being cut.
  doc.font(REPORT_FONTS.bold).fontSize(TABLE_SIZE);
  const headerHeight = Math.max(
    HEADER_HEIGHT,
    ...columns.map(
      (column, index) =>
        doc.heightOfString(pdfText(column.header), { width: (widths[index] ?? 0) - 2 * CELL_PADDING }) + 8,
    ),
  );
  const header = () => {
    const y = doc.y;
    doc.rect(left, y, width, headerHeight).fill(REPORT_COLORS.headerFill);
    doc.font(REPORT_FONTS.bold).fontSize(TABLE_SIZE).fillColor(REPORT_COLORS.text);
    let x = left;
    columns.forEach((column, index) => {
      const inner = (widths[index] ?? 0) - 2 * CELL_PADDING;
      doc.text(pdfText(column.header), x + CELL_PADDING, y + 5, { width: inner, align: column.align });
      x += widths[index] ?? 0;
    });
    doc.y = y + headerHeight;
  };

  if (doc.y + headerHeight + ROW_HEIGHT > contentBottom(doc)) doc.addPage();
  header();
  rows.forEach((row, index) => {
    if (doc.y + ROW_HEIGHT > contentBottom(doc)) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    if (index % 2 === 1) doc.rect(left, y, width, ROW_HEIGHT).fill(REPORT_COLORS.zebra);
    doc.font(REPORT_FONTS.regular).fontSize(TABLE_SIZE).fillColor(REPORT_COLORS.text);
    drawCells(row, y + (ROW_HEIGHT - TABLE_SIZE) / 2);
    doc.y = y + ROW_HEIGHT;
  });
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.5)
    .strokeColor(REPORT_COLORS.rule)
    .stroke();
  doc.x = left;
}
