#!/usr/bin/env bash
# The README's first command as a newcomer runs it: clone this repository into a folder only its owner can enter
# (as `mktemp -d` makes, and as /root is), with no PostgreSQL, NATS or S3 in the environment, `npm install`, then
# `npm start` until /health/ready answers and a visitor's Get Started reaches the sign-up page; then stop it.
# Run as root it does this twice, at the same time: as root, and as an unprivileged user in their home folder (each
# check is mostly its own npm install, which does not fill two cores: one after the other they took 220 s). Each
# check's lines are shown when both have ended.
#   bash tools/scripts/fresh-machine-check.sh
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
newcomer=castbase-newcomer
started=$(date +%s)
say() { printf '[fresh-machine %4ss] %s\n' "$(( $(date +%s) - started ))" "$*"; }

# N free ports, all held open while they are chosen, so that no two are the same.
free_ports() {
  node -e 'const net = require("net"), servers = [];
    const next = () => servers.length < +process.argv[1]
      ? servers.push(net.createServer().listen(0, "127.0.0.1", next))
      : (console.log(servers.map((s) => s.address().port).join(" ")), servers.forEach((s) => s.close()));
    next();' "$1"
}

# check USER DIR PORT PG_PORT: as USER, clone into DIR (which only USER may enter), install, start on PORT with the
# embedded PostgreSQL on PG_PORT, check, stop.
check() {
  local user=$1 dir=$2 port=$3 pg_port=$4 log pid home
  log="$dir/npm-start.log"
  home=$(eval echo "~$user")
  git clone -q "$repo" "$dir/castbase"
  local as=()
  if [ "$user" != "$(id -un)" ]; then chown -R "$user:" "$dir"; as=(runuser -u "$user" --); fi
  # The person's own environment, less any PostgreSQL, NATS, S3 or browser of this machine.
  local run=("${as[@]}" env -u DATABASE_URL -u TEST_DATABASE_URL -u NATS_URL -u S3_BUCKET -u CASTBASE_CHROMIUM
    HOME="$home" PORT="$port" EMBEDDED_PG_PORT="$pg_port" PUBLIC_URL="http://localhost:$port"
    bash -c 'cd "$0" && exec "$@"' "$dir/castbase")
  say "$user: npm install in $dir/castbase"
  "${run[@]}" npm install --no-audit --no-fund --loglevel=error >"$dir/npm-install.log" 2>&1 ||
    { tr -d "\000" <"$dir/npm-install.log" | tail -40; say "$user: npm install failed"; return 1; }
  say "$user: npm start"
  setsid "${run[@]}" npm start >"$log" 2>&1 &
  pid=$!
  echo "$pid" >>"$sessions"
  for _ in $(seq 1 300); do
    curl -fsS "http://127.0.0.1:$port/health/ready" >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || { cat "$log"; say "$user: npm start ended before it was ready"; return 1; }
    sleep 1
  done
  curl -fsS "http://127.0.0.1:$port/health/ready" >/dev/null || { cat "$log"; say "$user: not ready after 300 s"; return 1; }
  say "$user: ready; the start-up banner said:"
  sed -n '/Castbase is running on/,/Stop it with Ctrl+C/p' "$log"
  "${run[@]}" node_modules/node/bin/node tools/scripts/sign-up-renders.mjs "http://localhost:$port" ||
    { cat "$log"; return 1; }
  say "$user: Ctrl+C"
  kill -INT -- "-$pid"
  for _ in $(seq 1 60); do
    (exec 3<>"/dev/tcp/127.0.0.1/$pg_port") 2>/dev/null || break
    sleep 0.5
  done
  wait "$pid" || true
  if (exec 3<>"/dev/tcp/127.0.0.1/$pg_port") 2>/dev/null; then say "$user: the embedded PostgreSQL outlived npm start"; return 1; fi
  say "$user: stopped cleanly"
}

# Whatever is still running is stopped (then killed); a root clone's data may have been kept under
# /var/lib/castbase (named in belongs-to.txt): it goes with the clone. Cleaning up never changes the check's
# verdict: the script exits with the status it had when the trap ran.
cleanup() {
  local status=$?
  set +e +o pipefail
  for pid in "${checks[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in $(cat "$sessions"); do
    kill -INT -- "-$pid" 2>/dev/null || continue
    for _ in $(seq 1 40); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  done
  # Each clone holds a whole node_modules: they are removed at the same time.
  for dir in "${folders[@]}"; do
    for owner in /var/lib/castbase/data-*/belongs-to.txt; do
      [ -f "$owner" ] && grep -q -F "$dir/" "$owner" && rm -rf "$(dirname "$owner")"
    done
    rm -rf "$dir" &
  done
  wait
  exit "$status"
}
# The checks run in subshells: each `npm start`'s process group is written to this file, for the cleanup.
sessions=$(mktemp)
folders=("$sessions")
checks=()
trap cleanup EXIT

users=("$(id -un)")
dirs=("$(mktemp -d)")
if [ "$(id -u)" = 0 ]; then
  id "$newcomer" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$newcomer"
  users+=("$newcomer")
  dirs+=("$(runuser -u "$newcomer" -- mktemp -d -p "$(eval echo "~$newcomer")")")
fi
folders+=("${dirs[@]}")

read -r -a ports <<<"$(free_ports $((2 * ${#users[@]})))"
logs=()
for i in "${!users[@]}"; do
  logs+=("$(mktemp)")
  folders+=("${logs[$i]}")
  check "${users[$i]}" "${dirs[$i]}" "${ports[$((2 * i))]}" "${ports[$((2 * i + 1))]}" >"${logs[$i]}" 2>&1 &
  checks+=("$!")
done
failed=()
for i in "${!users[@]}"; do
  wait "${checks[$i]}" || failed+=("${users[$i]}")
  cat "${logs[$i]}"
done
checks=()
[ "${#failed[@]}" = 0 ] || { say "failed as ${failed[*]}"; exit 1; }
say "done"
