import { videoMessages, videoRenderSchema, type MediaFile, type VideoRender } from '@castbase/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageOf } from '../../shared/api/api-error.js';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { mediaQueryKeys, renderVideo } from '../../shared/media-upload/media-api.js';

/** Field name → the contract's message for it. */
export type RenderFieldErrors = Partial<Record<string, string>>;

/**
 * Starts a render after checking it against `videoRenderSchema` (the media service's own rules and messages). The
 * queued job joins the file's jobs at once, so the file is read again every second until it ends.
 */
export function useRenderVideo(mediaId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [fieldErrors, setFieldErrors] = useState<RenderFieldErrors>({});
  const mutation = useMutation({
    mutationFn: (render: VideoRender) => renderVideo(api, mediaId, render),
    onSuccess: (job) => {
      queryClient.setQueryData<MediaFile>(mediaQueryKeys.file(mediaId), (file) =>
        file ? { ...file, jobs: [job, ...file.jobs.filter((known) => known.id !== job.id)] } : file,
      );
      void queryClient.invalidateQueries({ queryKey: mediaQueryKeys.file(mediaId) });
    },
  });

  return {
    fieldErrors,
    submitting: mutation.isPending,
    requestError: mutation.isError ? errorMessageOf(mutation.error) : null,
    /** Checks the render; starts it when valid, else shows each field's message. */
    start(render: VideoRender) {
      const checked = videoRenderSchema.safeParse(render);
      if (!checked.success) {
        const errors: RenderFieldErrors = {};
        for (const issue of checked.error.issues) {
          const field = String(issue.path[0] ?? 'form');
          errors[field] ??= issue.code === 'invalid_type' ? videoMessages.secondsRequired : issue.message;
        }
        setFieldErrors(errors);
        mutation.reset();
        return;
      }
      setFieldErrors({});
      mutation.mutate(render);
    },
  };
}
