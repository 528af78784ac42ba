# Makefile: builds the saboteur program, the rules library, the tests and the
# benchmark.  Plain GNU make; dependencies found with pkg-config.

VERSION   = 0.1.0
PREFIX   ?= /usr/local
DESTDIR  ?=
BINDIR    = $(PREFIX)/bin
LIBDIR    = $(PREFIX)/lib
INCDIR    = $(PREFIX)/include/saboteur
DATADIR   = $(PREFIX)/share/saboteur
MANDIR    = $(PREFIX)/share/man

# Every core builds, unless -j says otherwise (and not while cleaning,
# which must not race the build).
ifeq ($(filter -j% j%,$(MAKEFLAGS))$(filter clean,$(MAKECMDGOALS)),)
MAKEFLAGS += -j$(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
endif

CC       ?= cc
PKG      ?= pkg-config
WARN      = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wconversion -Wno-sign-conversion
CFLAGS   ?= -O2 -g
ifeq ($(WERROR),1)
WARN     += -Werror
endif
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -DSAB_VERSION='"$(VERSION)"' \
            -DSAB_DATADIR='"$(DATADIR)"' -Irules -Iprotocol -Ireplays -Ireferee \
            -Ireferee/match -Ireferee/tournament -Ireferee/viewer \
            -Ireferee/html -Iexamples/c
ALL_CFLAGS = -std=c11 $(WARN) $(CFLAGS)
SANITIZE  = -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=all

# Evaluated when a recipe runs, after scripts/deps.sh made sure they exist.
YAML_CFLAGS  = $(shell $(PKG) --cflags yaml-0.1)
YAML_LIBS    = $(shell $(PKG) --libs yaml-0.1)
ZLIB_LIBS    = $(shell $(PKG) --libs zlib)
# The bots' system-call filter (referee/match/seccomp.c) is built with it.
SECCOMP_LIBS = $(shell $(PKG) --libs libseccomp)
CHECK_CFLAGS = $(shell $(PKG) --cflags check)
CHECK_LIBS   = $(shell $(PKG) --libs check)
# The interactive replay viewer draws with ncurses (wide characters).
CURSES_CFLAGS = $(shell $(PKG) --cflags ncursesw)
CURSES_LIBS  = $(shell $(PKG) --libs ncursesw)

B = build
RULESETS   = rules/base.yaml rules/classic.yaml rules/course.yaml \
             rules/saboteur2.yaml rules/base-wc.yaml \
             rules/saboteur2-wc.yaml rules/tournament.yaml \
             rules/base-wc-greedy.yaml rules/base-minis.yaml \
             rules/saboteur2-minis.yaml
# The library C bots link: the rules, the protocol's parser and printer,
# and the replay writer (which needs zlib).
# An expansion's files sit in rules/NAME/ or, for a mini expansion,
# rules/minis/NAME/.
RULES_SRC  = $(wildcard rules/*.c rules/*/*.c rules/*/*/*.c protocol/*.c \
             replays/*.c)
RULES_HDR  = $(wildcard rules/*.h rules/*/*.h rules/*/*/*.h protocol/*.h \
             replays/*.h) rules/modules.def
# The commands sit on top of referee/; its rooms below: match/ (processes,
# bots, one game), tournament/, viewer/.
PROG_SRC   = $(wildcard referee/*.c referee/*/*.c)
PROG_HDR   = $(wildcard referee/*.h referee/*/*.h)
# The referee's modules without main(), for the tests to link.
REF_SRC    = $(filter-out referee/main.c,$(PROG_SRC))
TEST_SRC   = $(wildcard tests/*.c)
MANPAGES   = $(wildcard man/*.[1-9])

RULES_OBJ  = $(RULES_SRC:%.c=$(B)/%.o) $(B)/gen/builtin_rulesets.o
# The game page's script and style, embedded as the rulesets are.
PAGE_ASSETS = referee/html/viewer.js referee/html/viewer.css referee/html/report.js
# A person's seat keeps its table with the C bot helper, as any C bot does.
PROG_OBJ   = $(PROG_SRC:%.c=$(B)/%.o) $(B)/gen/page_assets.o \
             $(B)/examples/c/botlib.o
REF_OBJ    = $(REF_SRC:%.c=$(B)/%.o) $(B)/gen/page_assets.o \
             $(B)/examples/c/botlib.o
TEST_OBJ   = $(TEST_SRC:%.c=$(B)/%.o)
ASAN_RULES = $(RULES_SRC:%.c=$(B)/asan/%.o) $(B)/asan/gen/builtin_rulesets.o
ASAN_REF   = $(REF_SRC:%.c=$(B)/asan/%.o) $(B)/asan/gen/page_assets.o \
             $(B)/asan/examples/c/botlib.o
ASAN_TEST  = $(TEST_SRC:%.c=$(B)/asan/%.o)

.PHONY: all check test bench play install uninstall clean deps deps-check fuzz

all: $(B)/saboteur $(B)/librules.a

deps:
	@scripts/deps.sh
deps-check:
	@scripts/deps.sh check

# Objects wait for the dependency check (order-only), not for its timestamp.
$(B)/gen/builtin_rulesets.c: $(RULESETS) scripts/embed.sh
	@mkdir -p $(@D)
	scripts/embed.sh $(RULESETS) > $@.tmp && mv $@.tmp $@
# The page's script and style go in without comments and idle blanks
# (scripts/minify.c), so every page and report carries fewer bytes.
$(B)/gen/page_assets.c: $(PAGE_ASSETS) scripts/embed.sh $(B)/minify
	@mkdir -p $(@D)
	$(B)/minify --js referee/html/viewer.js > $(B)/gen/viewer.js
	$(B)/minify --css referee/html/viewer.css > $(B)/gen/viewer.css
	$(B)/minify --js referee/html/report.js > $(B)/gen/report.js
	scripts/embed.sh --text page_viewer_js=$(B)/gen/viewer.js \
	    page_viewer_css=$(B)/gen/viewer.css \
	    page_report_js=$(B)/gen/report.js > $@.tmp && mv $@.tmp $@
$(B)/minify: scripts/minify.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ scripts/minify.c

$(B)/%.o: %.c $(RULES_HDR) $(PROG_HDR) | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(YAML_CFLAGS) -c $< -o $@
# Only the terminal's module sees ncurses's header and its feature macros.
$(B)/referee/viewer/term.o: referee/viewer/term.c $(RULES_HDR) $(PROG_HDR) | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(CURSES_CFLAGS) -c $< -o $@
$(B)/gen/%.o: $(B)/gen/%.c rules/builtin.h | deps
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@
$(B)/tests/%.o: tests/%.c $(RULES_HDR) $(PROG_HDR) $(wildcard tests/*.h) | deps-check
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(CHECK_CFLAGS) -c $< -o $@

# The rulesets' folder is compiled into cli.o: another PREFIX (or
# DATADIR) rebuilds it, so that make install PREFIX=... installs a program
# that looks for rulesets where they are installed.
$(B)/datadir: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(DATADIR)' | cmp -s - $@ || printf '%s\n' '$(DATADIR)' >$@
$(B)/referee/cli.o $(B)/asan/referee/cli.o: $(B)/datadir
.PHONY: FORCE
FORCE:

$(B)/librules.a: $(RULES_OBJ)
	rm -f $@
	ar rcs $@ $^

$(B)/saboteur: $(PROG_OBJ) $(B)/librules.a
	$(CC) $(ALL_CFLAGS) -o $@ $(PROG_OBJ) $(B)/librules.a $(YAML_LIBS) $(ZLIB_LIBS) \
	    $(CURSES_LIBS) $(SECCOMP_LIBS) -lm

# The example bots: C programs that link the rules library as any C bot
# would, with the same flags.  Static pattern rules, so these objects never
# fall to the generic $(B)/%.o rule above.
BOT_SRC    = examples/c/botlib.c examples/c/random_bot.c examples/c/heuristic_bot.c \
             examples/c/know.c examples/c/search.c examples/c/roles.c \
             examples/c/search_bot.c
BOT_OBJ    = $(BOT_SRC:%.c=$(B)/%.o)
BOTS       = $(B)/examples/random-bot $(B)/examples/heuristic-bot \
             $(B)/examples/search-bot

.PHONY: bots
all: bots
bots: $(BOTS)

$(BOT_OBJ): $(B)/examples/c/%.o: examples/c/%.c examples/c/botlib.h \
    examples/c/linewords.h examples/c/know.h examples/c/search.h examples/c/heuristic.h \
    examples/c/roles.h $(RULES_HDR) | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@
$(B)/examples/random-bot $(B)/examples/heuristic-bot: $(B)/examples/%-bot: \
    $(B)/examples/c/%_bot.o $(B)/examples/c/botlib.o $(B)/librules.a
	$(CC) $(ALL_CFLAGS) -o $@ $< $(B)/examples/c/botlib.o $(B)/librules.a \
	    $(YAML_LIBS) $(ZLIB_LIBS)
# The search bot: information-set MCTS (search.c) over the seat's
# knowledge (know.c, also the Python package's).
# It starts from the heuristic bot's choices (heuristic.h) and deals the
# roles it does not know by what the heuristic would have played (roles.c).
$(B)/examples/c/heuristic_lib.o: examples/c/heuristic_bot.c examples/c/botlib.h \
    examples/c/heuristic.h $(RULES_HDR) | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -DHEURISTIC_NO_MAIN $(ALL_CFLAGS) -c $< -o $@
$(B)/examples/search-bot: $(B)/examples/c/search_bot.o $(B)/examples/c/search.o \
    $(B)/examples/c/know.o $(B)/examples/c/roles.o $(B)/examples/c/heuristic_lib.o \
    $(B)/examples/c/botlib.o $(B)/librules.a
	$(CC) $(ALL_CFLAGS) -o $@ $(B)/examples/c/search_bot.o \
	    $(B)/examples/c/search.o $(B)/examples/c/know.o $(B)/examples/c/roles.o \
	    $(B)/examples/c/heuristic_lib.o $(B)/examples/c/botlib.o \
	    $(B)/librules.a $(YAML_LIBS) $(ZLIB_LIBS) -lm

# Plays the recorded transcripts to every example bot: one legal reply per
# decision, nothing unasked, exit 0; first, each transcript must follow
# saboteur-protocol(7) line by line (and broken copies must not), and so
# must what the referee sends in a base-wc match.  The
# state bots check the Python and JavaScript helpers' state at every turn.
# The World Championship's transcripts (transcripts-wc/) are played too.
# The search bot's playouts choose as the heuristic bot does (99% of one
# seat's decisions in 20 base games; the rest: a path card that joins a
# tunnel a rockfall cut off, which the playouts do not look for).
# examples/bot_stats.py --against pairs real matches of two bots on one
# seed round by round (tests/bot_stats.sh).  The search bot's samples guess
# the saboteurs better by each seat's likelihood of each role than by the
# trust (tests/search_roles.sh).
.PHONY: check-bots
check-bots: export PYTHONDONTWRITEBYTECODE = 1
check-bots: $(BOTS) $(B)/saboteur
	tests/check_fixtures.sh $(B)/saboteur
	examples/check_bot.py $(B)/examples/random-bot tests/fixtures/transcripts/*.txt
	examples/check_bot.py $(B)/examples/heuristic-bot tests/fixtures/transcripts/*.txt
	$(B)/examples/search-bot --check-policy 20 >/dev/null
	examples/check_bot.py "python3 examples/python/random_bot.py" tests/fixtures/transcripts/*.txt
	examples/check_bot.py "node examples/js/random_bot.js" tests/fixtures/transcripts/*.txt
	examples/check_bot.py "python3 tests/bots/state_bot.py" tests/fixtures/transcripts/*.txt
	examples/check_bot.py "node tests/bots/state_bot.js" tests/fixtures/transcripts/*.txt
	examples/check_bot.py "python3 tests/bots/seen_bot.py" tests/fixtures/transcripts/*.txt
	examples/check_bot.py "node tests/bots/seen_bot.js" tests/fixtures/transcripts/*.txt
	for b in $(B)/examples/random-bot $(B)/examples/heuristic-bot \
	    "python3 examples/python/random_bot.py" "node examples/js/random_bot.js" \
	    "python3 tests/bots/state_bot.py" "node tests/bots/state_bot.js"; do \
		examples/check_bot.py "$$b" tests/fixtures/transcripts-wc/*.txt || exit 1; \
	done
	tests/bot_stats.sh $(B)/saboteur
	tests/search_roles.sh $(B)/saboteur

# The starter kits of examples/starters/ (C, Python, JavaScript, Java):
# each passes its own transcript test and plays real matches, sealed and
# not; built into $(B)/starters.
.PHONY: check-starters
check-starters: $(B)/saboteur bots
	tests/starters.sh $(B)/saboteur

# The Python package (bindings/python, "import saboteur"): the rules
# library, the protocol, the C helpers' seat knowledge (examples/c/know.c),
# the search bot's search (search.c) and the heuristic bot (heuristic_bot.c
# as the search bot links it, with the helper botlib.c it reads lines with)
# built position-independent into one CPython extension with the system
# compiler, next to the package's Python files in $(B)/python (put it on
# PYTHONPATH, or "pip install ./bindings/python").  PYTHON names the
# interpreter to build for.
PYTHON    ?= python3
PY_INC     = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
PYX_SRC    = $(wildcard rules/*.c rules/*/*.c rules/*/*/*.c protocol/*.c) examples/c/know.c \
             examples/c/search.c examples/c/roles.c examples/c/botlib.c
PYX_OWN    = $(wildcard bindings/python/src/*.c)
PYX_OBJ    = $(PYX_SRC:%.c=$(B)/pic/%.o) $(PYX_OWN:%.c=$(B)/pic/%.o) \
             $(B)/pic/gen/builtin_rulesets.o $(B)/pic/examples/c/heuristic_lib.o
PY_FILES   = $(patsubst bindings/python/%,$(B)/python/%,\
             $(wildcard bindings/python/saboteur/*.py))

.PHONY: python
python: $(B)/python/saboteur/_saboteur.so $(PY_FILES)

$(B)/pic/%.o: %.c $(RULES_HDR) examples/c/know.h examples/c/search.h examples/c/roles.h \
    examples/c/linewords.h | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Iexamples/c $(ALL_CFLAGS) -fPIC $(YAML_CFLAGS) -c $< -o $@
# The heuristic bot's choice, as the search bot links it (heuristic_lib.o).
$(B)/pic/examples/c/heuristic_lib.o: examples/c/heuristic_bot.c \
    examples/c/botlib.h examples/c/heuristic.h $(RULES_HDR) | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -DHEURISTIC_NO_MAIN $(ALL_CFLAGS) -fPIC -c $< -o $@
$(B)/pic/bindings/python/src/%.o: bindings/python/src/%.c \
    bindings/python/src/pysab.h $(RULES_HDR) examples/c/know.h \
    examples/c/search.h examples/c/botlib.h examples/c/heuristic.h | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Iexamples/c -I$(PY_INC) $(ALL_CFLAGS) -fPIC \
	    -fvisibility=hidden -c $< -o $@
$(B)/pic/gen/%.o: $(B)/gen/%.c rules/builtin.h | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -fPIC -c $< -o $@
$(B)/python/saboteur/_saboteur.so: $(PYX_OBJ)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -shared -o $@ $(PYX_OBJ) $(YAML_LIBS) -lm
$(B)/python/saboteur/%.py: bindings/python/saboteur/%.py
	@mkdir -p $(@D)
	cp $< $@

$(B)/libreferee.a: $(REF_OBJ)
	rm -f $@
	ar rcs $@ $^

$(B)/run-tests: $(TEST_OBJ) $(B)/libreferee.a $(B)/librules.a
	$(CC) $(ALL_CFLAGS) -o $@ $(TEST_OBJ) $(B)/libreferee.a $(B)/librules.a \
	    $(YAML_LIBS) $(ZLIB_LIBS) $(CHECK_LIBS) $(CURSES_LIBS) $(SECCOMP_LIBS) -lm

# The same tests built with AddressSanitizer and UndefinedBehaviorSanitizer.
$(B)/asan/%.o: %.c $(RULES_HDR) $(PROG_HDR) $(wildcard tests/*.h) | deps-check
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -std=c11 $(WARN) -O1 -g $(SANITIZE) $(YAML_CFLAGS) $(CHECK_CFLAGS) -c $< -o $@
$(B)/asan/referee/viewer/term.o: referee/viewer/term.c $(RULES_HDR) $(PROG_HDR) | deps-check
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -std=c11 $(WARN) -O1 -g $(SANITIZE) $(CURSES_CFLAGS) -c $< -o $@
$(B)/asan/gen/%.o: $(B)/gen/%.c rules/builtin.h | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -std=c11 $(WARN) -O1 -g $(SANITIZE) -c $< -o $@
$(B)/asan/run-tests: $(ASAN_TEST) $(ASAN_REF) $(ASAN_RULES)
	$(CC) $(SANITIZE) -o $@ $^ $(YAML_LIBS) $(ZLIB_LIBS) $(CHECK_LIBS) \
	    $(CURSES_LIBS) $(SECCOMP_LIBS) -lm

# The self-fuzz's adversarial bot (tests/selffuzz.py): plain C, none of
# the referee's code.
$(B)/fuzz-bot: tests/fuzz/fuzz_bot.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $<

# The referee fuzzes itself: matches of "saboteur play" between
# adversarial bots over every built-in ruleset and every file of
# examples/rulesets, each game verified, exported seat by seat against
# what the bot received, and checked for leaks.  FUZZ_DECISIONS says how
# many decisions (make fuzz-referee FUZZ_DECISIONS=1000000); failing
# matches are kept in $(B)/selffuzz-failures.
FUZZ_DECISIONS ?= 100000
FUZZ_SEED ?= 1
.PHONY: fuzz-referee
fuzz-referee: $(B)/saboteur $(B)/fuzz-bot
	python3 tests/selffuzz.py --all --seed $(FUZZ_SEED) \
	    --decisions $(FUZZ_DECISIONS) --keep $(B)/selffuzz-failures \
	    $(B)/saboteur $(B)/fuzz-bot

# ---- make check -------------------------------------------------------
# A test suite is one line 'NAME=COMMAND' in CHECK_SUITES (make check: the
# whole program, in minutes) or FULL_SUITES (the long soaks; make
# check-full runs both lists): to add a suite, add its line, and nothing
# else.  tests/run-suites.sh runs them side by side from this folder,
# twice as many at once as the machine has cores (CHECK_JOBS=N to choose),
# the longest of the last run first, each with its output in
# $(B)/check-logs/NAME.log; it prints each suite's verdict, last line and
# time as it ends, the whole log of one that fails, and the total.  A
# suite passes alone and beside any other: it writes only into its own
# mktemp -d folders (tests/unchanged.sh checks the tree afterwards),
# starts its servers on ports it finds free, looks for leftover processes
# by a tag of its own (tests/checks.sh), passes from any checkout path
# (quote paths in bot command lines: q in tests/checks.sh), as root or
# not, in any locale and umask, and may rely on what CHECK_BUILT
# (FULL_BUILT) builds.
# In the order of their usual times, the longest first, for a first run
# (later runs order them by the last run's times).
CHECK_SUITES = \
	'unit-asan=SAB_TEST_GAMES=500 ASAN_OPTIONS=detect_leaks=1 $(B)/asan/run-tests' \
	'html=tests/html.sh $(B)/saboteur' \
	'ssh=tests/parallel_ssh.sh $(B)/saboteur' \
	'e2e=tests/e2e.sh $(B)/saboteur' \
	'bots=$(MAKE) -s --no-print-directory check-bots' \
	'view=tests/view_tmux.sh $(B)/saboteur' \
	'tournament=tests/tournament.sh $(B)/saboteur' \
	'slurm=tests/slurm.sh $(B)/saboteur' \
	'new-card=tests/new_card.sh' \
	'new-module=tests/new_module.sh' \
	'starters=$(MAKE) -s --no-print-directory check-starters' \
	'install=tests/install.sh' \
	'hostile=tests/hostile.sh $(B)/saboteur' \
	'selffuzz=tests/selffuzz.sh $(B)/saboteur $(B)/fuzz-bot' \
	'cli=tests/cli.sh $(B)/saboteur' \
	'net=tests/net.sh $(B)/saboteur' \
	'guards=tests/guards.sh $(B)/saboteur' \
	'rooms=tests/rooms.sh' \
	'human=tests/human_tmux.sh $(B)/saboteur' \
	'python=tests/python.sh $(B)/saboteur' \
	'bench-compare=tests/bench_compare.sh $(B)/saboteur'
# The Check suites without the sanitizers, the property tests at their
# full size (SAB_TEST_GAMES unset).  (The game pages at full length are
# make check-html, below.)
FULL_SUITES = \
	'unit=$(B)/run-tests'
CHECK_BUILT = $(B)/asan/run-tests $(B)/saboteur bots $(B)/fuzz-bot python
FULL_BUILT  = $(B)/run-tests

# make check FULL=1 runs every suite; make check-full does so as on a
# slow, busy machine (scripts/check-slow.sh: a python3 that starts 2 s
# late, and a CPU hog for each core).  Tests write only into temporary
# folders: the last step fails if the source tree changed after the stamp
# the first one makes.
ifeq ($(FULL),1)
CHECK_SUITES += $(FULL_SUITES)
CHECK_BUILT  += $(FULL_BUILT)
endif
# When make started, for the time make check took in all, build included.
ifneq ($(filter check test,$(MAKECMDGOALS)),)
CHECK_T0 := $(shell date +%s)
endif
.PHONY: check-full check-slow
check: deps-check $(CHECK_BUILT)
	@touch $(B)/check-started
	@tests/run-suites.sh -l $(B)/check-logs $(CHECK_SUITES)
	@tests/unchanged.sh $(B)/check-started $(B)
	@if [ -n "$(CHECK_T0)" ]; then t=$$(($$(date +%s) - $(CHECK_T0))); \
	    echo "make check: $$((t / 60)) min $$((t % 60)) s in all, build" \
	    "included"; fi
check-full:
	scripts/check-slow.sh FULL=1

check-slow:
	scripts/check-slow.sh
test: check

# The Python package installed with pip into a virtual environment,
# offline, as the README says, then its tests run with that Python.
.PHONY: check-python-install
check-python-install: $(B)/saboteur bots
	tests/python.sh $(B)/saboteur --install

# The game pages and the report in the browser at full length: every
# position, every decision of each perspective's page, every committed
# game as people use it (make check runs a short form).
.PHONY: check-html
check-html: $(B)/saboteur bots
	tests/html.sh --full $(B)/saboteur

# The sequential test of a gauntlet run many times on a real sample
# (scripts/bench-sequential.sh).
$(B)/sprt-sim: scripts/sprt_sim.c $(B)/libreferee.a $(B)/librules.a
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $< $(B)/libreferee.a \
	    $(B)/librules.a $(YAML_LIBS) $(ZLIB_LIBS) $(CURSES_LIBS) -lm

# The floor of any pipe referee, which scripts/bench-referee.sh measures
# beside the referee: a program that only swaps lines with its children
# (echo children, or real bots sent a recorded match's bytes again).
$(B)/pipe-floor: scripts/pipe_floor.c
	@mkdir -p $(@D)
	$(CC) -D_POSIX_C_SOURCE=200809L $(ALL_CFLAGS) -o $@ $<

# The referee's ratios (issue 28: its CPU a decision over the pipe floor's,
# base-wc's games/s over base's with reacting bots, sealed over unsealed)
# are gathered in $(B)/bench-ratios as the scripts run, and printed
# together at the end.
ifeq ($(OLD_BUILD),)
bench: $(B)/saboteur bots python $(B)/sprt-sim $(B)/pipe-floor
	rm -f $(B)/bench-ratios
	$(B)/saboteur bench
	for p in 2 6 12; do \
	    $(B)/saboteur bench --ruleset saboteur2 --players $$p || exit 1; done
	BENCH_RATIOS=$(B)/bench-ratios scripts/bench-referee.sh $(B)
	scripts/bench-referee.sh $(B) 300 saboteur2 6
	$(B)/saboteur bench --ruleset base-wc --players 5
	$(B)/saboteur bench --ruleset base-minis --players 5
	scripts/bench-reactions.sh $(B)
	BENCH_RATIOS=$(B)/bench-ratios scripts/bench-reactions.sh $(B) 300 5 \
	    "$(B)/examples/random-bot --react"
	BENCH_RATIOS=$(B)/bench-ratios scripts/bench-sandbox.sh $(B)
	scripts/bench-tournament.sh $(B)
	scripts/bench-memory.sh $(B)
	scripts/bench-duplicate.sh $(B)
	scripts/bench-sequential.sh $(B)
	scripts/bench-html.sh $(B)
	scripts/bench-python.sh $(B)
	@echo 'the referee against its targets (this run):'; cat $(B)/bench-ratios
else
bench: bench-compare
endif

# make bench OLD_BUILD=DIR (or make bench-compare OLD_BUILD=DIR): make
# bench's figures for the build in DIR (another checkout's build folder,
# an earlier commit's say) and this one side by side, run in turn (this
# build first in odd runs, DIR's first in even ones) on small workloads,
# and one table of their medians, new over old, marked where this build
# is worse by more than 3% (scripts/bench-compare.sh, about ten minutes;
# RUNS=N for N runs instead of 3, ONLY='referee reactions' for some
# parts only).  What DIR's build cannot run is skipped with a line.
.PHONY: bench-compare
bench-compare: $(B)/saboteur bots python $(B)/sprt-sim $(B)/pipe-floor
	@test -n '$(OLD_BUILD)' || { echo 'usage: make bench-compare' \
	    'OLD_BUILD=DIR (the build folder to compare this one with)' >&2; \
	    exit 2; }
	scripts/bench-compare.sh '$(OLD_BUILD)' $(B)

# Only the parts of make bench that give the referee's ratios, and them.
.PHONY: bench-ratios
bench-ratios: $(B)/saboteur bots $(B)/pipe-floor
	rm -f $(B)/bench-ratios
	BENCH_RATIOS=$(B)/bench-ratios scripts/bench-referee.sh $(B)
	BENCH_RATIOS=$(B)/bench-ratios scripts/bench-reactions.sh $(B) 300 5 \
	    "$(B)/examples/random-bot --react"
	BENCH_RATIOS=$(B)/bench-ratios scripts/bench-sandbox.sh $(B)
	@echo 'the referee against its targets (this run):'; cat $(B)/bench-ratios

# The program and the C bots with frame pointers, in $(B)/profile, so that
# perf(1) follows the referee's own call chains (perf record -g; see the
# README's Speed section, where the time goes).
.PHONY: profile
profile:
	$(MAKE) B=$(B)/profile CFLAGS='$(CFLAGS) -fno-omit-frame-pointer' \
	    $(B)/profile/saboteur bots

# The README's main job: a real match between the example bots.
play: $(B)/saboteur bots
	$(B)/saboteur play --seed 2026 --transcripts --force \
	    --replay saboteur-logs/game.sabr.gz \
	    $(B)/examples/heuristic-bot $(B)/examples/random-bot \
	    $(B)/examples/random-bot $(B)/examples/random-bot \
	    $(B)/examples/random-bot
	$(B)/saboteur verify saboteur-logs/game.sabr.gz
	$(B)/saboteur html saboteur-logs/game.sabr.gz
	@echo; echo "The game's last position, every hidden card shown:"; echo
	$(B)/saboteur view --as all saboteur-logs/game.sabr.gz | cat
	@echo; echo "Step through the game from any seat's view (q quits):"
	@echo "  $(B)/saboteur view saboteur-logs/game.sabr.gz"
	@echo "or in a browser, from this file:"
	@echo "  $$(pwd)/saboteur-logs/game.html"

# The bot helpers, as packages: pip install $(DATADIR)/python, npm install
# $(DATADIR)/js (or PYTHONPATH, require by path).
PY_HELPER  = examples/python/pyproject.toml
PY_BACKEND = examples/python/build_backend/saboteur_build.py
PY_PACKAGE = examples/python/saboteur_bot/__init__.py
JS_HELPER  = examples/js/package.json examples/js/saboteur_bot.js

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCDIR) \
	    $(DESTDIR)$(DATADIR)/rules $(DESTDIR)$(DATADIR)/python/saboteur_bot \
	    $(DESTDIR)$(DATADIR)/python/build_backend $(DESTDIR)$(DATADIR)/js
	install -m 644 $(PY_HELPER) $(DESTDIR)$(DATADIR)/python/
	install -m 644 $(PY_BACKEND) $(DESTDIR)$(DATADIR)/python/build_backend/
	install -m 644 $(PY_PACKAGE) $(DESTDIR)$(DATADIR)/python/saboteur_bot/
	install -m 644 $(JS_HELPER) $(DESTDIR)$(DATADIR)/js/
	install -m 755 $(B)/saboteur $(DESTDIR)$(BINDIR)/saboteur
	install -m 644 $(B)/librules.a $(DESTDIR)$(LIBDIR)/libsaboteur-rules.a
	install -m 644 $(filter-out rules/builtin.h rules/event_def.h rules/rskey.h rules/say.h rules/table.h rules/yamlread.h $(wildcard rules/*/*.h rules/*/*/*.h),$(RULES_HDR)) $(DESTDIR)$(INCDIR)/
	# The modules' game state (rules/modules.def includes each state.h),
	# perspective state (rules/seen.h names them by path) and fields of
	# sab_ruleset (rules/modkeys.h), in their folders.
	for h in $(wildcard rules/*/state.h rules/*/*/state.h rules/*/*_seen.h rules/*/*/*_seen.h rules/*/keys.h rules/*/*/keys.h); do \
	    d="$(DESTDIR)$(INCDIR)/$$(dirname $${h#rules/})"; \
	    install -d "$$d" && install -m 644 $$h "$$d/" || exit 1; done
	install -m 644 $(RULESETS) $(DESTDIR)$(DATADIR)/rules/
	for m in $(MANPAGES); do \
	    s=$${m##*.}; install -d $(DESTDIR)$(MANDIR)/man$$s && \
	    install -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s/ || exit 1; done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/saboteur $(DESTDIR)$(LIBDIR)/libsaboteur-rules.a
	rm -rf $(DESTDIR)$(INCDIR) $(DESTDIR)$(DATADIR)
	for m in $(MANPAGES); do s=$${m##*.}; \
	    rm -f $(DESTDIR)$(MANDIR)/man$$s/$${m##*/}; done

clean:
	rm -rf $(B)

# The referee's self-fuzz (fuzz-referee, above), then the libFuzzer
# harnesses (need clang), FUZZ_SECONDS of fuzzing each: the
# ruleset parser, from the built-in rulesets and the test fixtures; the
# --config and tournament files (the other users of the YAML reader), from
# their fixtures and examples; the replay reader and audit, from real games
# as zcat prints them (played here by the example bots and the misbehaving
# test bot) and the words of the format.
FUZZ_SECONDS ?= 60
FUZZ_CC = clang $(CPPFLAGS) -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=all
FUZZ_PLAY = $(B)/saboteur play --quiet --force --log-dir $(B)/fuzz/logs
# The referee's rooms the file readers need (no commands, no viewer).
FUZZ_CONFIG_SRC = referee/cli.c $(wildcard referee/match/*.c \
    referee/tournament/*.c)
fuzz: fuzz-referee $(B)/gen/builtin_rulesets.c $(B)/saboteur bots
	@mkdir -p $(B)/fuzz/corpus $(B)/fuzz/replay-corpus $(B)/fuzz/games \
	    $(B)/fuzz/config-corpus
	cp $(RULESETS) tests/fixtures/rulesets/*.yaml $(B)/fuzz/corpus/
	cp examples/*.yaml $(B)/fuzz/config-corpus/
	$(FUZZ_CC) $(YAML_CFLAGS) -o $(B)/fuzz/fuzz_ruleset \
	    tests/fuzz/fuzz_ruleset.c $(RULES_SRC) $(B)/gen/builtin_rulesets.c \
	    $(YAML_LIBS) $(ZLIB_LIBS) -lm
	$(FUZZ_CC) $(YAML_CFLAGS) -o $(B)/fuzz/fuzz_config \
	    tests/fuzz/fuzz_config.c $(FUZZ_CONFIG_SRC) $(RULES_SRC) \
	    $(B)/gen/builtin_rulesets.c $(YAML_LIBS) $(ZLIB_LIBS) $(SECCOMP_LIBS) -lm
	$(FUZZ_PLAY) --seed 1 --ruleset course --replay $(B)/fuzz/games/course.gz \
	    $(B)/examples/random-bot $(B)/examples/random-bot >/dev/null
	$(FUZZ_PLAY) --seed 2 --replay $(B)/fuzz/games/base.gz \
	    $(B)/examples/heuristic-bot $(B)/examples/random-bot \
	    $(B)/examples/random-bot >/dev/null
	$(FUZZ_PLAY) --seed 3 --ruleset classic --move-ms 200 --tries 2 \
	    --replay $(B)/fuzz/games/classic.gz $(B)/examples/random-bot \
	    "python3 tests/bots/badbot.py garbage" \
	    "python3 tests/bots/badbot.py notes" \
	    "python3 tests/bots/badbot.py bad-hello" >/dev/null
	$(FUZZ_PLAY) --seed 3 --ruleset saboteur2 \
	    --replay $(B)/fuzz/games/saboteur2.gz $(B)/examples/random-bot \
	    $(B)/examples/random-bot $(B)/examples/heuristic-bot \
	    $(B)/examples/random-bot $(B)/examples/heuristic-bot \
	    $(B)/examples/random-bot >/dev/null
	$(FUZZ_PLAY) --seed 2 --ruleset base-wc \
	    --replay $(B)/fuzz/games/base-wc.gz $(B)/examples/random-bot \
	    $(B)/examples/heuristic-bot $(B)/examples/random-bot \
	    $(B)/examples/heuristic-bot $(B)/examples/random-bot >/dev/null
	$(FUZZ_PLAY) --seed 2 --ruleset base-minis \
	    --replay $(B)/fuzz/games/base-minis.gz $(B)/examples/random-bot \
	    $(B)/examples/heuristic-bot $(B)/examples/random-bot \
	    $(B)/examples/heuristic-bot $(B)/examples/random-bot >/dev/null
	for g in course base classic saboteur2 base-wc base-minis; do \
	    zcat $(B)/fuzz/games/$$g.gz >$(B)/fuzz/replay-corpus/game-$$g.sabr \
	    || exit 1; done
	$(FUZZ_CC) $(YAML_CFLAGS) -o $(B)/fuzz/fuzz_replay \
	    tests/fuzz/fuzz_replay.c $(RULES_SRC) $(B)/gen/builtin_rulesets.c \
	    $(YAML_LIBS) $(ZLIB_LIBS) -lm
	$(B)/fuzz/fuzz_ruleset -max_total_time=$(FUZZ_SECONDS) -max_len=8192 \
	    -artifact_prefix=$(B)/fuzz/ $(B)/fuzz/corpus
	$(B)/fuzz/fuzz_config -max_total_time=$(FUZZ_SECONDS) -max_len=8192 \
	    -artifact_prefix=$(B)/fuzz/ $(B)/fuzz/config-corpus \
	    tests/fixtures/configs tests/fixtures/tournaments
	$(B)/fuzz/fuzz_replay -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
	    -dict=tests/fuzz/replay.dict -artifact_prefix=$(B)/fuzz/ \
	    $(B)/fuzz/replay-corpus
