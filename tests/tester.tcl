# tester.tcl: the test harness of mlpscale, in the form of SQLite's own.
#
#   source [file join [file dirname [info script]] tester.tcl]
#   do_execsql_test metrics-1.1 { SELECT speedup(4, 2) } {2.0}
#   do_catchsql_test metrics-1.2 { SELECT speedup('x', 2) } {1 {speedup: ...}}
#   do_test metrics-1.3 { expr {1+1} } 2
#   finish_test
#
# Every test file opens [db], an in-memory database with the freshly built
# extension loaded (./mlpscale.so, or $env(MLPSCALE_LIB) when set, which is
# how `make test-sanitize` substitutes the instrumented build; the test
# build with its hooks for a file that sets ::test_hooks, below).
# finish_test prints "N passed, N failed" and exits non-zero on any failure.

package require sqlite3

set ::testdir [file dirname [file normalize [info script]]]
set ::rootdir [file dirname $::testdir]
if {[info exists ::env(MLPSCALE_LIB)]} {
  set ::mlpscale_lib [file normalize [file join $::rootdir $::env(MLPSCALE_LIB)]]
} else {
  set ::mlpscale_lib [file join $::rootdir mlpscale.so]
}
# A file that sets ::test_hooks before sourcing this one reads the test
# hooks (MLPSCALE_TEST_*), which only a build with -DMLPSCALE_TEST_HOOKS=1
# holds: it loads $env(MLPSCALE_HOOKS_LIB) (make test: build/test/mlpscale.so;
# make test-sanitize: the sanitizer build), by default build/test/mlpscale.so.
if {[info exists ::test_hooks]} {
  if {[info exists ::env(MLPSCALE_HOOKS_LIB)]} {
    set ::mlpscale_lib [file normalize [file join $::rootdir $::env(MLPSCALE_HOOKS_LIB)]]
  } else {
    set ::mlpscale_lib [file join $::rootdir build test mlpscale.so]
  }
  if {![file exists $::mlpscale_lib]} {
    puts "! [file tail $::argv0]: no test build at $::mlpscale_lib: make build/test/mlpscale.so"
    puts "0 passed, 1 failed"
    exit 1
  }
}
set ::nPass 0
set ::nFail 0
set ::failed {}

# Open database handle NAME on FILE with the extension loaded.
proc open_db {{name db} {file :memory:}} {
  sqlite3 $name $file
  $name enable_load_extension 1
  $name eval {SELECT load_extension($::mlpscale_lib, 'sqlite3_mlpscale_init')}
  return $name
}

proc execsql {sql {db db}} { uplevel [list $db eval $sql] }

proc catchsql {sql {db db}} {
  set rc [catch {uplevel [list $db eval $sql]} msg]
  list $rc $msg
}

proc do_test {name script expected} {
  # A name names one test: a second test of the same name would hide which
  # one failed.
  if {[info exists ::testnames($name)]} {
    incr ::nFail
    lappend ::failed $name
    puts "! $name: a test of this name has already run"
    return
  }
  set ::testnames($name) 1
  set rc [catch {uplevel 1 $script} result]
  if {$rc == 1} {
    set result "error: $result"
  }
  if {$rc == 1 || $result ne $expected} {
    incr ::nFail
    lappend ::failed $name
    puts "! $name"
    puts "!   expected: \[$expected\]"
    puts "!   got:      \[$result\]"
  } else {
    incr ::nPass
  }
}

# Compares as lists, as SQLite's own do_execsql_test does.
proc do_execsql_test {name sql expected} {
  uplevel 1 [list do_test $name [list execsql_list $sql] [list {*}$expected]]
}
proc execsql_list {sql} { list {*}[uplevel 1 [list db eval $sql]] }

proc do_catchsql_test {name sql expected} {
  uplevel 1 [list do_test $name [list catchsql $sql] [list {*}$expected]]
}

# Skip a group of tests with a message the runner shows.
proc skip_test {what why} {
  puts "skipped: $what ($why)"
}

# Absolute path of a file under tests/.
proc testfile {args} { file join $::testdir {*}$args }

proc finish_test {} {
  catch {db close}
  puts "$::nPass passed, $::nFail failed"
  if {$::nFail} { puts "failed: $::failed" }
  exit [expr {$::nFail ? 1 : 0}]
}

open_db db

# A SQL script of sql/ as the sqlite3 shell reads it, as one SQL text:
# each `.read FILE` line (relative to the repository root, as the shipped
# scripts are run from it) replaced by that file's text, other dot-commands
# dropped. The shipped rounds read sql/schema.sql, which reads the model.
proc shell_sql {file} {
  set out {}
  set f [open [file join $::rootdir $file]]
  set text [read $f]
  close $f
  foreach line [split $text \n] {
    if {[regexp {^\.read (\S+)} $line -> sub]} {
      append out [shell_sql $sub]
    } elseif {![string match .* $line]} {
      append out $line\n
    }
  }
  return $out
}
