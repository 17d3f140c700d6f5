import { Button, CopyButton } from '@mantine/core';
import { CheckIcon, CopyIcon } from '../../shared/icons/icons.js';

/** Copies a value (a token, an address) and says so for two seconds. */
export function CopyTextButton({ text, label }: { text: string; label: string }) {
  return (
    <CopyButton value={text} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          variant="default"
          onClick={copy}
          aria-label={copied ? 'Copied' : label}
          leftSection={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}
