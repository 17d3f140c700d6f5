import type { ThemePreference } from '@castbase/contracts';
import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { DeviceDesktopIcon, MoonIcon, SunIcon, type IconProps } from '../shared/icons/icons.js';
import {
  colorSchemeOf,
  themePreferenceChoices,
  themePreferenceOf,
} from '../shared/theme/theme-preference.js';
import { useDeviceColorScheme } from './use-device-color-scheme.js';
import classes from './theme-menu.module.css';

const icons: Readonly<Record<ThemePreference, ComponentType<IconProps>>> = {
  light: SunIcon,
  dark: MoonIcon,
  system: DeviceDesktopIcon,
};

/**
 * The app's theme switch (`ThemeSwitch`) for the first-paint landing page, without Mantine: a menu button as the
 * WAI-ARIA pattern has it (it opens on its first item, the arrows move, Escape and Tab close it and focus returns to
 * the button), kept on the device. A visitor here has no session, so nothing is saved on the server.
 */
export function ThemeMenu() {
  const { scheme, computed, choose } = useDeviceColorScheme();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const preference = themePreferenceOf(scheme);
  const CurrentIcon = computed === 'dark' ? MoonIcon : SunIcon;

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitemradio"]')?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const current = items.indexOf(document.activeElement as HTMLElement);
    const next: Record<string, number> = {
      ArrowDown: (current + 1) % items.length,
      ArrowUp: (current - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key in next) {
      event.preventDefault();
      items[next[event.key] ?? 0]?.focus();
    }
  }

  return (
    <div className={classes.root}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={`mantine-focus-auto mantine-active ${classes.button}`}
        aria-label="Switch theme"
        title="Switch theme"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <CurrentIcon size={20} />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={classes.dropdown}
          onKeyDown={moveFocus}
        >
          <div className={classes.label}>Theme</div>
          {themePreferenceChoices.map(({ value, label }) => {
            const Icon = icons[value];
            const checked = value === preference;
            return (
              <button
                key={value}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                className={classes.item}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  choose(colorSchemeOf(value));
                  close();
                }}
              >
                <span className={classes.indicator}>{checked && <span className={classes.dot} />}</span>
                <Icon size={16} />
                {label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
