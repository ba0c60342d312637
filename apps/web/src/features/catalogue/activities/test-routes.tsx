import type { RouteObject } from 'react-router';
import { ActivityEditPage } from '../../../routes/backoffice/activity-edit-page';
import { ActivitiesPage } from '../../../routes/backoffice/activities-page';

/**
 * The activities screens without the back-office layout: the tests' providers already mount
 * the one ModalsProvider (the layout would add a second, and every dialog would open twice).
 */
export const activityTestRoutes: RouteObject[] = [
  { path: '/:lang/backend/courses', Component: ActivitiesPage },
  { path: '/:lang/backend/courses/edit/:id/:tab', Component: ActivityEditPage },
  { path: '/:lang/backend/*', Component: () => <p>Elsewhere</p> },
];
