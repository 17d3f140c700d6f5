import { Anchor, Button, Collapse, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';

/** The help panel of spec 2 §2: the Value4Value model in a podcaster's words. */
export function ValueHelp() {
  const [opened, { toggle }] = useDisclosure(false);
  const panel = useId();
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={panel}
        w="fit-content"
      >
        {opened ? 'Hide how Value4Value works' : 'How Value4Value works'}
      </Button>
      <Collapse expanded={opened} id={panel}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={4}>Value4Value</Title>
            <Text size="sm">
              Listeners pay what the show is worth to them, in bitcoin over the Lightning network, straight
              from apps that support it (Fountain, Podverse, Castamatic, …). No middleman holds the money.
            </Text>
            <List size="sm" spacing={6}>
              <List.Item>
                <b>Streaming sats.</b> A listener sets an amount per minute and their app pays it while they
                listen; a <b>boost</b> is a one-off payment, often with a message. A sat is a
                hundred-millionth of a bitcoin. The suggested amount is what apps propose per minute.
              </List.Item>
              <List.Item>
                <b>Splits.</b> Each payment is divided between the recipients by their split; the splits add
                up to 100%. Each share is rounded down to whole sats, so very small shares of small payments
                can be 0.
              </List.Item>
              <List.Item>
                <b>Fees.</b> A recipient marked as a fee is an app&apos;s or a host&apos;s cut rather than a
                creator&apos;s share; the value-flow example shows fees in another colour.
              </List.Item>
              <List.Item>
                <b>Keysend or Lightning address.</b> Keysend pays a Lightning node directly by its public key
                (66 hexadecimal characters), optionally with a custom key and value that tell a shared wallet
                whose payment it is. A Lightning address (name@host) looks like an e-mail address; Castbase
                checks that its host answers as a Lightning payment endpoint.
              </List.Item>
            </List>
            <Anchor
              href="https://podcasting2.org/podcast-namespace/tags/value"
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
            >
              The podcast:value tag in the Podcasting 2.0 namespace
            </Anchor>
          </Stack>
        </Paper>
      </Collapse>
    </Stack>
  );
}
