import { valueFlow, type ValueBlock } from '@castbase/contracts';
import { Badge, Paper, Stack, Table, Text } from '@mantine/core';

import classes from './value-flow.module.css';

/**
 * Spec 2 §9: what each recipient receives of one suggested payment (about 5 sats when none is suggested), the floor
 * of their split; fee recipients in another colour.
 */
export function ValueFlowExample({ value }: { value: ValueBlock }) {
  const flow = valueFlow(value.suggested, value.recipients);
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Text fw={600} id="value-flow-title">
          Value flow for {formatSats(flow.amountSats)}
        </Text>
        {flow.shares.length === 0 ? (
          <Text size="sm" c="dimmed">
            Add recipients to see how each payment is split.
          </Text>
        ) : (
          <Table aria-labelledby="value-flow-title" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Recipient</Table.Th>
                <Table.Th ta="right">Split</Table.Th>
                <Table.Th ta="right">Receives</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {flow.shares.map((share, index) => (
                <Table.Tr
                  key={index}
                  className={share.fee ? classes.feeRow : undefined}
                  data-fee={share.fee || undefined}
                >
                  <Table.Td>
                    {share.name}{' '}
                    {share.fee && (
                      <Badge color="orange" variant="light" size="sm" radius="sm">
                        Fee
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{share.split}%</Table.Td>
                  <Table.Td ta="right">{formatSats(share.sats)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="xs" c="dimmed">
          Each share is rounded down to whole sats.
        </Text>
      </Stack>
    </Paper>
  );
}

export function formatSats(sats: number): string {
  return `${sats.toLocaleString('en')} ${sats === 1 ? 'sat' : 'sats'}`;
}
