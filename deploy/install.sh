#!/usr/bin/env bash
# Puts the site online on a fresh Debian 12 or Ubuntu 24.04 server, from this checkout:
#
#   sudo deploy/install.sh example.sa owner@example.sa
#
# Installs Caddy (from the distribution) in front of two app servers (systemd units
# bird-barrier@3001 and @3002), HTTPS for the domain and its www by Let's Encrypt, a system user
# and its data folder, builds the site once, starts everything and prints the admin's first
# password (once) and the address. Run again, it changes nothing that is already right.
#
#   --root DIR      write every file under DIR instead of /, install no package, create no user,
#                   start nothing (how CI checks the recipe)
#   --release DIR   install DIR, a tree built elsewhere (npm ci && npm run build, then
#                   npm ci --omit=dev), instead of building this checkout here
#   --instances "3001 3002"   the app servers' ports (one server: "3001")
#
# What goes where: /opt/bird-barrier/releases/ID (each build; `current` links the one that runs),
# /etc/bird-barrier/site.env (the settings), /var/lib/bird-barrier (data, backups), the units in
# /etc/systemd/system, /etc/caddy/Caddyfile, the `bird-barrier` command in /usr/local/bin.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=deploy/lib.sh
. "$here/lib.sh"

# The comment at the top of this file, without its #.
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 2; }

root='' release='' ports='3001 3002' args=()
while [ $# -gt 0 ]; do
  case $1 in
    --root) root=${2:?--root needs a folder}; shift 2 ;;
    --release) release=${2:?--release needs a folder}; shift 2 ;;
    --instances) ports=${2:?--instances needs ports}; shift 2 ;;
    -h | --help) usage ;;
    -*) die "unknown option $1" ;;
    *) args+=("$1"); shift ;;
  esac
