#!/bin/sh
# tsr-stand-in-engine.sh: a stand-in for a game engine in the play-test tests. It records its
# arguments (one a line) and working folder in $TSR_STAND_IN_RECORD, copies every file or folder its
# argument N (from 1) names (Doom2D Forever's ARCHIVE:\MAP names ARCHIVE) to files/N, and with
# TSR_STAND_IN_COPY_CWD=1 the files of its working folder to cwd-files/; prints lines on stdout and
# stderr; waits for the file $TSR_STAND_IN_WAIT_FOR when set; then exits with $TSR_STAND_IN_STATUS, or
# kills itself with $TSR_STAND_IN_SIGNAL.
set -e
record="${TSR_STAND_IN_RECORD:?TSR_STAND_IN_RECORD names the folder to record in}"
mkdir -p "$record/files"
pwd -P > "$record/cwd"
: > "$record/argv"
i=1
for argument in "$@"; do
  printf '%s\n' "$argument" >> "$record/argv"
  named="${argument%%:\\*}"
  if [ -e "$named" ]; then
    cp -RL "$named" "$record/files/$i"
  fi
  i=$((i + 1))
done
if [ "${TSR_STAND_IN_COPY_CWD:-0}" = 1 ]; then
  mkdir -p "$record/cwd-files"
  cp -L ./* "$record/cwd-files/"
fi
echo "stand-in engine: started with $# arguments"
echo "stand-in engine: a warning on stderr" >&2
echo "stand-in engine: level loaded"
# Playing until told to stop (a UI test checks the editor meanwhile).
if [ -n "${TSR_STAND_IN_WAIT_FOR:-}" ]; then
  while [ ! -e "$TSR_STAND_IN_WAIT_FOR" ]; do
    sleep 0.05
  done
fi
if [ -n "${TSR_STAND_IN_SIGNAL:-}" ]; then
  kill -s "$TSR_STAND_IN_SIGNAL" $$
fi
exit "${TSR_STAND_IN_STATUS:-0}"
