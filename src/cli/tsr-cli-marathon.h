/* tsr-cli-marathon.h: "tessera-cli marathon merge|split" — Atque merge folders ↔ scenario files. */
#pragma once

/* ARGV[0] is "marathon", ARGV[1] the subcommand. Returns the CLI exit status (0 ok, 1 failed,
 * 2 usage). */
int tsr_cli_marathon_run (int    argc,
                          char **argv);
