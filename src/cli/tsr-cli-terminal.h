/* tsr-cli-terminal.h: "tessera-cli terminal decompile|compile|replace" for Marathon terminals. */
#pragma once

/* ARGV[0] is "terminal", ARGV[1] the subcommand. Returns the CLI exit status (0 ok, 1 failed,
 * 2 usage). */
int tsr_cli_terminal_run (int    argc,
                          char **argv);
