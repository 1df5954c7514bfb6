# Shared by the scripts in scripts/servers/ (sourced, not run).
#
# Every server lives under one temporary folder, $KEEPSAKE_SERVERS_DIR, by default
# ${TMPDIR:-/tmp}/keepsake-servers-<8 hex digits of this checkout's path>, so two checkouts on one
# machine never share servers and the same checkout always finds its own again.

set -euo pipefail

# Descriptors inherited from the caller would be inherited in turn by the daemons started here and
# stay open as long as they run: a test runner's pipes, or the socket Foundation's Process watches to
# learn that its child has exited (at a high number such as 269). Close all but 0-2 and the one bash
# reads this script from.
for inherited_fd in $(ls /proc/$$/fd); do
  if ((inherited_fd > 2)) && [ "$(readlink "/proc/$$/fd/$inherited_fd" 2>/dev/null)" != "$(readlink -f "$0")" ]; then
    eval "exec $inherited_fd>&-" 2>/dev/null || true
  fi
done
unset inherited_fd

SERVERS_SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SERVERS_SCRIPTS/../.." && pwd)"
if [ -z "${KEEPSAKE_SERVERS_DIR:-}" ]; then
  KEEPSAKE_SERVERS_DIR="${TMPDIR:-/tmp}/keepsake-servers-$(printf '%s' "$REPO_ROOT" | sha256sum | cut -c1-8)"
fi
export KEEPSAKE_SERVERS_DIR
# Where tests look for the environment when KEEPSAKE_TEST_* variables are not set.
POINTER_ENV_FILE="$REPO_ROOT/.build/keepsake-servers.env"

log() { echo "servers: $*" >&2; }
STARTED_AT=$(date +%s.%N)
# Seconds since this script started, to one decimal.
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[1]) - float(sys.argv[2]):.1f}')" "$(date +%s.%N)" "$STARTED_AT"; }
fail() { echo "servers: error: $*" >&2; exit 1; }

# A TCP port on 127.0.0.1 that nothing listens on right now.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Waits until `$@` succeeds, up to $WAIT_SECONDS (default 60) seconds; fails with $WAIT_WHAT.
wait_until() {
  local deadline=$((SECONDS + ${WAIT_SECONDS:-60}))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then fail "timed out waiting for ${WAIT_WHAT:-$*}"; fi
    sleep 0.1
  done
}

# Whether process $1 exists and is not a zombie.
process_alive() {
  local state
  # The state follows the command name, which is in parentheses and may hold spaces.
  state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) || return 1
  [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

# Whether the process in pid file $1 is alive.
pid_alive() { [ -s "$1" ] && process_alive "$(cat "$1")"; }

# Sends SIGKILL to the process in pid file $1 and waits until it is gone (a Ceph daemon restarted
# while its killed predecessor still holds its files fails to start).
kill_and_wait() {
  local pidfile=$1 pid
  [ -s "$pidfile" ] || return 0
  pid=$(cat "$pidfile")
  kill -9 "$pid" 2>/dev/null || true
  local deadline=$((SECONDS + 30))
  while process_alive "$pid"; do
    if ((SECONDS >= deadline)); then fail "process $pid did not exit after SIGKILL"; fi
    sleep 0.05
  done
  rm -f "$pidfile"
}
