# chromium.tcl: headless Chromium for the tests, with one command line: the
# flags of tests/chromium.args (read by tests/web/page.js too), a profile of
# the test's own, and the sanitizer variables of make test-sanitize removed
# from its environment (Chromium is not built with them).
#
#   chromium_missing         "" when Chromium is here, else the skip reason
#   exec_clean ARG...        exec without the sanitizer variables
#   chromium PROFILE ARG...  runs it on ARG... (e.g. --dump-dom file://...)
#                            for at most 120 s; returns its standard output
#                            (with an error's message when it fails)
set ::chromium_exe ""
if {[info exists ::env(CHROMIUM)]} {
  set ::chromium_exe $::env(CHROMIUM)
} else {
  foreach c {chromium chromium-browser} {
    if {[auto_execok $c] ne ""} { set ::chromium_exe [lindex [auto_execok $c] 0]; break }
  }
}
proc chromium_missing {} {
  if {$::chromium_exe ne "" && [file executable $::chromium_exe]} { return "" }
  return "chromium is not installed (Debian package chromium)"
}
proc chromium_args {} {
  set fd [open [file join [file dirname [info script]] chromium.args]]
  set args [split [string trim [read $fd]] \n]
  close $fd
  return $args
}
set ::chromium_args [chromium_args]
# exec without the sanitizer runtimes make test-sanitize preloads into
# tclsh (a program not built with them must not inherit them).
proc exec_clean {args} {
  set saved {}
  foreach v {LD_PRELOAD ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS} {
    if {[info exists ::env($v)]} { lappend saved $v $::env($v); unset ::env($v) }
  }
  set rc [catch {exec {*}$args} out opts]
  foreach {v val} $saved { set ::env($v) $val }
  return -options $opts $out
}
proc chromium {profile args} {
  catch {exec_clean timeout 120 $::chromium_exe {*}$::chromium_args \
             --user-data-dir=$profile {*}$args 2>/dev/null} out
  return $out
}
