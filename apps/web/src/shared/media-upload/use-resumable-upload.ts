import { declaredKindOf, uploadProblem } from '@castbase/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../auth/auth-context.js';
import { ResumableUpload, type StoredUpload, type UploadTarget } from './resumable-upload.js';
import { TransferRate } from './upload-figures.js';

/** The file being sent, as the screen shows it. */
export interface ChosenFile {
  name: string;
  size: number;
  /** A local preview of an image, while it is sent. */
  previewUrl: string | null;
}

/** `sent` is null until the server has said where the upload starts (a new one at 0, a resumed one further on). */
export type TransferState =
  | { phase: 'idle' }
  | { phase: 'refused'; message: string }
  | {
      phase: 'sending';
      file: ChosenFile;
      sent: number | null;
      bytesPerSecond: number | null;
      resumed: boolean;
    }
  | { phase: 'paused'; file: ChosenFile; sent: number | null }
  | { phase: 'failed'; file: ChosenFile; sent: number | null; message: string }
  | { phase: 'stored'; file: ChosenFile; stored: StoredUpload };

export interface ResumableUploadControls {
  state: TransferState;
  /** Checks the file against the purpose's rules (nothing is sent when it fails them), then sends it. */
  choose(file: File): Promise<void>;
  pause(): Promise<void>;
  /** Continues a paused or failed upload from the bytes the server has. */
  resume(): void;
  /** Stops and deletes the upload on the server. */
  cancel(): Promise<void>;
  /** Back to choosing a file. */
  reset(): void;
}

type Transferring = Extract<TransferState, { file: ChosenFile }>;

/** One resumable upload at a time for `target`: progress with speed, pause, resume, cancel and the stored file. */
export function useResumableUpload(target: UploadTarget): ResumableUploadControls {
  const { accessToken, user } = useAuth();
  const token = useRef(accessToken);
  useEffect(() => {
    token.current = accessToken;
  }, [accessToken]);
  const [state, setState] = useState<TransferState>({ phase: 'idle' });
  const running = useRef<ResumableUpload | null>(null);
  const rate = useRef(new TransferRate());
  const { purpose, podcastId, normalize, episodeId } = target;

  // Leaving the screen stops the sending; the bytes stay on the server, to be resumed with the same file.
  useEffect(() => () => void running.current?.pause(), []);
  const previewUrl = 'file' in state ? state.file.previewUrl : null;
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const choose = useCallback(
    async (file: File) => {
      const problem = uploadProblem(purpose, file);
      if (problem) {
        setState({ phase: 'refused', message: problem });
        return;
      }
      await running.current?.pause();
      const chosen: ChosenFile = {
        name: file.name,
        size: file.size,
        previewUrl: declaredKindOf(file) === 'image' ? URL.createObjectURL(file) : null,
      };
      // Events of an upload replaced by another are ignored.
      const update = (change: (current: Transferring) => TransferState): void =>
        setState((current) =>
          'file' in current && current.file === chosen && running.current === upload
            ? change(current)
            : current,
        );
      const upload: ResumableUpload = new ResumableUpload(
        file,
        user?.id ?? '',
        { purpose, podcastId, normalize, episodeId },
        {
          accessToken: () => token.current,
          onServerOffset: (offset) => {
            rate.current.restart();
            rate.current.record(offset, performance.now());
            update((current) => (current.phase === 'sending' ? { ...current, sent: offset } : current));
          },
          onProgress: (sent) => {
            const bytesPerSecond = rate.current.record(sent, performance.now());
            update((current) =>
              current.phase === 'sending'
                ? { ...current, sent, bytesPerSecond: bytesPerSecond ?? current.bytesPerSecond }
                : current,
            );
          },
          onStored: (stored) => update(() => ({ phase: 'stored', file: chosen, stored })),
          onFailed: ({ message, resumable }) =>
            update((current) =>
              resumable
                ? {
                    phase: 'failed',
                    file: chosen,
                    sent: current.phase === 'stored' ? null : current.sent,
                    message,
                  }
                : { phase: 'refused', message },
            ),
        },
      );
      running.current = upload;
      rate.current.restart();
      setState({ phase: 'sending', file: chosen, sent: null, bytesPerSecond: null, resumed: false });
      const resumed = await upload.start();
      if (resumed) update((current) => (current.phase === 'sending' ? { ...current, resumed } : current));
    },
    [purpose, podcastId, normalize, episodeId, user?.id],
  );

  const pause = useCallback(async () => {
    await running.current?.pause();
    setState((current) =>
      current.phase === 'sending' ? { phase: 'paused', file: current.file, sent: current.sent } : current,
    );
  }, []);

  const resume = useCallback(() => {
    setState((current) =>
      current.phase === 'paused' || current.phase === 'failed'
        ? { phase: 'sending', file: current.file, sent: current.sent, bytesPerSecond: null, resumed: true }
        : current,
    );
    rate.current.restart();
    running.current?.resume();
  }, []);

  const cancel = useCallback(async () => {
    const upload = running.current;
    running.current = null;
    setState({ phase: 'idle' });
    await upload?.cancel();
  }, []);

  const reset = useCallback(() => {
    running.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, choose, pause, resume, cancel, reset };
}
