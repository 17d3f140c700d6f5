import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { CheckIcon, CopyIcon } from '../shared/icons/icons.js';

/** A read-only address with a Copy button that says when it copied. */
export function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        style={{ flex: 1, minWidth: 0 }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'filled' : 'default'}
            onClick={copy}
            leftSection={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
            aria-label={copied ? `${label} copied` : `Copy ${label}`}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
