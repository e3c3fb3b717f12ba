#!/bin/sh
# Joins the CouchDB nodes of the `cluster` compose profile into one cluster through the
# /_cluster_setup API, as described in the CouchDB 3.4 docs (Setup > Cluster Set Up >
# "The Cluster Setup API"):
#   1. enable_cluster on every node;
#   2. add_node for every other node, sent to the first node (the "setup coordination node";
#      it has no special role once the cluster exists);
#   3. finish_cluster on the coordination node: it waits for the nodes to connect, copies the
#      admin, uuid and cookie secret to every node and creates _users and _replicator;
#   4. wait until _membership lists every node as known and connected.
#
# Idempotent: every step first asks whether it is already done, so running this again
# against a finished cluster changes nothing and exits 0 (compose runs it on every `up`).
#
# Environment:
#   COUCHDB_USER, COUCHDB_PASSWORD  the server admin, the same on every node
#   COUCH_NODES    space-separated node hosts, coordination node first. Each must be the host
#                  part of that node's Erlang name: the node runs as couchdb@<host> (the image
#                  appends -name couchdb@$NODENAME), and add_node registers couchdb@<host>.
#   COUCH_PORT     the nodes' HTTP port (default 5984)
#   WAIT_SECONDS   how long to wait for each node, and for the nodes to connect (default 180)
#
# POSIX sh plus curl, sed and grep: it runs in the couchdb image (or curlimages/curl).

set -eu

: "${COUCHDB_USER:?set COUCHDB_USER}"
: "${COUCHDB_PASSWORD:?set COUCHDB_PASSWORD}"
: "${COUCH_NODES:?set COUCH_NODES to the node hosts, coordination node first}"
PORT="${COUCH_PORT:-5984}"
WAIT_SECONDS="${WAIT_SECONDS:-180}"

# shellcheck disable=SC2086 # split the node list on spaces on purpose
set -- $COUCH_NODES
NODE_COUNT=$#
COORDINATOR=$1
if [ "$NODE_COUNT" -lt 2 ]; then
  echo "cluster-setup: COUCH_NODES must name at least two nodes (got: $COUCH_NODES)" >&2
  exit 1
fi

log() { printf '%s cluster-setup: %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() {
  log "ERROR: $*"
  exit 1
}

