import type { PublicSiteProps, SiteLanguage } from '../types';

export const FAQ = [
  { question: { de: 'Was kostet es?', en: 'What does it cost?', fr: 'Combien ça coûte ?' }, answer: { de: 'Wenig.', en: 'Little.' } },
  { question: { de: 'Kann ich einbetten?', en: 'Can I embed it?' }, answer: { en: 'Yes.\nOn any website.' } },
];

export const landingProps = (lang: SiteLanguage = 'en', demoTeamId: number | null = 7): PublicSiteProps => ({
  lang,
  appName: 'Bookla',
  year: 2031,
  page: { kind: 'landing', faq: FAQ, demoTeamId },
});

export const contentProps = (lang: SiteLanguage = 'en'): PublicSiteProps => ({
  lang,
  appName: 'Bookla',
  year: 2031,
  page: { kind: 'content', type: 'agb', title: 'Terms', html: '<h2>Scope</h2><p>These terms apply to <strong>everyone</strong>.</p>' },
});
