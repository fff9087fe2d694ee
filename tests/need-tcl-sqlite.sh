#!/bin/sh
# Makes sure the Tcl interpreter given as $1 has the sqlite3 package:
# installs Debian's libsqlite3-tcl when it can (root and apt-get), otherwise
# stops with a message naming the package.
tclsh=${1:-tclsh}
have() { echo 'if {[catch {package require sqlite3}]} {exit 1}' | "$tclsh" >/dev/null 2>&1; }
have && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "tests: the Tcl sqlite3 package is missing; installing Debian's libsqlite3-tcl" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q libsqlite3-tcl >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null 2>&1 &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q libsqlite3-tcl >/dev/null 2>&1; }
  have && exit 0
fi
echo "tests: the Tcl package sqlite3 is missing; install Debian's libsqlite3-tcl (apt-get install libsqlite3-tcl)" >&2
exit 1
