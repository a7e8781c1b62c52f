#!/usr/bin/env bash
# make test-cluster: three replicas of bin/waymark-server behind HAProxy on
# loopback ports, a mixed load (search, reverse, directions, 25x25 matrix)
# for LOAD_SECONDS (60), and meanwhile: SIGTERM to replica 1 at 15 s and
# its restart at 25 s; a new pack file renamed over replica 2's at 35 s,
# then SIGHUP. Reports requests, failed requests (target 0), p50/p99, the
# exit status of the stopped replica, and memory per replica (RSS, and PSS,
# which splits shared pages among the processes that map them).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=$ROOT/bin/waymark-server
PACK=${PACK:-$ROOT/var/testpacks/liechtenstein.waymark}
SECONDS_LOAD=${LOAD_SECONDS:-60}
TOKEN=cluster-test
WORK=$(mktemp -d /tmp/waymark-cluster.XXXXXX)
PIDS=()
cleanup() {
	for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$WORK"
}
trap cleanup EXIT

# One pack directory per replica; the files are hard links of one pack, so
# the replicas read the same inode (shared page cache) until one is swapped.
for i in 1 2 3; do
	mkdir -p "$WORK/r$i"
	ln "$PACK" "$WORK/r$i/region.waymark" 2>/dev/null || cp "$PACK" "$WORK/r$i/region.waymark"
done
declare -A RPID
start_replica() {
	"$BIN" serve -addr "127.0.0.1:809$1" -token "$TOKEN" -drain-delay 2 "$WORK/r$1" >>"$WORK/r$1.log" 2>&1 &
	RPID[$1]=$!
	PIDS+=("$!")
}
wait_ready() {
	for _ in $(seq 600); do
		curl -sf "http://127.0.0.1:809$1/readyz" >/dev/null && return 0
		sleep 0.1
	done
	echo "replica $1 not ready"; cat "$WORK/r$1.log"; exit 1
}
for i in 1 2 3; do start_replica "$i"; done
for i in 1 2 3; do wait_ready "$i"; done
sed 's/^    log stdout.*//' "$ROOT/packaging/server/haproxy.cfg" >"$WORK/haproxy.cfg"
haproxy -f "$WORK/haproxy.cfg" -db >"$WORK/haproxy.log" 2>&1 &
PIDS+=("$!")
for _ in $(seq 100); do curl -sf "http://127.0.0.1:8080/healthz" >/dev/null && break; sleep 0.1; done

(cd "$ROOT" && go run ./internal/loadbench -addr 127.0.0.1:8080 -token "$TOKEN" -duration "${SECONDS_LOAD}s" \
	-clients 8 -kinds search,reverse,directions,matrix25) >"$WORK/load.txt" 2>&1 &
LOAD=$!
sleep 15
kill -TERM "${RPID[1]}"
set +e; wait "${RPID[1]}"; STOPPED=$?; set -e
echo "replica 1 stopped by SIGTERM with exit status $STOPPED"
sleep 10
start_replica 1
wait_ready 1
echo "replica 1 restarted and ready"
sleep 10
cp "$PACK" "$WORK/r2/.region.waymark.new" && mv "$WORK/r2/.region.waymark.new" "$WORK/r2/region.waymark"
kill -HUP "${RPID[2]}"
sleep 2
grep -q "reloaded" "$WORK/r2.log" && echo "replica 2 reloaded its swapped pack" || { echo "replica 2 did not reload"; cat "$WORK/r2.log"; }
mem() {
	local pid=$1 rss pss
	rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")
	pss=$(awk '/^Pss:/ {print $2}' "/proc/$pid/smaps_rollup")
	echo "$((rss / 1024)) MB RSS, $((pss / 1024)) MB PSS"
}
for i in 1 2 3; do echo "replica $i: $(mem "${RPID[$i]}")"; done
wait "$LOAD"
cat "$WORK/load.txt"
FAILED=$(awk '/^8 +all/ {print $4}' "$WORK/load.txt")
echo "failed requests: ${FAILED:-unknown}"
[ "$STOPPED" = 0 ] && [ "${FAILED:-1}" = 0 ]