# Escapes a value for a double-quoted string in JSON or in a curl config file.
escape() { printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
trap 'exit 1' INT TERM
# The admin password never appears on a command line (visible in `ps`): curl reads it from
# a config file only this process can read, and request bodies go through stdin.
umask 077
printf 'user = "%s"\n' "$(escape "$COUCHDB_USER:$COUCHDB_PASSWORD")" >"$WORK/curl.conf"
USER_JSON=$(escape "$COUCHDB_USER")
PASSWORD_JSON=$(escape "$COUCHDB_PASSWORD")

# The helpers below set global variables instead of printing, so that `die` inside them ends
# the script (inside a command substitution it would only end a subshell).

# request METHOD HOST PATH [JSON]: sets STATUS (the HTTP status, 000 if unreachable) and BODY.
request() {
  if [ $# -ge 4 ]; then
    STATUS=$(printf '%s' "$4" | curl -sS -K "$WORK/curl.conf" --max-time 120 \
      -X "$1" -H 'Content-Type: application/json' --data-binary @- \
      -o "$WORK/body" -w '%{http_code}' "http://$2:$PORT$3" 2>"$WORK/err") || STATUS=000
  else
    STATUS=$(curl -sS -K "$WORK/curl.conf" --max-time 30 -X "$1" \
      -o "$WORK/body" -w '%{http_code}' "http://$2:$PORT$3" 2>"$WORK/err") || STATUS=000
  fi
  BODY=$(cat "$WORK/body" 2>/dev/null || true)
  if [ "$STATUS" = 000 ]; then BODY=$(cat "$WORK/err"); fi
  rm -f "$WORK/body" "$WORK/err"
}

# get_state HOST: sets STATE to what GET /_cluster_setup reports on that node
# (cluster_disabled, cluster_enabled, cluster_finished, single_node_...).
get_state() {
  request GET "$1" /_cluster_setup
  [ "$STATUS" = 200 ] || die "GET /_cluster_setup on $1 answered $STATUS: $BODY"
  STATE=$(printf '%s' "$BODY" | sed -n 's/.*"state":"\([^"]*\)".*/\1/p')
}

# get_membership: sets KNOWN and CONNECTED from GET /_membership on the coordinator.
# cluster_nodes (KNOWN) are the nodes registered in its _nodes database; all_nodes
# (CONNECTED) are the nodes it is currently connected to, itself included.
get_membership() {
  request GET "$COORDINATOR" /_membership
  [ "$STATUS" = 200 ] || die "GET /_membership on $COORDINATOR answered $STATUS: $BODY"
  MEMBERSHIP=$BODY
  KNOWN=$(printf '%s' "$BODY" | sed -n 's/.*"cluster_nodes":\[\([^]]*\)\].*/\1/p')
  CONNECTED=$(printf '%s' "$BODY" | sed -n 's/.*"all_nodes":\[\([^]]*\)\].*/\1/p')
}

# lists_node LIST HOST: whether the JSON array body LIST contains "couchdb@HOST".
lists_node() { printf '%s' "$1" | grep -qF "\"couchdb@$2\""; }

# 0. Wait until every node answers /_up (open without credentials, see couch/local.ini).
for node in "$@"; do
  waited=0
  until curl -fsS -o /dev/null --max-time 5 "http://$node:$PORT/_up" 2>/dev/null; do
    [ "$waited" -lt "$WAIT_SECONDS" ] || die "$node:$PORT/_up did not answer within ${WAIT_SECONDS}s"
    sleep 2
    waited=$((waited + 2))
  done
  log "$node is up"
done

# 1. enable_cluster on every node. A node counts as enabled as soon as it has an admin and
# listens on a non-loopback address (both true here: COUCHDB_USER and bind_address 0.0.0.0),
# and CouchDB then answers 400 "Cluster is already enabled"; so this step is normally a no-op.
for node in "$@"; do
  get_state "$node"
  case "$STATE" in
    cluster_enabled | cluster_finished)
      log "$node: cluster already enabled ($STATE)"
      ;;
    cluster_disabled)
      request POST "$node" /_cluster_setup \
        "{\"action\":\"enable_cluster\",\"bind_address\":\"0.0.0.0\",\"username\":\"$USER_JSON\",\"password\":\"$PASSWORD_JSON\",\"node_count\":\"$NODE_COUNT\"}"
      case "$STATUS:$BODY" in
        201:* | 400:*"already enabled"*) log "$node: cluster enabled" ;;
        *) die "enable_cluster on $node answered $STATUS: $BODY" ;;
      esac
      ;;
    single_node_*)
      die "$node reports $STATE: [couchdb] single_node is still true (is couch/cluster.ini loaded?)"
      ;;
    *)
      die "$node: unexpected /_cluster_setup state '$STATE'"
      ;;
  esac
done

# 2. add_node, sent to the coordinator, for every node not yet registered in its _nodes
# database (the coordinator registers itself when it starts). add_node gives the node the
# coordinator's Erlang cookie and registers couchdb@<host>.
get_membership
for node in "$@"; do
  [ "$node" != "$COORDINATOR" ] || continue
  if lists_node "$KNOWN" "$node"; then
    log "$node: already a cluster member"
    continue
  fi
  request POST "$COORDINATOR" /_cluster_setup \
    "{\"action\":\"add_node\",\"host\":\"$node\",\"port\":$PORT,\"username\":\"$USER_JSON\",\"password\":\"$PASSWORD_JSON\"}"
  [ "$STATUS" = 201 ] || die "add_node $node on $COORDINATOR answered $STATUS: $BODY"
  log "$node: added"
done

# 3. finish_cluster, unless the system databases already exist (state cluster_finished).
get_state "$COORDINATOR"
if [ "$STATE" = cluster_finished ]; then
  log "cluster already finished"
else
  request POST "$COORDINATOR" /_cluster_setup '{"action":"finish_cluster"}'
  case "$STATUS:$BODY" in
    201:* | 400:*"already finished"*) log "cluster finished" ;;
    *) die "finish_cluster on $COORDINATOR answered $STATUS: $BODY" ;;
  esac
fi

# 4. Every node must be both registered and connected.
waited=0
while :; do
  get_membership
  missing=""
  for node in "$@"; do
    if ! lists_node "$KNOWN" "$node" || ! lists_node "$CONNECTED" "$node"; then
      missing="$missing $node"
    fi
  done
  [ -n "$missing" ] || break
  [ "$waited" -lt "$WAIT_SECONDS" ] || die "not connected after ${WAIT_SECONDS}s:$missing ($MEMBERSHIP)"
  sleep 2
  waited=$((waited + 2))
done
get_state "$COORDINATOR"
[ "$STATE" = cluster_finished ] || die "/_cluster_setup on $COORDINATOR reports $STATE, not cluster_finished"
log "cluster of $NODE_COUNT nodes ready: $MEMBERSHIP"
