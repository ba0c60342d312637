import { expect, test, type Page } from '@playwright/test';
import { headerPng } from '../fixtures/header-image.ts';
import {
  addDays,
  api,
  BASE_DAY,
  calendarToMonth,
  fillTranslated,
  invitedInstructor,
  ownerWithCompany,
  pick,
  saved,
  showDateTime,
  showRange,
  textIn,
  type Texts,
} from '../support/catalogue.ts';
import { escape, label, tr, type Lang } from '../support/i18n.ts';

/**
 * Issue 4, the catalogue in the back office: an owner sets up type set, attributes, booking
 * fields, location, room and holidays; creates an activity with its dates, tickets and products;
 * finds it in the list and the calendar; double-books the room and sees the conflict; an
 * instructor may look but not change. German runs with a bilingual company (de + en: every text
 * in two languages behind the language switcher), English with a one-language company.
 */

const COMPANY_LANGUAGES: Record<'de' | 'en', Lang[]> = { de: ['de', 'en'], en: ['en'] };

/** A text in each of the company's languages. */
const inLanguages = (languages: Lang[], all: Record<'de' | 'en', string>): Texts =>
  Object.fromEntries(languages.map((l) => [l, all[l as 'de' | 'en']]));

function catalogueData(languages: Lang[]) {
  const t = (de: string, en: string) => inLanguages(languages, { de, en });
  return {
    level: t('Niveau', 'Level'),
    beginner: t('Anfänger', 'Beginner'),
    advanced: t('Fortgeschritten', 'Advanced'),
    mats: t('Matten vorhanden', 'Mats provided'),
    rentMat: t('Matte mieten', 'Rent a mat'),
    matSize: t('Mattengrösse', 'Mat size'),
    location: t('Studio Limmat', 'Limmat studio'),
    rooms: t('Räume', 'Rooms'),
    hall: t('Saal 1', 'Hall 1'),
    holiday: t('Frühlingspause', 'Spring break'),
    typeSet: t('Yoga-Kurse', 'Yoga classes'),
    course: t('Abendyoga', 'Evening yoga'),
    workshop: t('Atem-Workshop', 'Breathing workshop'),
    wholeTicket: t('Ganzer Kurs', 'Full course'),
    dropIn: t('Einzeleintritt', 'Drop-in'),
    product: t('Mattenmiete', 'Mat rental'),
  };
}
type Data = ReturnType<typeof catalogueData>;

/** Weekly on Mondays from 2027-03-01 18:00–19:30 (across the switch to summer time on 28 March). */
const START = '18:00';
const END = '19:30';
const HOLIDAY = addDays(BASE_DAY, 14); // the third Monday
const weekly = (n: number) => addDays(BASE_DAY, 7 * n);

const backend = (lang: Lang, path: string) => `/${lang}/backend/${path}`;
const saveButton = (page: Page, lang: Lang) => page.getByRole('button', { name: tr(lang, 'setup:record.save'), exact: true });

async function saveRecord(page: Page, lang: Lang, listPath: string) {
  await saveButton(page, lang).click();
  await expect(page).toHaveURL(new RegExp(`${escape(backend(lang, listPath))}$`));
}

// ------------------------------------------------------------------------------------ set-up

async function createAttributes(page: Page, lang: Lang, d: Data) {
  const typeLabel = label(lang, 'setup:attributes.type');

  await page.goto(backend(lang, 'course/attributes'));
  await page
    .getByRole('link', { name: tr(lang, 'setup:attributes.create') })
    .first()
    .click();
  await pick(page, page.getByRole('combobox', { name: typeLabel }), tr(lang, 'setup:attributes.types.select'));
  await fillTranslated(page.getByRole('form'), tr(lang, 'setup:attributes.label'), d.level);
  for (const [position, key, text] of [
    [1, 'beginner', d.beginner],
    [2, 'advanced', d.advanced],
  ] as const) {
    await page.getByRole('button', { name: tr(lang, 'setup:choices.add') }).click();
    const choice = page.getByRole('group', { name: tr(lang, 'setup:choices.item', { position: String(position) }) });
    await choice.getByLabel(label(lang, 'setup:choices.value')).fill(key);
    await fillTranslated(choice, tr(lang, 'setup:choices.label'), text);
  }
  await page.getByRole('switch', { name: tr(lang, 'setup:attributes.filterable') }).check({ force: true });
  await saveRecord(page, lang, 'course/attributes');
  await expect(page.getByRole('row', { name: new RegExp(escape(textIn(d.level, lang))) })).toContainText('2');

  await page
    .getByRole('link', { name: tr(lang, 'setup:attributes.create') })
    .first()
    .click();
  await pick(page, page.getByRole('combobox', { name: typeLabel }), tr(lang, 'setup:attributes.types.boolean'));
  await fillTranslated(page.getByRole('form'), tr(lang, 'setup:attributes.label'), d.mats);
  await saveRecord(page, lang, 'course/attributes');
  await expect(page.getByRole('link', { name: textIn(d.mats, lang), exact: true })).toBeVisible();
}

