#!/usr/bin/env bash
# Builds the image from the Containerfile with podman and runs it as a user would:
#  1. one container with a data volume: healthy by its own HEALTHCHECK, a mail sent over SMTP
#     read back through the API, stopped by SIGTERM with exit code 0;
#  2. compose.yaml with podman-compose: PostgreSQL and two nodes, a wait held on node 2
#     answered by mail delivered to node 1, both nodes serving the same CA.
# Everything is removed at the end (containers, volumes, network; the images stay for the next run).
#
# Installs what it needs from Debian's packages (podman, runc, podman-compose, debootstrap) and,
# unless BASE_IMAGE / POSTGRES_IMAGE name images that can be pulled, makes local stand-ins for
# node:20-bookworm-slim and postgres (scripts/container-base.sh, scripts/container-postgres/).
# Needs root, Node 20, curl. Every host port is a free one, so it runs beside other servers.
#   scripts/container-smoke.sh                      # no registry: local base images
#   BASE_IMAGE=docker.io/library/node:20-bookworm-slim POSTGRES_IMAGE=docker.io/library/postgres:16-bookworm scripts/container-smoke.sh
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { echo "== $* ($(( $(date +%s) - start )) s)"; }
fail() { echo "container smoke test FAILED: $*" >&2; exit 1; }

missing=()
command -v podman >/dev/null || missing+=(podman)
command -v runc >/dev/null || missing+=(runc)
command -v podman-compose >/dev/null || missing+=(podman-compose)
command -v debootstrap >/dev/null || [ -n "${BASE_IMAGE:-}" ] || missing+=(debootstrap)
command -v curl >/dev/null || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  step "installing ${missing[*]} from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Sandboxed CI machines (a VM without CAP_SYS_RESOURCE, hybrid cgroups, no systemd) need three
# things podman does not do by default: runc, because crun refuses hybrid cgroup v1/v2 hosts
# ("cgroups in hybrid mode not supported"); resource limits no higher than this process's
# (podman asks for nofile=1048576, which setrlimit refuses here); and health checks run by
# `podman healthcheck run` below, because podman schedules them with systemd timers.
conf=$(mktemp /tmp/pigeonhole-containers.XXXXXX.conf)
nofile=$(ulimit -Hn); [ "$nofile" = unlimited ] && nofile=1048576
nproc=$(ulimit -Hu); { [ "$nproc" = unlimited ] || [ "$nproc" -gt 32768 ]; } && nproc=32768
cat > "$conf" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
[engine]
runtime = "runc"
EOF
export CONTAINERS_CONF="$conf"

run_id="phsmoke$$"
image="localhost/pigeonhole:smoke"
project="$run_id"
key="ph_admin_$(node -p 'require("node:crypto").randomBytes(16).toString("hex")')"
cleanup() {
  set +e
  if [ -n "${compose_started:-}" ]; then
    podman-compose -p "$project" -f compose.yaml down -v -t 10 >/dev/null 2>&1
    podman network rm -f "${project}_default" >/dev/null 2>&1 # podman-compose 1.0.3 leaves it
  fi
  podman rm -f -t 10 "$run_id" >/dev/null 2>&1
  podman volume rm -f "$run_id-data" >/dev/null 2>&1
  rm -f "$conf" "$conf.compose.log"
}
trap cleanup EXIT

# n free TCP ports of this machine, space-separated.
free_ports() {
  node -e 'const net = require("node:net");
    (async () => { const servers = [];
      for (let i = 0; i < Number(process.argv[1]); i++) { const s = net.createServer(); await new Promise((r) => s.listen(0, r)); servers.push(s); }
      console.log(servers.map((s) => s.address().port).join(" ")); servers.forEach((s) => s.close()); })()' "$1"
}
# Runs the container's own HEALTHCHECK until it passes (at most $2 seconds).
wait_healthy() {
  local deadline=$(( $(date +%s) + $2 ))
  until podman healthcheck run "$1" >/dev/null 2>&1; do
    [ "$(podman inspect -f '{{.State.Running}}' "$1")" = true ] || { podman logs "$1" | tail -20; fail "$1 stopped"; }
    [ "$(date +%s)" -lt "$deadline" ] || { podman logs "$1" | tail -20; fail "$1 not healthy after $2 s"; }
    sleep 1
  done
}
json() { node -e 'let s = ""; process.stdin.on("data", (c) => s += c).on("end", () => console.log(JSON.parse(s)[process.argv[1]] ?? ""))' "$1"; }
api() { curl -sS --fail-with-body -H "x-api-key: $key" "$@"; }
send_mail() { # port address subject
  printf 'Subject: %s\r\nMessage-ID: <%s@smoke.test>\r\n\r\nHello from the container smoke test\r\n' "$3" "$RANDOM$RANDOM" |
    curl -sS "smtp://127.0.0.1:$1" --mail-from smoke@example.com --mail-rcpt "$2" -T -
}

if [ -z "${BASE_IMAGE:-}" ]; then
  BASE_IMAGE=localhost/pigeonhole-base:node20-bookworm
  step "local base image $BASE_IMAGE"
  scripts/container-base.sh "$BASE_IMAGE"
fi
step "building $image on $BASE_IMAGE"
# --format docker: the OCI image format has no HEALTHCHECK (podman drops it with a warning).
podman build -q --format docker --build-arg BASE_IMAGE="$BASE_IMAGE" -t "$image" -f Containerfile . >/dev/null
[ "$(podman image inspect -f '{{.Config.User}}' "$image")" = 10001:10001 ] || fail "the image does not run as 10001"

