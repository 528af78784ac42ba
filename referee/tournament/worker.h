/* worker.h: a tournament's game worker: a child process of the referee that
 * keeps the tournament's bots running and plays the games it is given. */
#ifndef SAB_WORKER_H
#define SAB_WORKER_H

/*
 * The worker's side of its talk with the tournament, one line each way:
 *
 *   play INDEX NUMBER SEED BOTS [DQ]   play a game: INDEX in the schedule,
 *                                       NUMBER its game number, SEED its
 *                                       seed, BOTS the bot indices by seat
 *                                       ("0,3,5"), DQ the disqualified bots
 *                                       ("dq=3,7")
 *   done JOURNAL-LINE                   the game's journal line (journal.h)
 *   fail MESSAGE                        the referee's own failure: stop
 *
 * End of file on its stdin ends it: it says "quit" to its bots and stops
 * them.  Run as "saboteur tournament-worker FILE.yaml DIR K": the
 * tournament file, the results folder, and the worker's number (for the
 * names of its bots' logs).  Returns an exit code.
 */
int cmd_tournament_worker(int argc, char **argv);

#endif
