/* tsr-cli-script.h: "tessera-cli script FILE.py [ARGS…]" — runs a Python 3 script with the
 * Tessera-1.0 typelib and library of this build (uninstalled) or of the installation. */
#pragma once

/* ARGV[0] is "script", ARGV[1] the script. Does not return when Python starts; otherwise returns
 * the CLI exit status (1 failed, 2 usage or not built in). */
int tsr_cli_script_run (int    argc,
                        char **argv);
