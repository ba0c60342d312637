/** The platform plans (CONTRACT §6, decision 031): what other parts may use. */
export { changeDay, changeTeamPlan, getTeamPlan, planState, startTeamPlan } from './plans.service.ts';
export { platformPlanRoutes } from './plans.routes.ts';
