# docs.tcl: runs the examples of README.md and docs/*.md and compares what
# they print with what the page says (the convention is in
# docs/ARCHITECTURE.md, "Examples in the docs"):
#
#   ```sqlite
#   sqlite> SELECT speedup(366.18525, 5.5088);
#   66.4727799157711
#   sqlite> SELECT 1,
#      ...>        2;
#   1|2
#   ```
#
# Every ```sqlite block of a page runs, in order, in one sqlite3 shell
# (an in-memory database with the extension loaded, started in the
# repository root), so tables made by one block are there for the next.
# A statement is a "sqlite> " line and its "   ...> " continuations; the
# lines up to the next prompt or the end of the block are its output,
# compared exactly (but for spaces at the end of a line, which `.mode
# column` pads with and editors strip). Other fenced blocks (```sql, ```sh, ```) are not run.
#
#   source tests/docs.tcl; docs_check PAGE LIB     -> {} or the differences
#   tclsh tests/docs.tcl --update LIB PAGE ...     rewrites the outputs of
#                                                  PAGE with what they print

# Parse a page: a list of blocks, each a list of {statement expected
# firstline lastline} (lines 0-based, expected output lines lastline+1..).
proc docs_parse {text} {
  set lines [split $text \n]
  set stmts {}
  set inBlock 0
  set cur {}
  set n [llength $lines]
  for {set i 0} {$i < $n} {incr i} {
    set l [lindex $lines $i]
    if {!$inBlock} {
      if {$l eq "```sqlite"} { set inBlock 1 }
      continue
    }
    if {$l eq "```" || [string match "sqlite> *" $l] || $l eq "sqlite>"} {
      if {[llength $cur]} { lappend stmts $cur; set cur {} }
      if {$l eq "```"} { set inBlock 0; continue }
      set sql [string range $l 8 end]
      set first $i
      while {$i+1 < $n && [string match "   ...> *" [lindex $lines $i+1]]} {
        incr i
        append sql \n [string range [lindex $lines $i] 8 end]
      }
      set cur [list $sql {} $first $i]
    } elseif {[llength $cur]} {
      lset cur 1 [concat [lindex $cur 1] [list [string trimright $l]]]
    } else {
      error "line [expr {$i+1}]: output before any sqlite> prompt"
    }
  }
  if {$inBlock} { error "a \`\`\`sqlite block is not closed" }
  return $stmts
}

# Run the statements of a page; returns the output of each (a list of
# lists of lines), or an error holding the shell's stderr.
proc docs_run {stmts lib rootdir} {
  set script ""
  set i 0
  foreach s $stmts {
    append script ".print @@docs-[incr i]\n" [lindex $s 0] \n
  }
  append script ".print @@docs-end\n"
  set tmp [file join [expr {[info exists ::env(TMPDIR)] ? $::env(TMPDIR) : "/tmp"}] \
               mlpscale-docs-[pid].sql]
  set f [open $tmp w]; puts -nonewline $f $script; close $f
  set pwd [pwd]
  cd $rootdir
  set rc [catch {exec sqlite3 -batch -bail :memory: -cmd [list .load $lib] \
                     -cmd [list .read $tmp] < /dev/null 2>@1} out]
  cd $pwd
  file delete $tmp
  set outs {}
  set cur -1
  foreach l [split $out \n] {
    if {[regexp {^@@docs-(\d+|end)$} $l -> k]} {
      if {$cur >= 0} { lappend outs $buf }
      set buf {}
      set cur $k
      continue
    }
    if {$cur < 0} continue
    lappend buf [string trimright $l]
  }
  if {$rc || $cur ne "end"} {
    set which [expr {$cur eq "end" ? "" : " (statement $cur: [lindex $stmts $cur-1 0])"}]
    error "sqlite3 failed$which: [lindex [split $out \n] end]"
  }
  return $outs
}

proc docs_read {page} {
  set f [open $page]; set text [read $f]; close $f
  if {[string index $text end] eq "\n"} { set text [string range $text 0 end-1] }
  return $text
}

# {} when every example of PAGE prints what the page says, else one entry
# per difference.
proc docs_check {page lib rootdir} {
  set stmts [docs_parse [docs_read $page]]
  if {![llength $stmts]} { return {} }
  set outs [docs_run $stmts $lib $rootdir]
  set bad {}
  foreach s $stmts got $outs {
    lassign $s sql want first
    if {$got ne $want} {
      lappend bad "[file tail $page]:[expr {$first+1}]: [lindex [split $sql \n] 0]\n  expected: [join $want "\n            "]\n  got:      [join $got "\n            "]"
    }
  }
  return $bad
}

proc docs_update {page lib rootdir} {
  set text [docs_read $page]
  set stmts [docs_parse $text]
  if {![llength $stmts]} return
  set outs [docs_run $stmts $lib $rootdir]
  set lines [split $text \n]
  # From the last statement up, so earlier line numbers stay valid.
  foreach s [lreverse $stmts] got [lreverse $outs] {
    lassign $s sql want first last
    set lines [lreplace $lines $last+1 $last+[llength $want] {*}$got]
  }
  set f [open $page w]; puts $f [join $lines \n]; close $f
}

if {[info exists argv0] && [file tail $argv0] eq "docs.tcl"} {
  if {[lindex $argv 0] ne "--update" || [llength $argv] < 3} {
    puts stderr "usage: tclsh tests/docs.tcl --update LIB PAGE..."
    exit 1
  }
  set root [file dirname [file dirname [file normalize [info script]]]]
  set lib [file normalize [lindex $argv 1]]
  foreach page [lrange $argv 2 end] { docs_update [file normalize $page] $lib $root }
}
