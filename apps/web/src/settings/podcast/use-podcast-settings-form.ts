import { podcastMessages, type Podcast } from '@castbase/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { ApiError } from '../../shared/api/api-error.js';
import { useSuccessBanner } from '../../shared/layout/use-success-banner.js';
import { useUpdatePodcast } from '../../shared/podcasts/podcasts-api.js';
import {
  refusalOf,
  settingsChanged,
  settingsInputOf,
  settingsValuesOf,
  type PodcastSettingsErrors,
  type PodcastSettingsValues,
  type SettingsRefusal,
} from './podcast-settings-values.js';

/** The server's refusal of missing Apple fields names them in `details.missing`. */
const missingDetailsSchema = z.object({ missing: z.array(z.string()) });

export type UpdateSettings = (change: Partial<PodcastSettingsValues>) => void;

/**
 * The Podcast tab's form: the values being edited, whether they differ from the saved podcast (the feed is then out
 * of sync), and Save with the rules of spec 1 §5 checked here first and by the server again.
 */
export function usePodcastSettingsForm(podcast: Podcast) {
  const [values, setValues] = useState(() => settingsValuesOf(podcast));
  const [refusal, setRefusal] = useState<SettingsRefusal | null>(null);
  const [failedAttempts, setFailedAttempts] = useState(0);
  /** Errors only the server can find (a slug another podcast of the owner uses), kept until the field changes. */
  const [serverErrors, setServerErrors] = useState<PodcastSettingsErrors>({});
  const banner = useSuccessBanner();
  const update = useUpdatePodcast(podcast.id);

  // Once Save has been refused, each change checks the fields again, so an error goes as soon as it is fixed. The
  // server's own refusal (Apple fields it found missing, a slug taken) stays until the next Save.
  const live = refusal ? refusalOf(values, podcast) : null;
  const shownRefusal = refusal?.fromServer ? refusal : live;
  const fieldErrors: PodcastSettingsErrors = { ...serverErrors, ...live?.fieldErrors };

  const change: UpdateSettings = (patch) => {
    banner.dismiss();
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))),
    );
  };

  function refuse(found: SettingsRefusal) {
    setRefusal(found);
    setFailedAttempts((count) => count + 1);
  }

  function save() {
    banner.dismiss();
    update.reset();
    const found = refusalOf(values, podcast);
    if (found) {
      refuse(found);
      return;
    }
    setRefusal(null);
    update.mutate(settingsInputOf(values, podcast), {
      onSuccess: (saved) => {
        setValues(settingsValuesOf(saved));
        banner.show(podcastMessages.saved);
      },
      onError: (error) => {
        const refused = serverRefusal(error);
        if (!refused) return;
        update.reset();
        setServerErrors(refused.fieldErrors);
        refuse({ ...refused, fromServer: true });
      },
    });
  }

  return {
    values,
    change,
    fieldErrors,
    refusal: shownRefusal,
    failedAttempts,
    outOfSync: settingsChanged(values, podcast),
    save,
    saving: update.isPending,
    saveError: update.error,
    dismissSaveError: update.reset,
    dismissRefusal: () => setRefusal(null),
    savedMessage: banner.message,
    dismissSaved: banner.dismiss,
  };
}

/** A refusal the form shows on its fields: Apple fields missing, or a slug already used by another podcast. */
function serverRefusal(error: unknown): SettingsRefusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'SLUG_TAKEN') {
    return { title: podcastMessages.fieldsInvalid, missing: [], fieldErrors: { slug: error.message } };
  }
  const missing = missingDetailsSchema.safeParse(error.details);
  if (error.code === 'VALIDATION_FAILED' && missing.success && missing.data.missing.length > 0) {
    return { title: podcastMessages.appleRequired, missing: missing.data.missing, fieldErrors: {} };
  }
  return null;
}
