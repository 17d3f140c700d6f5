#!/bin/sh
# Castbase container entry point: the first argument names the process to run, the rest go to it.
#   castbase gateway|identity|catalog|media|feeds|analytics|monetization|social   a service
#   castbase migrate                                                             run every service's migrations against DATABASE_URL, then exit
set -eu

APP_ROOT="${CASTBASE_APP_ROOT:-/app}"

usage() {
  echo "usage: castbase <gateway|identity|catalog|media|feeds|analytics|monetization|social|migrate> [args...]" >&2
}

if [ "$#" -eq 0 ]; then
  usage
  exit 64
fi

process="$1"
shift

case "$process" in
  gateway | identity | catalog | media | feeds | analytics | monetization | social)
    entry="$APP_ROOT/apps/$process/dist/main.js"
    ;;
  migrate)
    entry="$APP_ROOT/apps/all-in-one/dist/migrate.js"
    ;;
  -h | --help | help)
    usage
    exit 0
    ;;
  *)
    echo "castbase: unknown process '$process'" >&2
    usage
    exit 64
    ;;
esac

if [ ! -f "$entry" ]; then
  echo "castbase: $entry is missing (was the image built with npm run build?)" >&2
  exit 70
fi

# The media process moves gigabytes through short-lived buffers (socket reads, ffmpeg's pipes): a small young
# generation collects them soon, which keeps its resident memory under 200 MB whatever the file size
# (tools/bench/upload.mjs reads this line and starts media the same way).
MEDIA_NODE_FLAGS="--max-semi-space-size=2"
flags=""
if [ "$process" = media ]; then flags="$MEDIA_NODE_FLAGS"; fi

# swc emits source maps beside the JavaScript: map stack traces back to the TypeScript.
# shellcheck disable=SC2086 # the flags are words
exec node --enable-source-maps $flags "$entry" "$@"
