/**
 * `npm run standings:repair`: recomputes every leaderboard standing (wf_projects
 * `standing:<expertise>:<user>`) of the configured database (COUCH_URL, or the embedded server of
 * DATA_DIR: a running API's, or one started for the repair) from the two point views, with
 * `repairStandings` (routes/leaderboard/standings.ts): each member and expertise with points gets
 * the true sum, each standing left at 0 points is deleted. Safe while the API runs (every write
 * is the same compare-and-set a refresh makes) and to run twice. Exits 0 when done, 1 on failure
 * (a database or view missing: "has the API started on it?").
 */
import { systemClock } from '../lib/clock';
import { repairStandings } from '../routes/leaderboard/standings';
import { runTool } from './tool';

runTool('standings:repair', 'projects', async ({ couch }) => {
  const checked = await repairStandings({ couch, clock: systemClock });
  console.log(`Standings repaired: ${checked} member and expertise pairs checked.`);
  return 0;
});
