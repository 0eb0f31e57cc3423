/* Applications of `fcsim app` (cmd_app.c): each is a name and the function
 * that parses its arguments (those after the name), runs it and prints; it
 * returns an exit status as every command. Its usage and summary are in the
 * command-option table (options.c) as "app NAME". */
#ifndef FCSIM_CLI_APP_H
#define FCSIM_CLI_APP_H

struct fcsim_cli_app {
  const char *name;                  /* "gather" */
  int (*run)(int argc, char **argv); /* arguments after the name */
};

const struct fcsim_cli_app *fcsim_cli_app_find(const char *name);

#endif
