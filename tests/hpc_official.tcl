# hpc_official.tcl: the comparison of MLPerf HPC scores with the official
# tables of tests/data/mlperf-hpc-vX.Y-official-{strong,weak}.csv (MLCommons'
# result summarizer at the round's mlcommons/logging commit, made by
# tests/data/hpc_summarizer.py; submitter and system are the folder names).
# Sourced by tests/hpc_official.test and tests/hpc.test (the shipped rounds) and
# tests/hpc_raw.test (the raw trees).

set ::hpc_rounds {v0.7 v1.0 v2.0 v3.0}

# The CSV of ROUND and KIND (strong, weak) as a list of rows, each a dict;
# "" when the file is absent.
proc hpc_csv {round kind} {
  set path [testfile data mlperf-hpc-$round-official-$kind.csv]
  if {![file exists $path]} { return "" }
  set f [open $path]
  set lines [split [string trim [read $f]] \n]
  close $f
  set head [split [lindex $lines 0] ,]
  set rows {}
  foreach line [lrange $lines 1 end] {
    if {[regexp {"} $line]} { error "$path: a quoted field, not read here: $line" }
    set row {}
    foreach k $head v [split $line ,] { dict set row $k $v }
    lappend rows $row
  }
  return $rows
}

# {matched total extra} for ROUND of database DB: official rows reproduced
# (the same benchmark, submitter, system; strong: division, accelerators,
# nodes equal and minutes within 1e-9 relative; weak: models and
# instance_scale equal, ttt_minutes and throughput within 1e-9 relative),
# official rows, and scored rows of the view the table does not have.
proc hpc_compare {db round kind} {
  set rows [hpc_csv $round $kind]
  $db eval { DROP TABLE IF EXISTS temp.official }
  if {$kind eq "strong"} {
    $db eval { CREATE TEMP TABLE official(benchmark, submitter, system, division,
                 accelerators INTEGER, nodes INTEGER, minutes REAL) }
    foreach r $rows {
      set r_b [dict get $r benchmark]
      set r_s [dict get $r submitter]
      set r_y [dict get $r system]
      set r_d [dict get $r division]
      set r_a [dict get $r accelerators]
      set r_n [dict get $r nodes]
      set r_m [dict get $r minutes]
      $db eval { INSERT INTO official VALUES(:r_b, :r_s, :r_y, :r_d,
                   CAST(:r_a AS INTEGER), CAST(:r_n AS INTEGER), :r_m) }
    }
    return [$db eval {
      SELECT (SELECT count(*) FROM official o JOIN hpc_strong v
                ON v.round = $round AND v.benchmark = o.benchmark
               AND v.submitter = o.submitter AND v.system = o.system
             WHERE v.division = o.division AND v.accelerators = o.accelerators
               AND v.nodes = o.nodes
               AND abs(v.minutes - o.minutes) <= 1e-9 * abs(o.minutes)),
             (SELECT count(*) FROM official),
             (SELECT count(*) FROM hpc_strong v
               WHERE v.round = $round AND v.minutes IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM official o
                                  WHERE o.benchmark = v.benchmark
                                    AND o.submitter = v.submitter
                                    AND o.system = v.system))
    }]
  }
  $db eval { CREATE TEMP TABLE official(benchmark, submitter, system, division,
               models INTEGER, instance_scale INTEGER, ttt_minutes REAL,
               throughput REAL) }
  foreach r $rows {
    set r_b [dict get $r benchmark]
    set r_s [dict get $r submitter]
    set r_y [dict get $r system]
    set r_d [dict get $r division]
    set r_m [dict get $r models]
    set r_i [dict get $r instance_scale]
    set r_t [dict get $r ttt_minutes]
    set r_q [dict get $r throughput]
    $db eval { INSERT INTO official VALUES(:r_b, :r_s, :r_y, :r_d, CAST(:r_m AS INTEGER),
                 CAST(:r_i AS INTEGER), :r_t, :r_q) }
  }
  return [$db eval {
    SELECT (SELECT count(*) FROM official o JOIN hpc_weak v
              ON v.round = $round AND v.benchmark = o.benchmark
             AND v.submitter = o.submitter AND v.system = o.system
           WHERE v.models = o.models AND v.instance_scale = o.instance_scale
             AND abs(v.ttt_minutes - o.ttt_minutes) <= 1e-9 * abs(o.ttt_minutes)
             AND abs(v.throughput - o.throughput) <= 1e-9 * abs(o.throughput)),
           (SELECT count(*) FROM official),
           (SELECT count(*) FROM hpc_weak v
             WHERE v.round = $round AND v.models IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM official o
                                WHERE o.benchmark = v.benchmark
                                  AND o.submitter = v.submitter
                                  AND o.system = v.system))
  }]
}

# One test per round and kind: every official row reproduced, none extra.
proc hpc_official_tests {prefix db} {
  set i 0
  foreach round $::hpc_rounds {
    foreach kind {strong weak} {
      incr i
      if {[hpc_csv $round $kind] eq ""
          && ![file exists [testfile data mlperf-hpc-$round-official-$kind.csv]]} {
        skip_test $prefix.$i "no tests/data/mlperf-hpc-$round-official-$kind.csv: make it with tests/data/hpc_summarizer.py (its header says how)"
        continue
      }
      set got [hpc_compare $db $round $kind]
      do_test $prefix.$i [list set _ $got] \
          [list [lindex $got 1] [lindex $got 1] 0]
      puts "$prefix.$i: $round $kind: [lindex $got 0] of [lindex $got 1] official rows, [lindex $got 2] extra"
    }
  }
}
