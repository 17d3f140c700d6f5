import { addCoHost, PODCAST_LANGUAGES } from '@castbase/contracts';
import { Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { ListInput } from './list-input.js';
import type { WizardStepProps } from './wizard-form.js';

const languageOptions = PODCAST_LANGUAGES.map(({ code, label }) => ({ value: code, label }));

/** Step 2, Host & Settings: host name, co-hosts, language, content rating. */
export function HostSettingsStep({ form, update, errors }: WizardStepProps) {
  const rating = form.explicit === null ? null : form.explicit ? 'explicit' : 'clean';
  return (
    <Stack gap="md">
      <TextInput
        label="Host name"
        required
        autoComplete="name"
        value={form.hostName}
        onChange={(event) => {
          const hostName = event.currentTarget.value;
          update((current) => ({ ...current, hostName }));
        }}
        error={errors.hostName}
      />
      <ListInput
        label="Co-hosts"
        items={form.coHosts}
        onAdd={(typed) => update((current) => ({ ...current, coHosts: addCoHost(current.coHosts, typed) }))}
        onRemove={(name) =>
          update((current) => ({ ...current, coHosts: current.coHosts.filter((item) => item !== name) }))
        }
      />
      <Select
        label="Language"
        required
        searchable
        allowDeselect={false}
        data={languageOptions}
        value={form.language}
        onChange={(language) => language && update((current) => ({ ...current, language }))}
        error={errors.language}
      />
      <Radio.Group
        label="Content rating"
        required
        value={rating}
        onChange={(value) => update((current) => ({ ...current, explicit: value === 'explicit' }))}
        error={errors.explicit}
      >
        <Group gap="xl" mt="xs">
          <Radio value="clean" label="Clean" />
          <Radio value="explicit" label="Explicit" />
        </Group>
      </Radio.Group>
    </Stack>
  );
}
