import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type PageItem = number | 'ellipsis';

/**
 * Spec §9: first, last and three pages around the current one, an ellipsis over gaps.
 * A gap of a single page shows that page instead: an ellipsis would take the same room
 * and hide it for nothing.
 */
export function pageItems(current: number, last: number): PageItem[] {
  if (last < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), last);
  const start = Math.max(1, Math.min(page - 1, last - 2));
  const pages = new Set([1, last]);
  for (let p = start; p <= Math.min(start + 2, last); p++) pages.add(p);

  const items: PageItem[] = [];
  let previous = 0;
  for (const p of [...pages].sort((a, b) => a - b)) {
    if (previous && p - previous === 2) items.push(previous + 1);
    else if (previous && p - previous > 2) items.push('ellipsis');
    items.push(p);
    previous = p;
  }
  return items;
}

export interface PagerProps {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
}

export function Pager({ page, lastPage, onChange }: PagerProps) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  const items = pageItems(page, lastPage);
  return (
    <nav aria-label={t('pager.label')}>
      <Group component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        <li>
          <Button variant="default" px="xs" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label={t('pager.previous')}>
            ‹
          </Button>
        </li>
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`gap-${index}`} aria-hidden="true" style={{ padding: '0 4px' }}>
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                variant={item === page ? 'filled' : 'default'}
                miw={36}
                px="xs"
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pager.page', { page: item })}
                onClick={() => item !== page && onChange(item)}
              >
                {item}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button variant="default" px="xs" disabled={page >= lastPage} onClick={() => onChange(page + 1)} aria-label={t('pager.next')}>
            ›
          </Button>
        </li>
      </Group>
    </nav>
  );
}
