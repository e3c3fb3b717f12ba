#!/usr/bin/env bash
# What the production image's node_modules holds, checked without a Docker engine: the same
# manifest rewrite and install as api/Dockerfile's "deps" stage, into a scratch folder, then the
# API bundle (npm run build:api) started from it against the embedded server of this checkout.
#   bash scripts/check-production-install.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

mkdir -p "$scratch/api" "$scratch/couch" "$scratch/design-docs" "$scratch/scripts"
cp package.json package-lock.json .npmrc "$scratch/"
for w in api couch design-docs; do cp "$w/package.json" "$scratch/$w/"; done
cp scripts/production-manifest.mjs "$scratch/scripts/"
(cd "$scratch" && node scripts/production-manifest.mjs &&
  npm install --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error)

echo "node_modules of the production install: $(ls "$scratch/node_modules" | wc -l) entries, $(du -sh "$scratch/node_modules" | cut -f1)"
bad=0
# Dev dependencies of every workspace, and the embedded server, must be absent.
for name in pouchdb-server pouchdb leveldown tsx esbuild typescript vitest eslint prettier vite \
  react @playwright/test happy-dom autocannon lighthouse; do
  if [ -e "$scratch/node_modules/$name" ]; then
    echo "FAIL: $name is installed"
    bad=1
  fi
done
(cd "$scratch" && npm ls --all --omit=dev >/dev/null) || { echo "FAIL: npm ls finds missing or extraneous packages"; bad=1; }
[ "$bad" = 0 ] || exit 1
echo "OK: no dev dependencies and no pouchdb-server"

# The bundle runs on exactly those packages.
npm run --silent build:api
cp -r api/dist "$scratch/api/dist"
cp -r api/src "$scratch/api/src" # the seed's data files (the code itself is in the bundle)
cp -r design-docs/. "$scratch/design-docs/"
rm -rf "$scratch/design-docs/node_modules"
(cd "$scratch" && COUCH_URL= DATA_DIR="$scratch/data" PORT=0 HOST=127.0.0.1 SEED_DEMO=false \
  WEB_DIST="$scratch/web" timeout 20 node api/dist/cli/start.js >"$scratch/start.log" 2>&1) || true
if grep -q "pouchdb-server package) is not installed" "$scratch/start.log"; then
  echo "OK: without COUCH_URL the bundle says the embedded server is not installed"
else
  echo "FAIL: unexpected start without COUCH_URL:"; cat "$scratch/start.log"; exit 1
fi
echo "Starting the bundle with COUCH_URL against an embedded server of this checkout..."
couch_dir="$scratch/couch-data"
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
mkdir -p "$couch_dir"
echo '{"admins":{"admin":"check-secret"}}' >"$couch_dir/config.json"
node couch/src/child.cjs --host 127.0.0.1 --port "$port" --dir "$couch_dir" --config "$couch_dir/config.json" \
  >"$scratch/couch.log" 2>&1 &
couch_pid=$!
trap 'kill $couch_pid ${api_pid:-} 2>/dev/null; rm -rf "$scratch"' EXIT
for _ in $(seq 1 100); do curl -fs "http://admin:check-secret@127.0.0.1:$port/" >/dev/null && break; sleep 0.2; done
mkdir -p "$scratch/web" && echo '<!doctype html><title>x</title>' >"$scratch/web/index.html"
(cd "$scratch" && COUCH_URL="http://admin:check-secret@127.0.0.1:$port" DATA_DIR="$scratch/data" \
  PORT=0 HOST=127.0.0.1 SEED_DEMO=true SEED_DEMO_GIGS=true NODE_ENV=production \
  WEB_DIST="$scratch/web" exec node api/dist/cli/start.js >"$scratch/api.log" 2>&1) &
api_pid=$!
url=""
for _ in $(seq 1 300); do
  url=$(grep -o 'running at http://[^ ]*' "$scratch/api.log" | head -1 | cut -d' ' -f3 || true)
  [ -n "$url" ] && break
  sleep 0.2
done
[ -n "$url" ] || { echo "FAIL: the bundle did not start:"; cat "$scratch/api.log"; kill $api_pid; exit 1; }
health=$(curl -fs "$url/api/health")
gigs=$(curl -fs "$url/api/gigs?per_page=50&sort=newest" | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).data.length))")
kill $api_pid
wait $api_pid 2>/dev/null || true
echo "OK: the bundle answered /api/health ($health) and seeded $gigs demo gigs from the data files"
