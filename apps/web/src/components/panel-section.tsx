import { Paper, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PanelSectionProps {
  /** The heading's id: names the section, and forms inside may point at it too. */
  headingId: string;
  title: ReactNode;
  /** Space below the heading. */
  gap?: MantineSpacing;
  children: ReactNode;
}

/** A bordered section of a back-office page, named by its second-level heading. */
export function PanelSection({ headingId, title, gap = 'sm', children }: PanelSectionProps) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb={gap} id={headingId}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
