import type { SellerLevel } from '@wayfarer/api/schemas/reputation';
import { levelName } from '../utils/format';
import './reputation.css';

/** "Level 1", "Top Rated": the agent's seller level as a badge. */
export function LevelBadge({ level }: { level: SellerLevel }) {
  return (
    <span className="badge level-badge" data-level={level} data-testid="seller-level">
      {levelName(level)}
    </span>
  );
}
