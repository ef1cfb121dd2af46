#!/usr/bin/env bash
# OpenStack Swift (Debian 12's 2.30) with its s3api middleware: a real, strict S3-protocol
# server for the storage tests (issue 3). One replica, everything on 127.0.0.1.
# S3 credentials: access key 'test:tester', secret 'testing', region us-east-1, path-style.
#
# Needs: apt-get install -y --no-install-recommends swift-proxy swift-object swift-container swift-account
# Usage: scripts/swift-s3.sh DIR
#   DIR is wiped and holds the config, data, logs and pid files.
#   PORT (S3 endpoint, default 8085) and ACCOUNT_PORT/CONTAINER_PORT/OBJECT_PORT (the
#   internal servers, default 6202/6201/6200) may be set, so several instances can run.
# Stop:  kill $(cat DIR/run/*.pid)
#
# Notes:
# - Debian's swift modules live under /usr/bin/python3; a python3 earlier on PATH may lack them.
# - 'user = root' is needed when running as root (and harmless otherwise: Swift only
#   switches user when it runs as root); the 'cache' filter must be in the proxy pipeline
#   (memcached itself is optional: Swift only logs that it is absent).
# - memcached, when installed (apt-get install -y memcached), is started beside the servers
#   on a free port of its own (MEMCACHE_PORT to choose it) and named in the 'cache' filter:
#   the proxy then remembers account and container info instead of asking the account and
#   container servers on every object request, which halves Swift's CPU per S3 request
#   (about 25 ms → 12 ms here). Each Swift gets its own: two sharing one would read each
#   other's cached buckets. Without it everything works, only slower.
# - Only warnings are logged and requests are not: logging every request cost about a
#   tenth of Swift's CPU. log/*.log (-v: the console, as there is no syslog) and
#   start-errors.txt still hold what failed.
# - Swift's s3api demands Content-MD5 on DeleteObjects; the AWS SDK v3 sends CRC32 unless
#   told to compute checksums only when required (storage/s3-client.ts does).
set -euo pipefail
S=${1:?usage: swift-s3.sh DIR}
PORT=${PORT:-8085}
ACCOUNT_PORT=${ACCOUNT_PORT:-6202}
CONTAINER_PORT=${CONTAINER_PORT:-6201}
OBJECT_PORT=${OBJECT_PORT:-6200}
export PATH=/usr/bin:$PATH
if ! command -v swift-proxy-server >/dev/null || ! command -v swift-ring-builder >/dev/null; then
  echo "Swift is not installed. Run (as root):" >&2
  echo "  apt-get install -y --no-install-recommends swift-proxy swift-object swift-container swift-account" >&2
  exit 127
fi
if command -v memcached >/dev/null && [[ -z "${MEMCACHE_PORT:-}" ]]; then
  MEMCACHE_PORT=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
fi
RUN_USER=$(id -un)
rm -rf "$S"; mkdir -p "$S/etc" "$S/srv/d1" "$S/run" "$S/log"; cd "$S/etc"
# The three rings (one device each) in one Python process: swift-ring-builder's create,
# add and rebalance are nine processes that each import Swift, 11 s of a start of 21.
/usr/bin/python3 - "$ACCOUNT_PORT" "$CONTAINER_PORT" "$OBJECT_PORT" <<'PY'
import sys
from swift.common.ring import RingBuilder
for name, port in zip(("account", "container", "object"), sys.argv[1:]):
    builder = RingBuilder(4, 1, 1)  # part power, replicas, min_part_hours
    builder.add_dev({"id": 0, "region": 1, "zone": 1, "ip": "127.0.0.1", "port": int(port),
                     "device": "d1", "weight": 1})
    builder.rebalance()
    builder.get_ring().save(f"{name}.ring.gz")
    builder.save(f"{name}.builder")
PY
for r in "account:$ACCOUNT_PORT" "container:$CONTAINER_PORT" "object:$OBJECT_PORT"; do
  n=${r%%:*}; p=${r##*:}
  printf '[DEFAULT]\nuser = %s\ndevices = %s/srv\nmount_check = false\nbind_ip = 127.0.0.1\nbind_port = %s\nworkers = 1\nswift_dir = %s/etc\n[pipeline:main]\npipeline = %s-server\n[app:%s-server]\nuse = egg:swift#%s\n' \
    "$RUN_USER" "$S" "$p" "$S" "$n" "$n" "$n" > "$n-server.conf"
done
cat > proxy-server.conf <<CONF
[DEFAULT]
user = $RUN_USER
bind_ip = 127.0.0.1
bind_port = $PORT
workers = 1
log_level = WARNING
swift_dir = $S/etc
[pipeline:main]
pipeline = catch_errors gatekeeper cache listing_formats bulk s3api tempauth copy slo dlo proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
# One device of each kind on a busy 2-core machine: a backend slow to accept (0.5 s by
# default) counts as an error, and ten in a minute took the only object server out of use
# for a minute, every request a 503 "Please reduce your request rate". Wait longer and
# never take the only node out.
conn_timeout = 5
node_timeout = 60
error_suppression_limit = 1000000
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:cache]
use = egg:swift#memcache
${MEMCACHE_PORT:+memcache_servers = 127.0.0.1:$MEMCACHE_PORT}
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:bulk]
use = egg:swift#bulk
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
CONF
if [[ -n "${MEMCACHE_PORT:-}" ]]; then
  # In the foreground of its own nohup, like the servers: the caller's stop reaches it.
  nohup memcached -u "$RUN_USER" -l 127.0.0.1 -p "$MEMCACHE_PORT" -U 0 -m 64 > "$S/log/memcached.log" 2>&1 < /dev/null &
  echo $! > "$S/run/memcached.pid"
fi
for n in account container object proxy; do
  nohup "swift-$n-server" "$S/etc/$n-server.conf" -v > "$S/log/$n.log" 2>&1 < /dev/null &
  echo $! > "$S/run/$n.pid"
done
# Ready when the proxy answers /info and the account, container and object servers accept
# connections: the proxy alone answers first, and an S3 request sent then (a CreateBucket)
# gets 503 "Please reduce your request rate" from a backend not yet listening.
# (python3 comes with Swift; curl may be absent.)
answers() {
  /usr/bin/python3 - "$PORT" "$ACCOUNT_PORT" "$CONTAINER_PORT" "$OBJECT_PORT" 2>/dev/null <<'PY'
import socket, sys, urllib.request
proxy, *backends = sys.argv[1:]
urllib.request.urlopen(f"http://127.0.0.1:{proxy}/info", timeout=2)
for port in backends:
    socket.create_connection(("127.0.0.1", int(port)), timeout=2).close()
PY
}
for _ in $(seq 1 240); do answers && break; sleep 0.25; done
answers || { echo "swift did not start; see $S/log" >&2; exit 1; }
echo "Swift s3api ready on http://127.0.0.1:$PORT (access test:tester, secret testing)"
