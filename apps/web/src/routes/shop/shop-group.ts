/** The shop route group (white-label layout): one lazily loaded chunk, no back-office code. */
import { addNamespace } from '../../lib/i18n';
import de from '../../locales/de/shop.json';
import en from '../../locales/en/shop.json';
import fr from '../../locales/fr/shop.json';

addNamespace('shop', { de, en, fr });

export { ShopLayout } from '../../app/layouts/shop-layout';
export { WaitinglistRemovedPage } from './waitinglist-removed-page';
