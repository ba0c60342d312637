import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ActivityKind, Translated } from '@bookla/shared';
import { zonedParts, zonedTimeToUtc } from '@bookla/shared/zoned-time';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { renderVariants, variantKey, VARIANTS, type Variant } from '../../features/catalogue/activities/media.service.ts';
import { createDefaultTypeSets } from '../../features/catalogue/setup/index.ts';
import { startTeamPlan } from '../../features/platform/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newMediaKey, type Storage } from '../../lib/storage.ts';
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
import { DEMO_PROGRAMME, type DemoDate, type DemoItem } from './demo-programme.ts';
import { DEMO_PRIMARY_COLOR, DEMO_SHOP_SLUG, seedDemoSellingSettings } from './demo-selling.ts';

/**
 * The demo provider of an installation (CONTRACT §1): "Bookla Demo", shop at `/{lang}/shop/demo`,
 * whose booking calendar the landing page embeds. Its programme (demo-programme.ts: courses and
 * events over the next months, with tickets and header images) is renewed at every start: an
 * item whose dates are over (or, for a course sold as a whole, has started) is archived and
 * published again with dates counted from today, so the demo always has something to book —
 * free, on invoice and with the test-mode payment page (no real money).
 *
 * The team is created once: when a team with the demo slug exists (or the demo owner does, i.e.
 * the demo was seeded before and changed since), none is created. Only the team the demo owner
 * owns is ever renewed: no other team is touched.
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
/** An item is renewed once nothing of it can be booked for the day after `now`. */
const LEAD_MS = 24 * 3600_000;

/** The landing page's illustrations, which double as the demo's header images. */
export const DEMO_IMAGE_DIR = resolve(import.meta.dirname, '../../../../web/public/landing');

export interface SeedDemoOptions {
  /** The moment the dates are counted from (default: now). */
  now?: Date;
  /** Where header images go (the server's media storage); without it the demo has no images. */
  storage?: Storage;
  /** Where the SVG illustrations are read from (default: the web app's public/landing). */
  imageDir?: string;
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

/** The demo team: the one the demo owner owns (null when there is none, e.g. it was deleted). */
export async function findDemoTeamId(db: Db | Tx): Promise<number | null> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(sql`lower(${users.email}) = ${DEMO_OWNER_EMAIL}`)
    .orderBy(asc(teams.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Seeds the demo provider when none exists yet, renews its programme, and returns its team id
 * (null when a team of the demo's name exists that is not the demo, or the demo was deleted).
 * Idempotent: a second run at the same moment changes nothing.
 */
export async function seedDemoProvider(db: Db, opts: SeedDemoOptions = {}): Promise<number | null> {
  const now = opts.now ?? new Date();
  let found = await existingDemoTeam(db);
  if (found === undefined) {
    // Nobody logs in as the demo owner: the password is random, never printed or stored in
    // clear, and the address stays unverified. Hashed outside the transaction (argon2 takes a while).
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    found = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
      // Another instance may have seeded it while this one hashed.
      const raced = await existingDemoTeam(tx);
      if (raced !== undefined) return raced;
      const teamId = await insertDemoTeam(tx, passwordHash);
      await seedDemoSellingSettings(tx, teamId);
      return teamId;
    });
  }
  if (found === null) return null;
  const demoId = await findDemoTeamId(db);
  if (demoId !== null) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
      await renewProgramme(tx, demoId, now);
    });
    if (opts.storage) await addHeaderImages(db, demoId, opts.storage, opts.imageDir ?? DEMO_IMAGE_DIR);
  }
  return found;
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
  // Its first plan, as every new company's (CONTRACT §6).
  await startTeamPlan(tx, teamId, 'payg', ownerId);
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
  const day = today(now);
  const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay(); // 0 = Sunday
  return addDays(day, (8 - weekday) % 7 || 7);
}

function today(now: Date): Day {
  const p = zonedParts(now, TIME_ZONE);
  return { year: p.year, month: p.month, day: p.day };
}

