import type { ReactNode } from 'react';
import { ApiError } from '../api';
import { useShop } from '../shop-context';

/** A polite "loading" for screen readers with grey placeholders for the eye. */
export function Loading({ lines = 3 }: { lines?: number }) {
  const { t } = useShop();
  return (
    <div className="skeleton-block" role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

export function Notice({
  tone = 'info',
  title,
  children,
}: {
  tone?: 'info' | 'error' | 'success' | 'warning';
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      {title && <p className="notice-title">{title}</p>}
      {children}
    </div>
  );
}

/** A failed load: not found, or try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useShop();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Notice tone="error" title={notFound ? t('common.notFound') : t('common.loadFailed')}>
      {!notFound && onRetry && (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </Notice>
  );
}
