#!/bin/sh
# deps.sh: makes sure the build's dependencies are here; installs the
# Debian packages of those that are missing as root, or names the exact
# command to run.  Only what is missing is installed: a machine may have
# some of it from elsewhere (a nodejs with its own npm, a pyenv python).
#
# Usage: scripts/deps.sh [check]   (with "check", what the tests need too)
set -u

# What is needed, one a line: KIND NAME PACKAGE, where KIND is pc (a
# pkg-config module), cmd (a command, also looked for in /usr/sbin) or py
# (a Python module python3 must import).  ncursesw draws the interactive
# replay viewer (saboteur view); libseccomp builds the bots' system-call
# filter (the program links it; Debian's libseccomp2 comes with
# libseccomp-dev).
needs="cmd pkg-config pkg-config
pc yaml-0.1 libyaml-dev
pc zlib zlib1g-dev
pc ncursesw libncurses-dev
pc libseccomp libseccomp-dev
cmd cc build-essential
cmd make build-essential"
if [ "${1:-}" = check ]; then
	# The tests copy the tracked files (git), build the Python package
	# (bindings/python: Python's headers), run bots written in
	# Python, JavaScript and Java (the starter kits), install the bot
	# helpers as the README says (pip in a virtual environment, npm),
	# look at processes, drive the replay viewer in a terminal, seal
	# bots off in the sandbox (bubblewrap: without it the referee runs
	# bots unsealed and says so, so only the tests demand it), and open
	# the game pages in headless Chromium.
	needs="$needs
pc check check
cmd git git
cmd python3 python3
py ensurepip python3-venv
pyh Python.h python3-dev
cmd pgrep procps
cmd tmux tmux
cmd bwrap bubblewrap
cmd node nodejs
cmd npm npm
cmd javac default-jdk-headless
cmd java default-jdk-headless
cmd chromium chromium"
	# As root, the scale-out tests run examples/distributed/ on real
	# engines: two sshd on 127.0.0.1 driven by GNU parallel and rsync, and
	# a one-node Slurm cluster (slurmctld, slurmd, munged); without root
	# they skip, so only root needs these.
	if [ "$(id -u)" = 0 ]; then
		needs="$needs
cmd sshd openssh-server
cmd ssh openssh-client
cmd ssh-keygen openssh-client
cmd parallel parallel
cmd rsync rsync
cmd unshare util-linux
cmd slurmctld slurmctld
cmd slurmd slurmd
cmd sbatch slurm-client
cmd munged munge"
	fi
fi

# The lines of $needs that are missing.
missing() {
	printf '%s\n' "$needs" | while read -r kind name pkg; do
		case $kind in
		pc) command -v pkg-config >/dev/null 2>&1 &&
		    pkg-config --exists "$name" ;;
		cmd) command -v "$name" >/dev/null 2>&1 || [ -x "/usr/sbin/$name" ] ;;
		py) python3 -c "import $name" >/dev/null 2>&1 ;;
		pyh) python3 -c 'import os, sysconfig; os.stat(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' \
		    >/dev/null 2>&1 ;;
		esac || echo "$kind $name $pkg"
	done
}

m=$(missing)
[ -z "$m" ] && exit 0

names=$(printf '%s\n' "$m" | awk '{ printf "%s%s", n++ ? ", " : "", $2 }')
pkgs=$(printf '%s\n' "$m" | awk '!seen[$3]++ { printf "%s%s", n++ ? " " : "", $3 }')
echo "deps: missing: $names" >&2
cmd="apt-get install -y $pkgs"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "deps: installing with: apt-get update && $cmd" >&2
	export DEBIAN_FRONTEND=noninteractive
	# shellcheck disable=SC2086
	if apt-get update -qq && apt-get install -y -qq $pkgs >/dev/null; then
		m=$(missing)
		[ -z "$m" ] && { echo "deps: installed" >&2; exit 0; }
	fi
	echo "deps: installation failed; still missing:" \
	    "$(printf '%s\n' "$m" | awk '{ printf "%s ", $2 }')" >&2
	exit 1
fi
echo "deps: install them with:  sudo apt-get update && sudo $cmd" >&2
exit 1
