#!/usr/bin/env bash
# Every language in po/LINGUAS translates every string of a template freshly extracted from the
# files in po/POTFILES.in (the same xgettext arguments as meson's 'glib' preset), with nothing
# fuzzy or untranslated, format strings and mnemonics matching the original (msgfmt --check
# --check-accelerators). Prints each missing, untranslated or fuzzy string, so a catalogue can be
# brought up to date from this output alone.
set -euo pipefail
source_root="${1:?usage: check-translations.sh SOURCE_ROOT WORK_DIR}"
work_dir="${2:?usage: check-translations.sh SOURCE_ROOT WORK_DIR}"
mkdir -p "$work_dir"
template="$work_dir/tessera-check.pot"

cd "$source_root"
xgettext --package-name=tessera --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=g_dcgettext:2 \
  --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format --flag=g_print:1:c-format \
  --flag=g_printerr:1:c-format --flag=g_printf:1:c-format --flag=g_fprintf:2:c-format \
  --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
  --files-from=<(grep -v '^#' po/POTFILES.in | grep -v '^$') -o "$template"
templates=$(grep -c '^msgid ' "$template")

status=0
languages=$(grep -v '^#' po/LINGUAS | tr -s ' \n' '\n' | grep -v '^$' || true)
if [ -z "$languages" ]; then
  echo "po/LINGUAS lists no language"
  exit 1
fi
for lang in $languages; do
  catalogue="po/$lang.po"
  if [ ! -f "$catalogue" ]; then
    echo "$lang: $catalogue is missing"
    status=1
    continue
  fi
  # Valid: header, plural forms, c-format specifiers and one mnemonic where the original has one.
  if ! msgfmt --check --check-accelerators=_ -o /dev/null "$catalogue"; then
    echo "$lang: msgfmt --check failed"
    status=1
  fi
  # Complete: every template string is in the catalogue.
  if ! msgcmp --use-untranslated "$catalogue" "$template" 2>/dev/null; then
    echo "$lang: strings missing from $catalogue (regenerate: ninja -C _build tessera-pot; msgmerge -U $catalogue po/tessera.pot):"
    # Name each missing msgid, not only its line.
    comm -23 <(msgcat --no-wrap "$template" | grep '^msgid ' | sort -u) \
             <(msgcat --no-wrap "$catalogue" | grep '^msgid ' | sort -u) | sed 's/^/  /'
    status=1
  fi
  untranslated=$(msgattrib --untranslated --no-obsolete --no-wrap "$catalogue" | grep '^msgid ' | grep -v '^msgid ""$' || true)
  if [ -n "$untranslated" ]; then
    echo "$lang: untranslated in $catalogue:"
    echo "$untranslated" | sed 's/^/  /'
    status=1
  fi
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete --no-wrap "$catalogue" | grep '^msgid ' | grep -v '^msgid ""$' || true)
  if [ -n "$fuzzy" ]; then
    echo "$lang: fuzzy in $catalogue:"
    echo "$fuzzy" | sed 's/^/  /'
    status=1
  fi
  echo "$lang: $(msgfmt --statistics -o /dev/null "$catalogue" 2>&1) ($templates template strings)"
done
[ $status -eq 0 ] && echo "every catalogue in po/LINGUAS is complete and valid"
exit $status
