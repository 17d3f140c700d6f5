import { settingsMessages } from '@castbase/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { FailureBanner, SuccessBanner } from '../shared/layout/feedback-banners.js';
import { useSuccessBanner } from '../shared/layout/use-success-banner.js';
import { useApiClient } from '../shared/api/use-api-client.js';
import { downloadDataExport } from './data-export.js';

/** 'Export my data': a dialog whose Download saves the account's data as a JSON file. */
export function DataExportDialog() {
  const api = useApiClient();
  const [opened, dialog] = useDisclosure(false);
  const banner = useSuccessBanner();
  const download = useMutation({ mutationFn: () => downloadDataExport(api) });

  function close() {
    download.reset();
    dialog.close();
  }

  return (
    <Stack gap="sm">
      <SuccessBanner message={banner.message} onClose={banner.dismiss} />
      <Group justify="space-between" gap="md">
        <Stack gap={2} maw={520}>
          <Text fw={500}>Data export</Text>
          <Text size="sm" c="dimmed">
            Download a copy of your account data as a JSON file.
          </Text>
        </Stack>
        <Button variant="default" onClick={dialog.open}>
          Export my data
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title="Export your data" centered>
        <Stack gap="md">
          <Text size="sm">
            The file holds your settings, profile, podcasts and episodes as JSON, with the date it was made.
            Keep it somewhere safe: it contains your personal information.
          </Text>
          {download.isError && (
            <FailureBanner
              title={settingsMessages.exportFailed}
              error={download.error}
              onClose={download.reset}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              loading={download.isPending}
              onClick={() =>
                download.mutate(undefined, {
                  onSuccess: () => {
                    dialog.close();
                    banner.show(settingsMessages.exportReady);
                  },
                })
              }
            >
              Download
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
