/* split.h: a command line split into words the way a shell would, without
 * running a shell. */
#ifndef SAB_SPLIT_H
#define SAB_SPLIT_H

#include <stddef.h>

/*
 * Splits s into words: blanks separate words; '...' keeps everything
 * literally; "..." keeps everything but lets \ escape " \ $ and `; outside
 * quotes \ escapes the next character.  No variables, globs or operators:
 * those characters are literal.  Returns a NULL-terminated array of words
 * (free it with split_free), or NULL with a reason in err for an unclosed
 * quote, a trailing backslash, no words at all, or no memory.
 */
char **split_command(const char *s, char *err, size_t errlen);

/*
 * The word of a split command that names the bot, for its label and its
 * log files: the program's base name, or, past "env" with its options and
 * NAME=VALUE words and past an interpreter (python, node, java, sh...) with
 * its options, the base name of the script, module or jar it runs
 * ("env SEED=1 python3 -u bots/mine.py" gives "mine.py"; "java -jar
 * x/bot.jar" gives "bot.jar"; "python3 -m pkg.bot" gives "pkg.bot").  A
 * command with nothing after its interpreter (or code given with -c) is
 * named after the interpreter.  Never NULL for a non-empty argv.
 */
const char *split_program(char *const *argv);

/* Frees what split_command() returned; NULL does nothing. */
void split_free(char **argv);

#endif
