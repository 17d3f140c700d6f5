import { btcToSats, valueMessages, type ValueBlock } from '@castbase/contracts';
import { Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatSats } from './value-flow.js';

const BLOCK_TYPES = [
  { value: 'lightning', label: 'Lightning' },
  { value: 'webmonetization', label: 'Web Monetization' },
];
const METHODS = [
  { value: 'keysend', label: 'Keysend' },
  { value: 'amp', label: 'AMP' },
  { value: 'lnurl', label: 'LNURL' },
];

/** Plain decimal notation with up to 8 places (0.00000005, never 5e-8). */
export function formatBtc(btc: number): string {
  return btc.toFixed(8).replace(/\.?0+$/, '');
}

/** Why a typed amount is not one, or null when it is. */
function suggestedProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) return valueMessages.suggestedNegative;
  if (!/^(\d+\.?\d{0,8}|\.\d{1,8})$/.test(trimmed)) return valueMessages.suggestedInvalid;
  return null;
}

/** The block's type, method and suggested amount (in BTC, with the sats beside it). */
export function ValueBlockSettings({
  value,
  onChange,
}: {
  value: ValueBlock;
  onChange: (next: ValueBlock) => void;
}) {
  const [suggestedText, setSuggestedText] = useState(formatBtc(value.suggested));
  const problem = suggestedProblem(suggestedText);
  return (
    <Group grow align="flex-start" wrap="wrap">
      <Select
        label="Value type"
        data={BLOCK_TYPES}
        value={value.type}
        allowDeselect={false}
        onChange={(type) =>
          onChange({ ...value, type: type === 'webmonetization' ? 'webmonetization' : 'lightning' })
        }
      />
      <Select
        label="Payment method"
        data={METHODS}
        value={value.method}
        allowDeselect={false}
        onChange={(method) =>
          onChange({ ...value, method: method === 'amp' || method === 'lnurl' ? method : 'keysend' })
        }
      />
      <TextInput
        label="Suggested amount (BTC)"
        description={problem ? undefined : `${formatSats(btcToSats(value.suggested))} per minute`}
        inputMode="decimal"
        value={suggestedText}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setSuggestedText(text);
          if (!suggestedProblem(text)) onChange({ ...value, suggested: Number(text.trim()) });
        }}
        rightSection={
          problem ? null : (
            <span aria-hidden style={{ fontSize: 'var(--mantine-font-size-xs)', whiteSpace: 'nowrap' }}>
              {btcToSats(value.suggested)} sats
            </span>
          )
        }
        rightSectionWidth={80}
        error={problem}
      />
    </Group>
  );
}