/** A session from wall-clock times in the team's zone (DST-safe). */
function at(now: Date, date: DemoDate): { startsAt: Date; endsAt: Date } {
  const day = 'fromToday' in date ? addDays(today(now), date.fromToday) : addDays(nextMonday(now), date.week * 7 + date.weekday);
  const startsAt = zonedTimeToUtc({ ...day, hour: date.hour, minute: date.minute }, TIME_ZONE);
  return { startsAt, endsAt: new Date(startsAt.getTime() + date.minutes * 60_000) };
}

// ------------------------------------------------------------------------------ programme

const t = (de: string, en: string, fr: string): Translated => ({ de, en, fr });

const CANCELLATION = t(
  'Kostenlose Stornierung bis 48 Stunden vor Beginn. Danach wird der volle Preis verrechnet.',
  'Free cancellation up to 48 hours before the start. After that, the full price is charged.',
  "Annulation gratuite jusqu'à 48 heures avant le début. Passé ce délai, le prix total est facturé.",
);

/** A course sold only as a whole can be booked until it starts; anything else until its last date. */
const soldUntilStart = (item: DemoItem) => item.tickets.every((ticket) => ticket.per === 'whole');

interface Setting {
  teamId: number;
  locationId: number;
  typeSet: (kind: ActivityKind) => number;
}

/** The studio, its defaults and the type sets, created with the first programme. */
async function setting(tx: Tx, teamId: number): Promise<Setting> {
  const sets = await tx
    .select({ id: typeSets.id, kind: typeSets.kind })
    .from(typeSets)
    .where(eq(typeSets.teamId, teamId))
    .orderBy(asc(typeSets.sort), asc(typeSets.id));
  const typeSet = (kind: ActivityKind) => {
    const set = sets.find((s) => s.kind === kind);
    if (!set) throw new Error(`demo seed: the team has no ${kind} type set`);
    return set.id;
  };
  const [existing] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.teamId, teamId))
    .orderBy(asc(locations.id))
    .limit(1);
  if (existing) return { teamId, locationId: existing.id, typeSet };
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
  await tx
    .insert(activityDefaults)
    .values({ teamId, taxRateBp: VAT_BP, locationId: location!.id, cancellationPolicy: CANCELLATION, sessionMinutes: 75 })
    .onConflictDoNothing();
  return { teamId, locationId: location!.id, typeSet };
}

/** Publishes every programme item that has nothing left to book (archiving its previous run). */
async function renewProgramme(tx: Tx, teamId: number, now: Date): Promise<void> {
  let place: Setting | undefined;
  const horizon = new Date(now.getTime() + LEAD_MS);
  for (const item of DEMO_PROGRAMME) {
    const [current] = await tx
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.teamId, teamId), eq(activities.status, 'published'), sql`${activities.name}->>'en' = ${item.name.en}`))
      .orderBy(desc(activities.id))
      .limit(1);
    if (current) {
      const [span] = await tx
        .select({
          first: sql<string | null>`min(${activitySessions.startsAt})`,
          last: sql<string | null>`max(${activitySessions.startsAt})`,
        })
        .from(activitySessions)
        .where(and(eq(activitySessions.activityId, current.id), eq(activitySessions.status, 'scheduled')));
      const until = soldUntilStart(item) ? span?.first : span?.last;
      const bookable = until ? new Date(until) > horizon : false;
      if (bookable) continue;
      // Its bookings stay as they are; the shop shows the new run.
      await tx.update(activities).set({ status: 'archived' }).where(eq(activities.id, current.id));
    }
    place ??= await setting(tx, teamId);
    await insertItem(tx, place, item, now);
  }
}

