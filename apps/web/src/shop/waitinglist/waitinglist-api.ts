import type { ReservationReply } from '@bookla/shared/selling';
import type { WaitingListJoinBody, WaitingListJoinReply, WaitingListOffer } from '@bookla/shared/waiting-list';
import { request } from '../api';

/** The waiting list's public calls (CONTRACT §4): no cookies, like the rest of the shop's API. Types only from @bookla/shared. */

const teamPath = (teamId: number) => `/api/public/teams/${teamId}/waitinglist`;
const enc = encodeURIComponent;

export const waitinglistApi = {
  join: (teamId: number, body: WaitingListJoinBody) => request<WaitingListJoinReply>(teamPath(teamId), { method: 'POST', body }),
  offer: (teamId: number, id: number, token: string, lang: string, signal?: AbortSignal) =>
    request<{ data: WaitingListOffer }>(`${teamPath(teamId)}/${id}?token=${enc(token)}&lang=${enc(lang)}`, { signal }).then((r) => r.data),
  claim: (teamId: number, id: number, token: string) =>
    request<ReservationReply>(`${teamPath(teamId)}/${id}/claim`, { method: 'POST', body: { token } }),
  /** The removal link's confirmation: takes the entry off the waiting list (a wrong token: 404). */
  remove: (id: number, token: string) =>
    request<{ success: true; message: string }>(`/api/public/waitinglist/${id}/remove`, { method: 'POST', body: { token } }),
  decline: (teamId: number, id: number, token: string) =>
    request<{ data: WaitingListOffer }>(`${teamPath(teamId)}/${id}/decline`, { method: 'POST', body: { token } }).then((r) => r.data),
};
