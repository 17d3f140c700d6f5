import {
  ONBOARDING_FORM_DEFAULTS,
  ONBOARDING_STEPS,
  onboardingMessages,
  onboardingStepProgress,
  validateOnboardingStep,
  type OnboardingPodcastForm,
  type OnboardingStepId,
} from '@castbase/contracts';
import { Anchor, Button, Group, Loader, Paper, Progress, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useFocusFirstInvalid } from '../../shared/forms/use-focus-first-invalid.js';
import { useDocumentTitle } from '../../shared/layout/document-title.js';
import { FailureBanner } from '../../shared/layout/feedback-banners.js';
import { BLANK_DASHBOARD_PATH } from '../../shared/podcasts/podcast-paths.js';
import { AlbumArtStep } from './album-art-step.js';
import { BasicInfoStep } from './basic-info-step.js';
import { ExitOnboardingButton } from './exit-onboarding.js';
import { HostSettingsStep } from './host-settings-step.js';
import { ReviewStep } from './review-step.js';
import { useCreatePodcast } from './use-create-podcast.js';
import type { WizardErrors, WizardStepProps } from './wizard-form.js';

const LAST_STEP = ONBOARDING_STEPS.length - 1;
const WIZARD_TITLE = 'Create Your Podcast';

function StepContent({ step, ...props }: WizardStepProps & { step: OnboardingStepId }) {
  switch (step) {
    case 'basic':
      return <BasicInfoStep {...props} />;
    case 'host':
      return <HostSettingsStep {...props} />;
    case 'art':
      return <AlbumArtStep {...props} />;
    case 'review':
      return <ReviewStep form={props.form} />;
  }
}

/**
 * Phase 2 of onboarding (spec 1 §2, §4): four steps with a progress bar. Moving forward needs the step's validation,
 * going back (Previous or an earlier step) is free, and entering a step clears the errors shown.
 */
export function PodcastWizard() {
  const [form, setForm] = useState<OnboardingPodcastForm>(ONBOARDING_FORM_DEFAULTS);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [stepError, setStepError] = useState<string | null>(null);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const wizard = useFocusFirstInvalid<HTMLDivElement>(failedAttempts);
  useDocumentTitle(WIZARD_TITLE);
  const { creating, failure, create } = useCreatePodcast();
  const navigate = useNavigate();
  const current = ONBOARDING_STEPS[step] ?? ONBOARDING_STEPS[0];

  function enter(index: number) {
    setStep(index);
    setErrors({});
    setStepError(null);
  }

  /** Shows the step's problems and says whether there were none. */
  function passes(index: number): boolean {
    const found = validateOnboardingStep(ONBOARDING_STEPS[index]?.id ?? 'review', form);
    if (Object.keys(found).length === 0) return true;
    setStep(index);
    setErrors(found);
    setStepError(onboardingMessages.stepIncomplete);
    setFailedAttempts((count) => count + 1);
    return false;
  }

  async function submit() {
    // Earlier steps could have been changed after they were passed; the first that fails is shown again.
    if (!ONBOARDING_STEPS.every((_, index) => passes(index))) return;
    await create(form);
  }

  return (
    <Paper ref={wizard} withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={760} mx="auto">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {WIZARD_TITLE}
          </Title>
          <ExitOnboardingButton logoMediaId={form.logoMediaId} />
        </Group>
        <Text size="sm" c="dimmed">
          Moving from another host?{' '}
          <Anchor component={Link} to="/import" size="sm">
            Import your podcast from its feed
          </Anchor>
        </Text>

        <Stack gap={6}>
          <Group justify="space-between">
            <Text fw={600}>{onboardingStepProgress(step + 1)}</Text>
            <Text c="dimmed">{current.title}</Text>
          </Group>
          <Progress
            value={((step + 1) / ONBOARDING_STEPS.length) * 100}
            aria-label={onboardingStepProgress(step + 1)}
          />
        </Stack>

        <Stepper
          active={step}
          onStepClick={(index) => !creating && index < step && enter(index)}
          allowNextStepsSelect={false}
          size="xs"
          iconSize={28}
          visibleFrom="sm"
        >
          {/* Only earlier steps can be chosen; the others say so to assistive technology. */}
          {ONBOARDING_STEPS.map(({ id, title }, index) => (
            <Stepper.Step key={id} label={title} aria-disabled={index >= step || undefined} />
          ))}
        </Stepper>

        <Title order={2} fz="xl">
          {current.heading}
        </Title>

        {stepError && <FailureBanner title={stepError} />}
        {failure && <FailureBanner title={failure} />}

        <StepContent step={current.id} form={form} update={setForm} errors={errors} />

        <Group justify="space-between" align="flex-start" mt="sm">
          {step === 0 ? (
            <Stack gap={4}>
              <Button variant="subtle" onClick={() => void navigate(BLANK_DASHBOARD_PATH)} w="fit-content">
                Skip for now
              </Button>
              <Text size="sm" c="dimmed">
                {onboardingMessages.skipHint}
              </Text>
            </Stack>
          ) : (
            <Button variant="default" onClick={() => enter(step - 1)} disabled={creating}>
              Previous
            </Button>
          )}
          {step < LAST_STEP ? (
            <Button
              onClick={() => passes(step) && enter(step + 1)}
              disabled={step === 0 && form.podcastName.trim() === ''}
            >
              Next
            </Button>
          ) : (
            <Button
              onClick={() => void submit()}
              disabled={creating}
              leftSection={creating ? <Loader size="xs" color="currentColor" /> : undefined}
            >
              {creating ? onboardingMessages.creating : onboardingMessages.create}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
