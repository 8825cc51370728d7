/* tsr-cli-render-module.h: the commands that draw with cairo, pango or OpenGL (terminal render,
 * render --view 3d) live in a module, tessera-cli-render, loaded only when one of them runs: every
 * other command starts without loading the render stack's libraries (issue 35). */
#pragma once

/* Runs ENTRY (tsr_cli_render_module_terminal or tsr_cli_render_module_visual) of the module with
 * the command's arguments; returns its exit status, or 1 with a message when the module cannot be
 * loaded. */
int tsr_cli_render_module_run (const char *entry,
                               int         argc,
                               char      **argv);