step "one container, SQLite in a volume"
read -r http smtp smtps submission imap imaps <<<"$(free_ports 6)"
podman volume create "$run_id-data" >/dev/null
podman run -d --name "$run_id" -v "$run_id-data:/data" -e PIGEONHOLE_API_KEY="$key" \
  -p "$http:7080" -p "$smtp:2525" -p "$smtps:2465" -p "$submission:2587" -p "$imap:1143" -p "$imaps:8993" \
  "$image" >/dev/null 2> >(grep -v 'systemd' >&2) # "unable to get systemd connection to add healthchecks": see above
wait_healthy "$run_id" 120
[ "$(podman exec "$run_id" id -u)" = 10001 ] || fail "the server does not run as 10001"
inbox=$(api -X POST "http://127.0.0.1:$http/inboxes")
send_mail "$smtp" "$(json emailAddress <<<"$inbox")" "smoke single"
email=$(api "http://127.0.0.1:$http/waitForLatestEmail?inboxId=$(json id <<<"$inbox")&timeout=30000")
[ "$(json subject <<<"$email")" = "smoke single" ] || fail "the email read back is not the one sent: $email"
curl -sS --fail "http://127.0.0.1:$http/tls/ca.pem" | grep -q 'BEGIN CERTIFICATE' || fail "no CA at /tls/ca.pem"
podman exec "$run_id" test -s /data/pigeonhole.db || fail "no SQLite database in the volume"
stop_start=$(date +%s%N)
podman stop -t 30 "$run_id" >/dev/null 2>&1
code=$(podman inspect -f '{{.State.ExitCode}}' "$run_id")
echo "   stopped by SIGTERM in $(( ($(date +%s%N) - stop_start) / 1000000 )) ms, exit code $code"
[ "$code" = 0 ] || { podman logs "$run_id" | tail -5; fail "exit code $code after SIGTERM"; }
podman logs "$run_id" 2>&1 | grep -q '"signal":"SIGTERM"' || fail "no shutdown line for SIGTERM"
podman rm "$run_id" >/dev/null 2> >(grep -v 'systemd' >&2); podman volume rm "$run_id-data" >/dev/null

if [ -z "${POSTGRES_IMAGE:-}" ]; then
  POSTGRES_IMAGE=localhost/pigeonhole-postgres:15
  step "local PostgreSQL image $POSTGRES_IMAGE"
  podman image exists "$POSTGRES_IMAGE" ||
    podman build -q --format docker --build-arg BASE_IMAGE="$BASE_IMAGE" -t "$POSTGRES_IMAGE" scripts/container-postgres >/dev/null
fi
step "compose.yaml: PostgreSQL and two nodes"
export PIGEONHOLE_IMAGE="$image" POSTGRES_IMAGE BASE_IMAGE PIGEONHOLE_API_KEY="$key"
read -r NODE1_HTTP_PORT NODE1_SMTP_PORT NODE1_SMTPS_PORT NODE1_SMTP_SUBMISSION_PORT NODE1_IMAP_PORT NODE1_IMAPS_PORT \
  NODE2_HTTP_PORT NODE2_SMTP_PORT NODE2_SMTPS_PORT NODE2_SMTP_SUBMISSION_PORT NODE2_IMAP_PORT NODE2_IMAPS_PORT <<<"$(free_ports 12)"
export NODE1_HTTP_PORT NODE1_SMTP_PORT NODE1_SMTPS_PORT NODE1_SMTP_SUBMISSION_PORT NODE1_IMAP_PORT NODE1_IMAPS_PORT \
  NODE2_HTTP_PORT NODE2_SMTP_PORT NODE2_SMTPS_PORT NODE2_SMTP_SUBMISSION_PORT NODE2_IMAP_PORT NODE2_IMAPS_PORT
# podman-compose 1.0.3 (Debian bookworm) orders services by depends_on but ignores its
# conditions: start each service once the ones it depends on pass their health checks.
compose_started=1
for service in postgres node1 node2; do
  podman-compose -p "$project" -f compose.yaml up -d --no-build --no-deps "$service" >"$conf.compose.log" 2>&1 ||
    { cat "$conf.compose.log"; fail "podman-compose could not start $service"; }
  wait_healthy "${project}_${service}_1" 180
  echo "   $service healthy ($(( $(date +%s) - start )) s)"
done
inbox=$(api -X POST "http://127.0.0.1:$NODE1_HTTP_PORT/inboxes")
inbox_id=$(json id <<<"$inbox")
waited=$(mktemp)
api "http://127.0.0.1:$NODE2_HTTP_PORT/waitForLatestEmail?inboxId=$inbox_id&timeout=60000" >"$waited" &
waiter=$!
# The wait is held on node 2 before the mail arrives on node 1 (its LISTEN/NOTIFY brings it over).
until api "http://127.0.0.1:$NODE2_HTTP_PORT/metrics" | grep -q '^pigeonhole_waits_held 1'; do sleep 0.2; done
send_mail "$NODE1_SMTP_PORT" "$(json emailAddress <<<"$inbox")" "smoke two nodes"
wait "$waiter" || fail "the wait on node 2 failed: $(cat "$waited")"
[ "$(json subject <"$waited")" = "smoke two nodes" ] || fail "node 2 did not return the mail delivered to node 1: $(cat "$waited")"
rm -f "$waited"
[ "$(curl -sS "http://127.0.0.1:$NODE1_HTTP_PORT/tls/ca.pem")" = "$(curl -sS "http://127.0.0.1:$NODE2_HTTP_PORT/tls/ca.pem")" ] ||
  fail "the nodes serve different CAs"
api "http://127.0.0.1:$NODE2_HTTP_PORT/health" | grep -q '"database":"postgres"' || fail "node 2 is not on PostgreSQL"
step "container smoke test passed"
