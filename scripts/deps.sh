#!/bin/sh
# deps.sh: makes sure the build's dependencies are here; installs them as root
# on Debian, or names the exact command to run.
#
# Usage: scripts/deps.sh [check]   (with "check", the test library is needed too)
set -u

# bubblewrap seals each bot off (saboteur play --sandbox); without it the
# referee runs bots unsealed and says so, so only the tests demand it.
# ncursesw draws the interactive replay viewer (saboteur view).
# libseccomp builds the bots' system-call filter (the program links it;
# Debian's libseccomp2 comes with libseccomp-dev).
need_pc="yaml-0.1 zlib ncursesw libseccomp"
need_pkg="pkg-config libyaml-dev zlib1g-dev libncurses-dev libseccomp-dev"
# The Python package (bindings/python) compiles against Python's headers;
# its install test makes a virtual environment.
need_py=""
need_cmd="cc make"
if [ "${1:-}" = check ]; then
	# The tests also run bots written in Python, JavaScript and Java
	# (the starter kits; pip installs the Python helper), look at
	# processes, drive the replay viewer in a terminal, seal bots off
	# in the sandbox, and open the game pages in headless Chromium.
	need_pc="$need_pc check"
	need_pkg="$need_pkg check python3 python3-pip procps tmux bubblewrap nodejs default-jdk-headless chromium"
	need_cmd="$need_cmd python3 pgrep tmux bwrap node javac java chromium"
	need_pkg="$need_pkg python3-dev python3-venv"
	need_py=1
	# As root, the scale-out tests run examples/distributed/ on real
	# engines: two sshd on 127.0.0.1 driven by GNU parallel and rsync, and
	# a one-node Slurm cluster (slurmctld, slurmd, munged); without root
	# they skip, so only root needs these.
	if [ "$(id -u)" = 0 ]; then
		need_pkg="$need_pkg openssh-server openssh-client parallel rsync slurmctld slurmd slurm-client munge"
		need_cmd="$need_cmd sshd ssh ssh-keygen parallel rsync unshare slurmctld slurmd sbatch munged"
	fi
fi

missing() {
	command -v pkg-config >/dev/null 2>&1 || { echo pkg-config; return; }
	for m in $need_pc; do
		pkg-config --exists "$m" || echo "$m"
	done
	for c in $need_cmd; do
		command -v "$c" >/dev/null 2>&1 || [ -x "/usr/sbin/$c" ] || echo "$c"
	done
	case $need_pkg in *python3-pip*)
		python3 -m pip --version >/dev/null 2>&1 || echo "python3 -m pip";;
	esac
	if [ -n "$need_py" ]; then
		python3 -c 'import os, sysconfig; os.stat(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' \
		    >/dev/null 2>&1 || echo "Python.h (python3-dev)"
		python3 -c 'import venv, ensurepip' >/dev/null 2>&1 ||
		    echo "python3 -m venv (python3-venv)"
	fi
}

m=$(missing)
[ -z "$m" ] && exit 0

echo "deps: missing: $(echo $m | tr '\n' ' ')" >&2
cmd="apt-get install -y build-essential $need_pkg"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "deps: installing with: apt-get update && $cmd" >&2
	export DEBIAN_FRONTEND=noninteractive
	if apt-get update -qq && $cmd >/dev/null; then
		m=$(missing)
		[ -z "$m" ] && { echo "deps: installed" >&2; exit 0; }
	fi
	echo "deps: installation failed; still missing: $(echo $m)" >&2
	exit 1
fi
echo "deps: install them with:  sudo apt-get update && sudo $cmd" >&2
exit 1
