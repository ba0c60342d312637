import { HEADER_IMAGE_MAX_MB } from '@bookla/shared/catalogue-model';
import type { HeaderImage } from '@bookla/shared/catalogue-activities';
import { Box, Button, FileButton, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client';
import { confirm } from '../../../../lib/confirm';
import { fileSizeOk } from '../../../../lib/file-size';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useRemoveHeaderImage, useUploadHeaderImage } from '../api/activities-api';

export const HEADER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * The activity's header image: a chosen file (JPEG, PNG, WebP up to 5 MB, checked first) uploads
 * at once, its preview shown while it does; remove the stored one after a confirmation.
 */
export function HeaderImageField({ activityId, image, canEdit }: { activityId: number; image: HeaderImage | null; canEdit: boolean }) {
  const { t } = useTranslation('activities');
  const upload = useUploadHeaderImage(activityId);
  const remove = useRemoveHeaderImage(activityId);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  /** A valid chosen file uploads at once; the preview shows while it does, an error beside the field. */
  const choose = async (chosen: File | null) => {
    setError(null);
    setFile(null);
    if (!chosen) return;
    if (!HEADER_IMAGE_TYPES.includes(chosen.type)) return setError(t('image.wrongType'));
    if (!fileSizeOk(chosen, HEADER_IMAGE_MAX_MB)) return setError(t('image.tooLarge', { max: HEADER_IMAGE_MAX_MB }));
    setFile(chosen);
    try {
      const result = await upload.mutateAsync(chosen);
      notifySuccess(result.message || t('image.saved'));
    } catch (e) {
      const message = isApiError(e, 422) ? Object.values(e.errors ?? {}).flat()[0] : undefined;
      if (message) setError(message);
      else notifyError(e);
    } finally {
      setFile(null);
    }
  };

  const onRemove = async () => {
    const ok = await confirm({
      title: t('image.removeTitle'),
      message: t('image.removeText'),
      confirmLabel: t('image.remove'),
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await remove.mutateAsync();
      notifySuccess(result.message || t('image.removed'));
    } catch (e) {
      notifyError(e);
    }
  };

  const shown = preview ?? image?.detail_url ?? null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="course-image-title">
      <Title order={2} size="h4" id="course-image-title">
        {t('image.title')}
      </Title>
      {shown ? (
        <Image src={shown} alt={preview ? t('image.previewAlt') : t('image.alt')} maw={480} radius="sm" />
      ) : (
        <Box bg="gray.1" maw={480} h={120} style={{ borderRadius: 8, display: 'grid', placeItems: 'center' }}>
          <Text size="sm" c="dimmed">
            {t('image.none')}
          </Text>
        </Box>
      )}
      {error && (
        <Text size="sm" c="error" role="alert">
          {error}
        </Text>
      )}
      {upload.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('image.uploading')}</Text>
        </Group>
      )}
      {canEdit && (
        <Group gap="sm" wrap="wrap">
          <FileButton onChange={(chosen) => void choose(chosen)} accept={HEADER_IMAGE_TYPES.join(',')} disabled={upload.isPending}>
            {(props) => (
              <Button variant="default" {...props} loading={upload.isPending}>
                {image ? t('image.replace') : t('image.choose')}
              </Button>
            )}
          </FileButton>
          {image && !file && (
            <Button variant="subtle" color="red" onClick={() => void onRemove()} loading={remove.isPending}>
              {t('image.remove')}
            </Button>
          )}
        </Group>
      )}
      {canEdit && (
        <Text size="xs" c="dimmed">
          {t('image.hint', { max: HEADER_IMAGE_MAX_MB })}
        </Text>
      )}
    </Stack>
  );
}
