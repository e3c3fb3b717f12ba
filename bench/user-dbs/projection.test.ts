import { describe, expect, it } from 'vitest';
import { PLAN, project } from './projection';

const measured = { filesPerDb: 5, bytesPerDb: 14 * 1024, setupP50Ms: 100 };

describe('project', () => {
  it('counts q x n shard files per member database, and their view files', () => {
    const p = project(measured, 100_000);
    expect(p.shardFiles).toBe(100_000 * PLAN.q * PLAN.n);
    expect(p.filesWithViews).toBe(p.shardFiles * (1 + PLAN.viewGroups));
  });

  it('adds clusters as members outgrow what one holds, nodes by the cluster', () => {
    const one = project(measured, 1_000);
    expect(one.clusters).toBe(1);
    const many = project(measured, one.clusterCapacity * 3 + 1);
    expect(many.clusters).toBe(4);
    expect(many.nodes).toBe(4 * PLAN.nodesPerCluster);
  });

  it('keeps the open databases at the peak within max_dbs_open and the file limit', () => {
    for (const members of [100_000, 1_000_000, 10_000_000]) {
      const p = project(measured, members);
      expect(p.openPerNodeAtPeak).toBeLessThanOrEqual(PLAN.maxDbsOpen);
      expect(p.fdsPerNodeAtPeak).toBeLessThanOrEqual(PLAN.fileLimit);
    }
  });

  it('is bounded by the file limit when views need more files than max_dbs_open allows', () => {
    const tight = { ...PLAN, fileLimit: 3_000 };
    const p = project(measured, 1_000_000, tight);
    expect(p.fdsPerNodeAtPeak).toBeLessThanOrEqual(3_000);
    expect(p.clusterCapacity).toBeLessThan(project(measured, 1_000_000).clusterCapacity);
  });

  it('prices fewer members per 100k higher when a cluster is mostly empty', () => {
    expect(project(measured, 100_000).monthlyUsdPer100k).toBeGreaterThan(
      project(measured, 1_000_000).monthlyUsdPer100k,
    );
  });
});
