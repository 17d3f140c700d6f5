import { exportMessages, type ExportMetric } from '@castbase/contracts';
import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useCreatorTimeZone } from '../../episodes/actions/use-creator-time-zone.js';
import { useFocusFirstInvalid } from '../../shared/forms/use-focus-first-invalid.js';
import { DownloadIcon } from '../../shared/icons/icons.js';
import { FailureBanner } from '../../shared/layout/feedback-banners.js';
import {
  exportConfigOf,
  exportFormProblems,
  exportRangeLabel,
  initialExportForm,
  type ExportForm,
} from './export-form.js';
import { ExportFormatField } from './export-format-field.js';
import { ExportMetricsField, ExportOptionsFields } from './export-options-fields.js';
import { ExportPreview } from './export-preview.js';
import { ExportTimeRangeField } from './export-time-range-field.js';
import { useAnalyticsExport } from './use-analytics-export.js';

export interface ExportAnalyticsDialogProps {
  opened: boolean;
  onClose: () => void;
  podcastId: string;
  episodeId?: string | undefined;
  defaultMetrics?: readonly ExportMetric[] | undefined;
}

/**
 * 'Export Analytics Data' (spec 3 §2.4): format, time range (a preset or a custom range, which the export uses),
 * metrics, grouping and detailed data, a preview with the estimated size, and 'Export {FORMAT}', which downloads the
 * file the server streams and closes the dialog. A failure is shown in the dialog with every choice kept; the
 * choices also stay for the next opening.
 */
export function ExportAnalyticsDialog({
  opened,
  onClose,
  podcastId,
  episodeId,
  defaultMetrics,
}: ExportAnalyticsDialogProps) {
  const timeZone = useCreatorTimeZone();
  const [form, setForm] = useState(() => initialExportForm(defaultMetrics, timeZone));
  // A custom range's messages show once a date field is left or Export is pressed, not while it is first typed.
  const [rangeChecked, setRangeChecked] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const container = useFocusFirstInvalid<HTMLFormElement>(failedAttempts);
  const { mutation, cancel } = useAnalyticsExport(podcastId);
  const problems = exportFormProblems(form, timeZone);
  const config = exportConfigOf(form, timeZone, episodeId);
  const pending = mutation.isPending;

  const change = (patch: Partial<ExportForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    if (mutation.isError) mutation.reset();
  };

  function close() {
    if (pending) cancel();
    else mutation.reset();
    setRangeChecked(false);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (problems.metrics || problems.from || problems.to) {
      setRangeChecked(true);
      setFailedAttempts((count) => count + 1);
      return;
    }
    mutation.mutate(config, {
      onSuccess: () => {
        setRangeChecked(false);
        onClose();
      },
    });
  }

  return (
    <Modal opened={opened} onClose={close} title={exportMessages.title} size="lg">
      <form ref={container} onSubmit={submit} noValidate>
        <Stack gap="lg">
          <ExportFormatField value={form.format} onChange={(format) => change({ format })} />
          <ExportTimeRangeField
            form={form}
            timeZone={timeZone}
            problems={rangeChecked ? problems : {}}
            onChange={change}
            onCustomFieldBlur={() => setRangeChecked(true)}
          />
          <ExportMetricsField
            metrics={form.metrics}
            error={problems.metrics}
            onChange={(metrics) => change({ metrics })}
          />
          <ExportOptionsFields form={form} onChange={change} />
          <ExportPreview config={config} rangeLabel={exportRangeLabel(form, timeZone)} />
          {mutation.isError && (
            <FailureBanner
              title={exportMessages.exportFailed}
              error={mutation.error}
              onClose={mutation.reset}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {exportMessages.cancel}
            </Button>
            <Button
              type="submit"
              disabled={Boolean(problems.metrics) || pending}
              leftSection={pending ? <Loader size={16} color="currentColor" /> : <DownloadIcon size={18} />}
            >
              {pending ? exportMessages.exporting : exportMessages.exportAs(form.format)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
