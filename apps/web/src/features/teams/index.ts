/** What other features may use of teams (the session's team state and the team's access errors). */
export { isNoCompany, isTwoFactorRequired, logout, refreshAppState, switchTeam } from './session-state';
export { teamKeys } from './api/team-keys';
