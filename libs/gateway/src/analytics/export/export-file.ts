import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '@nestjs/common';
import type { Response } from 'express';
import {
  exportFileName,
  exportFormatOptions,
  type AnalyticsExportData,
  type ExportFormat,
} from '@castbase/contracts';
import { exportCsvLines } from './export-csv.js';
import { renderExportPdf } from './export-pdf.js';

/** The file of an export in its format, as a stream: CSV line by line, the JSON document, the PDF as PDFKit writes it. */
export function exportFileStream(data: AnalyticsExportData, format: ExportFormat): Readable {
  switch (format) {
    case 'csv':
      return Readable.from(exportCsvLines(data));
    case 'json':
      return Readable.from([JSON.stringify(data, null, 2)]);
    case 'pdf':
      return renderExportPdf(data);
  }
}

/**
 * Sends an export as a download: its format's content type, `attachment` with the spec's file name (dated with the
 * day it was made, UTC), never cached. A client that goes away ends the stream; that is logged, not answered.
 */
export async function sendExportFile(
  response: Response,
  data: AnalyticsExportData,
  format: ExportFormat,
  logger: Logger,
): Promise<void> {
  const fileName = exportFileName(data.metrics, new Date(data.generatedAt), format);
  // Made before anything is sent (the PDF is drawn here), so a failure to make it is an ordinary error answer.
  const file = exportFileStream(data, format);
  response.status(200);
  response.setHeader('Content-Type', exportFormatOptions[format].mimeType);
  response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  response.setHeader('Cache-Control', 'no-store');
  try {
    await pipeline(file, response);
  } catch (error) {
    logger.warn({ err: error }, 'the analytics export download ended before it was complete');
  }
}
