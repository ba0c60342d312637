import type { DashboardChecklist, Language } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import { enabledPaymentMethods, getSellingSettings } from '../../selling/settings/index.ts';
import * as repo from './checklist.repo.ts';

/**
 * The dashboard's introduction checklist (spec §2): each step ticks itself from the team's data.
 * Company data: billing address and a logo (what the shop, tickets and invoices show). A payment
 * method: invoice or an online payment provider ready to take money (free is always there; test mode is no real
 * payment). Shared: the shop has its first order — the link reached a customer.
 */

export interface ChecklistTeam {
  id: number;
  slug: string | null;
  languages: Language[];
}

export async function getChecklist(
  deps: { db: DbOrTx; config: Pick<Config, 'appUrl'> },
  team: ChecklistTeam,
  lang: Language,
): Promise<DashboardChecklist> {
  const [facts, settings] = await Promise.all([repo.checklistFacts(deps.db, team.id), getSellingSettings(deps.db, team.id)]);
  if (!facts) throw notFound();
  const methods = enabledPaymentMethods(settings);
  const shopLang = team.languages.includes(lang) ? lang : (team.languages[0] ?? lang);
  return {
    completed: facts.completed,
    steps: [
      { key: 'company', done: facts.companyComplete },
      { key: 'activity', done: facts.hasActivity },
      { key: 'tickets', done: facts.hasTicket },
      { key: 'payment', done: methods.some((m) => m !== 'free' && m !== 'test') },
      { key: 'publish', done: facts.hasPublished },
      { key: 'share', done: facts.hasOrder },
    ],
    shop_url: `${deps.config.appUrl}/${shopLang}/shop/${encodeURIComponent(team.slug ?? String(team.id))}`,
  };
}

export async function setChecklistCompleted(db: DbOrTx, teamId: number, completed: boolean): Promise<void> {
  await repo.setChecklistCompleted(db, teamId, completed);
}
