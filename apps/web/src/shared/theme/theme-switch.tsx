import { themePreferenceSchema, type ThemePreference } from '@castbase/contracts';
import { ActionIcon, Group, Menu, useComputedColorScheme } from '@mantine/core';
import type { ComponentType } from 'react';
import { DeviceDesktopIcon, MoonIcon, SunIcon, type IconProps } from '../icons/icons.js';
import { themePreferenceChoices } from './theme-preference.js';
import { useThemePreference } from './use-theme-preference.js';

const icons: Readonly<Record<ThemePreference, ComponentType<IconProps>>> = {
  light: SunIcon,
  dark: MoonIcon,
  system: DeviceDesktopIcon,
};

/** Lets a person pick Light, Dark or System; kept on the device, and on the server when signed in. */
export function ThemeSwitch() {
  const { preference, choose } = useThemePreference();
  const CurrentIcon = useComputedColorScheme('light') === 'dark' ? MoonIcon : SunIcon;

  return (
    <Menu position="bottom-end" shadow="md" width={170} withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size={44} radius="md" aria-label="Switch theme" title="Switch theme">
          <CurrentIcon size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Theme</Menu.Label>
        <Menu.RadioGroup
          value={preference}
          onChange={(value) => {
            const chosen = themePreferenceSchema.safeParse(value);
            if (chosen.success) choose(chosen.data);
          }}
        >
          {themePreferenceChoices.map(({ value, label }) => {
            const Icon = icons[value];
            return (
              <Menu.RadioItem key={value} value={value} closeMenuOnClick>
                <Group gap="xs" wrap="nowrap">
                  <Icon size={16} />
                  {label}
                </Group>
              </Menu.RadioItem>
            );
          })}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
