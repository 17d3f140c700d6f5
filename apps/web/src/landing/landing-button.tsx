import type { ReactNode } from 'react';
import classes from './landing.module.css';

interface LandingButtonProps {
  children: ReactNode;
  onClick(): void;
  /** Like Mantine's button variants: the primary fill, the outlined default, white on a coloured band. */
  variant?: 'filled' | 'default' | 'white';
  size?: 'sm' | 'lg';
  /** An icon after the label. */
  rightSection?: ReactNode;
  /** Shown only from the `xs` breakpoint up (a narrow screen keeps the top bar to the essentials). */
  fromXs?: boolean;
}

/** A button of the landing page, drawn like the app's Mantine buttons (at least 44px tall). */
export function LandingButton({
  children,
  onClick,
  variant = 'filled',
  size = 'sm',
  rightSection,
  fromXs = false,
}: LandingButtonProps) {
  return (
    <button
      type="button"
      className={`mantine-focus-auto mantine-active ${classes.button}`}
      data-variant={variant}
      data-size={size}
      data-from-xs={fromXs || undefined}
      data-with-right-section={rightSection ? true : undefined}
      onClick={onClick}
    >
      <span>{children}</span>
      {rightSection}
    </button>
  );
}
