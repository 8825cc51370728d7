#!/usr/bin/env bash
# Runs one test on an X display of its own: a private Xvfb whose number the server picks itself
# (-displayfd), so tests that move the pointer and take the keyboard focus through XTest can run
# side by side instead of one at a time on a shared display. Without Xvfb the test runs on the
# display it was given (build-aux/test's), and skips without one as before.
#   with-own-display.sh TEST [ARG…]
# TSR_TEST_SCREEN sets the screen (default 1280x1024x24; 1920x1080x24 for full-HD windows, which
# GTK would otherwise clamp to the screen).
set -uo pipefail
if ! command -v Xvfb >/dev/null 2>&1; then
  exec "$@"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/tsr-display-XXXXXX")
Xvfb -displayfd 3 -screen 0 "${TSR_TEST_SCREEN:-1280x1024x24}" -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
server=$!
cleanup () {
  kill "$server" 2>/dev/null
  wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' TERM INT

# The server writes its display number and a newline once it accepts connections.
for _ in $(seq 1 200); do
  if grep -q '^[0-9][0-9]*$' "$work/display" 2>/dev/null; then
    break
  fi
  if ! kill -0 "$server" 2>/dev/null; then
    echo "with-own-display.sh: Xvfb did not start:" >&2
    cat "$work/xvfb.log" >&2
    exit 1
  fi
  sleep 0.05
done
number=$(head -n 1 "$work/display")
if [ -z "$number" ]; then
  echo "with-own-display.sh: Xvfb gave no display number in 10 s" >&2
  exit 1
fi

DISPLAY=":$number" "$@"
