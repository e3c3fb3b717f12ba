import type { SellerLevel } from '@wayfarer/api/schemas/reputation';
import { levelName } from '../utils/format';

/** "Level 1", "Top Rated": the agent's seller level as a badge. */
export function LevelBadge({ level }: { level: SellerLevel }) {
  return (
    <span className="badge" data-level={level} data-testid="seller-level">
      {levelName(level)}
    </span>
  );
}
