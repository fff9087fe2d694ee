# rules_literals.tcl: find the rules a SQL text states itself instead of
# reading them from the registry (mlperf_rules, runs.max_dropped): the
# checker of tests/rules_literals.test, usable alone:
#
#   tclsh tests/rules_literals.tcl FILE...    (prints one line per finding;
#                                              exits 1 when there is any)
#
# A finding is, outside comments:
#   - a ruleset literal, a string that is a whole version ('3.0.0',
#     'hpc_1.0.0'), anywhere: comparing or naming a ruleset is a rule;
#   - a benchmark literal (a name mlperf_rules lists) compared in a CASE
#     (CASE x WHEN 'unet3d', CASE WHEN benchmark = 'gpt3') or an iif(): a
#     value chosen by benchmark is a rule;
#   - a dropped-run count given as a number (json_object('drop', 1)): the
#     count is the ruleset's, runs.max_dropped;
#   - in a model file (strict), a benchmark literal in any comparison: the
#     model derives every definition from data, so a name in a WHERE or ON
#     is a rule too. A report file may filter by name in a WHERE (the
#     paper's claims are about named workloads): that picks a subject, not
#     a rule.
# Display text ('no scaling rule before 2.1.0: ...', printf formats) is a
# longer string and never matches.

# The text of sql with every comment blanked (newlines kept, so that line
# numbers hold), string literals kept.
proc rules_strip_comments {sql} {
  set out {}
  set n [string length $sql]
  set i 0
  while {$i < $n} {
    set c [string index $sql $i]
    if {$c eq "'"} {
      set j [expr {$i + 1}]
      while {$j < $n} {
        if {[string index $sql $j] eq "'"} {
          if {[string index $sql [expr {$j + 1}]] eq "'"} { incr j 2; continue }
          break
        }
        incr j
      }
      append out [string range $sql $i $j]
      set i [expr {$j + 1}]
    } elseif {$c eq "-" && [string index $sql [expr {$i + 1}]] eq "-"} {
      set j [string first "\n" $sql $i]
      if {$j < 0} { set j $n }
      append out [string repeat " " [expr {$j - $i}]]
      set i $j
    } elseif {$c eq "/" && [string index $sql [expr {$i + 1}]] eq "*"} {
      set j [string first "*/" $sql [expr {$i + 2}]]
      set j [expr {$j < 0 ? $n : $j + 2}]
      append out [regsub -all {[^\n]} [string range $sql $i [expr {$j - 1}]] " "]
      set i $j
    } else {
      append out $c
      incr i
    }
  }
  return $out
}

# The findings in sql (text of file name), one "name:line: 'literal' why"
# each. benchmarks: the names that count as benchmark literals; strict: 1
# for a model file.
proc rules_literals {name sql benchmarks strict} {
  set code [rules_strip_comments $sql]
  # The same with every literal's text blanked, where keywords are sought.
  set bare $code
  foreach m [regexp -all -inline -indices {'(?:[^']|'')*'} $code] {
    lassign $m a b
    set bare [string replace $bare $a $b \
                [string cat ' [string repeat " " [expr {$b - $a - 1}]] ']]
  }
  set found {}
  foreach m [regexp -all -inline -indices {'(?:[^']|'')*'} $code] {
    lassign $m a b
    set lit [string range $code [expr {$a + 1}] [expr {$b - 1}]]
    set line [expr {[regexp -all "\n" [string range $code 0 $a]] + 1}]
    set before [string range $bare [expr {$a > 600 ? $a - 600 : 0}] [expr {$a - 1}]]
    set after [string range $bare [expr {$b + 1}] [expr {$b + 120}]]
    if {[regexp {^[a-z_]*[0-9]+\.[0-9]+\.[0-9]+$} $lit]} {
      lappend found "$name:$line: '$lit' is a ruleset literal"
      continue
    }
    if {$lit eq "drop" && [regexp {^\s*,\s*[0-9]} $after]} {
      lappend found "$name:$line: 'drop' is given a dropped-run count literal"
      continue
    }
    if {$lit ni $benchmarks} continue
    # How the literal is used: after CASE x WHEN, or compared with a
    # benchmark column (=, <>, IN (...), on either side).
    set compared [expr {
      [regexp -nocase {\mWHEN\s*$} $before]
      || [regexp -nocase {benchmark\s*(=|==|<>|!=)\s*$} $before]
      || [regexp -nocase {benchmark\s+(NOT\s+)?IN\s*\(\s*('[^']*'\s*,\s*)*$} $before]
      || [regexp -nocase {^\s*(=|==|<>|!=)\s*[a-z_0-9.]*benchmark\M} $after]}]
    if {!$compared} continue
    # The clause it sits in: the last of these keywords before it. WHEN,
    # iif( and a select list decide a value; WHERE, ON and HAVING filter.
    set kw [lindex [regexp -all -inline -nocase \
                      {\m(?:WHEN|WHERE|ON|HAVING|SELECT|iif\s*\()} $before] end]
    set kw [string toupper [regsub -all {\s} $kw {}]]
    if {$kw in {WHERE ON HAVING}} {
      if {$strict} {
        lappend found "$name:$line: '$lit' is a benchmark literal filtering in the model"
      }
    } else {
      lappend found "$name:$line: '$lit' is a benchmark literal deciding a value"
    }
  }
  return $found
}

# The benchmark names of the registry, through db (the extension loaded).
proc rules_benchmarks {db} {
  $db eval {SELECT DISTINCT benchmark FROM mlperf_rules ORDER BY benchmark}
}

if {[info exists argv0] && [file normalize $argv0] eq [file normalize [info script]]} {
  package require sqlite3
  set root [file dirname [file dirname [file normalize [info script]]]]
  sqlite3 db :memory:
  db enable_load_extension 1
  db eval {SELECT load_extension($root || '/mlpscale.so', 'sqlite3_mlpscale_init')}
  set benchmarks [rules_benchmarks db]
  set n 0
  foreach file $argv {
    set f [open $file]
    set sql [read $f]
    close $f
    foreach line [rules_literals $file $sql $benchmarks [string match *model* [file tail $file]]] {
      puts $line
      incr n
    }
  }
  exit [expr {$n > 0}]
}