async function createFields(page: Page, lang: Lang, d: Data) {
  const typeLabel = label(lang, 'setup:fields.type');
  await page.goto(backend(lang, 'course/fields'));
  await page
    .getByRole('link', { name: tr(lang, 'setup:fields.create') })
    .first()
    .click();
  await pick(page, page.getByRole('combobox', { name: typeLabel }), tr(lang, 'setup:fields.types.checkbox'));
  await fillTranslated(page.getByRole('form'), tr(lang, 'setup:fields.label'), d.rentMat);
  await saveRecord(page, lang, 'course/fields');

  // The second one is shown only when the first is ticked; the preview shows it appear.
  await page
    .getByRole('link', { name: tr(lang, 'setup:fields.create') })
    .first()
    .click();
  await fillTranslated(page.getByRole('form'), tr(lang, 'setup:fields.label'), d.matSize);
  await pick(page, page.getByRole('combobox', { name: label(lang, 'setup:fields.condition.field') }), textIn(d.rentMat, lang));
  await page.getByRole('checkbox', { name: tr(lang, 'setup:fields.condition.whenTicked', { field: textIn(d.rentMat, lang) }) }).check();
  const preview = page.getByRole('region', { name: tr(lang, 'setup:fields.preview.title') });
  const matSize = textIn(d.matSize, lang);
  await expect(preview.getByText(tr(lang, 'setup:fields.preview.hidden', { field: matSize }))).toBeVisible();
  await preview.getByRole('checkbox', { name: textIn(d.rentMat, lang) }).check();
  await expect(preview.getByRole('textbox', { name: matSize })).toBeVisible();
  await saveRecord(page, lang, 'course/fields');
  const row = (name: string) => page.getByRole('row', { name: new RegExp(`^${escape(name)} `) });
  await expect(row(matSize)).toContainText(tr(lang, 'setup:fields.condition.conditional'));
  await expect(row(textIn(d.rentMat, lang))).toContainText(tr(lang, 'setup:fields.condition.always'));
}

