/** What the app may use of ticket check-in. */
export { checkinRoutes } from './checkin.routes.ts';
