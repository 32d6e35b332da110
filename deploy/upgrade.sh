#!/usr/bin/env bash
# Upgrades the site to this checkout's version without an outage:
#
#   cd /path/to/checkout && git pull && sudo deploy/upgrade.sh
#
#  1. builds the new release beside the running one (the site keeps serving meanwhile);
#  2. backs the site up (/var/lib/bird-barrier/backups/before-upgrade-…jsonl.gz);
#  3. runs the new version's database migrations (the running servers keep working: a migration
#     only adds what the new version needs);
#  4. restarts the app servers one at a time on the new release: each drains, starts again, answers
#     /readyz and is back in Caddy's rotation before the next one stops;
#  5. if a server does not become ready within 90 s: rolls back. That server and any already on the
#     new release go back to the previous release, and the migrations step 3 ran are reverted
#     first (each one's down step, which keeps what was written meanwhile). Should reverting fail,
#     it stops and says how to restore the backup of step 2.
#
#   --release DIR   upgrade to DIR, a tree built elsewhere (see deploy/install.sh)
#   --root DIR      the files are under DIR (as deploy/install.sh --root wrote them) and the servers
#                   are started by the command in BIRD_BARRIER_SYSTEMCTL (CI)
# Exit codes: 0 upgraded (or nothing to do), 1 nothing changed or rolled back, 2 needs a person.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=deploy/lib.sh
. "$here/lib.sh"

# The comment at the top of this file, without its #.
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 2; }

root='' release=''
while [ $# -gt 0 ]; do
  case $1 in
    --root) root=${2:?--root needs a folder}; shift 2 ;;
    --release) release=${2:?--release needs a folder}; shift 2 ;;
    -h | --help) usage ;;
    *) die "unknown argument $1" ;;
  esac
done
if [ -n "$root" ]; then
  root=$(cd "$root" && pwd)
elif [ "$(id -u)" -ne 0 ]; then
  die "run as root: sudo $0"
fi
site_paths "$root"

old=$(current_release)
[ -n "$old" ] || die "no release is installed here: deploy/install.sh first"
exec 9>"$ETC_DIR/.upgrade.lock"
flock -n 9 || die "another upgrade is running"

step "Release"
if [ -n "$release" ]; then
  src=$(cd "$release" && pwd) built=1
else
  src=$(cd "$here/.." && pwd) built=0
fi
id=$(release_id "$src" "$built")
if [ "$id" = "$old" ]; then
  say "  release $id already runs: nothing to do"
  exit 0
fi
make_release "$src" "$built" "$id"
new=$APP_DIR/releases/$id
prev=$APP_DIR/releases/$old

step "Backup"
backup=$DATA_DIR/backups/before-upgrade-$(date +%Y-%m-%dT%H%M%S)-$old.jsonl.gz
site_node "$prev" scripts/export.ts "$backup" | sed 's/^/  /' || die "the backup failed: nothing was changed (release $old still runs)"

# database_head RELEASE: the last migration the database ran, as RELEASE's `migrate --status` says.
database_head() { site_node "$1" scripts/migrate.ts --status | sed -n 's/^database: //p'; }

step "Migrations"
before=$(database_head "$new")
if ! site_node "$new" scripts/migrate.ts | sed 's/^/  /'; then
  if [ "$(database_head "$new")" != "$before" ]; then
    site_node "$new" scripts/migrate.ts --to "$before" | sed 's/^/  /' \
      || { say "  reverting the migrations failed: restore $backup (README, Backup and restore)"; exit 2; }
  fi
  die "the new version's migrations failed: release $old still runs, the database is as it was"
fi
migrated=''
[ "$(database_head "$new")" = "$before" ] || migrated=yes

# put_unit RELEASE: the app servers' unit as RELEASE has it, the service manager told.
put_unit() {
  local before=$WROTE
  put_file "$1/deploy/bird-barrier@.service" "$UNIT_DIR/bird-barrier@.service" 0644
  [ "$WROTE" -eq "$before" ] || svc daemon-reload
}

step "Restart, one server at a time"
put_unit "$new"
switch_to "$id"
say "  current -> releases/$id"
restarted=() failed=''
for port in $(instances); do
  if restart_one "$port"; then restarted+=("$port"); else failed=$port; break; fi
done

if [ -z "$failed" ]; then
  step "Finish"
  caddy_before=$WROTE
  put_file "$new/deploy/Caddyfile" "$CADDY_DIR/Caddyfile" 0644
  [ "$WROTE" -eq "$caddy_before" ] || svc reload caddy
  put_file "$new/deploy/bird-barrier" "$BIN_DIR/bird-barrier" 0755
  # Kept: the release that runs and the two before it; the three newest backups made by upgrades.
  # shellcheck disable=SC2010,SC2012 # the names are ours: no spaces, no newlines
  for gone in $(ls -1t "$APP_DIR/releases" | grep -v -x -e "$id" -e "$old" | tail -n +2); do
    rm -rf "${APP_DIR:?}/releases/$gone"
    say "  removed the old release $gone"
  done
  # shellcheck disable=SC2012
  ls -1t "$DATA_DIR/backups"/before-upgrade-*.jsonl.gz 2>/dev/null | tail -n +4 | xargs -r rm -f
  say "  upgraded from release $old to $id"
  exit 0
fi

step "Rollback"
say "  bird-barrier@$failed did not become ready on release $id: going back to release $old"
say "  (its log: journalctl -u bird-barrier@$failed -n 50)"
svc stop "bird-barrier@$failed" || true
if [ -n "$migrated" ]; then
  # Servers still on the new release (if any) meet the previous schema for the seconds until
  # they are restarted below; the ones on the previous release never notice.
  site_node "$new" scripts/migrate.ts --to "$before" | sed 's/^/  /' || {
    say "  reverting the migrations failed. The site needs a person: restore the backup into an"
    say "  empty database with the previous release (README, Backup and restore): $backup"
    exit 2
  }
fi
put_unit "$prev"
switch_to "$old"
say "  current -> releases/$old"
svc reset-failed "bird-barrier@$failed" 2>/dev/null || true
svc start "bird-barrier@$failed" || true
wait_ready "$failed" 90 || { say "  bird-barrier@$failed does not start on release $old either: journalctl -u bird-barrier@$failed -n 50"; exit 2; }
sleep "$TAKE_BACK_SECONDS"
say "  bird-barrier@$failed: ready on release $old"
for port in "${restarted[@]}"; do
  restart_one "$port" || { say "  bird-barrier@$port does not start on release $old: journalctl -u bird-barrier@$port -n 50"; exit 2; }
done
say "  rolled back: release $old runs, release $id is kept in ${APP_DIR#"$ROOT"}/releases for a look"
exit 1
