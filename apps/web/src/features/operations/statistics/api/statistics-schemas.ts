import { dataReplySchema, listReplySchema, successDataSchema } from '@bookla/shared/replies';
import { orderSchema } from '@bookla/shared/selling';
import {
  dashboardChecklistBodySchema,
  dashboardChecklistSchema,
  dashboardStatisticsSchema,
  salesStatisticsSchema,
  statisticsReportSchema,
} from '@bookla/shared/statistics';

/**
 * The shared schemas of the statistics calls (statistics-api.ts). They load only where replies
 * and bodies are checked (development and tests, lib/api-client.ts): the dashboard, the back
 * office's first screen, makes these calls without loading zod (issue 21 item 6).
 */
export const dashboardReply = dashboardStatisticsSchema;
export const salesReply = salesStatisticsSchema;
export const reportReply = dataReplySchema(statisticsReportSchema);
export const checklistReply = dataReplySchema(dashboardChecklistSchema);
export const checklistSaved = successDataSchema(dashboardChecklistSchema);
export const checklistBody = dashboardChecklistBodySchema;
export const ordersReply = listReplySchema(orderSchema);
