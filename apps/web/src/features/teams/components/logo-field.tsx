import { LOGO_MAX_BYTES } from '@bookla/shared/teams';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelSection } from '../../../components/panel-section';
import { isApiError } from '../../../lib/api-client';
import { useAppState } from '../../../lib/app-state';
import { confirm } from '../../../lib/confirm';
import { fileSizeOk } from '../../../lib/file-size';
import { useRemoveLogo, useUploadLogo } from '../api/teams-api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { initials } from './initials';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const LOGO_MAX_MB = LOGO_MAX_BYTES / 1_000_000;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

/**
 * Company logo: choose an image (PNG, JPEG, WebP, at most 2 MB, checked before upload), see a
 * preview, then save or cancel; remove after a confirmation. Without a logo the server's
 * fallback avatar (initials) at `/avatar/team/{id}` is shown.
 */
export function LogoField() {
  const { t } = useTranslation('settings');
  const { team } = useAppState();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!team) return null;

  const onFile = async (file: File | null) => {
    setError(null);
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) return setError(t('logo.wrongType'));
    if (!fileSizeOk(file, LOGO_MAX_MB)) return setError(t('logo.tooLarge'));
    try {
      setPreview(await readAsDataUrl(file));
    } catch (e) {
      console.error(e);
      setError(t('logo.wrongType'));
    }
  };

  const onSave = async () => {
    if (!preview) return;
    try {
      const result = await upload.mutateAsync(preview);
      setPreview(null);
      notifySuccess(result.message || t('logo.saved'));
    } catch (e) {
      const field = isApiError(e, 422) ? e.errors?.data_url?.[0] : undefined;
      if (field) setError(field);
      else notifyError(e);
    }
  };

  const onRemove = async () => {
    const ok = await confirm({ title: t('logo.removeTitle'), message: t('logo.removeText'), confirmLabel: t('logo.remove'), danger: true });
    if (!ok) return;
    try {
      const result = await remove.mutateAsync();
      notifySuccess(result.message || t('logo.removed'));
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <PanelSection headingId="logo-title" title={t('logo.title')}>
      <Group align="flex-start" gap="md">
        <Avatar
          src={preview ?? team.logo_url}
          alt={preview ? t('logo.preview') : t('logo.current', { name: team.name })}
          size={96}
          radius="md"
          color="brand"
        >
          {initials(team.name)}
        </Avatar>
        <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
          <Text size="sm" c="dimmed">
            {t('logo.hint')}
          </Text>
          {preview ? (
            <Group gap="xs">
              <Button onClick={() => void onSave()} loading={upload.isPending}>
                {t('logo.upload')}
              </Button>
              <Button variant="default" onClick={() => setPreview(null)} disabled={upload.isPending}>
                {t('logo.cancel')}
              </Button>
            </Group>
          ) : (
            <Group gap="xs">
              <FileButton onChange={(file) => void onFile(file)} accept={LOGO_TYPES.join(',')}>
                {(props) => (
                  <Button variant="default" {...props}>
                    {t('logo.choose')}
                  </Button>
                )}
              </FileButton>
              {team.has_logo && (
                <Button variant="subtle" color="#c92a2a" onClick={() => void onRemove()} loading={remove.isPending}>
                  {t('logo.remove')}
                </Button>
              )}
            </Group>
          )}
          {error && (
            <Text size="sm" c="red.9" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Group>
    </PanelSection>
  );
}
