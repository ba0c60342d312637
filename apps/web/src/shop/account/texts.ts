import { addTexts } from '../i18n';
import de from '../locales/account.de.json';
import en from '../locales/account.en.json';
import fr from '../locales/account.fr.json';

/**
 * The customer account's texts (`account.…`): loaded with the pages that use them (the account,
 * the order page, the checkout's account offer), not with the shop's first bundle. Every module
 * that shows one imports this; `account.myAccount` (the header's link) is in the main files.
 */
addTexts({ de, en, fr });
