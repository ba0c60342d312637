import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A message the screen shows above its form: a success, a hint, or why something failed. */
export interface Notice {
  color: 'green' | 'yellow' | 'blue' | 'red';
  title?: string;
  text: string;
}

/**
 * Another screen's success message for the login page ("password changed", "invitation
 * accepted"), carried in the navigation's history state so a reload does not lose it.
 */
export interface LoginNavigationState {
  notice?: Notice;
}

export function isNotice(value: unknown): value is Notice {
  const v = value as Partial<Notice> | null | undefined;
  return !!v && typeof v.text === 'string' && ['green', 'yellow', 'blue', 'red'].includes(v.color as string);
}

export function NoticeAlert({ notice, children }: { notice: Notice; children?: ReactNode }) {
  return (
    <Alert color={notice.color} title={notice.title}>
      {notice.text}
      {children}
    </Alert>
  );
}
