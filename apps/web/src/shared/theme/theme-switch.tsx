import { ActionIcon, Menu, useComputedColorScheme, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import type { ComponentType } from 'react';
import { CheckIcon, DeviceDesktopIcon, MoonIcon, SunIcon, type IconProps } from '../icons/icons.js';

const choices: ReadonlyArray<{ value: MantineColorScheme; label: string; Icon: ComponentType<IconProps> }> = [
  { value: 'light', label: 'Light', Icon: SunIcon },
  { value: 'dark', label: 'Dark', Icon: MoonIcon },
  { value: 'auto', label: 'System', Icon: DeviceDesktopIcon },
];

/** Lets a person pick Light, Dark or System; the choice is kept on the device by the colour scheme manager. */
export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const CurrentIcon = computed === 'dark' ? MoonIcon : SunIcon;

  return (
    <Menu position="bottom-end" shadow="md" width={170} withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size={44} radius="md" aria-label="Switch theme" title="Switch theme">
          <CurrentIcon size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Theme</Menu.Label>
        {choices.map(({ value, label, Icon }) => (
          <Menu.Item
            key={value}
            role="menuitemradio"
            aria-checked={colorScheme === value}
            leftSection={<Icon size={16} />}
            rightSection={colorScheme === value ? <CheckIcon size={16} /> : null}
            onClick={() => setColorScheme(value)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
