#!/bin/sh
# dist_deb.sh: the Debian package build/dist/mlpscale_<version>_<arch>.deb
# (make dist-deb), a native package built with dpkg-deb: what make install
# writes with PREFIX=/usr (the header, sql/, docs/), the library moved to the
# multiarch folder the dynamic loader searches (/usr/lib/<multiarch>/
# libmlpscale.so, stripped, so that `.load libmlpscale` works by name; an
# ldconfig trigger refreshes the loader's cache on install and removal) with
# its pkg-config file beside it, build/mlperf.db (make db) as
# /usr/share/mlpscale/mlperf.db, and the copyright and changelog Debian asks
# for. Depends from dpkg-shlibdeps; every file dated SOURCE_DATE_EPOCH.
set -eu
cd "$(dirname "$0")/.."
v=$(sh tool/dist_version.sh)
for c in dpkg-deb:dpkg dpkg-architecture:dpkg-dev dpkg-shlibdeps:dpkg-dev strip:binutils gzip:gzip; do
  command -v "${c%%:*}" >/dev/null 2>&1 || { echo "make dist-deb: needs ${c%%:*} (apt-get install ${c#*:})" >&2; exit 1; }
done
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
multi=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
epoch=${SOURCE_DATE_EPOCH:-315532800}
stage=build/dist/deb-src
root=$stage/root
deb=build/dist/mlpscale_${v}_$arch.deb
rm -rf "$stage" "$deb"
mkdir -p "$root"
root_abs=$(cd "$root" && pwd)
${MAKE:-make} --no-print-directory -s install DESTDIR="$root_abs" PREFIX=/usr >/dev/null

lib=$root/usr/lib/$multi
mkdir -p "$lib/pkgconfig"
mv "$root/usr/lib/libmlpscale.so" "$lib/libmlpscale.so"
chmod 644 "$lib/libmlpscale.so"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$lib/libmlpscale.so"
sed "s|^libdir=\${prefix}/lib\$|libdir=\${prefix}/lib/$multi|" "$root/usr/lib/pkgconfig/mlpscale.pc" > "$lib/pkgconfig/mlpscale.pc"
grep -qx "libdir=\${prefix}/lib/$multi" "$lib/pkgconfig/mlpscale.pc" || {
  echo "make dist-deb: the pkg-config file make install wrote has no line libdir=\${prefix}/lib" >&2; exit 1; }
rm "$root/usr/lib/pkgconfig/mlpscale.pc"
rmdir "$root/usr/lib/pkgconfig"
install -m 644 build/mlperf.db "$root/usr/share/mlpscale/mlperf.db"

doc=$root/usr/share/doc/mlpscale
mkdir -p "$doc"
install -m 644 dist/debian/copyright "$doc/copyright"
{ printf 'mlpscale (%s) unstable; urgency=medium\n\n' "$v"
  printf '  * Release %s: see /usr/share/mlpscale/docs/CHANGELOG.md.\n\n' "$v"
  printf ' -- %s  %s\n' "$(sed -n 's/^Maintainer: //p' dist/debian/control)" \
    "$(LC_ALL=C date -u -R -d "@$epoch")"; } | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# dpkg-shlibdeps reads the source package's name from debian/control.
mkdir -p "$stage/debian"
printf 'Source: mlpscale\n\nPackage: mlpscale\nArchitecture: any\n' > "$stage/debian/control"
depends=$(cd "$stage" && dpkg-shlibdeps -O "root/usr/lib/$multi/libmlpscale.so" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make dist-deb: dpkg-shlibdeps found no dependency of libmlpscale.so" >&2; exit 1; }

mkdir -p "$root/DEBIAN"
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) > "$root/DEBIAN/md5sums"
echo 'activate-noawait ldconfig' > "$root/DEBIAN/triggers"
size=$(du -s -k --apparent-size "$root/usr" | cut -f1)
sed -e "s/@VERSION@/$v/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
  dist/debian/control > "$root/DEBIAN/control"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums" "$root/DEBIAN/triggers"
find "$root" -type d -exec chmod 755 {} +
find "$root" -exec touch -h -d "@$epoch" {} +
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
ls "$deb"
