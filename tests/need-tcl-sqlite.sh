#!/bin/sh
# Makes sure the Tcl interpreter given as $1 exists and has the sqlite3
# package: installs Debian's tcl and libsqlite3-tcl when it can (root and
# apt-get), otherwise stops with a message naming the missing package.
tclsh=${1:-tclsh}
have_tclsh() { command -v "$tclsh" >/dev/null 2>&1; }
have() { echo 'if {[catch {package require sqlite3}]} {exit 1}' | "$tclsh" >/dev/null 2>&1; }
have && exit 0
if have_tclsh; then missing=libsqlite3-tcl; else missing="tcl libsqlite3-tcl"; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "tests: installing Debian's $missing (the Tcl test harness)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q $missing >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q $missing >/dev/null 2>&1; }
  have && exit 0
fi
if have_tclsh; then
  echo "tests: $tclsh has no sqlite3 package; install Debian's libsqlite3-tcl (apt-get install libsqlite3-tcl)" >&2
else
  echo "tests: $tclsh is not installed; install Debian's tcl and libsqlite3-tcl (apt-get update && apt-get install tcl libsqlite3-tcl)" >&2
fi
exit 1
