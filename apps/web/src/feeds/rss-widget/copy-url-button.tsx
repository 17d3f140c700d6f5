import { FEED_COPY_CONFIRMATION_MS, rssWidgetMessages as text } from '@castbase/contracts';
import { Button, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { CheckIcon, CopyIcon } from '../../shared/icons/icons.js';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies a feed address; 'Copied!' shows for 2 s (spec 2 §2), a refusal of the clipboard says so. */
export function CopyUrlButton({ url, what }: { url: string; what: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
      timer.current = window.setTimeout(() => setState('idle'), FEED_COPY_CONFIRMATION_MS);
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <Button
        variant="default"
        onClick={() => void copy()}
        aria-label={state === 'copied' ? text.buttons.copied : text.copyLabel(what)}
        leftSection={state === 'copied' ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
      >
        {state === 'copied' ? text.buttons.copied : text.buttons.copy}
      </Button>
      {state === 'failed' && (
        <Text size="sm" c="red" role="alert">
          {text.copyFailed}
        </Text>
      )}
    </>
  );
}
