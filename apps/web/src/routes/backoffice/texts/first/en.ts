/**
 * The back office's texts in en that its first screen shows (the layout and the dashboard,
 * with the dashboard's create-activity dialog): loaded with the layout (routes/backoffice/texts.ts).
 */
import backend from '../../../../locales/en/backend.json';
import activities from '../../../../locales/en/activities.json';
import statistics from '../../../../locales/en/statistics.json';

export default {
  backend,
  activities,
  statistics,
};
