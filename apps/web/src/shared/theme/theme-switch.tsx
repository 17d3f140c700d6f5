import {
  ActionIcon,
  Group,
  Menu,
  useComputedColorScheme,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import type { ComponentType } from 'react';
import { DeviceDesktopIcon, MoonIcon, SunIcon, type IconProps } from '../icons/icons.js';

const choices: ReadonlyArray<{ value: MantineColorScheme; label: string; Icon: ComponentType<IconProps> }> = [
  { value: 'light', label: 'Light', Icon: SunIcon },
  { value: 'dark', label: 'Dark', Icon: MoonIcon },
  { value: 'auto', label: 'System', Icon: DeviceDesktopIcon },
];

function isColorScheme(value: string): value is MantineColorScheme {
  return choices.some((choice) => choice.value === value);
}

/** Lets a person pick Light, Dark or System; the choice is kept on the device by the colour scheme manager. */
export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
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
          value={colorScheme}
          onChange={(value) => {
            if (isColorScheme(value)) setColorScheme(value);
          }}
        >
          {choices.map(({ value, label, Icon }) => (
            <Menu.RadioItem key={value} value={value} closeMenuOnClick>
              <Group gap="xs" wrap="nowrap">
                <Icon size={16} />
                {label}
              </Group>
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