async function insertItem(tx: Tx, place: Setting, item: DemoItem, now: Date): Promise<number> {
  const { teamId, locationId } = place;
  const [activity] = await tx
    .insert(activities)
    .values({
      teamId,
      locationId,
      typeSetId: place.typeSet(item.kind),
      kind: item.kind,
      name: item.name,
      description: item.description,
      status: 'published',
      publishedAt: now,
      cancellationPolicy: CANCELLATION,
      waitingList: item.waitingList ?? false,
    })
    .returning({ id: activities.id });
  const activityId = activity!.id;
  const sessions = await tx
    .insert(activitySessions)
    .values(item.dates.map((date) => ({ teamId, activityId, ...at(now, date) })))
    .returning({ id: activitySessions.id, startsAt: activitySessions.startsAt });
  const firstStart = sessions.map((s) => s.startsAt).sort((a, b) => a.getTime() - b.getTime())[0]!;
  let sort = 1;
  for (const ticket of item.tickets) {
    const base = {
      teamId,
      activityId,
      currency: CURRENCY,
      taxRateBp: VAT_BP,
      name: ticket.name,
      description: ticket.description ?? {},
      priceMinor: ticket.priceMinor,
      stock: ticket.stock,
      maxPerOrder: ticket.maxPerOrder ?? null,
      saleEnd: ticket.saleEndDays !== undefined ? new Date(firstStart.getTime() - ticket.saleEndDays * 86_400_000) : null,
    };
    if (ticket.per === 'whole') {
      // A course is booked as a whole until it starts.
      await tx.insert(tickets).values({ ...base, saleEnd: base.saleEnd ?? firstStart, sort: sort++ });
    } else {
      await tx.insert(tickets).values(sessions.map((s) => ({ ...base, sessionId: s.id, sort: sort++ })));
    }
  }
  if (item.extras === 'yoga') await addYogaExtras(tx, teamId, activityId);
  return activityId;
}

/** The yoga course's rented mat (a product) and its question about experience (a booking field). */
async function addYogaExtras(tx: Tx, teamId: number, activityId: number): Promise<void> {
  const matName = t('Yogamatte leihen', 'Rent a yoga mat', 'Location de tapis de yoga');
  let [mat] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.teamId, teamId), sql`${products.name}->>'en' = ${matName.en}`))
    .limit(1);
  mat ??= (
    await tx
      .insert(products)
      .values({
        teamId,
        name: matName,
        description: t('Gereinigt und bereitgelegt.', 'Cleaned and ready for you.', 'Nettoyé et prêt pour vous.'),
        priceMinor: 500,
        currency: CURRENCY,
        taxRateBp: VAT_BP,
        scope: 'participant',
        sort: 1,
      })
      .returning({ id: products.id })
  )[0]!;
  await tx.insert(activityProducts).values({ teamId, activityId, productId: mat.id });
  const label = t('Erfahrung mit Yoga', 'Yoga experience', 'Expérience du yoga');
  let [field] = await tx
    .select({ id: bookingFields.id })
    .from(bookingFields)
    .where(and(eq(bookingFields.teamId, teamId), sql`${bookingFields.label}->>'en' = ${label.en}`))
    .limit(1);
  field ??= (
    await tx
      .insert(bookingFields)
      .values({
        teamId,
        type: 'select',
        label,
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
      .returning({ id: bookingFields.id })
  )[0]!;
  await tx.insert(activityFields).values({ teamId, activityId, fieldId: field.id, sort: 1 });
}

// ------------------------------------------------------------------------------ images

/**
 * Header images for the programme's published items that have none: the item's illustration
 * rendered to PNG, then through the same WebP variants an upload gets. Outside the transaction:
 * rendering takes a moment, and a failed image only leaves that item without one.
 */
async function addHeaderImages(db: Db, teamId: number, storage: Storage, dir: string): Promise<void> {
  const missing = await db
    .select({ id: activities.id, en: sql<string>`${activities.name}->>'en'` })
    .from(activities)
    .where(and(eq(activities.teamId, teamId), eq(activities.status, 'published'), isNull(activities.headerImagePath)));
  for (const row of missing) {
    const item = DEMO_PROGRAMME.find((i) => i.name.en === row.en);
    const file = item && join(dir, item.image);
    if (!file || !existsSync(file)) continue;
    const png = await sharp(readFileSync(file), { density: 144 }).resize({ width: VARIANTS.detail }).png().toBuffer();
    const variants = await renderVariants(png);
    const key = newMediaKey();
    for (const variant of Object.keys(VARIANTS) as Variant[]) await storage.put(variantKey(key, variant), variants[variant]);
    const updated = await db
      .update(activities)
      .set({ headerImagePath: key })
      .where(and(eq(activities.id, row.id), isNull(activities.headerImagePath)))
      .returning({ id: activities.id });
    // Another instance was faster: its image stays, this one goes.
    if (!updated.length) await storage.delete(key);
  }
}
