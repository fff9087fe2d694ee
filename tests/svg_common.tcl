# svg_common.tcl: helpers shared by the svg_plot tests (tests/svg*.test),
# sourced after tester.tcl.
#
#   svg_eval SQL          run SQL returning one SVG document; the document is
#                         also written to a temp file for svg_validate_all
#   svg_ticks SVG x|y     the tick labels of an axis, in drawing order
#   svg_texts SVG class   the text of every <text class="CLASS">
#   svg_validate_all      one do_test: every document passes xmllint --noout
#                         (xmllint installed from Debian's libxml2-utils when
#                         missing and we are root; else skipped with a message)

set ::svg_tmpdir [file join [expr {[info exists ::env(TMPDIR)] ? $::env(TMPDIR) : "/tmp"}] \
                      svgtest-[pid]-[clock clicks]]
file mkdir $::svg_tmpdir
set ::svg_files {}

proc svg_write {svg {name ""}} {
  if {$name eq ""} { set name doc[llength $::svg_files] }
  set f [file join $::svg_tmpdir $name.svg]
  set fd [open $f w]
  fconfigure $fd -encoding utf-8 -translation lf
  puts -nonewline $fd $svg
  close $fd
  lappend ::svg_files $f
  return $f
}

proc svg_eval {sql {db db}} {
  set svg [uplevel 1 [list $db onecolumn $sql]]
  svg_write $svg
  return $svg
}

# Text content with tags (superscript tspans) removed and entities decoded.
proc svg_plain {s} {
  regsub -all {<[^>]*>} $s {} s
  string map {&lt; < &gt; > &quot; \" &apos; ' &amp; &} $s
}

proc svg_texts {svg class} {
  set out {}
  set re "<text class=\"$class\"\[^>\]*>((?:\[^<\]|<tspan\[^>\]*>|</tspan>)*)</text>"
  foreach {- body} [regexp -all -inline $re $svg] {
    lappend out [svg_plain $body]
  }
  return $out
}

proc svg_ticks {svg axis} {
  set out {}
  foreach t [svg_texts $svg tick-$axis] {
    # 2<tspan>30</tspan> reads as 2^30
    lappend out $t
  }
  return $out
}

# Labels with superscripts kept as base^exp.
proc svg_ticks_sup {svg axis} {
  set out {}
  set re "<text class=\"tick-$axis\"\[^>\]*>((?:\[^<\]|<tspan\[^>\]*>|</tspan>)*)</text>"
  foreach {- body} [regexp -all -inline $re $svg] {
    regsub {<tspan[^>]*>(.*)</tspan>} $body {^\1} body
    lappend out [svg_plain $body]
  }
  return $out
}

# The markers of the data (legend swatches excluded), as a list of tags.
proc svg_marks {svg} {
  set out {}
  foreach g [regexp -all -inline {<g class="series"[^>]*>(?:[^<]|<(?!/g>))*</g>} $svg] {
    lappend out {*}[regexp -all -inline {<(?:circle|rect|path)[^>]*>} $g]
  }
  return $out
}

proc svg_have_xmllint {} {
  if {[auto_execok xmllint] ne ""} { return 1 }
  if {[catch {exec id -u} uid] || $uid != 0 || [auto_execok apt-get] eq ""} {
    return 0
  }
  puts "tests: xmllint is missing; installing Debian's libxml2-utils"
  set ::env(DEBIAN_FRONTEND) noninteractive
  if {[catch {exec apt-get install -y -q libxml2-utils >/dev/null 2>@1}]} {
    catch {exec apt-get update -q >/dev/null 2>@1}
    catch {exec apt-get install -y -q libxml2-utils >/dev/null 2>@1}
  }
  auto_reset
  return [expr {[auto_execok xmllint] ne ""}]
}

proc svg_validate_all {name} {
  if {![svg_have_xmllint]} {
    skip_test "$name: xmllint --noout on [llength $::svg_files] documents" \
        "xmllint missing and cannot install libxml2-utils (not root or no apt-get)"
    return
  }
  do_test $name {
    set bad {}
    foreach chunk [svg_chunks $::svg_files 200] {
      set env {}
      if {[info exists ::env(LD_PRELOAD)]} { set env [list env -u LD_PRELOAD] }
      if {[catch {exec {*}$env xmllint --noout {*}$chunk 2>@1} out]} { lappend bad $out }
    }
    list [llength $::svg_files] $bad
  } [list [llength $::svg_files] {}]
}

proc svg_chunks {lst n} {
  set out {}
  for {set i 0} {$i < [llength $lst]} {incr i $n} {
    lappend out [lrange $lst $i [expr {$i+$n-1}]]
  }
  return $out
}

proc svg_cleanup {} { file delete -force $::svg_tmpdir }
