import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, orders, teams, teamSellingSettings } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { companyBody, createUserWithTeam, inDays, makeActivity, makeSession, makeTicket, owner } from '../../../test/factories.ts';
import { queueOrderMail } from '../documents/index.ts';

/**
 * Issue 22 item 1: VAT applies only once a company says it is registered — a VAT ID or the
 * explicit choice at sign-up, the tax settings later. Before that no VAT line anywhere (order,
 * checkout, mails, PDFs); a registered company's invoices carry its VAT ID. Existing companies:
 * registered iff they have a VAT ID (migration 0019).
 */

let t: TestApp;
const db = () => t.app.deps.db;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const settingsOf = async (teamId: number) =>
  (await db().select().from(teamSellingSettings).where(eq(teamSellingSettings.teamId, teamId)))[0];

/** All text of a PDF (PDF.js), pages joined. */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++)
    for (const item of (await (await doc.getPage(n)).getTextContent()).items) if ('str' in item) text += `${item.str} `;
  await doc.destroy();
  return text;
}

describe('registered for VAT: the choice at sign-up and company creation', () => {
  it('a company created without a VAT ID charges no VAT; with one it does, with that number', async () => {
    const a = await owner(t.app);
    const create = (body: Record<string, unknown>, lang = 'en') => a.client.request('POST', `/api/team?language=${lang}`, body);
    const tax = async () => (await a.client.get('/api/config/tax')).json().data as { charges_vat: boolean; vat_number: string | null };

    expect((await create(companyBody(`Studio Ohne ${Date.now()}`))).statusCode).toBe(200);
    expect(await tax()).toMatchObject({ charges_vat: false, vat_number: null });

    expect((await create(companyBody(`Studio Mit ${Date.now()}`, { vat_id: 'che116281710 mwst' }))).statusCode).toBe(200);
    expect(await tax()).toMatchObject({ charges_vat: true, vat_number: 'CHE-116.281.710 MWST' });

    // A VAT ID but explicitly not registered (say, a foreign company's number): no VAT.
    const foreign = await create(companyBody(`Studio Ausland ${Date.now()}`, { vat_id: 'CHE-116.281.710 MWST', vat_registered: false }));
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(await tax()).toMatchObject({ charges_vat: false });

    // Registered needs the VAT ID its documents carry: 422 in the request's language.
    const missing = await create(companyBody(`Studio Fehlt ${Date.now()}`, { vat_registered: true }), 'fr');
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json().errors).toEqual({ vat_id: ['Ce champ est obligatoire.'] });
  });

  it('registration: without a VAT ID no VAT; the explicit choice with a VAT ID charges it', async () => {
    let n = 0;
    const register = (team: Record<string, unknown>) => {
      n++;
      return new TestClient(t.app).post('/api/srl/register', {
        user: {
          salutation: 'mrs',
          firstname: 'Anna',
          lastname: 'Muster',
          email: `vat-${n}-${Date.now()}@example.com`,
          password: 'Sonnenblume-42',
          password_confirm: 'Sonnenblume-42',
          agb: true,
          newsletter: false,
          referral_id: 'search',
        },
        team: { ...companyBody(`Kurswerk MWST ${n} ${Date.now()}`), ...team },
      });
    };
    const plain = await register({});
    expect(plain.statusCode, plain.body).toBe(200);
    const lastTeam = async () => (await db().select().from(teams).orderBy(desc(teams.id)).limit(1))[0]!;
    expect(await settingsOf((await lastTeam()).id)).toBeUndefined();

    const registered = await register({ vat_id: 'CHE-116.281.710 MWST', vat_registered: true });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(await settingsOf((await lastTeam()).id)).toMatchObject({ chargesVat: true, vatNumber: 'CHE-116.281.710 MWST' });

    const refused = await register({ vat_registered: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['team.vat_id']).toHaveLength(1);
  });
});

