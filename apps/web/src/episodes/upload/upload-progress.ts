import {
  declaredKindOf,
  progressWithin,
  uploadMessages,
  uploadProgressSteps,
  type MediaFile,
} from '@castbase/contracts';
import type { TransferState } from '../../shared/media-upload/use-resumable-upload.js';

export interface UploadProgress {
  percent: number;
  /** What is happening now, beside the bar. */
  step: string;
  failed?: boolean;
  /** Nothing is moving now (the file is ready, or the upload stopped). */
  settled?: boolean;
}

/** Sending takes the first 80 % of a media range, processing the rest. */
const SENDING_SHARE = 0.8;

/**
 * The Upload Episode bar (spec 2 §4) while the media file is sent and processed: 10 at the start, then the real
 * upload and processing progress within 10–60 for audio or 65–80 for video.
 */
export function mediaUploadProgress(
  state: TransferState,
  processed: MediaFile | null,
): UploadProgress | null {
  if (state.phase === 'idle' || state.phase === 'refused') return null;
  const kind = processed?.kind ?? declaredKindOf({ name: state.file.name, type: '' });
  const isVideo = kind === 'video';
  const range = isVideo ? uploadProgressSteps.video : uploadProgressSteps.audio;
  const noun = isVideo ? 'video' : 'audio';
  switch (state.phase) {
    case 'sending':
    case 'paused':
    case 'failed': {
      if (state.sent === null) return { percent: uploadProgressSteps.started, step: `Uploading ${noun}` };
      const fraction = state.file.size > 0 ? (state.sent / state.file.size) * SENDING_SHARE : 0;
      const percent = Math.max(uploadProgressSteps.started, progressWithin(range, fraction));
      if (state.phase === 'paused') return { percent, step: uploadMessages.paused, settled: true };
      if (state.phase === 'failed') return { percent, step: state.message, failed: true, settled: true };
      return { percent, step: `Uploading ${noun}` };
    }
    case 'stored': {
      if (processed?.status === 'ready')
        return { percent: range.to, step: `The ${noun} is ready`, settled: true };
      if (processed?.status === 'failed')
        return { percent: range.to, step: uploadMessages.processingFailed, failed: true, settled: true };
      const job = processed?.jobs.find((candidate) => candidate.status !== 'succeeded');
      const fraction = SENDING_SHARE + (1 - SENDING_SHARE) * (job?.progress ?? 0);
      return { percent: progressWithin(range, fraction), step: job?.step ?? `Processing ${noun}` };
    }
  }
}
