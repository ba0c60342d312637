/** What the pages and other features may use of subscriptions (memberships and passes, back office). */
export { subscriptionKeys } from './api/subscriptions-api';
export { SubscriptionsList } from './components/subscriptions-list';
export { SubscriptionStats } from './components/subscription-stats';
export { SubscriptionScreen, TierScreen } from './components/screens';
