/** What other features may use of teams: the team reads of the app state and feature flags. */
export { logoUrl, teamsOfUser, toTeam, toTeamSettings, updateFeatures } from './teams.service.ts';
