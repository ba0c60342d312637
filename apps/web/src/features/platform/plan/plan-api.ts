import { teamPlanSchema, teamPlanUpdateSchema, type Plan } from '@bookla/shared/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../teams';

/** Under `team`: dropped on a switch of company. */
const planKey = () => [...teamKeys.all, 'plan'] as const;
const planChanged = teamPlanSchema.extend({ message: z.string() });

/** `GET /api/team/plan` (CONTRACT §6). */
export function useTeamPlan() {
  return useQuery({
    queryKey: planKey(),
    queryFn: ({ signal }) => api.get('/api/team/plan', { signal, reply: teamPlanSchema }),
  });
}

/** `PUT /api/team/plan`: schedules a change, or cancels the waiting one with the plan in force. */
export function useChangeTeamPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: Plan) => api.put('/api/team/plan', { plan }, { body: teamPlanUpdateSchema, reply: planChanged }),
    onSuccess: ({ message: _message, ...plan }) => queryClient.setQueryData(planKey(), plan),
  });
}
