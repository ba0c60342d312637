import { NavLink, VisuallyHidden } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppState } from '../../lib/app-state';
import { useLang } from '../../lib/language';
import { activeNavPath, BACKEND_NAV, visibleNavItems, type NavItem } from './backend-nav-items';

interface EntryProps {
  item: NavItem;
  lang: string;
  active: string | undefined;
}

/** A group opens by itself when one of its pages is shown, and stays as the user left it. */
function NavGroup({ item, label, lang, active }: EntryProps & { label: string }) {
  const children = item.children ?? [];
  const containsActive = children.some((c) => !!c.path && c.path === active);
  const [opened, setOpened] = useState(containsActive);
  useEffect(() => {
    if (containsActive) setOpened(true);
  }, [containsActive]);
  return (
    <NavLink component="button" type="button" label={label} opened={opened} onChange={setOpened} childrenOffset="md" aria-expanded={opened}>
      {children.map((child) => (
        <NavEntry key={child.label} item={child} lang={lang} active={active} />
      ))}
    </NavLink>
  );
}

function NavEntry({ item, lang, active }: EntryProps) {
  const { t } = useTranslation('backend');
  const label = t(`nav.${item.label}`);
  if (item.children) return <NavGroup item={item} label={label} lang={lang} active={active} />;
  if (item.href) {
    return (
      <NavLink
        component="a"
        href={item.href}
        target="_blank"
        rel="noopener noreferrer"
        label={
          <>
            {label} <span aria-hidden="true">↗</span>
            <VisuallyHidden>{t('layout.newTab')}</VisuallyHidden>
          </>
        }
      />
    );
  }
  const isActive = !!item.path && item.path === active;
  return (
    <NavLink
      component={Link}
      to={`/${lang}/${item.path ?? 'backend'}`}
      label={label}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
    />
  );
}

/** Spec §2's sidebar: entries without the user's permission (or the feature) are not shown. */
export function BackendNav() {
  const lang = useLang();
  const { pathname } = useLocation();
  const { permissions, features } = useAppState();
  const items = useMemo(() => visibleNavItems(BACKEND_NAV, { permissions: permissions ?? [], features }), [permissions, features]);
  const active = activeNavPath(items, lang, pathname);
  return (
    <>
      {items.map((item) => (
        <NavEntry key={item.label} item={item} lang={lang} active={active} />
      ))}
    </>
  );
}
