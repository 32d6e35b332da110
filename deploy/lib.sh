# shellcheck shell=bash
# What deploy/install.sh, deploy/upgrade.sh and the bird-barrier command share: where things are,
# writing a file only when it changes, building a release, running the site's commands, and
# restarting the app servers one at a time.

SITE_USER=bird-barrier

# site_paths ROOT: every path of the recipe, under ROOT ('' on a real server, a folder in CI).
# shellcheck disable=SC2034 # used by the scripts that source this file
site_paths() {
  ROOT=${1%/}
  APP_DIR=$ROOT/opt/bird-barrier
  ETC_DIR=$ROOT/etc/bird-barrier
  DATA_DIR=$ROOT/var/lib/bird-barrier
  CACHE_DIR=$ROOT/var/cache/bird-barrier
  UNIT_DIR=$ROOT/etc/systemd/system
  CADDY_DIR=$ROOT/etc/caddy
  BIN_DIR=$ROOT/usr/local/bin
}

say() { printf '%s\n' "$*"; }
step() { printf '\n== %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# The service manager. CI has no systemd running; its tests name a stand-in here.
SYSTEMCTL=${BIRD_BARRIER_SYSTEMCTL:-systemctl}
svc() { "$SYSTEMCTL" "$@"; }

# Under --root there is no site user: commands run as the caller.
real_system() { [ -z "$ROOT" ]; }

# as_site CMD…: runs CMD as the site's user.
as_site() {
  if real_system; then runuser -u "$SITE_USER" -- "$@"; else "$@"; fi
}

# put_file SRC DEST MODE [OWNER:GROUP]: installs SRC as DEST unless DEST already has that content,
# mode and owner. Counts what it wrote in WROTE.
WROTE=0
put_file() {
  local src=$1 dest=$2 mode=$3 owner=${4:-root:root} shown=${2#"$ROOT"}
  real_system || owner=''
  if [ -f "$dest" ] && cmp -s "$src" "$dest" && [ "$(stat -c %a "$dest")" = "${mode#0}" ] \
    && { [ -z "$owner" ] || [ "$(stat -c %U:%G "$dest")" = "$owner" ]; }; then
    say "  unchanged  $shown"
    return 0
  fi
  mkdir -p "$(dirname "$dest")"
  local tmp
  tmp=$(mktemp "$dest.XXXXXX")
  cat "$src" >"$tmp"
  chmod "$mode" "$tmp"
  [ -z "$owner" ] || chown "$owner" "$tmp"
  mv -f "$tmp" "$dest"
  say "  wrote      $shown"
  WROTE=$((WROTE + 1))
}

# put_text DEST MODE [OWNER:GROUP] <<<TEXT: put_file with the text on standard input.
put_text() {
  local tmp
  tmp=$(mktemp)
  cat >"$tmp"
  put_file "$tmp" "$@"
  rm -f "$tmp"
}

# put_dir DIR MODE [OWNER:GROUP]: makes DIR with that mode and owner if it differs.
put_dir() {
  local dir=$1 mode=$2 owner=${3:-root:root}
  real_system || owner=''
  if [ -d "$dir" ] && [ "$(stat -c %a "$dir")" = "${mode#0}" ] && { [ -z "$owner" ] || [ "$(stat -c %U:%G "$dir")" = "$owner" ]; }; then
    return 0
  fi
  mkdir -p "$dir"
  chmod "$mode" "$dir"
  [ -z "$owner" ] || chown "$owner" "$dir"
  say "  made       ${dir#"$ROOT"}/"
  WROTE=$((WROTE + 1))
}

# release_files DIR BUILT: the files a release is made of, relative to DIR, NUL-separated and
# sorted: the sources, and with BUILT=1 the build (dist/) too. Never node_modules, data, .env.
release_files() {
  local skip_dist=(-o -path ./dist)
  [ "$2" = 1 ] && skip_dist=()
  (cd "$1" && find . \( -name node_modules -o -name .git -o -path ./data -o -path ./tmp -o -path ./test-results \
    -o -name .env -o -name '*.log' "${skip_dist[@]}" \) -prune -o -type f -print0 | LC_ALL=C sort -z)
}

# release_id DIR BUILT: names a release by its content: the same files give the same name, so a
# second install or upgrade from the same tree finds the release already made.
release_id() {
  local hash commit
  hash=$(cd "$1" && release_files . "$2" | xargs -0 -r sha256sum | sha256sum | cut -c1-12)
  commit=$(git -C "$1" rev-parse --short=8 HEAD 2>/dev/null || true)
  printf '%s%s\n' "${commit:+$commit-}" "$hash"
}

# make_release SRC BUILT ID: $APP_DIR/releases/ID, made once. BUILT=0: SRC is a checkout of the
# sources, built here with `npm ci && npm run build`, then left with production dependencies only
# (`npm ci --omit=dev`, which keeps the `node` package: Node 24 comes with the release). BUILT=1:
# SRC was built elsewhere (it has dist/ and production node_modules) and is copied as it is.
# Built as the site user (no install script runs as root), then owned by root, read-only to the site.
make_release() {
  local src=$1 built=$2 id=$3 dest=$APP_DIR/releases/$3
  if [ -d "$dest" ]; then
    say "  release $id is there already"
    return 0
  fi
  local tmp=$APP_DIR/releases/.making-$id
  rm -rf "$tmp"
  mkdir -p "$tmp"
  # shellcheck disable=SC2064 # the path is fixed now
  trap "rm -rf '$tmp'" EXIT
  if [ "$built" = 1 ]; then
    if [ ! -f "$src/dist/server/server.js" ] || [ ! -x "$src/node_modules/.bin/node" ]; then
      die "$src is not a built tree: it needs dist/ (npm run build) and node_modules (npm ci --omit=dev)"
    fi
    (cd "$src" && { release_files . 1; find node_modules -maxdepth 0 -print0; } | tar --null -T - -cf -) | tar -C "$tmp" -xf -
    say "  copied the built tree $src"
  else
    (cd "$src" && release_files . 0 | tar --null -T - -cf -) | tar -C "$tmp" -xf -
    if real_system; then
      chown -R "$SITE_USER:$SITE_USER" "$tmp"
      put_dir "$CACHE_DIR" 0750 "$SITE_USER:$SITE_USER"
    fi
    local npm_env=(env -C "$tmp" HOME="$CACHE_DIR" npm_config_cache="$CACHE_DIR/npm" npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false)
    say "  npm ci (every dependency, to build)…"
    as_site "${npm_env[@]}" npm ci --loglevel=error >/dev/null
    say "  npm run build…"
    as_site "${npm_env[@]}" npm run build --silent >/dev/null
    say "  npm ci --omit=dev (production dependencies only)…"
    as_site "${npm_env[@]}" npm ci --omit=dev --loglevel=error >/dev/null
    if real_system; then chown -R root:root "$tmp"; fi
  fi
  chmod -R go-w "$tmp"
  chmod 0755 "$tmp"
  "$tmp/node_modules/.bin/node" -e 'if (+process.versions.node.split(".")[0] < 24) process.exit(1)' \
    || die "the release's Node is not 24 or newer"
  mv "$tmp" "$dest"
  trap - EXIT
  say "  made release $id (Node $("$dest/node_modules/.bin/node" --version))"
}

# current_release: the name of the release the `current` link points at, or nothing.
current_release() {
  local target
  target=$(readlink "$APP_DIR/current" 2>/dev/null) || return 0
  basename "$target"
}

# switch_to ID: points `current` at release ID in one step (a rename), so a server that starts
# meanwhile finds either release whole.
switch_to() {
  ln -sfn "releases/$1" "$APP_DIR/.current-new"
  mv -T "$APP_DIR/.current-new" "$APP_DIR/current"
}

# site_node RELEASE ARGS…: Node of RELEASE, as the site user, in RELEASE, with the settings the app
# servers have and nothing else (site.env, what the unit sets, its UMask), whatever the caller's
# environment holds.
site_node() (
  release=$1
  shift
  umask 0077
  as_site env -i -C "$release" PATH="$PATH" LANG=C.UTF-8 NODE_ENV=production HOST=127.0.0.1 DATA_DIR="$DATA_DIR" INIT_CWD="$PWD" \
    "$release/node_modules/.bin/node" --env-file="$ETC_DIR/site.env" "$@"
)

# instances: the ports of this machine's app servers (deploy.conf, written by install.sh).
instances() {
  local INSTANCES=''
  # shellcheck disable=SC1091
  . "$ETC_DIR/deploy.conf"
  [ -n "$INSTANCES" ] || die "$ETC_DIR/deploy.conf names no INSTANCES"
  printf '%s\n' "$INSTANCES"
}

# app_host: the address the app servers listen on: HOST in site.env (a machine whose servers
# another machine's Caddy reaches), else the unit's 127.0.0.1.
app_host() {
  local host
  host=$(sed -n 's/^HOST=//p' "$ETC_DIR/site.env" 2>/dev/null | tail -n 1 | tr -d '"')
  printf '%s\n' "${host:-127.0.0.1}"
}

# ready PORT: the server on PORT answers /readyz 200.
ready() { curl -fsS -o /dev/null --max-time 2 "http://$(app_host):$1/readyz" 2>/dev/null; }

# wait_ready PORT SECONDS: until the server on PORT is ready; false after SECONDS, or as soon as
# its unit has failed (a server that exits at start is restarted five times, then given up).
wait_ready() {
  local port=$1 deadline=$((SECONDS + $2))
  while [ "$SECONDS" -lt "$deadline" ]; do
    ready "$port" && return 0
    svc is-failed --quiet "bird-barrier@$port" && return 1
    sleep 0.5
  done
  return 1
}

# Caddy asks each server /readyz every second (deploy/Caddyfile): a restarted server is back in
# rotation after its next check. The next server is stopped only then, so one always serves.
TAKE_BACK_SECONDS=${BIRD_BARRIER_TAKE_BACK_SECONDS:-3}

# restart_one PORT: stops the server (it drains: /readyz fails, Caddy stops sending it requests
# within a second, it answers what it has and exits), starts it, waits until it is ready and
# back in Caddy's rotation. False if it is not ready within 90 s.
restart_one() {
  say "  bird-barrier@$1: restarting (drains for SHUTDOWN_DRAIN_MS, then stops)"
  svc reset-failed "bird-barrier@$1" 2>/dev/null || true
  svc restart "bird-barrier@$1" || return 1
  wait_ready "$1" 90 || return 1
  sleep "$TAKE_BACK_SECONDS"
  say "  bird-barrier@$1: ready"
}
