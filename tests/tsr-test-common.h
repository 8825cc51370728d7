/* tsr-test-common.h: what every Check suite shares: finding and opening the real test data (and
 * failing under CI=true when it is missing), reading files, looking up findings, and the standard
 * main(). */
#pragma once

#include <check.h>
#include <glib.h>

#include "core/tsr-finding.h"
#include "model/tsr-document.h"

G_BEGIN_DECLS

/* The testdata folder from the meson option (TSR_TESTDATA), or NULL. */
const char *tsr_test_data_root        (void);
/* The folder SUBDIR of the test data. When it is missing: exits 77 (meson shows SKIP) with a
 * message, or, under CI=true, fails the run. Call it from main() before running suites. */
char       *tsr_test_data_require     (const char *subdir);
/* Files in DIRECTORY whose names end (case-insensitively) in one of SUFFIXES, sorted. */
GPtrArray  *tsr_test_data_list        (const char        *directory,
                                       const char *const *suffixes);
GBytes     *tsr_test_read_file        (const char *path);
/* Prints "TESTDATA: checked N real files (WHAT)" so logs show how much real data was used. */
void        tsr_test_report_count     (const char *what,
                                       guint       count);
/* The document of the real file DIRECTORY/NAME; the test fails, naming the file and the error, when
 * it does not open. (transfer full) */
TsrDocument *tsr_test_open_document   (const char *directory,
                                       const char *name);
/* A new empty temporary folder, removed at exit. */
char       *tsr_test_make_temp_dir    (void);
/* Copies the files NAMES (NULL-terminated) of SOURCE_DIR into WORK_DIR/SUBDIR, made if needed;
 * returns that folder. Tests edit the copies, never the test data. */
char       *tsr_test_copy_files       (const char        *source_dir,
                                       const char *const *names,
                                       const char        *work_dir,
                                       const char        *subdir);
/* The first finding whose "severity: where: what" contains FRAGMENT, or NULL. (transfer none) */
const TsrFinding *tsr_test_find_finding (GPtrArray  *findings,
                                         const char *fragment);
/* Packs the test data's StandartWAD folder (DOOM2D_DIR/StandartWAD/standart.lst) with the project's
 * DFWAD writer into FOLDER/Standart.wad; returns that path, or NULL (and prints why). */
char       *tsr_test_pack_standart_wad (const char *doom2d_dir,
                                        const char *folder);
/* A 32-bit top-left TGA of W x H in colour RGB, with the first STRIPE columns in STRIPE_RGB. */
GBytes     *tsr_test_make_tga         (guint   w,
                                       guint   h,
                                       guint32 rgb,
                                       guint   stripe,
                                       guint32 stripe_rgb);
/* Writes FOLDER/game.wad (the real Game.wad is not free to ship) with the project's DFWAD writer,
 * holding three of the game's sprites as made-up pictures: TEXTURES\MED1 (14 x 15, red), the
 * green armour's strip TEXTURES\ARMORGREEN (96 x 16, yellow, its first 32 columns blue) and
 * MTEXTURES\IMP_SLEEP (128 x 64, cyan, its first 8 columns magenta). Returns the path. */
char       *tsr_test_write_game_wad   (const char *folder);
/* Runs SUITE (and frees it); returns the process exit status. */
int         tsr_test_run_suite        (Suite *suite);

G_END_DECLS