describe('a company not registered for VAT sells without VAT (issue 22 item 1)', () => {
  it('its order, confirmation mail and invoice show no VAT though the ticket has a rate; once registered they do, with the VAT ID', async () => {
    const a = await owner(t.app);
    const teamId = a.team.id;
    // Payment set up (a settings row with the column defaults): no word about VAT.
    await db().insert(teamSellingSettings).values({ teamId, invoiceEnabled: true, iban: 'CH9300762011623852957' });
    const activity = await makeActivity(db(), teamId);
    await makeSession(db(), teamId, activity.id, inDays(20));
    const ticket = await makeTicket(db(), teamId, activity.id, { priceMinor: 24_000, taxRateBp: 810 });
    const buy = async (email: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/teams/${teamId}/orders`,
        payload: {
          items: [{ ticket_id: ticket.id, quantity: 1 }],
          customer: { firstname: 'Lea', lastname: 'Kunde', email },
          participants: [{ ticket_id: ticket.id, firstname: 'Lea', lastname: 'Kunde', answers: {} }],
          answers: {},
          payment_method: 'invoice',
          language: 'de',
          accept_terms: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().order as { id: string; tax_total: number; taxes: unknown[]; order_items: { tax_rate: number }[] };
      const [row] = await db().select({ id: orders.id }).from(orders).where(eq(orders.publicId, order.id));
      await queueOrderMail(db(), t.app.deps.config, teamId, row!.id, 'placed');
      const [mail] = await db().select().from(emails).where(eq(emails.toAddress, email)).orderBy(desc(emails.id)).limit(1);
      const pdf = await a.client.get(`/api/orders/${row!.id}/invoice.pdf`);
      expect(pdf.statusCode).toBe(200);
      return { order, mail: `${mail!.subject}\n${mail!.textBody}\n${mail!.htmlBody}`, pdf: await pdfText(pdf.rawPayload) };
    };

    const public_ = await t.app.inject({ method: 'GET', url: `/api/public/teams/${teamId}` });
    expect(public_.json().data.charges_vat).toBe(false);
    const plain = await buy('lea.plain@example.com');
    expect(plain.order).toMatchObject({ tax_total: 0, taxes: [], order_items: [{ tax_rate: 0 }] });
    expect(plain.mail).not.toMatch(/MWST|VAT|TVA/);
    expect(plain.pdf).toContain('240.00');
    expect(plain.pdf).not.toMatch(/MWST|VAT|TVA/);

    // Registered in the tax settings: VAT is charged and the invoice names the VAT ID.
    const saved = await a.client.request('PUT', '/api/config/tax', {
      charges_vat: true,
      vat_number: 'CHE-116.281.710 MWST',
      rates: [{ rate: '8.1', label: { de: 'Normalsatz' } }],
      default_rate: '8.1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const vat = await buy('lea.vat@example.com');
    expect(vat.order).toMatchObject({ tax_total: 17.98, taxes: [{ rate: 8.1, tax: 17.98, gross: 240 }] });
    expect(vat.mail).toMatch(/MWST/);
    expect(vat.pdf).toMatch(/MWST/);
    expect(vat.pdf).toContain('CHE-116.281.710 MWST');
  });
});

describe('existing companies (migration 0019)', () => {
  it('are registered iff they have a VAT ID; running it again changes nothing', async () => {
    const make = async (vatId: string | null, settings: Partial<typeof teamSellingSettings.$inferInsert> | null) => {
      const { team } = await createUserWithTeam(db());
      if (vatId) await db().update(teams).set({ vatId }).where(eq(teams.id, team.id));
      if (settings)
        await db()
          .insert(teamSellingSettings)
          .values({ teamId: team.id, ...settings });
      return team.id;
    };
    // As the old default left them: charging VAT without saying so.
    const noVatId = await make(null, { chargesVat: true, invoiceEnabled: true, iban: 'CH9300762011623852957' });
    const companyVatId = await make('CHE-116.281.710 MWST', { chargesVat: true });
    const ownNumber = await make(null, { chargesVat: true, vatNumber: 'CHE-123.456.788 MWST' });
    const choseNo = await make('CHE-116.281.710 MWST', { chargesVat: false, vatNumber: 'CHE-116.281.710 MWST' });
    const noRowVatId = await make('CHE-116.281.710 MWST', null);
    const noRowNoVat = await make(null, null);

    const migration = readFileSync(join(import.meta.dirname, '../../../db/migrations/0019_vat_registered.sql'), 'utf8');
    const statements = migration.split('--> statement-breakpoint');
    for (let run = 0; run < 2; run++) for (const statement of statements) await db().execute(sql.raw(statement));

    expect(await settingsOf(noVatId)).toMatchObject({ chargesVat: false, invoiceEnabled: true });
    expect(await settingsOf(companyVatId)).toMatchObject({ chargesVat: true, vatNumber: 'CHE-116.281.710 MWST' });
    expect(await settingsOf(ownNumber)).toMatchObject({ chargesVat: true, vatNumber: 'CHE-123.456.788 MWST' });
    expect(await settingsOf(choseNo)).toMatchObject({ chargesVat: false });
    expect(await settingsOf(noRowVatId)).toMatchObject({ chargesVat: true, vatNumber: 'CHE-116.281.710 MWST', invoiceEnabled: false });
    expect(await settingsOf(noRowNoVat)).toBeUndefined();
    // A row written later takes the new default: not registered.
    await db().insert(teamSellingSettings).values({ teamId: noRowNoVat });
    expect((await settingsOf(noRowNoVat))!.chargesVat).toBe(false);
  });
});
