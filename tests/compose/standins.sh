#!/usr/bin/env bash
# Local stand-ins for the base images docker-compose.yml and the Dockerfile name (python, postgres,
# redis, nginx), for machines where no registry can serve them: Debian bookworm from the machine's
# own apt mirror (debootstrap), one package set per image, with an entrypoint that behaves as the
# official image's does where the stack relies on it (POSTGRES_* variables, a protected-mode-free
# redis, nginx in the foreground). Each is imported with `docker import` as
# warboard-standin/<name>:bookworm. An image that is already there is left alone.
#
#   tests/compose/standins.sh            # builds the missing ones
#   tests/compose/standins.sh --names    # prints the variables that point compose at them
set -euo pipefail

PREFIX=warboard-standin
declare -A PACKAGES=(
  [python]="python3 python3-venv python-is-python3"
  [postgres]="postgresql-15"
  [redis]="redis-server"
  [nginx]="nginx-light"
)

if [ "${1:-}" = --names ]; then
  echo "PYTHON_IMAGE=$PREFIX/python:bookworm"
  echo "POSTGRES_IMAGE=$PREFIX/postgres:bookworm"
  echo "REDIS_IMAGE=$PREFIX/redis:bookworm"
  echo "NGINX_IMAGE=$PREFIX/nginx:bookworm"
  exit 0
fi

here="$(cd "$(dirname "$0")" && pwd)"
missing=()
for name in python postgres redis nginx; do
  docker image inspect "$PREFIX/$name:bookworm" >/dev/null 2>&1 || missing+=("$name")
done
[ ${#missing[@]} -eq 0 ] && exit 0

[ "$(id -u)" = 0 ] || { echo "standins.sh: debootstrap and chroot need root" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "standins.sh: needs debootstrap (apt-get install debootstrap)" >&2; exit 1; }
# the machine's own Debian mirror: the first "URIs:" (deb822) or "deb" line that is not security's
mirror="$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null \
  | sed -nE 's/^(URIs:|deb)[[:space:]]+(\[[^]]*\][[:space:]]+)?([^[:space:]]+).*/\3/p' \
  | grep -v -e security -e '^cdrom' | head -n1 || true)"
mirror="${mirror:-http://deb.debian.org/debian}"

work="$(mktemp -d /var/tmp/warboard-standin.XXXXXX)"
cleanup() {
  for m in "$work"/*/proc; do mountpoint -q "$m" && umount "$m"; done
  rm -rf "$work"
}
trap cleanup EXIT
cache="${WARBOARD_STANDIN_CACHE:-/var/cache/warboard-standin}"
mkdir -p "$cache"

base="$cache/bookworm-minbase.tar"  # debootstrap once; each image starts from a copy
if [ ! -s "$base" ]; then
  echo "standins: debootstrap bookworm (minbase) from $mirror"
  debootstrap --variant=minbase --cache-dir="$cache" bookworm "$work/base" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
  tar --numeric-owner -C "$work/base" -cf "$base.part" . && mv "$base.part" "$base"
  rm -rf "$work/base"
fi

for name in "${missing[@]}"; do
  root="$work/$name"
  mkdir "$root" && tar -C "$root" -xf "$base"
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"  # no service starts while installing
  chmod +x "$root/usr/sbin/policy-rc.d"
  mkdir -p "$root/etc/postgresql-common"
  echo "create_main_cluster = false" >"$root/etc/postgresql-common/createcluster.conf"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  mount -t proc proc "$root/proc"
  echo "standins: $PREFIX/$name:bookworm (${PACKAGES[$name]})"
  chroot "$root" /bin/sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends ${PACKAGES[$name]} >/dev/null && apt-get clean && rm -rf /var/lib/apt/lists/*"
  umount "$root/proc"
  rm -f "$root/usr/sbin/policy-rc.d" "$root/etc/resolv.conf"
  # the image's settings as the official image has them (docker import cannot set STOPSIGNAL)
  case "$name" in
    python)
      settings='CMD ["python3"]' ;;
    postgres)
      install -m 0755 "$here/standin-postgres.sh" "$root/usr/local/bin/docker-entrypoint.sh"
      settings='ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
STOPSIGNAL SIGINT
EXPOSE 5432' ;;
    redis)
      install -m 0755 "$here/standin-redis.sh" "$root/usr/local/bin/docker-entrypoint.sh"
      settings='ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["redis-server"]
EXPOSE 6379' ;;
    nginx)
      ln -sf /dev/stdout "$root/var/log/nginx/access.log"
      ln -sf /dev/stderr "$root/var/log/nginx/error.log"
      settings='CMD ["nginx", "-g", "daemon off;"]
STOPSIGNAL SIGQUIT
EXPOSE 80' ;;
  esac
  tar --numeric-owner -C "$root" -cf - . | docker import - "$PREFIX/$name:import" >/dev/null
  printf 'FROM %s\n%s\n' "$PREFIX/$name:import" "$settings" | docker build -q -t "$PREFIX/$name:bookworm" - >/dev/null
  docker rmi "$PREFIX/$name:import" >/dev/null
  rm -rf "$root"
done
docker image ls "$PREFIX/*"
