import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context.js';
import {
  discardInterruptedUpload,
  findInterruptedUploads,
  type InterruptedUpload,
} from './interrupted-uploads.js';
import { formatBytes, percentOf } from './upload-figures.js';

/**
 * Uploads of this purpose the device started and never finished (a reload, a closed tab): how far each got, and that
 * choosing the same file again continues from there. Discard deletes one on the server.
 */
export function InterruptedUploadNotice({ fingerprintPrefix }: { fingerprintPrefix: string }) {
  const { accessToken } = useAuth();
  const queryClient = useQueryClient();
  const queryKey = ['interrupted-uploads', fingerprintPrefix] as const;
  const interrupted = useQuery({
    queryKey,
    queryFn: () => findInterruptedUploads(fingerprintPrefix, accessToken),
    // What the server holds changes with every upload: asked again each time the drop-zone shows.
    staleTime: 0,
    gcTime: 0,
  });
  const discard = useMutation({
    mutationFn: (upload: InterruptedUpload) => discardInterruptedUpload(upload, () => accessToken),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });

  if (!interrupted.data?.length) return null;
  return (
    <Stack gap="xs">
      {interrupted.data.map((upload) => (
        <Alert key={upload.storageKey} color="blue" variant="light" role="status" title="Unfinished upload">
          <Stack gap="xs">
            <Text size="sm">
              {`${upload.fileName} stopped at ${percentOf(upload.offset, upload.size)}% (${formatBytes(upload.offset)} of ${formatBytes(upload.size)}). Choose the same file to continue where it stopped.`}
            </Text>
            <Button
              variant="default"
              w="fit-content"
              loading={discard.isPending && discard.variables === upload}
              onClick={() => discard.mutate(upload)}
            >
              Discard
            </Button>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