async function createTypeSet(page: Page, lang: Lang, d: Data) {
  await page.goto(backend(lang, 'course/type_sets'));
  await page
    .getByRole('button', { name: tr(lang, 'setup:typeSets.create') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: tr(lang, 'setup:typeSets.new') });
  await fillTranslated(dialog, tr(lang, 'setup:typeSets.name'), d.typeSet);
  await dialog.getByRole('button', { name: tr(lang, 'setup:typeSets.createSubmit') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/backend/course/type_set/\\d+$`));

  const assign = async (titleKey: string, names: string[]) => {
    const title = tr(lang, titleKey);
    const section = page.getByRole('region', { name: title, exact: true });
    for (const name of names) {
      await pick(
        page,
        section.getByRole('combobox', { name: tr(lang, 'setup:picker.add', { title }) }),
        new RegExp(`^${escape(name)} \\(`),
      );
      await section.getByRole('button', { name: tr(lang, 'setup:picker.addButton'), exact: true }).click();
      await expect(section.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    }
    return section;
  };
  const attributes = await assign('setup:typeSets.attributes', [textIn(d.level, lang), textIn(d.mats, lang)]);
  await attributes.getByRole('checkbox', { name: tr(lang, 'setup:typeSets.requiredOf', { name: textIn(d.level, lang) }) }).check();
  await assign('setup:typeSets.fields', [textIn(d.rentMat, lang), textIn(d.matSize, lang)]);
  await saved(page, 'PUT', /^\/api\/course\/type_sets\/\d+$/, () => saveButton(page, lang).click());
  await page.goto(backend(lang, 'course/type_sets'));
  // Two attributes, two fields, no activity yet.
  await expect(page.getByRole('row', { name: new RegExp(escape(textIn(d.typeSet, lang))) })).toContainText(/2\s*2\s*0/);
}

async function createLocation(page: Page, lang: Lang, d: Data) {
  await page.goto(backend(lang, 'course/location/create'));
  await fillTranslated(page.getByRole('form'), tr(lang, 'setup:locations.name'), d.location);
  await page.getByLabel(label(lang, 'setup:locations.address')).fill('Limmatstrasse 5');
  await page.getByLabel(label(lang, 'setup:locations.postalCode')).fill('8005');
  await page.getByLabel(label(lang, 'setup:locations.city')).fill('Zürich');
  await saveRecord(page, lang, 'course/locations');
  await expect(page.getByRole('row', { name: new RegExp(escape(textIn(d.location, lang))) })).toContainText('8005 Zürich');
}

async function createRoom(page: Page, lang: Lang, d: Data) {
  await page.goto(backend(lang, 'sa/resources'));
  await page
    .getByRole('link', { name: tr(lang, 'setup:resources.create') })
    .first()
    .click();
  await fillTranslated(page.getByRole('form'), tr(lang, 'setup:resources.groupName'), d.rooms);
  await pick(page, page.getByRole('combobox', { name: label(lang, 'setup:resources.kind') }), tr(lang, 'setup:resources.kinds.room'));
  await saveButton(page, lang).click();
  // Created: on to its screen, where the resources are added.
  await expect(page).toHaveURL(new RegExp(`/${lang}/backend/sa/resource/\\d+$`));
  await page.getByRole('button', { name: tr(lang, 'setup:resources.add') }).click();
  const room = page.getByRole('group', { name: tr(lang, 'setup:resources.item', { position: '1' }) });
  await fillTranslated(room, tr(lang, 'setup:resources.name'), d.hall);
  await room.getByLabel(label(lang, 'setup:resources.capacity')).fill('1');
  await saved(page, 'PUT', /^\/api\/sa\/resources\/\d+$/, () => saveButton(page, lang).click());
  await page.goto(backend(lang, 'sa/resources'));
  await expect(page.getByRole('row', { name: new RegExp(escape(textIn(d.rooms, lang))) })).toContainText(
    tr(lang, 'setup:resources.withCapacity', { name: textIn(d.hall, lang), capacity: '1' }),
  );
}

/** Date inputs open a calendar under the field; typing a day and leaving with Tab closes it, as for a keyboard user. */
async function createHoliday(page: Page, lang: Lang, d: Data) {
  await page.goto(backend(lang, 'config/course/defaults/holidays'));
  await page
    .getByRole('button', { name: tr(lang, 'setup:holidays.create') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: tr(lang, 'setup:holidays.new') });
  await fillTranslated(dialog, tr(lang, 'setup:holidays.name'), d.holiday);
  await dialog.getByLabel(label(lang, 'setup:holidays.from')).fill(HOLIDAY);
  await dialog.getByLabel(label(lang, 'setup:holidays.from')).press('Tab');
  await dialog.getByLabel(label(lang, 'setup:holidays.to')).fill(HOLIDAY);
  await dialog.getByLabel(label(lang, 'setup:holidays.to')).press('Tab');
  await dialog.getByRole('button', { name: tr(lang, 'setup:record.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(escape(textIn(d.holiday, lang))) })).toBeVisible();
}

async function createProduct(page: Page, lang: Lang, d: Data) {
  await page.goto(backend(lang, 'course/options'));
  await page
    .getByRole('link', { name: tr(lang, 'setup:products.create') })
    .first()
    .click();
  await fillTranslated(page.getByRole('form'), tr(lang, 'setup:products.name'), d.product);
  await page.getByLabel(new RegExp(`^${escape(tr(lang, 'setup:products.price', { currency: 'CHF' }))}`)).fill('5');
  await saveRecord(page, lang, 'course/options');
  await expect(page.getByRole('row', { name: new RegExp(escape(textIn(d.product, lang))) })).toBeVisible();
}

// ------------------------------------------------------------------------------------ activity

const tab = (page: Page, lang: Lang, key: string) => page.getByRole('tab', { name: tr(lang, `activities:tabs.${key}`), exact: true });

/** Creates an activity through the list's dialog and returns its id (the basic tab is open). */
async function createActivity(page: Page, lang: Lang, typeSet: string, name: Texts): Promise<number> {
  await page.goto(backend(lang, 'courses'));
  await page
    .getByRole('button', { name: tr(lang, 'activities:create.open') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: tr(lang, 'activities:create.title') });
  await pick(page, dialog.getByRole('combobox', { name: label(lang, 'activities:fields.typeSet') }), typeSet);
  await fillTranslated(dialog, tr(lang, 'activities:fields.name'), name);
  await dialog.getByRole('button', { name: tr(lang, 'activities:create.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/backend/courses/edit/\\d+/basic$`));
  await expect(page.getByRole('heading', { level: 1, name: textIn(name, lang) })).toBeVisible();
  return Number(/edit\/(\d+)\//.exec(page.url())![1]);
}

async function fillBasicTab(page: Page, lang: Lang, d: Data) {
  const basic = page.getByRole('form', { name: tr(lang, 'activities:tabs.basic') });
  await pick(page, basic.getByRole('combobox', { name: label(lang, 'activities:fields.location') }), textIn(d.location, lang));
  await expect(page.getByRole('switch', { name: tr(lang, 'activities:edit.publish') })).toBeVisible();

  // The attributes are part of the tab's form: one Save stores the basic data and the attributes.
  const attributes = basic.getByRole('region', { name: tr(lang, 'activities:attributes.title') });
  await pick(page, attributes.getByRole('combobox', { name: new RegExp(`^${escape(textIn(d.level, lang))}`) }), textIn(d.beginner, lang));
  await attributes.getByRole('checkbox', { name: textIn(d.mats, lang) }).check();
  const attributesSaved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /^\/api\/courses\/\d+\/attributes$/.test(new URL(r.url()).pathname) && r.ok(),
  );
  await saved(page, 'PUT', /^\/api\/courses\/\d+$/, () =>
    basic.getByRole('button', { name: tr(lang, 'activities:save'), exact: true }).click(),
  );
  await attributesSaved;

  // A chosen image uploads at once, without a second click.
  const image = page.getByRole('region', { name: tr(lang, 'activities:image.title') });
  const chooser = page.waitForEvent('filechooser');
  await image.getByRole('button', { name: tr(lang, 'activities:image.choose') }).click();
  await saved(page, 'POST', /^\/api\/courses\/\d+\/header-image$/, async () =>
    (await chooser).setFiles({ name: 'yoga.png', mimeType: 'image/png', buffer: headerPng() }),
  );
  await expect(image.getByRole('button', { name: tr(lang, 'activities:image.replace') })).toBeVisible();
  const stored = image.getByRole('img', { name: tr(lang, 'activities:image.alt') });
  await expect(stored).toHaveAttribute('src', /\/media\//);
  // The stored variant is served (and is an image).
  const media = await page.request.get((await stored.getAttribute('src'))!);
  expect(media.ok()).toBe(true);
  expect(media.headers()['content-type']).toMatch(/^image\//);

  // After a reload everything is still there.
  await page.reload();
  await expect(basic.getByRole('combobox', { name: label(lang, 'activities:fields.location') })).toHaveValue(textIn(d.location, lang));
  await expect(attributes.getByRole('combobox', { name: new RegExp(`^${escape(textIn(d.level, lang))}`) })).toHaveValue(
    textIn(d.beginner, lang),
  );
  await expect(attributes.getByRole('checkbox', { name: textIn(d.mats, lang) })).toBeChecked();
  await expect(image.getByRole('img', { name: tr(lang, 'activities:image.alt') })).toBeVisible();
}

async function generateDates(page: Page, lang: Lang, d: Data) {
  await tab(page, lang, 'dates').click();
  const generator = page.getByRole('form', { name: tr(lang, 'timetable:generator.title') });
  await pick(
    page,
    generator.getByRole('combobox', { name: label(lang, 'timetable:generator.frequency') }),
    tr(lang, 'timetable:frequency.weekly'),
  );
  await generator.getByLabel(label(lang, 'timetable:generator.firstDate')).fill(BASE_DAY);
  await generator.getByLabel(label(lang, 'timetable:generator.firstDate')).press('Tab');
  await generator.getByLabel(label(lang, 'timetable:dates.start')).fill(START);
  await generator.getByLabel(label(lang, 'timetable:dates.end')).fill(END);
  await generator.getByLabel(label(lang, 'timetable:generator.count')).fill('10');
  await expect(generator.getByRole('checkbox', { name: tr(lang, 'timetable:generator.skipHolidays') })).toBeChecked();

  // Ten dates to create; the holiday Monday is listed, struck through, with the holiday's name.
  await expect(generator.getByText(tr(lang, 'timetable:generator.previewSummary', { count: '10', skipped: '1' }))).toBeVisible();
  const preview = generator.getByRole('list', { name: tr(lang, 'timetable:generator.preview') });
  await expect(preview.getByRole('listitem')).toHaveCount(11);
  const skipped = preview.getByRole('listitem').nth(2);
  await expect(skipped).toContainText(showRange(lang, HOLIDAY, START, END));
  await expect(skipped).toContainText(tr(lang, 'timetable:generator.skippedHoliday', { name: textIn(d.holiday, lang) }));
  // Wall time is kept across the switch to summer time (28 March 2027).
  await expect(preview.getByRole('listitem').last()).toContainText(showRange(lang, weekly(10), START, END));

  await generator.getByRole('button', { name: tr(lang, 'timetable:generator.create', { count: '10' }) }).click();
  const dates = page.getByRole('region', { name: tr(lang, 'timetable:dates.title'), exact: true });
  await expect(dates.getByRole('row')).toHaveCount(11); // header + 10
  await expect(dates.getByText(showRange(lang, BASE_DAY, START, END))).toBeVisible();
  await expect(dates.getByText(showRange(lang, weekly(4), START, END))).toBeVisible(); // after the switch
  await expect(dates.getByText(showRange(lang, HOLIDAY, START, END))).toHaveCount(0);
  // The owner may move, cancel and delete each date (an instructor may not, below).
  for (const key of ['moveLabel', 'cancelLabel', 'deleteLabel']) {
    await expect(
      dates.getByRole('button', { name: tr(lang, `timetable:dates.${key}`, { when: showRange(lang, BASE_DAY, START, END) }) }),
    ).toBeVisible();
  }
}

async function addTickets(page: Page, lang: Lang, d: Data) {
  await tab(page, lang, 'tickets').click();
  const add = async (name: Texts, price: string, stock: string, date?: string) => {
    await page.getByRole('button', { name: tr(lang, 'tickets:tickets.add') }).click();
    const dialog = page.getByRole('dialog', { name: tr(lang, 'tickets:tickets.addTitle') });
    await fillTranslated(dialog, tr(lang, 'tickets:tickets.name'), name);
    if (date) await dialog.getByLabel(label(lang, 'tickets:tickets.validFor')).selectOption({ label: date });
    await dialog.getByLabel(label(lang, 'tickets:tickets.price')).fill(price);
    await dialog.getByLabel(label(lang, 'tickets:tickets.stock')).fill(stock);
    await dialog.getByRole('button', { name: tr(lang, 'tickets:save'), exact: true }).click();
    await expect(dialog).toBeHidden();
  };
  await add(d.wholeTicket, '240', '12');
  const secondDate = showRange(lang, weekly(1), START, END);
  await add(d.dropIn, '28.50', '3', secondDate);

  const whole = page.getByRole('region', { name: tr(lang, 'tickets:tickets.wholeTitle') });
  await expect(whole.getByRole('row', { name: new RegExp(escape(textIn(d.wholeTicket, lang))) })).toContainText('240');
  const dropIn = page.getByRole('region', { name: tr(lang, 'tickets:tickets.dropInTitle') });
  const group = dropIn.getByRole('region', { name: secondDate });
  await expect(group.getByRole('row', { name: new RegExp(escape(textIn(d.dropIn, lang))) })).toContainText('28');
  const wholeName = textIn(d.wholeTicket, lang);
  for (const key of ['editLabel', 'deleteLabel']) {
    await expect(whole.getByRole('button', { name: tr(lang, `tickets:tickets.${key}`, { name: wholeName }) })).toBeVisible();
  }
}

async function offerProduct(page: Page, lang: Lang, d: Data) {
  await tab(page, lang, 'products').click();
  const section = page.getByRole('region', { name: tr(lang, 'tickets:products.title') });
  await pick(page, section.getByRole('combobox', { name: tr(lang, 'tickets:products.choose') }), textIn(d.product, lang));
  await page.keyboard.press('Escape');
  const row = section.getByRole('row', { name: new RegExp(escape(textIn(d.product, lang))) });
  await expect(row).toBeVisible();
  const save = section.getByRole('button', { name: tr(lang, 'tickets:save'), exact: true });
  await saved(page, 'PUT', /^\/api\/courses\/\d+\/products$/, () => save.click());
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(section.getByRole('row', { name: new RegExp(escape(textIn(d.product, lang))) })).toBeVisible();
}

async function checkFieldsTab(page: Page, lang: Lang, d: Data) {
  await tab(page, lang, 'fields').click();
  const fromTypeSet = page.getByRole('region', { name: tr(lang, 'setup:activityFields.typeSetTitle') });
  await expect(fromTypeSet.getByRole('row', { name: new RegExp(`^${escape(textIn(d.rentMat, lang))}`) })).toBeVisible();
  await expect(fromTypeSet.getByRole('row', { name: new RegExp(`^${escape(textIn(d.matSize, lang))}`) })).toContainText(
    tr(lang, 'setup:activityFields.whenTicked', { field: textIn(d.rentMat, lang) }),
  );
}

async function seeInListAndCalendar(page: Page, lang: Lang, d: Data) {
  await page.goto(backend(lang, 'courses'));
  const row = page.getByRole('row', { name: new RegExp(escape(textIn(d.course, lang))) });
  await expect(row).toContainText(showDateTime(lang, BASE_DAY, START));
  await expect(row).toContainText(textIn(d.location, lang));
  // Whole-course and drop-in seats apart (12 for the course, 3 for the second date alone).
  await expect(row).toContainText(tr(lang, 'activities:list.seatsCourse', { sold: '0', stock: '12' }));
  await expect(row).toContainText(tr(lang, 'activities:list.seatsPerDate', { sold: '0', stock: '3' }));

  await page.goto(backend(lang, 'courses/calendar'));
  await calendarToMonth(page, lang, BASE_DAY);
  // The month view runs from Monday 1 March to Sunday 11 April: the Mondays 1, 8, 22 and 29
  // March and 5 April are dates, the 15th is the holiday.
  const events = page.getByText(`${textIn(d.course, lang)} · ${textIn(d.location, lang)}`);
  await expect(events).toHaveCount(5);
  await events.first().click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/backend/courses/edit/\\d+/dates$`));
}

// ------------------------------------------------------------------------------------ conflicts

/** Opens the resources of one date on the resources tab and picks the room; returns the dialog. */
async function chooseRoom(page: Page, lang: Lang, d: Data, when: string) {
  await tab(page, lang, 'resources').click();
  await page.getByRole('button', { name: tr(lang, 'resources:resources.editLabel', { when }) }).click();
  const dialog = page.getByRole('dialog', { name: tr(lang, 'resources:resources.editTitle', { when }) });
  await dialog.getByRole('button', { name: tr(lang, 'resources:resources.add') }).click();
  await pick(
    page,
    dialog.getByRole('combobox', { name: label(lang, 'resources:resources.resource') }),
    tr(lang, 'resources:resources.option', { name: textIn(d.hall, lang), capacity: '1' }),
  );
  await dialog.getByRole('button', { name: tr(lang, 'resources:save'), exact: true }).click();
  return dialog;
}

async function doubleBookRoom(page: Page, lang: Lang, d: Data, firstId: number) {
  const day = weekly(1);
  const when = showRange(lang, day, START, END);
  const roomUsage = tr(lang, 'resources:resources.usage', { name: textIn(d.hall, lang), quantity: '1' });

  // The first activity's second date uses the room: no conflict yet.
  await page.goto(backend(lang, `courses/edit/${firstId}/resources`));
  await expect(await chooseRoom(page, lang, d, when)).toBeHidden();
  const firstRow = page.getByRole('row', { name: new RegExp(`^${escape(when)}`) });
  await expect(firstRow).toContainText(roomUsage);
  await expect(firstRow).not.toContainText(tr(lang, 'resources:conflicts.warning', { count: '1' }));

  // A second activity at the same time wants the same room.
  const id = await createActivity(page, lang, textIn(d.typeSet, lang), d.workshop);
  await tab(page, lang, 'dates').click();
  const add = page.getByRole('form', { name: tr(lang, 'timetable:dates.addTitle') });
  await add.getByLabel(label(lang, 'timetable:dates.date')).fill(day);
  await add.getByLabel(label(lang, 'timetable:dates.date')).press('Tab');
  await add.getByLabel(label(lang, 'timetable:dates.start')).fill(START);
  await add.getByLabel(label(lang, 'timetable:dates.end')).fill(END);
  await add.getByRole('button', { name: tr(lang, 'timetable:dates.add') }).click();
  await expect(page.getByRole('region', { name: tr(lang, 'timetable:dates.title'), exact: true }).getByText(when)).toBeVisible();
  const dialog = await chooseRoom(page, lang, d, when);

  // Nothing is saved yet: the warning names the other activity and its date.
  const warning = dialog.getByRole('alert').filter({ hasText: tr(lang, 'resources:conflicts.title') });
  await expect(warning).toContainText(tr(lang, 'resources:conflicts.saveQuestion'));
  await expect(warning).toContainText(
    tr(lang, 'resources:conflicts.usedBy', { activity: textIn(d.course, lang), when: showRange(lang, day, START, END) }),
  );
  const sessions = await api(page).get<{ data: { resources: unknown[] }[] }>(`/api/courses/${id}/sessions`);
  expect(sessions.data[0]!.resources).toHaveLength(0);

  await dialog.getByRole('button', { name: tr(lang, 'resources:conflicts.saveAnyway') }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(`^${escape(when)}`) });
  await expect(row).toContainText(roomUsage);
  await expect(row).toContainText(tr(lang, 'resources:conflicts.warning', { count: '1' }));

  // The calendar flags both dates.
  await page.goto(backend(lang, 'courses/calendar'));
  await calendarToMonth(page, lang, day);
  // Both are drafts, which the calendar says after the warning.
  const flagged = new RegExp(`^⚠ ${escape(tr(lang, 'timetable:calendar.conflict'))} · ${escape(tr(lang, 'timetable:calendar.draft'))}: `);
  await expect(page.getByText(flagged)).toHaveCount(2);
}

// ------------------------------------------------------------------------------------ instructor

async function instructorReadsOnly(invited: Page, lang: Lang, d: Data, activityId: number) {
  await invited.goto(backend(lang, 'courses'));
  await expect(invited.getByRole('link', { name: textIn(d.course, lang), exact: true })).toBeVisible();
  await expect(invited.getByRole('button', { name: tr(lang, 'activities:create.open') })).toHaveCount(0);

  await invited.getByRole('link', { name: textIn(d.course, lang), exact: true }).click();
  await expect(invited).toHaveURL(new RegExp(`/courses/edit/${activityId}/basic$`));
  await expect(invited.getByText(tr(lang, 'activities:edit.readOnly'))).toBeVisible();
  await expect(invited.getByRole('switch', { name: tr(lang, 'activities:edit.publish') })).toHaveCount(0);
  await expect(invited.getByRole('button', { name: tr(lang, 'activities:save'), exact: true })).toHaveCount(0);
  for (const key of ['choose', 'replace', 'remove']) {
    await expect(invited.getByRole('button', { name: tr(lang, `activities:image.${key}`) })).toHaveCount(0);
  }
  await expect(invited.getByRole('img', { name: tr(lang, 'activities:image.alt') })).toBeVisible();

  await tab(invited, lang, 'dates').click();
  const first = showRange(lang, BASE_DAY, START, END);
  await expect(invited.getByText(first)).toBeVisible();
  await expect(invited.getByRole('button', { name: tr(lang, 'timetable:dates.add'), exact: true })).toHaveCount(0);
  for (const key of ['moveLabel', 'cancelLabel', 'deleteLabel']) {
    await expect(invited.getByRole('button', { name: tr(lang, `timetable:dates.${key}`, { when: first }) })).toHaveCount(0);
  }
  await expect(invited.getByRole('form', { name: tr(lang, 'timetable:generator.title') })).toHaveCount(0);
  await tab(invited, lang, 'tickets').click();
  await expect(invited.getByText(textIn(d.wholeTicket, lang), { exact: true })).toBeVisible();
  await expect(invited.getByRole('button', { name: tr(lang, 'tickets:tickets.add') })).toHaveCount(0);
  for (const key of ['editLabel', 'deleteLabel']) {
    await expect(
      invited.getByRole('button', { name: tr(lang, `tickets:tickets.${key}`, { name: textIn(d.wholeTicket, lang) }) }),
    ).toHaveCount(0);
  }

  // The server refuses writes, whatever the screen shows.
  const client = api(invited);
  const rename = await client.send('PUT', `/api/courses/${activityId}`, { name: { [lang]: 'Hijacked' } });
  expect(rename.status()).toBe(403);
  const remove = await client.send('DELETE', `/api/courses/${activityId}`);
  expect(remove.status()).toBe(403);
  const addDate = await client.send('POST', `/api/courses/${activityId}/sessions`, {
    starts_at: `${weekly(20)}T${START}`,
    ends_at: `${weekly(20)}T${END}`,
  });
  expect(addDate.status()).toBe(403);
  await invited.reload();
  await expect(invited.getByRole('heading', { level: 1, name: textIn(d.course, lang) })).toBeVisible();
}

// Once, in German with a bilingual company (the language switcher in every text field); one-language
// companies fill plain fields in the selling, customer-account and waiting-list journeys.
for (const lang of ['de'] as const) {
  test(`[${lang}] an owner sets up the catalogue, plans an activity with dates, tickets and products, and an instructor may only look`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(360_000);
    const languages = COMPANY_LANGUAGES[lang];
    const d = catalogueData(languages);
    await ownerWithCompany(page, lang, languages);

    await test.step('set-up: attributes, fields, type set, location, room, holiday, product', async () => {
      await createAttributes(page, lang, d);
      await createFields(page, lang, d);
      await createTypeSet(page, lang, d);
      await createLocation(page, lang, d);
      await createRoom(page, lang, d);
      await createHoliday(page, lang, d);
      await createProduct(page, lang, d);
    });

    let activityId = 0;
    await test.step('an activity with basic data, image, dates, tickets and a product', async () => {
      activityId = await createActivity(page, lang, textIn(d.typeSet, lang), d.course);
      // The name was given in each company language (two for the German run).
      const stored = await api(page).get<{ data: { name: Texts } }>(`/api/courses/${activityId}`);
      expect(stored.data.name).toMatchObject(d.course);
      await fillBasicTab(page, lang, d);
      await generateDates(page, lang, d);
      await addTickets(page, lang, d);
      await offerProduct(page, lang, d);
      await checkFieldsTab(page, lang, d);
    });

    await test.step('the list and the calendar show it', async () => {
      await seeInListAndCalendar(page, lang, d);
    });

    await test.step('a second activity double-books the room', async () => {
      await doubleBookRoom(page, lang, d, activityId);
    });

    await test.step('an instructor sees it read-only and the server refuses writes', async () => {
      const { page: invited } = await invitedInstructor(page, browser, lang);
      await instructorReadsOnly(invited, lang, d, activityId);
      await invited.context().close();
    });
  });
}
