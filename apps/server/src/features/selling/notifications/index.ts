/**
 * What the app may use of the provider notifications (decision 020): the settings routes, the
 * `provider.notice` job's handler and the daily digest's schedule; subscriptions queue their
 * membership notices with `queueMembershipNotice`.
 */
export { notificationSettingsRoutes } from './notifications.routes.ts';
export { handleProviderNotice, registerProviderNoticeJob, type NoticeDeps } from './notice-job.ts';
export { DIGEST_HOUR, runDigests, scheduleDigests } from './digest.ts';
export { queueMembershipNotice, type MembershipNotice, type MembershipNoticeKind } from './membership-notice.ts';
