import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled panel of a public page; its heading names it for assistive technology. */
export function PublicSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-labelledby={id}>
      <Title order={2} id={id} fz="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
