import { BIO_MAX, profileMessages, updateProfileInputSchema, type UserProfile } from '@castbase/contracts';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../shared/api/api-error.js';
import { FailureBanner, SuccessBanner } from '../shared/layout/feedback-banners.js';
import { useUpdateProfile } from './profile-api.js';
import {
  changedProfileDetails,
  profileDetailsOf,
  profileDetailsProblems,
  profileFieldProblem,
  type ProfileDetails,
  type ProfileDetailsErrors,
  type ProfileDetailsField,
} from './profile-fields.js';
import { useSuccessBanner } from '../shared/layout/use-success-banner.js';

/**
 * Username, email and bio with Save Changes. Each field is checked as it changes and when it loses focus; saving
 * needs a username and a valid email, and sends only what changed.
 */
export function ProfileDetailsForm({ profile }: { profile: UserProfile }) {
  const saved = profileDetailsOf(profile);
  const [edits, setEdits] = useState<Partial<ProfileDetails>>({});
  const [errors, setErrors] = useState<ProfileDetailsErrors>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const banner = useSuccessBanner();
  const update = useUpdateProfile();
  const details: ProfileDetails = { ...saved, ...edits };

  function check(field: ProfileDetailsField, value: string) {
    setErrors((previous) => ({ ...previous, [field]: profileFieldProblem(field, value) }));
  }

  function change(field: ProfileDetailsField, value: string) {
    setEdits((previous) => ({ ...previous, [field]: value }));
    check(field, value);
    if (field === 'email') setFormProblem(null);
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    banner.dismiss();
    const problems = profileDetailsProblems(details);
    setErrors(problems);
    setFormProblem(problems.email ? profileMessages.fixEmailBeforeSaving : null);
    if (Object.keys(problems).length > 0) return;
    const input = updateProfileInputSchema.safeParse(changedProfileDetails(details, saved));
    if (!input.success) {
      setFormProblem(input.error.issues[0]?.message ?? profileMessages.failedToUpdate);
      return;
    }
    update.mutate(input.data, {
      onSuccess: () => {
        setEdits({});
        banner.show(profileMessages.profileUpdated);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'USERNAME_TAKEN') {
          setErrors((previous) => ({ ...previous, username: profileMessages.usernameTaken }));
        }
      },
    });
  }

  const usernameTaken = update.error instanceof ApiError && update.error.code === 'USERNAME_TAKEN';
  return (
    <form onSubmit={save} noValidate aria-label="Profile details">
      <Stack gap="md">
        <SuccessBanner message={banner.message} onClose={banner.dismiss} />
        {formProblem && <FailureBanner title={formProblem} onClose={() => setFormProblem(null)} />}
        {update.isError && !usernameTaken && (
          <FailureBanner title={profileMessages.failedToUpdate} error={update.error} onClose={update.reset} />
        )}
        <TextInput
          label="Username"
          withAsterisk
          autoComplete="username"
          value={details.username}
          error={errors.username}
          onChange={(event) => change('username', event.currentTarget.value)}
          onBlur={(event) => check('username', event.currentTarget.value)}
        />
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          autoComplete="email"
          value={details.email}
          error={errors.email}
          onChange={(event) => change('email', event.currentTarget.value)}
          onBlur={(event) => check('email', event.currentTarget.value)}
        />
        <Textarea
          label="Bio"
          placeholder="Tell listeners about yourself"
          autosize
          minRows={4}
          value={details.bio}
          description={`${details.bio.length}/${BIO_MAX} characters`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={errors.bio}
          onChange={(event) => change('bio', event.currentTarget.value)}
          onBlur={(event) => check('bio', event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
