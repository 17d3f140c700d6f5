import { Button, createTheme, rem } from '@mantine/core';

const TOUCH_TARGET = rem(44);
const buttonSizes = new Set([
  'xs',
  'sm',
  'md',
  'lg',
  'xl',
  'compact-xs',
  'compact-sm',
  'compact-md',
  'compact-lg',
  'compact-xl',
]);

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '750' },
  components: {
    // Every button is at least 44px tall, a comfortable touch target; larger sizes keep their own height.
    Button: Button.extend({
      vars: (_theme, { size = 'sm' }) =>
        typeof size === 'string' && buttonSizes.has(size)
          ? { root: { '--button-height': `max(var(--button-height-${size}), ${TOUCH_TARGET})` } }
          : { root: {} },
    }),
  },
});
