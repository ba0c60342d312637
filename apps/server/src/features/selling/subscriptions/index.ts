/** What other features and the app may use of subscriptions (CONTRACT §5): the routes and the period arithmetic. */
export { subscriptionsRoutes } from './subscriptions.routes.ts';
export { addDaysZoned, addMonthsZoned, nextPeriod, periodEnd } from './periods.ts';
export { membersExportSource } from './members-export.ts';
export { scheduleMembershipSweep, settleOrder, sweepMemberships, type SweepResult } from './lifecycle.service.ts';
export { cancelOwnMembership } from './members.service.ts';
export { payRenewalWithNewCard } from './card-renewals.ts';
