#!/bin/sh
# dist_version.sh: prints the version (the file VERSION) after checking its
# form (MAJOR.MINOR.PATCH) and that include/mlpscale.h's macros say the
# same; every make dist target runs it first. Exits 1 with the mismatch.
set -eu
cd "$(dirname "$0")/.."
v=$(cat VERSION)
case "$v" in
  *[!0-9.]* | .* | *. | *..* | '') echo "dist: VERSION must be MAJOR.MINOR.PATCH, got '$v'" >&2; exit 1;;
esac
[ "$(printf '%s' "$v" | tr -cd . | wc -c)" -eq 2 ] || { echo "dist: VERSION must be MAJOR.MINOR.PATCH, got '$v'" >&2; exit 1; }
h=include/mlpscale.h
hv=$(sed -n 's/^#define MLPSCALE_VERSION  *"\(.*\)"$/\1/p' $h)
parts=$(sed -n 's/^#define MLPSCALE_VERSION_\(MAJOR\|MINOR\|PATCH\)  *\([0-9]*\)$/\2/p' $h | paste -sd. -)
[ "$hv" = "$v" ] || { echo "dist: $h says MLPSCALE_VERSION \"$hv\", VERSION says '$v'" >&2; exit 1; }
[ "$parts" = "$v" ] || { echo "dist: $h's MAJOR.MINOR.PATCH say '$parts', VERSION says '$v'" >&2; exit 1; }
printf '%s\n' "$v"
