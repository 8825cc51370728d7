#!/usr/bin/env bash
# Every source or template with translatable strings is listed in po/POTFILES.in, and every listed
# file exists, so no user-visible string escapes translation.
set -euo pipefail
cd "${1:?usage: check-potfiles.sh SOURCE_ROOT}"
status=0
while IFS= read -r file; do
  if ! grep -qxF "$file" po/POTFILES.in; then
    echo "po/POTFILES.in lacks $file"
    status=1
  fi
done < <(grep -rlE '_ \("|_\("|N_ \("|translatable="yes"' src ui | sort)
while IFS= read -r file; do
  case "$file" in ''|'#'*) continue ;; esac
  [ -f "$file" ] || { echo "po/POTFILES.in names a missing file: $file"; status=1; }
done < po/POTFILES.in
[ $status -eq 0 ] && echo "POTFILES.in lists every file with translatable strings"
exit $status
