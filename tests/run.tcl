# run.tcl: runs every tests/*.test (or those named on the command line),
# each in its own tclsh so that one file that errors cannot hide the others,
# and ends with one line: "N passed, N failed", or "N passed, N failed,
# K skipped" when K > 0 (K counts the "skipped: ..." lines the files print,
# each naming what is missing and how to get it). Exits non-zero when a test
# fails or a test file errors (exits without its summary line); skips alone
# do not fail the run.
set testdir [file dirname [file normalize [info script]]]
set files [lsort [glob -directory $testdir *.test]]
if {[llength $argv]} {
  set files {}
  foreach a $argv { lappend files [file normalize $a] }
}
set tclsh [info nameofexecutable]
set nPass 0
set nFail 0
set nSkip 0
set broken {}
foreach f $files {
  set name [file tail $f]
  set rc [catch {exec $tclsh $f 2>@1} out opts]
  set summary ""
  foreach line [split $out \n] {
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
    puts $out
    lappend broken $name
    incr nFail
    continue
  }
  lassign $summary p n
  incr nPass $p
  incr nFail $n
  puts [format "%-24s %5d passed, %d failed" $name $p $n]
  if {$rc && $n == 0} {
    puts "$name: ERROR (exited non-zero)"
    puts $out
    lappend broken $name
    incr nFail
  }
}
if {[llength $broken]} { puts "test files that errored: $broken" }
if {$nSkip} {
  puts "$nPass passed, $nFail failed, $nSkip skipped"
} else {
  puts "$nPass passed, $nFail failed"
}
exit [expr {$nFail ? 1 : 0}]
