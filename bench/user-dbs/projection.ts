/**
 * The plan's figures for many members (docs/SCALING.md), projected from what the user-dbs
 * benchmark measured on the embedded server and from CouchDB's documented limits. Everything
 * here that is not an input is an assumption, named and explained once, in PLAN below.
 */

/** What the run measured, per member database (the embedded server: LevelDB, not CouchDB's files). */
interface Measured {
  /** Files of a fresh member database (account set up, no view read yet). */
  filesPerDb: number;
  /** Bytes on disk of a fresh member database. */
  bytesPerDb: number;
  /** Account set-up time per member, p50 (ms). */
  setupP50Ms: number;
}

/** The assumptions of the plan. */
type Plan = Record<
  | 'q'
  | 'n'
  | 'nodesPerCluster'
  | 'viewGroups'
  | 'maxDbsOpen'
  | 'fileLimit'
  | 'peakActiveShare'
  | 'fillTarget'
  | 'memberDataBytes'
  | 'nodeMonthlyUsd'
  | 'extraDiskGbMonthlyUsd'
  | 'nodeDiskGb'
  | 'apiPer100k'
  | 'apiMonthlyUsd',
  number
>;

export const PLAN: Plan = {
  /** Shards of a member database: couch/local.ini sets q = 1 (the 3.x default is 2). */
  q: 1,
  /** Copies of every shard: couch/cluster.ini, three nodes, one copy on each. */
  n: 3,
  nodesPerCluster: 3,
  /**
   * Design documents with views in a member database (design-docs/userdb: app, notifications):
   * once read, each has an index file per shard copy beside the database's own file.
   */
  viewGroups: 2,
  /** `max_dbs_open` per node (couch/local.ini; the 3.x default is 500). */
  maxDbsOpen: 5000,
  /** Open-file limit per CouchDB node (the host's `ulimit -n`, raised for CouchDB). */
  fileLimit: 65_536,
  /**
   * Share of a cluster's members whose databases are in use within the open-database window at
   * the busiest moment (a device syncing, a notification delivered): 2 %.
   */
  peakActiveShare: 0.02,
  /** A cluster is filled up to this share of what it can hold, then new members go elsewhere. */
  fillTarget: 0.8,
  /**
   * Data of an average member after a year, one copy (messages, notifications, mirrors; CouchDB
   * files after compaction): 2 MB. user-cost's 100,000-document member is the heavy tail.
   */
  memberDataBytes: 2 * 1024 * 1024,
  /** Price of one CouchDB node (4 vCPU, 16 GB, 500 GB SSD), per month, USD: a list-price guess. */
  nodeMonthlyUsd: 250,
  /** Disk beyond a node's own 500 GB, per GB and month, USD. */
  extraDiskGbMonthlyUsd: 0.1,
  nodeDiskGb: 500,
  /** API instances (2 vCPU) per 100,000 members at peak, and their price per month. */
  apiPer100k: 1,
  apiMonthlyUsd: 60,
};

interface Projection {
  members: number;
  /** Shard files (database files, every copy) of the member databases across all clusters. */
  shardFiles: number;
  /** With each view group's index file per shard copy, once every member read its views. */
  filesWithViews: number;
  /** Disk of the member databases, every copy, GB (fresh databases; with a year's data). */
  freshDiskGb: number;
  dataDiskGb: number;
  /** Members one cluster holds: its nodes' open-database limit over the peak active share. */
  clusterCapacity: number;
  clusters: number;
  nodes: number;
  /** Per node: member databases held, databases open at the peak, descriptors they take. */
  dbsPerNode: number;
  openPerNodeAtPeak: number;
  fdsPerNodeAtPeak: number;
  /** Time to create the member databases one after another at the measured p50 (hours). */
  serialSetupHours: number;
  /** Member clusters and API instances, per month (the server databases' cluster is apart). */
  monthlyUsd: number;
  monthlyUsdPer100k: number;
}

const GB = 1024 ** 3;

export function project(measured: Measured, members: number, plan: Plan = PLAN): Projection {
  const shardsPerDb = plan.q * plan.n;
  // A node holds every shard it has a copy of; with n copies spread over the cluster's nodes,
  // n / nodes of each database's shards. At the peak, the active members' shards are open.
  const shardsPerNode = (plan.q * plan.n) / plan.nodesPerCluster;
  // Open at the peak per node: a share of the members' shards, each with its view files; both
  // the open-database limit and the file limit bound it.
  const openAtPeakPerMember = plan.peakActiveShare * shardsPerNode;
  const openLimit = Math.min(plan.maxDbsOpen, plan.fileLimit / (1 + plan.viewGroups));
  const clusterCapacity = Math.floor((openLimit / openAtPeakPerMember) * plan.fillTarget);
  const clusters = Math.max(1, Math.ceil(members / clusterCapacity));
  const nodes = clusters * plan.nodesPerCluster;
  const membersPerCluster = members / clusters;
  const dbsPerNode = membersPerCluster * shardsPerNode;
  const openPerNodeAtPeak = Math.ceil(membersPerCluster * openAtPeakPerMember);
  const dataDiskGb = (members * shardsPerDb * (plan.memberDataBytes / plan.q)) / GB;
  const diskPerNodeGb = dataDiskGb / nodes;
  const extraDisk = Math.max(0, diskPerNodeGb - plan.nodeDiskGb) * nodes;
  const apis = Math.max(2, Math.ceil((members / 100_000) * plan.apiPer100k));
  const monthlyUsd =
    nodes * plan.nodeMonthlyUsd +
    extraDisk * plan.extraDiskGbMonthlyUsd +
    apis * plan.apiMonthlyUsd;
  return {
    members,
    shardFiles: members * shardsPerDb,
    filesWithViews: members * shardsPerDb * (1 + plan.viewGroups),
    freshDiskGb: (members * shardsPerDb * (measured.bytesPerDb / plan.q)) / GB,
    dataDiskGb,
    clusterCapacity,
    clusters,
    nodes,
    dbsPerNode: Math.ceil(dbsPerNode),
    openPerNodeAtPeak,
    fdsPerNodeAtPeak: openPerNodeAtPeak * (1 + plan.viewGroups),
    serialSetupHours: (members * measured.setupP50Ms) / 3_600_000,
    monthlyUsd,
    monthlyUsdPer100k: (monthlyUsd / members) * 100_000,
  };
}
