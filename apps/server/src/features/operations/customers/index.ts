/** What the app and other operations features (exports) may use of the customer lists. */
export { customersRoutes } from './customers.routes.ts';
export { readFilters } from './filters.ts';
export { answerText, fieldLabel, type AnswerField } from './answers.ts';
export { additionalSalesFilters } from './additional-sales.service.ts';
export { additionalSalesRows, additionalSalesTotals } from './additional-sales.repo.ts';
export { participantFilters } from './participants.service.ts';
export { answeredFieldIdsOf, answerFields, countParticipants, participantBatch } from './participants.repo.ts';
