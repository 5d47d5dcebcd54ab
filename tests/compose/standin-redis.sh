#!/bin/sh
# The redis stand-in's entrypoint, after the official image's: redis-server runs as the redis user
# without protected mode (the compose network is its only way in).
set -eu
if [ "$1" = redis-server ]; then
  set -- "$@" --protected-mode no
  cd /var/lib/redis
  exec setpriv --reuid=redis --regid=redis --init-groups "$@"
fi
exec "$@"
