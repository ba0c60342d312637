import { randomBytes } from 'node:crypto';
import type { ActivityKind, Translated } from '@bookla/shared';
import { zonedParts, zonedTimeToUtc } from '@bookla/shared/zoned-time';
import { asc, eq, sql } from 'drizzle-orm';
import { createDefaultTypeSets } from '../../features/catalogue/setup/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Db, Tx } from '../client.ts';
import {
  activities,
  activityDefaults,
  activityFields,
  activityProducts,
  activitySessions,
  bookingFields,
  locations,
  products,
  teamMembers,
  teams,
  tickets,
  typeSets,
  users,
} from '../schema/index.ts';
import { DEMO_PRIMARY_COLOR, DEMO_SHOP_SLUG, seedDemoSellingSettings } from './demo-selling.ts';

/**
 * The demo provider of a fresh installation (CONTRACT §1): "Bookla Demo", shop at
 * `/{lang}/shop/demo`, with a course, a paid event and a free event in the weeks after the first
 * start, so a newcomer can book at once — free, on invoice and with the test-mode payment page
 * (no real money). Seeded once: when a team with the demo slug exists (or the demo owner does,
 * i.e. the demo was seeded before and changed since), nothing is touched.
 *
 * Deliberately not part of seedReferenceData: the test databases start without it.
 */

export const DEMO_TEAM_NAME = 'Bookla Demo';
// Not on an internal-staff domain: a reset link in a local mail archive must not make a staff account.
export const DEMO_OWNER_EMAIL = 'demo-provider@example.com';
const TIME_ZONE = 'Europe/Zurich';
const CURRENCY = 'CHF';
/** Swiss VAT, standard rate, in basis points. */
const VAT_BP = 810;

export interface SeedDemoOptions {
  /** The moment the dates are counted from (default: now). */
  now?: Date;
}

/** Lock key of the seeding, so two instances starting at once on one PostgreSQL seed it once. */
const LOCK_KEY = 0x626b_6465; // "bkde"

