import { Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { notifySuccess } from '../../../lib/notify';

/** Spec §8: a copy to the clipboard confirms with "Success, Copy to clipboard". */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.error('Could not copy to the clipboard', error);
    return false;
  }
}

/** The 10 recovery codes, shown once after two-factor authentication was turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const { t: tb } = useTranslation('backend');
  const onCopy = async () => {
    if (await copyToClipboard(codes.join('\n'))) notifySuccess(tb('clipboard.text'), tb('clipboard.title'));
    else notifications.show({ color: 'red', message: tb('clipboard.failed') });
  };
  return (
    <Paper withBorder bg="green.0" p="md" component="section" aria-labelledby="recovery-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="recovery-title">
          {t('twoFactor.recoveryTitle')}
        </Title>
        <Text size="sm">{t('twoFactor.recoveryText')}</Text>
        <List listStyleType="none" spacing={4} style={{ columns: '2 10rem' }}>
          {codes.map((code) => (
            <List.Item key={code}>
              <Code fz="sm">{code}</Code>
            </List.Item>
          ))}
        </List>
        <Group gap="sm">
          <Button variant="default" onClick={() => void onCopy()}>
            {t('twoFactor.copy')}
          </Button>
          <Button onClick={onDone}>{t('twoFactor.done')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
