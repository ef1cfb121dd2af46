#!/bin/sh
# Container entrypoint (see Dockerfile). Started as root, it hands DATA_DIR to the `node`
# user — a host directory bind-mounted there (./data:/data) is created by Docker as root —
# and then runs the command as `node`. Started with --user already, it runs the command as is.
set -eu

data_dir="${DATA_DIR:-/data}"
if [ "$(id -u)" = "0" ]; then
  mkdir -p "$data_dir"
  # Only when needed: a recursive chown of a large data directory on every start is slow.
  if [ "$(stat -c %U "$data_dir")" != "node" ]; then
    chown -R node:node "$data_dir"
  fi
  exec setpriv --reuid=node --regid=node --init-groups -- "$@"
fi
exec "$@"
