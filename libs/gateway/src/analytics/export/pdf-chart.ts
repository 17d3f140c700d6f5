import { contentLeft, contentWidth, ensureSpace, REPORT_COLORS, REPORT_FONTS } from './pdf-layout.js';
import { pdfText } from './pdf-text.js';

export interface ChartPoint {
  label: string;
  /** null: not measured in that period (no bar, unlike a zero). */
  value: number | null;
}

export interface BarChart {
  points: readonly ChartPoint[];
  /** How a value reads on the vertical axis. */
  format: (value: number) => string;
  /** Whole steps only (counts). */
  whole: boolean;
}

const CHART_HEIGHT = 190;
const AXIS_WIDTH = 56;
const LABEL_HEIGHT = 16;
const LABEL_SIZE = 8;
/** Up to this many periods a bar each; more (a year of days) read better as a line over a shaded area. */
const MAX_BARS = 92;
/** Room one date label needs beside the next. */
const LABEL_SPACING = 62;

/** The chart's height with its axis labels: what its heading keeps on the same page. */
export const BAR_CHART_HEIGHT = CHART_HEIGHT + LABEL_HEIGHT;

/**
 * A chart in vector graphics at the content's left edge: a bar per period (a line over a shaded area when there are
 * more than MAX_BARS), the vertical axis in round steps with grid lines, and as many period labels under it as fit side
 * by side.
 */
export function drawBarChart(doc: PDFKit.PDFDocument, chart: BarChart): void {
  ensureSpace(doc, BAR_CHART_HEIGHT + 8);
  const left = contentLeft(doc) + AXIS_WIDTH;
  const width = contentWidth(doc) - AXIS_WIDTH;
  const top = doc.y + 4;
  const bottom = top + CHART_HEIGHT - 8;
  const ticks = axisTicks(Math.max(0, ...chart.points.map((point) => point.value ?? 0)), chart.whole);
  const highest = ticks.at(-1) ?? 1;
  const yOf = (value: number) => bottom - (value / highest) * (bottom - top);

  doc.font(REPORT_FONTS.regular).fontSize(LABEL_SIZE);
  for (const tick of ticks) {
    const y = yOf(tick);
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(tick === 0 ? REPORT_COLORS.muted : REPORT_COLORS.grid)
      .stroke();
    doc
      .fillColor(REPORT_COLORS.muted)
      .text(pdfText(chart.format(tick)), contentLeft(doc), y - LABEL_SIZE / 2, {
        width: AXIS_WIDTH - 6,
        align: 'right',
        lineBreak: false,
      });
  }

  const slot = width / Math.max(1, chart.points.length);
  if (chart.points.length <= MAX_BARS) {
    const barWidth = slot * 0.7;
    chart.points.forEach((point, index) => {
      if (point.value === null || point.value <= 0) return;
      const y = yOf(point.value);
      doc.rect(left + index * slot + (slot - barWidth) / 2, y, barWidth, bottom - y).fill(REPORT_COLORS.bar);
    });
  } else {
    drawArea(
      doc,
      chart.points.map((point, index) => ({
        x: left + index * slot + slot / 2,
        y: point.value === null ? null : yOf(point.value),
      })),
      bottom,
    );
  }

  const every = Math.max(1, Math.ceil(chart.points.length / Math.max(1, Math.floor(width / LABEL_SPACING))));
  doc.fillColor(REPORT_COLORS.muted);
  chart.points.forEach((point, index) => {
    if (index % every !== 0) return;
    const center = left + index * slot + slot / 2;
    doc.text(pdfText(point.label), center - LABEL_SPACING / 2, bottom + 4, {
      width: LABEL_SPACING,
      align: 'center',
      lineBreak: false,
    });
  });
  doc.y = bottom + LABEL_HEIGHT + 4;
  doc.x = contentLeft(doc);
}

/** A line through the measured points over a lightly shaded area; a period not measured breaks it. */
function drawArea(
  doc: PDFKit.PDFDocument,
  points: ReadonlyArray<{ x: number; y: number | null }>,
  bottom: number,
) {
  let run: Array<{ x: number; y: number }> = [];
  const runs = [run];
  for (const point of points) {
    if (point.y !== null) run.push({ x: point.x, y: point.y });
    else if (run.length > 0) runs.push((run = []));
  }
  for (const measured of runs) {
    const [first, ...rest] = measured;
    if (!first) continue;
    const last = measured.at(-1) ?? first;
    doc.save();
    doc.moveTo(first.x, bottom).lineTo(first.x, first.y);
    for (const point of rest) doc.lineTo(point.x, point.y);
    doc.lineTo(last.x, bottom).closePath().fillOpacity(0.18).fill(REPORT_COLORS.bar);
    doc.restore();
    doc.moveTo(first.x, first.y);
    for (const point of rest) doc.lineTo(point.x, point.y);
    doc.lineWidth(1).strokeColor(REPORT_COLORS.bar).stroke();
  }
}

/** 0 and round steps (1, 2 or 5 × a power of ten) up to at least `max`, about five of them. */
export function axisTicks(max: number, whole: boolean): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  let step = (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
  if (whole) step = Math.max(1, Math.round(step));
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step; tick += step) {
    ticks.push(Number(tick.toPrecision(12)));
    if (tick >= max) break;
  }
  return ticks;
}
