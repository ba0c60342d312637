import { type FakeCall, json } from './fake-fetch';

/** Option lists as `GET /api/srl/options/*` answers them (CONTRACT §3), for the account screens. */
export const OPTIONS: Record<string, unknown> = {
  country: [
    { value: 'CH', label: 'Switzerland' },
    { value: 'DE', label: 'Germany' },
    { value: 'AT', label: 'Austria' },
  ],
  currency: [
    { value: 'CHF', label: 'Swiss franc (CHF)', countries: ['CH', 'LI'] },
    { value: 'EUR', label: 'Euro (EUR)', countries: ['de', 'at', 'fr'] },
  ],
  language: [
    { value: 'de', label: 'Deutsch' },
    { value: 'en', label: 'English' },
    { value: 'fr', label: 'Français' },
  ],
  referral: [
    { value: 'search', label: 'Search engine' },
    { value: 'friend', label: 'Recommendation' },
  ],
  timezones: [
    { value: 'Europe/Zurich', label: 'Europe/Zurich (UTC+01:00)' },
    { value: 'Europe/Berlin', label: 'Europe/Berlin (UTC+01:00)' },
  ],
};

/** Answers the option lists; anything else goes to `rest`. */
export function withOptions(rest: (call: FakeCall, path: string) => Response | Promise<Response>) {
  return (call: FakeCall): Response | Promise<Response> => {
    const path = call.url.split('?')[0] ?? '';
    const kind = /^\/api\/srl\/options\/(\w+)$/.exec(path)?.[1];
    if (kind && OPTIONS[kind]) return json(OPTIONS[kind]);
    return rest(call, path);
  };
}

/** Writes skip the CSRF cookie request when the cookie is there. */
export function setXsrfCookie(): void {
  document.cookie = 'XSRF-TOKEN=test-token; path=/';
}
