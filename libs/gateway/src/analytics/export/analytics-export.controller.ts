import { Body, Controller, HttpCode, Logger, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import {
  analyticsExportConfigSchema,
  analyticsExportDataSchema,
  analyticsRequests,
  exportFormatOptions,
  type AnalyticsExportConfig,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { RequirePodcastRole } from '../../access/require-podcast-role.js';
import { ApiZodBody } from '../../http/openapi.js';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import { sendExportFile } from './export-file.js';

const idParam = new ZodPipe(z.uuid('Not a valid id'));
const exportConfig = new ZodPipe(analyticsExportConfigSchema);
/** All Time by day reads a podcast's whole history: more than the bus's default wait. */
const EXPORT_REPLY_TIMEOUT_MS = 30_000;

/**
 * The analytics export (spec 3 §2.4, §9): the figures of the chosen range, metrics and grouping, streamed as a CSV,
 * JSON or PDF download. Anyone with a role on the podcast exports it; analytics checks the role again.
 */
@ApiTags('analytics')
@ApiBearerAuth()
@Controller('api/podcasts/:podcastId/analytics')
export class AnalyticsExportController {
  private readonly logger = new Logger(AnalyticsExportController.name);

  constructor(private readonly bus: MessageBus) {}

  @Post('export')
  @HttpCode(200)
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodBody(analyticsExportConfigSchema)
  @ApiOkResponse({
    description:
      'A file download (Content-Disposition: attachment; filename="podcast-analytics_{metrics}_{date}.{format}"): CSV ' +
      '(Date, Metric, Value, then the detailed sections and notes), JSON (the analytics.export.get answer, ' +
      'docs/analytics.md) or a PDF report',
    content: {
      [exportFormatOptions.csv.mimeType]: { schema: { type: 'string' } },
      [exportFormatOptions.json.mimeType]: {
        schema: z.toJSONSchema(analyticsExportDataSchema, { io: 'output', unrepresentable: 'any' }) as object,
      },
      [exportFormatOptions.pdf.mimeType]: { schema: { type: 'string', format: 'binary' } },
    },
  })
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', idParam) podcastId: string,
    @Body(exportConfig) config: AnalyticsExportConfig,
    @Res() response: Response,
  ): Promise<void> {
    const data = await this.bus.request(
      analyticsRequests.getAnalyticsExport,
      { userId: user.id, podcastId, config },
      { timeoutMs: EXPORT_REPLY_TIMEOUT_MS },
    );
    await sendExportFile(response, data, config.format, this.logger);
  }
}
