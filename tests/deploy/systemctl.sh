#!/usr/bin/env bash
# `systemctl` for CI, where systemd does not run: deploy/upgrade.sh and the bird-barrier command
# call it (BIRD_BARRIER_SYSTEMCTL) to start, stop and restart the app servers. Each server
# (bird-barrier@PORT) runs as a plain process made from the installed unit file itself: its
# ExecStart, WorkingDirectory, Environment and EnvironmentFile, with %i the port and every absolute
# path under BIRD_BARRIER_ROOT. Stopping sends the unit's SIGTERM and waits for the exit, as systemd
# does (SIGKILL after 15 s). The hardening settings and Restart= are not played here.
set -euo pipefail
root=${BIRD_BARRIER_ROOT:?BIRD_BARRIER_ROOT names the folder deploy/install.sh --root wrote}
unit=$root/etc/systemd/system/bird-barrier@.service
runs=$root/run/bird-barrier
mkdir -p "$runs"

command=$1
shift
quiet=''
if [ "${1:-}" = --quiet ]; then quiet=yes; shift; fi
name=${1:-}
name=${name%.service}
case $name in
  bird-barrier@*) port=${name#bird-barrier@} ;;
  *) exit 0 ;; # caddy, daemon-reload: nothing to do here
esac
pidfile=$runs/$port.pid

setting() { sed -n "s/^$1=//p" "$unit" | tail -n 1; }
running() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }

# A service starts with no file open but its standard streams (upgrade.sh holds its lock on one).
close_inherited() {
  local fd
  for fd in "/proc/$BASHPID/fd/"*; do
    fd=${fd##*/}
    if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi
  done
}

start() {
  running && return 0
  local environment exec_start
  environment=$(setting Environment)
  environment=${environment//%i/$port}
  environment=${environment//=\//=$root/}
  exec_start=$(setting ExecStart)
  exec_start=${exec_start//%i/$port}
  read -r -a words <<<"$exec_start"
  # shellcheck disable=SC2086 # the unit's Environment= is a list of NAME=value words
  (close_inherited && cd "$root$(setting WorkingDirectory)" && exec setsid env $environment "$root${words[0]}" \
    --env-file="$root$(setting EnvironmentFile)" "${words[@]:1}" >>"$runs/$port.log" 2>&1 </dev/null) &
  echo $! >"$pidfile"
}

stop() {
  running || return 0
  local pid
  pid=$(cat "$pidfile")
  kill -TERM "$pid"
  for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$pidfile"
}

case $command in
  start | enable) start ;;
  stop) stop ;;
  restart) stop; start ;;
  # Without Restart=: a server that exited by itself stays failed.
  is-failed) [ -f "$pidfile" ] && ! running ;;
  is-active)
    if running; then state=active; else state=inactive; fi
    [ -n "$quiet" ] || echo "$state"
    [ "$state" = active ] ;;
  *) exit 0 ;;
esac
