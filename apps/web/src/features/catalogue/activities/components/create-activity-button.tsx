import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../../components/permission';

// The modal's form (react-hook-form, zod, the translated fields) loads when it is first opened,
// not with the dashboard and the activity list that show the button (issue 21 item 6).
const CreateActivityModal = lazy(async () => ({ default: (await import('./create-activity-modal')).CreateActivityModal }));

/** The "create activity" button with its modal, for users the server grants `course.create`. */
export function CreateActivityButton({ size, label }: { size?: 'sm' | 'md'; label?: string }) {
  const { t } = useTranslation('activities');
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted from the first opening on, so that the modal's closing transition still plays.
  const [wanted, setWanted] = useState(false);
  return (
    <Permission name="course.create">
      <Button
        size={size}
        onClick={() => {
          setWanted(true);
          open();
        }}
      >
        {label ?? t('create.open')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <CreateActivityModal opened={opened} onClose={close} />
        </Suspense>
      )}
    </Permission>
  );
}
