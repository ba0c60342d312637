import { activityListItemSchema, activityStoreBodySchema, activityStoreReplySchema } from '@bookla/shared/catalogue';
import {
  activityDetailSchema,
  activityMassBodySchema,
  activityMassReplySchema,
  activityUpdateBodySchema,
  headerImageSchema,
  instructorItemSchema,
} from '@bookla/shared/catalogue-activities';
import { activityAttributeItemSchema, activityAttributesBodySchema } from '@bookla/shared/catalogue-setup';
import { dataReplySchema, listReplySchema, successDataSchema, successSchema } from '@bookla/shared/replies';
import { z } from 'zod';

/**
 * The shared schemas of the activities' calls (activities-api.ts). They load only where replies
 * and bodies are checked (development and tests, lib/api-client.ts): the dashboard, the back
 * office's first screen, lists the latest activities without loading zod (issue 21 item 6).
 */
export const listReply = listReplySchema(activityListItemSchema);
export const detailReply = dataReplySchema(activityDetailSchema);
export const detailSaved = successDataSchema(activityDetailSchema);
export const updateBody = activityUpdateBodySchema;
export const massBody = activityMassBodySchema;
export const massReply = activityMassReplySchema;
export const storeBody = activityStoreBodySchema;
export const storeReply = activityStoreReplySchema;
export const attributesReply = dataReplySchema(z.array(activityAttributeItemSchema));
export const attributesSaved = successDataSchema(z.array(activityAttributeItemSchema));
export const attributesBody = activityAttributesBodySchema;
export const headerImageSaved = successDataSchema(headerImageSchema);
export const removed = successSchema;
export const instructorsReply = dataReplySchema(z.array(instructorItemSchema));
