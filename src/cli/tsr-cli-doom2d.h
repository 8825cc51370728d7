/* tsr-cli-doom2d.h: "tessera-cli doom2d pack" — Doom2D Forever resource folders into a DFWAD. */
#pragma once

/* ARGV[0] is "doom2d", ARGV[1] the subcommand. Returns the CLI exit status (0 ok, 1 failed,
 * 2 usage). */
int tsr_cli_doom2d_run (int    argc,
                        char **argv);
