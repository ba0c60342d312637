/**
 * The back office's texts in de that its first screen shows (the layout and the dashboard,
 * with the dashboard's create-activity dialog): loaded with the layout (routes/backoffice/texts.ts).
 */
import backend from '../../../../locales/de/backend.json';
import activities from '../../../../locales/de/activities.json';
import statistics from '../../../../locales/de/statistics.json';

export default {
  backend,
  activities,
  statistics,
};
