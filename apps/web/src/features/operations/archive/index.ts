/** What the pages may use of the email archive (back office). */
export { emailArchiveKeys } from './api/email-archive-api';
export { EmailArchiveList } from './components/email-archive-list';
