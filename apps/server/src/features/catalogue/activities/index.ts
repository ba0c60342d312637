/** What other areas may use of activities: the public URLs of a header image. */
export { headerImageUrls } from './media.service.ts';
