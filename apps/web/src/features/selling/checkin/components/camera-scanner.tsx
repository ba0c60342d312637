import { Box, Button, Stack, Text } from '@mantine/core';
import type QrScanner from 'qr-scanner';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The same code seen again within this time of its last sighting is the same ticket still held up,
 * not a new scan: a ticket kept in view never scans twice (its green result does not turn into
 * "already checked in", issue 22 item 14); one taken away for this long and shown again does.
 */
const REPEAT_MS = 4000;

type ErrorKey = 'camera.denied' | 'camera.noCamera' | 'camera.insecure' | 'camera.failed' | 'camera.unreadable';

function errorKey(error: unknown): ErrorKey {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'camera.denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || /not found/i.test(String(error))) return 'camera.noCamera';
  return 'camera.failed';
}

/**
 * Camera scanning with `qr-scanner`, loaded only when the camera is started (the page stays
 * light). qr-scanner uses the browser's BarcodeDetector where there is one, else its worker
 * (`qr-scanner-worker.min.js`, a lazy chunk the build makes from the library's dynamic import).
 * Each new code goes to `onCode` (ignored while `paused`, e.g. while a check-in runs).
 */
export function CameraScanner({ onCode, paused }: { onCode: (text: string) => void; paused: boolean }) {
  const { t } = useTranslation('checkin');
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<QrScanner | null>(null);
  const [state, setState] = useState<'off' | 'starting' | 'on'>('off');
  const [error, setError] = useState<ErrorKey | null>(null);
  const handler = useRef({ onCode, paused });
  handler.current = { onCode, paused };
  const last = useRef<{ text: string; at: number } | null>(null);

  const stop = useCallback(() => {
    scanner.current?.destroy();
    scanner.current = null;
    setState('off');
  }, []);
  useEffect(() => () => scanner.current?.destroy(), []);

  const start = async () => {
    setError(null);
    if (!window.isSecureContext || !navigator.mediaDevices) return setError('camera.insecure');
    setState('starting');
    try {
      const { default: Scanner } = await import('qr-scanner');
      let engineErrors = 0;
      const instance = new Scanner(
        video.current!,
        (result) => {
          const now = Date.now();
          const seen = last.current;
          if (seen && seen.text === result.data && now - seen.at < REPEAT_MS) {
            seen.at = now;
            return;
          }
          if (handler.current.paused) return;
          last.current = { text: result.data, at: now };
          handler.current.onCode(result.data);
        },
        {
          returnDetailedScanResult: true,
          preferredCamera: 'environment',
          highlightScanRegion: true,
          maxScansPerSecond: 8,
          // "No QR code found" is every frame without a code; anything else, again and again, means the
          // picture cannot be read at all (e.g. the decoder's worker is blocked): say so.
          onDecodeError: (e) => {
            if (String(e).includes(Scanner.NO_QR_CODE_FOUND)) engineErrors = 0;
            else if (++engineErrors === 5) setError('camera.unreadable');
          },
        },
      );
      scanner.current = instance;
      await instance.start();
      setState('on');
    } catch (e) {
      scanner.current?.destroy();
      scanner.current = null;
      setState('off');
      setError(errorKey(e));
    }
  };

  return (
    <Stack gap="xs">
      <Box pos="relative" maw={480} display={state === 'off' ? 'none' : 'block'} style={{ borderRadius: 8, overflow: 'hidden' }}>
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('camera.video')}
          style={{ width: '100%', maxHeight: '45vh', objectFit: 'cover', display: 'block', background: '#000' }}
        />
      </Box>
      {state === 'on' && <Text size="sm">{t('camera.hint')}</Text>}
      <div>
        {state === 'off' ? (
          <Button variant="light" size="md" onClick={() => void start()}>
            {t('camera.start')}
          </Button>
        ) : (
          <Button variant="default" size="md" loading={state === 'starting'} onClick={stop}>
            {state === 'starting' ? t('camera.starting') : t('camera.stop')}
          </Button>
        )}
      </div>
      {error && (
        <Text c="red.9" role="alert">
          {t(error)}
        </Text>
      )}
    </Stack>
  );
}
