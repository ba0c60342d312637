import { holidayItemSchema, type HolidayItem } from '@bookla/shared/catalogue-timetable';
import { MAX_PER_PAGE } from '@bookla/shared/pagination';
import { listReplySchema } from '@bookla/shared/replies';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { RESOURCES, setupKeys } from '../../setup';

/**
 * The team's holidays for the calendar's background (the list the generator skips). Under the
 * setup's holiday key, so a holiday saved on the course defaults page shows at once. A team has
 * few holidays; a few pages of 100 hold years of them.
 */
export function useCalendarHolidays(enabled: boolean) {
  const lang = useLang();
  return useQuery<HolidayItem[]>({
    queryKey: [...setupKeys.resource(RESOURCES.holidays), 'calendar', lang],
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const items: HolidayItem[] = [];
      for (let page = 1; page <= 5; page++) {
        const reply = await api.get(RESOURCES.holidays.listPath, {
          signal,
          query: { page, perPage: MAX_PER_PAGE },
          reply: listReplySchema(holidayItemSchema),
        });
        items.push(...reply.data);
        if (page >= reply.meta.last_page) break;
      }
      return items;
    },
  });
}