done
[ ${#args[@]} -eq 2 ] || usage
domain=${args[0],,} email=${args[1]}
[[ $domain =~ ^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$ ]] \
  || die "\"$domain\" is not a domain name (example.sa, without https:// or www.)"
[[ $domain != www.* ]] || die "give the domain without www. ($domain): www.${domain#www.} is redirected to it"
[[ $email =~ ^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$ ]] || die "\"$email\" is not an email address"
for port in $ports; do
  if ! [[ $port =~ ^[0-9]+$ ]] || [ "$port" -lt 1024 ] || [ "$port" -gt 65535 ]; then die "\"$port\" is not a port from 1024 to 65535"; fi
done

if [ -n "$root" ]; then
  mkdir -p "$root"
  root=$(cd "$root" && pwd)
elif [ "$(id -u)" -ne 0 ]; then
  die "run as root (sudo $0 …), or with --root DIR to write the files under DIR"
fi
site_paths "$root"
source_dir=$(cd "$here/.." && pwd)

step "Packages"
if real_system; then
  # shellcheck disable=SC1091
  . /etc/os-release
  case "$ID:${VERSION_ID:-}" in
    debian:12 | ubuntu:24.04) ;;
    *) say "  warning: made for Debian 12 and Ubuntu 24.04, this is $PRETTY_NAME" ;;
  esac
  missing=()
  command -v caddy >/dev/null || missing+=(caddy)
  command -v curl >/dev/null || missing+=(curl)
  # npm only builds the release; the site runs on the Node 24 the release brings.
  [ -n "$release" ] || command -v npm >/dev/null || missing+=(nodejs npm)
  if [ ${#missing[@]} -gt 0 ]; then
    say "  apt-get install ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    say "  nothing to install"
  fi
else
  say "  skipped under --root (apt-get install caddy curl nodejs npm)"
fi

step "User and folders"
if real_system; then
  if id "$SITE_USER" >/dev/null 2>&1; then
    say "  user $SITE_USER exists"
  else
    useradd --system --user-group --home-dir /var/lib/bird-barrier --no-create-home --shell /usr/sbin/nologin "$SITE_USER"
    say "  made the system user $SITE_USER"
  fi
else
  say "  user $SITE_USER: skipped under --root"
fi
put_dir "$APP_DIR" 0755
put_dir "$APP_DIR/releases" 0755
put_dir "$ETC_DIR" 0750 "root:$SITE_USER"
put_dir "$DATA_DIR" 0750 "$SITE_USER:$SITE_USER"
put_dir "$DATA_DIR/backups" 0750 "$SITE_USER:$SITE_USER"

step "Release"
if [ -n "$release" ]; then
  release=$(cd "$release" && pwd)
  id=$(release_id "$release" 1)
  make_release "$release" 1 "$id"
else
  id=$(release_id "$source_dir" 0)
  make_release "$source_dir" 0 "$id"
fi
running=$(current_release)
if [ -z "$running" ]; then
  switch_to "$id"
  say "  current -> releases/$id"
  WROTE=$((WROTE + 1))
elif [ "$running" = "$id" ]; then
  say "  current is release $id"
else
  say "  current is release $running, not $id: deploy/upgrade.sh changes it (without an outage)"
fi
cur=$APP_DIR/current/deploy

step "Settings"
if [ -f "$ETC_DIR/site.env" ]; then
  say "  kept       ${ETC_DIR#"$ROOT"}/site.env (yours to edit)"
  # Its content is the operator's; who may read it is the recipe's (it may hold passwords).
  if [ "$(stat -c %a "$ETC_DIR/site.env")" != 640 ] || { real_system && [ "$(stat -c %U:%G "$ETC_DIR/site.env")" != "root:$SITE_USER" ]; }; then
    chmod 0640 "$ETC_DIR/site.env"
    if real_system; then chown "root:$SITE_USER" "$ETC_DIR/site.env"; fi
    say "  made ${ETC_DIR#"$ROOT"}/site.env readable by root and $SITE_USER only"
    WROTE=$((WROTE + 1))
  fi
else
  sed -e "s|@DOMAIN@|$domain|g" -e "s|@EMAIL@|$email|g" "$cur/site.env" | put_text "$ETC_DIR/site.env" 0640 "root:$SITE_USER"
fi
upstreams=''
for port in $ports; do upstreams+="${upstreams:+ }127.0.0.1:$port"; done
put_text "$ETC_DIR/deploy.conf" 0644 <<EOF
# Written by deploy/install.sh; read by deploy/upgrade.sh and the bird-barrier command.
# This machine's app servers (bird-barrier@PORT), restarted one at a time.
INSTANCES="$ports"
EOF
put_text "$ETC_DIR/caddy.env" 0644 <<EOF
# Written by deploy/install.sh; read by Caddy (/etc/caddy/Caddyfile) through its unit's drop-in.
SITE_ADDRESS=$domain
APP_UPSTREAMS="$upstreams"
ACME_EMAIL=$email
EOF

step "Caddy and systemd"
units_before=$WROTE
put_file "$cur/bird-barrier@.service" "$UNIT_DIR/bird-barrier@.service" 0644
put_file "$cur/bird-barrier-backup.service" "$UNIT_DIR/bird-barrier-backup.service" 0644
put_file "$cur/bird-barrier-backup.timer" "$UNIT_DIR/bird-barrier-backup.timer" 0644
put_text "$UNIT_DIR/caddy.service.d/bird-barrier.conf" 0644 <<EOF
# Written by deploy/install.sh: the values the Caddyfile reads ({\$SITE_ADDRESS}, …).
[Service]
EnvironmentFile=/etc/bird-barrier/caddy.env
EOF
units_changed=$((WROTE - units_before))
caddy_before=$WROTE
if [ -f "$CADDY_DIR/Caddyfile" ] && ! cmp -s "$CADDY_DIR/Caddyfile" "$cur/Caddyfile" && [ ! -e "$CADDY_DIR/Caddyfile.before-bird-barrier" ]; then
  cp -p "$CADDY_DIR/Caddyfile" "$CADDY_DIR/Caddyfile.before-bird-barrier"
  say "  kept the previous Caddyfile as ${CADDY_DIR#"$ROOT"}/Caddyfile.before-bird-barrier"
fi
put_file "$cur/Caddyfile" "$CADDY_DIR/Caddyfile" 0644
caddy_changed=$((WROTE - caddy_before + units_changed))
put_file "$cur/bird-barrier" "$BIN_DIR/bird-barrier" 0755

step "Database and admin account"
first_start=''
if grep -q '^DATABASE_URL=' "$ETC_DIR/site.env" || [ ! -f "$DATA_DIR/site.db" ]; then
  # Migrates, makes the admin account (its password printed on standard output, never logged) and
  # the demo content, then exits: the servers then start on a ready database.
  first_start=$(site_node "$APP_DIR/current" dist/server/server.js --seed-demo 2>&1 | grep -v '^{' || true)
  if grep -q 'password:' <<<"$first_start"; then
    say "  made the database and the admin account"
  else
    say "  the database is ready"
    [ -z "$first_start" ] || say "$first_start"
  fi
else
  say "  the database exists (${DATA_DIR#"$ROOT"}/site.db)"
fi

step "Start"
if real_system; then
  [ "$units_changed" -eq 0 ] || svc daemon-reload
  for port in $ports; do
    if svc is-active --quiet "bird-barrier@$port"; then
      say "  bird-barrier@$port runs"
    else
      svc enable --now "bird-barrier@$port"
      wait_ready "$port" 120 || die "bird-barrier@$port did not become ready: journalctl -u bird-barrier@$port -n 50"
      say "  bird-barrier@$port started and ready"
    fi
    svc is-enabled --quiet "bird-barrier@$port" || svc enable "bird-barrier@$port"
  done
  if svc is-enabled --quiet bird-barrier-backup.timer; then
    say "  the nightly backup is scheduled"
  else
    svc enable --now bird-barrier-backup.timer
    say "  scheduled the nightly backup (03:30 in Riyadh)"
  fi
  if ! svc is-active --quiet caddy; then
    svc enable --now caddy
    say "  started Caddy"
  elif [ "$caddy_changed" -gt 0 ]; then
    svc reload caddy
    say "  Caddy reloaded its configuration"
  else
    say "  Caddy runs"
  fi
  if command -v ufw >/dev/null && ufw status | grep -q '^Status: active'; then
    ufw allow 80/tcp >/dev/null && ufw allow 443/tcp >/dev/null && ufw allow 443/udp >/dev/null
    say "  the firewall (ufw) lets 80 and 443 in"
  fi
  say "  waiting for https://$domain/ (Caddy gets its certificate from Let's Encrypt)…"
  if curl -fsS -o /dev/null --retry 12 --retry-delay 5 --retry-all-errors --max-time 10 "https://$domain/readyz"; then
    live="https://$domain/ answers over HTTPS"
  else
    live="https://$domain/ does not answer yet: check that the domain's DNS (A/AAAA records of $domain and www.$domain) points at this server ($(hostname -I 2>/dev/null | cut -d' ' -f1)) and that ports 80 and 443 are open; Caddy's log: journalctl -u caddy -n 50"
  fi
else
  say "  skipped under --root (systemctl enable --now bird-barrier@{${ports// /,}} bird-barrier-backup.timer caddy)"
  live="not started (--root)"
fi

step "Done"
say "  files written: $WROTE"
say "  site:  https://$domain/  ($live)"
say "  admin: https://$domain/admin"
if grep -q 'password:' <<<"$first_start"; then
  say ''
  grep -E 'email:|password:' <<<"$first_start" | sed 's/^ */  /'
  say '  This password is shown only this once: keep it in a password manager.'
fi
say ''
say '  Settings: /etc/bird-barrier/site.env, then: sudo bird-barrier restart'
say '  Logs:     journalctl -u "bird-barrier@*" -u caddy -f'
