import type { OnboardingPodcastForm } from '@castbase/contracts';

export type WizardErrors = Partial<Record<keyof OnboardingPodcastForm, string>>;

/** What every step is given: the whole form, a way to change it, and the field errors of the last failed Next. */
export interface WizardStepProps {
  form: OnboardingPodcastForm;
  update(change: (form: OnboardingPodcastForm) => OnboardingPodcastForm): void;
  errors: WizardErrors;
}
