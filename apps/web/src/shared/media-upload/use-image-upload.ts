import type { MediaFile } from '@castbase/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiClient } from '../api/use-api-client.js';
import { imageFileProblem, uploadErrorMessage, uploadImage } from './image-upload-api.js';

export type ImageUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number; previewUrl: string }
  | { status: 'failed'; message: string };

export interface ImageUpload {
  state: ImageUploadState;
  /** Uploads one image; resolves with the stored file, or null when it was refused, failed or cancelled. */
  upload(file: File): Promise<MediaFile | null>;
  cancel(): void;
  /** Forgets a shown failure. */
  reset(): void;
}

/** One image upload at a time, with progress, a local preview while it runs, and the spec's failure messages. */
export function useImageUpload(): ImageUpload {
  const api = useApiClient();
  const [state, setState] = useState<ImageUploadState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);
  const previewUrl = state.status === 'uploading' ? state.previewUrl : null;
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const upload = useCallback(
    async (file: File): Promise<MediaFile | null> => {
      const problem = imageFileProblem(file);
      if (problem) {
        setState({ status: 'failed', message: problem });
        return null;
      }
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const previewUrl = URL.createObjectURL(file);
      setState({ status: 'uploading', progress: 0, previewUrl });
      try {
        const stored = await uploadImage(api, file, {
          signal: controller.signal,
          onProgress: (progress) =>
            setState((current) =>
              current.status === 'uploading' && current.previewUrl === previewUrl
                ? { ...current, progress }
                : current,
            ),
        });
        setState({ status: 'idle' });
        return stored;
      } catch (error) {
        console.error('Image upload failed', error);
        setState({ status: 'failed', message: uploadErrorMessage(error, controller.signal) });
        return null;
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [api],
  );

  const cancel = useCallback(() => running.current?.abort(), []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, upload, cancel, reset };
}
