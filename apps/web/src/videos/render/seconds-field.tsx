import { NumberInput } from '@mantine/core';

interface SecondsFieldProps {
  label: string;
  value: number | '';
  onChange: (value: number | '') => void;
  error?: string | undefined;
  /** The video's length: the largest value offered. */
  max?: number;
  description?: string;
}

/** A time in the video, in seconds (tenths allowed). */
export function SecondsField({ label, value, onChange, error, max, description }: SecondsFieldProps) {
  return (
    <NumberInput
      label={label}
      value={value}
      onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? '' : Number(next))}
      min={0}
      {...(max !== undefined ? { max } : {})}
      step={1}
      decimalScale={1}
      suffix=" s"
      error={error}
      description={description}
      allowNegative={false}
      clampBehavior="none"
    />
  );
}

/** The number a field holds, or NaN when it is empty (the contract then names the rule it breaks). */
export const secondsOf = (value: number | '') => (value === '' ? Number.NaN : value);
