import { currentLanguage } from '../../../lib/language';
import { PlanTab } from './plan-tab';
import { loadPlanTexts } from './plan-texts';

/** The plan tab once its texts (namespace `plan`, the UI language) are there: loaded only when the tab shows. */
export async function planScreen(): Promise<{ PlanTab: typeof PlanTab }> {
  await loadPlanTexts(currentLanguage());
  return { PlanTab };
}
