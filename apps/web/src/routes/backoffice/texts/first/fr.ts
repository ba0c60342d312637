/**
 * The back office's texts in fr that its first screen shows (the layout and the dashboard,
 * with the dashboard's create-activity dialog): loaded with the layout (routes/backoffice/texts.ts).
 */
import backend from '../../../../locales/fr/backend.json';
import activities from '../../../../locales/fr/activities.json';
import statistics from '../../../../locales/fr/statistics.json';

export default {
  backend,
  activities,
  statistics,
};
