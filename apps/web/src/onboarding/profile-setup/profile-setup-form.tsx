import {
  createProfileInputSchema,
  emailSchema,
  MARKETING_EMAILS_OPT_IN_LABEL,
  profileCreationErrorMessage,
  profileCreationMessages,
  profileMessages,
  type CreateProfileInput,
} from '@castbase/contracts';
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { profileQueryKey } from '../../profile/profile-api.js';
import { ApiError } from '../../shared/api/api-error.js';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { useAuth } from '../../shared/auth/auth-context.js';
import { AlertIcon, CheckIcon } from '../../shared/icons/icons.js';
import { useDocumentTitle } from '../../shared/layout/document-title.js';
import { createProfile } from '../onboarding-api.js';
import { browserTimezone, timezoneOptions } from './timezones.js';
import { useUsernameAvailability } from './use-username-availability.js';

type ProfileSetupValues = Required<Omit<CreateProfileInput, 'email'>>;
type Field = keyof ProfileSetupValues;

function fieldErrorsOf(values: ProfileSetupValues): Partial<Record<Field, string>> {
  const checked = createProfileInputSchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (checked.success) return errors;
  for (const issue of checked.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

export const PROFILE_SETUP_TITLE = 'Set Up Your Profile';

/** Phase 1 of onboarding, 'Set Up Your Profile' (spec 1 §2, §5): calls `onCreated` once the profile exists. */
export function ProfileSetupForm({ onCreated }: { onCreated(): void }) {
  const { user } = useAuth();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<ProfileSetupValues>(() => ({
    firstName: '',
    lastName: '',
    username: '',
    timezone: browserTimezone(),
    emailOptIn: false,
  }));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [refusedUsername, setRefusedUsername] = useState<{ username: string; message: string } | null>(null);
  const zones = useMemo(() => timezoneOptions(values.timezone), [values.timezone]);
  useDocumentTitle(PROFILE_SETUP_TITLE);

  const check = useUsernameAvailability(values.username);
  const fieldErrors = fieldErrorsOf(values);
  const typedUsername = values.username.trim();
  const usernameError =
    fieldErrors.username ??
    (refusedUsername?.username === typedUsername ? refusedUsername.message : undefined) ??
    (check.availability?.available === false
      ? check.availability.reason === 'invalid_username_format'
        ? profileMessages.usernameFormatInvalid
        : profileMessages.usernameTaken
      : undefined);
  const hasErrors = Object.keys(fieldErrors).length > 0 || usernameError !== undefined;

  function change<F extends Field>(field: F, value: ProfileSetupValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
  }
  const touch = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));
  const shownError = (field: Field) => (touched[field] ? fieldErrors[field] : undefined);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (hasErrors || saving || !user) return;
    setSaving(true);
    setFailure(null);
    const email = emailSchema.safeParse(user.email);
    try {
      const profile = await createProfile(api, {
        ...values,
        ...(email.success ? { email: email.data } : {}),
      });
      queryClient.setQueryData(profileQueryKey(user.id), profile);
      onCreated();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PROFILE_EXISTS') {
        await queryClient.invalidateQueries({ queryKey: profileQueryKey(user.id) });
        onCreated();
        return;
      }
      console.error('Creating the profile failed', error);
      const message = profileCreationErrorMessage(error);
      if (
        error instanceof ApiError &&
        (error.code === 'USERNAME_TAKEN' || error.code === 'INVALID_USERNAME_FORMAT')
      ) {
        setRefusedUsername({ username: typedUsername, message });
      }
      setFailure(message);
    } finally {
      setSaving(false);
    }
  }

  const usernameShown = (touched.username || refusedUsername !== null || check.availability) && usernameError;
  const usernameFree = !usernameError && check.availability?.available === true;

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={640} mx="auto">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {PROFILE_SETUP_TITLE}
            </Title>
            <Text c="dimmed">
              Tell us who you are. You can change these details later in your profile settings.
            </Text>
          </Stack>

          {failure && (
            <Alert
              color="red"
              icon={<AlertIcon size={18} />}
              role="alert"
              withCloseButton
              onClose={() => setFailure(null)}
            >
              {failure}
            </Alert>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              required
              autoComplete="given-name"
              value={values.firstName}
              onChange={(event) => change('firstName', event.currentTarget.value)}
              onBlur={touch('firstName')}
              error={shownError('firstName')}
            />
            <TextInput
              label="Last name"
              required
              autoComplete="family-name"
              value={values.lastName}
              onChange={(event) => change('lastName', event.currentTarget.value)}
              onBlur={touch('lastName')}
              error={shownError('lastName')}
            />
          </SimpleGrid>

          <TextInput
            label="Username"
            required
            autoComplete="username"
            value={values.username}
            onChange={(event) => change('username', event.currentTarget.value)}
            onBlur={touch('username')}
            error={usernameShown || undefined}
            rightSection={
              check.checking ? (
                <Loader size="xs" aria-label="Checking username" />
              ) : usernameFree ? (
                <CheckIcon size={18} color="var(--mantine-color-green-filled)" />
              ) : null
            }
          />
          {usernameFree && (
            <Text size="sm" c="green" mt={-12} role="status">
              {profileCreationMessages.usernameAvailable}
            </Text>
          )}

          <Select
            label="Timezone"
            searchable
            allowDeselect={false}
            nothingFoundMessage="No matching timezone"
            data={zones}
            value={values.timezone}
            onChange={(zone) => zone && change('timezone', zone)}
          />

          <Switch
            label={MARKETING_EMAILS_OPT_IN_LABEL}
            checked={values.emailOptIn}
            onChange={(event) => change('emailOptIn', event.currentTarget.checked)}
          />

          <Group justify="space-between" mt="sm">
            <Button variant="default" onClick={() => void navigate('/')}>
              Back
            </Button>
            <Button type="submit" disabled={hasErrors || saving} loading={saving}>
              Create Profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
