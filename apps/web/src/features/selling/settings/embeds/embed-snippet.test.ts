import { describe, expect, it } from 'vitest';
import { embedPageUrl, embedSnippet, isComplete, shopLinkUrl, type EmbedChoice } from './embed-snippet';

const APP = 'https://app.bookla.test';
const base: EmbedChoice = {
  teamId: 7,
  slug: 'yoga-loft',
  view: 'list',
  activityId: null,
  typeSetId: null,
  locationId: null,
  lang: 'de',
  checkout: 'frame',
};

describe('the embed snippet', () => {
  it('is the script and the element of CONTRACT §4, with a shop link for pages without scripts', () => {
    expect(embedSnippet(APP, base, 'Online buchen')).toBe(
      [
        '<script src="https://app.bookla.test/embed.js" async></script>',
        '<div data-bookla-team="7" data-view="list" data-lang="de">',
        '  <a href="https://app.bookla.test/de/shop/yoga-loft">Online buchen</a>',
        '</div>',
      ].join('\n'),
    );
  });

  it('carries the view, the filters, the language and the checkout choice', () => {
    const calendar = { ...base, view: 'calendar' as const, typeSetId: 3, locationId: 9, lang: 'fr' as const, checkout: 'tab' as const };
    expect(embedSnippet(APP, calendar, 'Réserver <en ligne> & plus')).toBe(
      [
        '<script src="https://app.bookla.test/embed.js" async></script>',
        '<div data-bookla-team="7" data-view="calendar" data-type-set="3" data-location="9" data-lang="fr" data-checkout="tab">',
        '  <a href="https://app.bookla.test/fr/shop/yoga-loft?view=calendar&amp;type=3&amp;location=9">Réserver &lt;en ligne&gt; &amp; plus</a>',
        '</div>',
      ].join('\n'),
    );
    const one = { ...base, view: 'activity' as const, activityId: 12, typeSetId: 3 };
    expect(embedSnippet(APP, one, 'x')).toContain('<div data-bookla-team="7" data-view="activity" data-activity="12" data-lang="de">');
    expect(isComplete(one)).toBe(true);
    expect(isComplete({ ...one, activityId: null })).toBe(false);
  });

  it('links the shop with the same choice, by its address or else its id', () => {
    expect(shopLinkUrl(APP, base)).toBe(`${APP}/de/shop/yoga-loft`);
    expect(shopLinkUrl(APP, { ...base, slug: null, view: 'calendar', locationId: 4 })).toBe(`${APP}/de/shop/7?view=calendar&location=4`);
    expect(shopLinkUrl(APP, { ...base, view: 'activity', activityId: 12, typeSetId: 3 })).toBe(`${APP}/de/shop/yoga-loft/activity/12`);
  });

  it('previews the very address embed.js gives the iframe', () => {
    expect(embedPageUrl(APP, base, APP)).toBe(`${APP}/de/embed/7?origin=${encodeURIComponent(APP)}`);
    expect(embedPageUrl(APP, { ...base, view: 'calendar', typeSetId: 3, locationId: 9, checkout: 'tab' }, 'https://provider.test')).toBe(
      `${APP}/de/embed/7?view=calendar&type=3&location=9&checkout=tab&origin=${encodeURIComponent('https://provider.test')}`,
    );
    expect(embedPageUrl(APP, { ...base, view: 'activity', activityId: 12, lang: 'en' }, APP)).toBe(
      `${APP}/en/embed/7/activity/12?origin=${encodeURIComponent(APP)}`,
    );
  });
});