async function existingDemoTeam(db: Db | Tx): Promise<number | null | undefined> {
  const [bySlug] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(sql`lower(${teams.slug}) = ${DEMO_SHOP_SLUG}`);
  if (bySlug) return bySlug.id;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_OWNER_EMAIL}`);
  if (owner) {
    // Seeded before and its slug changed since: that team is the demo; a deleted one stays deleted.
    const [owned] = await db.select({ id: teams.id }).from(teams).where(eq(teams.ownerId, owner.id)).orderBy(asc(teams.id)).limit(1);
    return owned?.id ?? null;
  }
  const [byName] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(sql`lower(${teams.name}) = ${DEMO_TEAM_NAME.toLowerCase()}`);
  // A company of that name that is not the demo: leave it alone and seed no demo.
  if (byName) return null;
  return undefined;
}

/**
 * Seeds the demo provider when none exists yet and returns its team id (null when a team of
 * the demo's name exists that is not the demo, or the demo was deleted). Idempotent.
 */
export async function seedDemoProvider(db: Db, opts: SeedDemoOptions = {}): Promise<number | null> {
  const found = await existingDemoTeam(db);
  if (found !== undefined) return found;
  // Nobody logs in as the demo owner: the password is random, never printed or stored in
  // clear, and the address stays unverified. Hashed outside the transaction (argon2 takes a while).
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    // Another instance may have seeded it while this one hashed.
    const raced = await existingDemoTeam(tx);
    if (raced !== undefined) return raced;
    const teamId = await insertDemoTeam(tx, passwordHash);
    await insertDemoCatalogue(tx, teamId, now);
    await seedDemoSellingSettings(tx, teamId);
    return teamId;
  });
}

async function insertDemoTeam(tx: Tx, passwordHash: string): Promise<number> {
  const [owner] = await tx
    .insert(users)
    .values({
      email: DEMO_OWNER_EMAIL,
      firstname: 'Demo',
      lastname: 'Bookla',
      salutation: 'mx',
      passwordHash,
      language: 'de',
    })
    .returning({ id: users.id });
  const ownerId = owner!.id;
  const [team] = await tx
    .insert(teams)
    .values({
      name: DEMO_TEAM_NAME,
      ownerId,
      phonePrefix: '+41',
      phoneNumber: '44 123 45 67',
      currency: CURRENCY,
      languages: ['de', 'en', 'fr'],
      timeZone: TIME_ZONE,
      billingAddress: 'Seefeldstrasse 12',
      billingCity: 'Zürich',
      billingPostalCode: '8008',
      billingCountry: 'CH',
      primaryColor: DEMO_PRIMARY_COLOR,
      slug: DEMO_SHOP_SLUG,
    })
    .returning({ id: teams.id });
  const teamId = team!.id;
  await tx.insert(teamMembers).values({ teamId, userId: ownerId, role: 'owner' });
  await tx.update(users).set({ currentTeamId: teamId }).where(eq(users.id, ownerId));
  // The same type sets a company made by registration gets.
  await createDefaultTypeSets(tx, teamId);
  return teamId;
}

// ------------------------------------------------------------------------------ dates

interface Day {
  year: number;
  month: number;
  day: number;
}

/** The calendar day `days` after `day` (plain date arithmetic, no zone involved). */
function addDays(day: Day, days: number): Day {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Monday of the week after the one `now` falls in, in the team's zone. */
function nextMonday(now: Date): Day {
  const p = zonedParts(now, TIME_ZONE);
  const today: Day = { year: p.year, month: p.month, day: p.day };
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay(); // 0 = Sunday
  return addDays(today, (8 - weekday) % 7 || 7);
}

/** A session from wall-clock times in the team's zone (DST-safe). */
function at(day: Day, hour: number, minute: number, durationMinutes: number): { startsAt: Date; endsAt: Date } {
  const startsAt = zonedTimeToUtc({ ...day, hour, minute }, TIME_ZONE);
  return { startsAt, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000) };
}

// ------------------------------------------------------------------------------ catalogue

const t = (de: string, en: string, fr: string): Translated => ({ de, en, fr });

const CANCELLATION = t(
  'Kostenlose Stornierung bis 48 Stunden vor Beginn. Danach wird der volle Preis verrechnet.',
  'Free cancellation up to 48 hours before the start. After that, the full price is charged.',
  "Annulation gratuite jusqu'à 48 heures avant le début. Passé ce délai, le prix total est facturé.",
);

async function insertDemoCatalogue(tx: Tx, teamId: number, now: Date): Promise<void> {
  const sets = await tx
    .select({ id: typeSets.id, kind: typeSets.kind })
    .from(typeSets)
    .where(eq(typeSets.teamId, teamId))
    .orderBy(asc(typeSets.sort), asc(typeSets.id));
  const setOf = (kind: ActivityKind) => {
    const set = sets.find((s) => s.kind === kind);
    if (!set) throw new Error(`demo seed: the team has no ${kind} type set`);
    return set.id;
  };

  const [location] = await tx
    .insert(locations)
    .values({
      teamId,
      name: t('Studio Seefeld', 'Studio Seefeld', 'Studio Seefeld'),
      address: 'Seefeldstrasse 12',
      postalCode: '8008',
      city: 'Zürich',
      country: 'CH',
      directions: t(
        'Tram 2 oder 4 bis «Feldeggstrasse», dann zwei Minuten zu Fuss. Eingang im Hof, 1. Stock.',
        'Tram 2 or 4 to "Feldeggstrasse", then a two-minute walk. Entrance in the courtyard, 1st floor.',
        "Tram 2 ou 4 jusqu'à « Feldeggstrasse », puis deux minutes à pied. Entrée dans la cour, 1er étage.",
      ),
      latitude: 47.3601,
      longitude: 8.5497,
    })
    .returning({ id: locations.id });
  const locationId = location!.id;
  await tx
    .insert(activityDefaults)
    .values({ teamId, taxRateBp: VAT_BP, locationId, cancellationPolicy: CANCELLATION, sessionMinutes: 75 })
    .onConflictDoNothing();

  const monday = nextMonday(now);
  const publishedAt = now;
  const base = { teamId, locationId, status: 'published' as const, publishedAt, cancellationPolicy: CANCELLATION };
  const ticket = { teamId, currency: CURRENCY, taxRateBp: VAT_BP };

  // A course: six Tuesday evenings from next week on, booked as a whole or per evening.
  const [course] = await tx
    .insert(activities)
    .values({
      ...base,
      typeSetId: setOf('course'),
      kind: 'course',
      name: t('Yoga für Einsteiger', 'Yoga for beginners', 'Yoga pour débutants'),
      description: t(
        'Sechs Abende, um in Ruhe mit Yoga anzufangen: Atmung, einfache Haltungen und Entspannung. Keine Vorkenntnisse nötig.\n\n' +
          'Bitte bequeme Kleidung mitbringen. Matten können Sie bei uns leihen.',
        'Six evenings to start yoga at your own pace: breathing, simple postures and relaxation. No experience needed.\n\n' +
          'Please bring comfortable clothes. You can rent a mat from us.',
        'Six soirées pour débuter le yoga en douceur : respiration, postures simples et relaxation. Aucune expérience requise.\n\n' +
          'Merci de prévoir une tenue confortable. Vous pouvez louer un tapis sur place.',
      ),
    })
    .returning({ id: activities.id });
  const courseId = course!.id;
  const courseSessions = await tx
    .insert(activitySessions)
    .values(Array.from({ length: 6 }, (_, week) => ({ teamId, activityId: courseId, ...at(addDays(monday, 1 + week * 7), 18, 30, 75) })))
    .returning({ id: activitySessions.id, startsAt: activitySessions.startsAt });
  await tx.insert(tickets).values({
    ...ticket,
    activityId: courseId,
    name: t('Ganzer Kurs (6 Abende)', 'Whole course (6 evenings)', 'Cours complet (6 soirées)'),
    priceMinor: 18_000,
    stock: 12,
    // The course is booked as a whole until it starts; after that only single evenings.
    saleEnd: courseSessions[0]!.startsAt,
    sort: 1,
  });
  await tx.insert(tickets).values(
    courseSessions.map((s, i) => ({
      ...ticket,
      activityId: courseId,
      sessionId: s.id,
      name: t('Einzelabend', 'Single evening', 'Soirée à l’unité'),
      priceMinor: 3_500,
      stock: 4,
      sort: 2 + i,
    })),
  );
  const [mat] = await tx
    .insert(products)
    .values({
      teamId,
      name: t('Yogamatte leihen', 'Rent a yoga mat', 'Location de tapis de yoga'),
      description: t('Gereinigt und bereitgelegt.', 'Cleaned and ready for you.', 'Nettoyé et prêt pour vous.'),
      priceMinor: 500,
      currency: CURRENCY,
      taxRateBp: VAT_BP,
      scope: 'participant',
      sort: 1,
    })
    .returning({ id: products.id });
  await tx.insert(activityProducts).values({ teamId, activityId: courseId, productId: mat!.id });
  const [experience] = await tx
    .insert(bookingFields)
    .values({
      teamId,
      type: 'select',
      label: t('Erfahrung mit Yoga', 'Yoga experience', 'Expérience du yoga'),
      help: t(
        'Damit wir den Kurs auf die Gruppe abstimmen können.',
        'So we can tailor the course to the group.',
        'Pour adapter le cours au groupe.',
      ),
      options: [
        { value: 'none', label: t('Keine', 'None', 'Aucune') },
        { value: 'some', label: t('Ein paar Stunden', 'A few classes', 'Quelques cours') },
        { value: 'regular', label: t('Regelmässig', 'Regularly', 'Régulière') },
      ],
      scope: 'participant',
      required: false,
      sort: 1,
    })
    .returning({ id: bookingFields.id });
  await tx.insert(activityFields).values({ teamId, activityId: courseId, fieldId: experience!.id, sort: 1 });

  // A paid event on one evening about three weeks ahead, sold per date.
  const [concert] = await tx
    .insert(activities)
    .values({
      ...base,
      typeSetId: setOf('event'),
      kind: 'event',
      name: t('Sommerkonzert', 'Summer concert', "Concert d'été"),
      description: t(
        'Der Chor und das Kammerensemble des Studios spielen Werke von Mozart bis zu Schweizer Volksliedern. Einlass 30 Minuten vor Beginn, freie Platzwahl.',
        "The studio's choir and chamber ensemble perform works from Mozart to Swiss folk songs. Doors open 30 minutes before the start, free seating.",
        "Le chœur et l'ensemble de chambre du studio interprètent des œuvres de Mozart aux chansons populaires suisses. Ouverture des portes 30 minutes avant le début, placement libre.",
      ),
    })
    .returning({ id: activities.id });
  const concertId = concert!.id;
  const [concertDate] = await tx
    .insert(activitySessions)
    .values({ teamId, activityId: concertId, ...at(addDays(monday, 19), 19, 30, 120) })
    .returning({ id: activitySessions.id });
  await tx.insert(tickets).values([
    {
      ...ticket,
      activityId: concertId,
      sessionId: concertDate!.id,
      name: t('Standard', 'Standard', 'Standard'),
      priceMinor: 2_500,
      stock: 80,
      sort: 1,
    },
    {
      ...ticket,
      activityId: concertId,
      sessionId: concertDate!.id,
      name: t('Ermässigt', 'Reduced', 'Réduit'),
      description: t(
        'Für Kinder, Studierende und AHV-Bezüger:innen.',
        'For children, students and pensioners.',
        'Pour les enfants, les étudiant·e·s et les retraité·e·s.',
      ),
      priceMinor: 1_500,
      stock: 20,
      sort: 2,
    },
  ]);

  // A free event: an open day on the Saturday of next week.
  const [openDay] = await tx
    .insert(activities)
    .values({
      ...base,
      typeSetId: setOf('event'),
      kind: 'event',
      name: t('Tag der offenen Tür', 'Open day', 'Journée portes ouvertes'),
      description: t(
        'Schauen Sie vorbei: Schnupperlektionen im Stundentakt, Kaffee und Kuchen und alle Kursleitenden zum Kennenlernen. Der Eintritt ist frei; mit einer Anmeldung sichern Sie sich einen Platz in den Schnupperlektionen.',
        'Drop by: taster classes every hour, coffee and cake, and a chance to meet all our teachers. Entry is free; registering saves you a place in the taster classes.',
        "Passez nous voir : cours d'essai toutes les heures, café et gâteaux, et rencontre avec tous nos enseignant·e·s. L'entrée est libre ; en vous inscrivant, vous réservez une place aux cours d'essai.",
      ),
    })
    .returning({ id: activities.id });
  const openDayId = openDay!.id;
  const [openDayDate] = await tx
    .insert(activitySessions)
    .values({ teamId, activityId: openDayId, ...at(addDays(monday, 5), 10, 0, 360) })
    .returning({ id: activitySessions.id });
  await tx.insert(tickets).values({
    ...ticket,
    activityId: openDayId,
    sessionId: openDayDate!.id,
    name: t('Freier Eintritt', 'Free entry', 'Entrée libre'),
    priceMinor: 0,
    stock: 50,
    maxPerOrder: 6,
    sort: 1,
  });
}
