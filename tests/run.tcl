# run.tcl: runs test files, each in its own tclsh so that one file that
# errors cannot hide the others, and ends with one line: "N passed,
# N failed", or "N passed, N failed, K skipped" when K > 0 (K counts the
# "skipped: ..." lines the files print, each naming what is missing and how
# to get it). Exits non-zero when a test fails or a test file errors (exits
# without its summary line); skips alone do not fail the run.
#
#   tclsh tests/run.tcl [--jobs N] [--tier fast|check] [FILE ...]
#
# --tier fast: the files of the fast tier (make test): every tests/*.test
#   but those whose first lines hold "# tier: check" (data-scale files,
#   builds, hosts, cross-checks against outside programs).
# --tier check (the default): every tests/*.test (make check), those of the
#   check tier first. Within a tier, files whose first lines hold "# long"
#   start first, so that parallel jobs end together.
# FILE ...: these files instead.
# --jobs N: N files at a time (default 1). Each file's lines are printed
#   together when it ends, and the files' summaries in the order given,
#   each with the seconds the file ran (wall clock, shown, never checked:
#   which files a tier's time goes to).
set testdir [file dirname [file normalize [info script]]]
# A make a test runs is a user's own, not a child of the make that runs the
# tests (under make -j, it would warn that it has no jobserver).
foreach v {MAKEFLAGS MFLAGS MAKELEVEL} { unset -nocomplain env($v) }
set jobs 1
set tier check
set named {}
for {set i 0} {$i < [llength $argv]} {incr i} {
  set a [lindex $argv $i]
  switch -- $a {
    --jobs { set jobs [lindex $argv [incr i]] }
    --tier { set tier [lindex $argv [incr i]] }
    default { lappend named [file normalize $a] }
  }
}
if {![string is integer -strict $jobs] || $jobs < 1} {
  puts stderr "run.tcl: --jobs must be a positive integer, got '$jobs'"
  exit 2
}
if {$tier ni {fast check}} {
  puts stderr "run.tcl: --tier must be fast or check, got '$tier'"
  exit 2
}

# The tier a file declares in its first 20 lines ("# tier: check"), else fast.
proc file_tier {path} {
  set f [open $path]
  set head {}
  for {set i 0} {$i < 20 && [gets $f line] >= 0} {incr i} { lappend head $line }
  close $f
  foreach line $head {
    if {[regexp {^# tier: (\S*)} $line -> t]} {
      if {$t ni {fast check}} {
        puts stderr "run.tcl: [file tail $path] names the tier '$t': fast or check"
        exit 2
      }
      return $t
    }
  }
  return fast
}

# 1 when a file says "# long" in its first 20 lines.
proc file_long {path} {
  set f [open $path]
  set long 0
  for {set i 0} {$i < 20 && [gets $f line] >= 0} {incr i} {
    if {[string trim $line] eq "# long"} { set long 1 }
  }
  close $f
  return $long
}

if {[llength $named]} {
  set files $named
} else {
  # The check tier's own files (the long ones) first, so that parallel
  # jobs end together.
  # Within each tier, the files that say "# long" in their first lines
  # (the fast tier's longest) start first, for the same reason.
  set files {}
  set fast {}
  foreach f [lsort [glob -directory $testdir *.test]] {
    if {[file_tier $f] eq "fast"} { lappend fast $f } elseif {$tier eq "check"} { lappend files $f }
  }
  set long {}
  set rest {}
  foreach f $fast {
    if {[file_long $f]} { lappend long $f } else { lappend rest $f }
  }
  lappend files {*}$long {*}$rest
}
set tclsh [info nameofexecutable]

# Start file i: its output (stdout and stderr together) is read through a
# pipe; done($i) is set when the pipe closes.
proc start {i} {
  global files tclsh out t0
  set out($i) ""
  set t0($i) [clock milliseconds]
  set chan [open |[list $tclsh [lindex $files $i] 2>@1] r]
  fconfigure $chan -blocking 0 -translation auto
  fileevent $chan readable [list collect $i $chan]
}
proc collect {i chan} {
  global out done rcs t0 secs
  append out($i) [read $chan]
  if {[eof $chan]} {
    fconfigure $chan -blocking 1
    set rcs($i) [catch {close $chan}]
    set secs($i) [expr {([clock milliseconds] - $t0($i))/1000.0}]
    set done($i) 1
    incr ::nDone
  }
}

set nPass 0
set nFail 0
set nSkip 0
set broken {}
# Report file i (its lines of interest and its summary).
proc report {i} {
  global files out rcs nPass nFail nSkip broken secs
  set name [file tail [lindex $files $i]]
  set summary ""
  foreach line [split $out($i) \n] {
    if {[regexp {^(\d+) passed, (\d+) failed$} $line -> p n]} {
      set summary [list $p $n]
    } elseif {[string match "skipped: *" $line]} {
      puts "$name: $line"
      incr nSkip
    } elseif {[string match "!*" $line]
              || [string match "failed: *" $line]} {
      puts "$name: $line"
    }
  }
  if {$summary eq ""} {
    puts "$name: ERROR (no summary line)"
    puts $out($i)
    lappend broken $name
    incr nFail
    return
  }
  lassign $summary p n
  incr nPass $p
  incr nFail $n
  puts [format "%-24s %5d passed, %d failed %7.1f s" $name $p $n $secs($i)]
  if {$rcs($i) && $n == 0} {
    puts "$name: ERROR (exited non-zero)"
    puts $out($i)
    lappend broken $name
    incr nFail
  }
  flush stdout
}

# Keep up to $jobs files running; report them in the order given, each as
# soon as it and every file before it have ended.
set next 0
set nDone 0
set shown 0
set n [llength $files]
while {$shown < $n} {
  while {$next - $nDone < $jobs && $next < $n} {
    start $next
    incr next
  }
  vwait nDone
  while {$shown < $n && [info exists done($shown)]} {
    report $shown
    unset out($shown)
    incr shown
  }
}
if {[llength $broken]} { puts "test files that errored: $broken" }
if {$nSkip} {
  puts "$nPass passed, $nFail failed, $nSkip skipped"
} else {
  puts "$nPass passed, $nFail failed"
}
exit [expr {$nFail ? 1 : 0}]
