#!/bin/sh
# gpu_schedule speed: 100,000 jobs on a 10,000-GPU cluster (one pool) with
# EASY backfilling (and greedy), against FCFS (no backfilling) on the same jobs and
# against 10,000 jobs, to show how the cost grows. The workload is
# deterministic: power-of-two sizes from 1 to 512 GPUs skewed to small
# jobs, runtimes of 1 minute to 7 hours, user estimates 1-3x the runtime,
# and arrivals spaced for an offered load of 95%, then 120% (an
# overloaded cluster whose queue keeps growing: EASY's worst case here).
# Then conservative backfilling on many nodes: jobs of 60,000
# GPUs on 100,000 GPUs in nodes of 8 (12,500 nodes) and of 1 (100,000
# nodes), against the same jobs in one pool, estimates twice the runtimes
# (every job ends early, so the reservations compress at every finish).
# Then a node-table cluster: 8,000 jobs on a synthetic
# heterogeneous cluster of 1,200 nodes of 2, 4 or 8 GPUs of five models
# (CPU and memory limits), jobs with shared GPUs, model lists, CPU and
# memory, arrivals every 2 s (and every 1 s: a longer queue), under each
# placement rule and each backfill mode.
# Prints ratios; asserts nothing.
cd "$(dirname "$0")/../.." || exit 1
${TCLSH:-tclsh} <<'TCL'
package require sqlite3
sqlite3 db :memory:
db enable_load_extension 1
db eval {SELECT load_extension('./mlpscale.so')}
db eval {
  CREATE TABLE raw AS
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i<100000)
    SELECT i AS id,
           1 << ((i*2654435761 % 1000003 % 1000) * (i*2654435761 % 1000003 % 1000) / 111112) AS gpus,
           60 + (i*40503 % 65521 % 3600) * (1 + i*7 % 6) AS runtime,
           1 + i*31 % 3 AS over
      FROM n;
  CREATE TABLE area AS SELECT sum(gpus*runtime) / 100000.0 / 10000 AS gap FROM raw;
}
proc workload {load} {
  db eval "DROP TABLE IF EXISTS jobs;
    CREATE TABLE jobs AS
      SELECT id, gpus, runtime, runtime*over AS estimate,
             CAST((id-1) * (SELECT gap FROM area) / $load AS INTEGER) AS submit
        FROM raw"
}
proc run {n backfill} {
  set t0 [clock microseconds]
  set r [db eval "SELECT count(*), max(finish), avg(wait),
                         sum(gpus*runtime)*1.0/(10000*(max(finish)-min(submit)))
                    FROM gpu_schedule('SELECT * FROM jobs WHERE id <= $n', 10000,
                                      '{\"backfill\":\"$backfill\"}')"]
  set dt [expr {([clock microseconds]-$t0)/1e6}]
  lassign $r cnt mk wait util
  puts [format "  %-5s J=%-6d %6.3f s   makespan %9d s  mean wait %9.0f s  utilization %.3f" \
            $backfill $cnt $dt $mk $wait $util]
  return $dt
}
foreach load {0.95 1.2} {
  workload $load
  puts "gpu_schedule, 10,000 GPUs, offered load $load (time includes reading the jobs table)"
  set fcfs10  [run 10000 none]
  set easy10  [run 10000 easy]
  set fcfs100 [run 100000 none]
  set easy100 [run 100000 easy]
  set greedy100 [run 100000 greedy]
  puts [format "  EASY/FCFS time ratio:  J=10k %.2f   J=100k %.2f" \
            [expr {$easy10/$fcfs10}] [expr {$easy100/$fcfs100}]]
  puts [format "  growth 10k -> 100k jobs (x10):  FCFS x%.1f   EASY x%.1f" \
            [expr {$fcfs100/$fcfs10}] [expr {$easy100/$easy10}]]
  puts [format "  EASY, 100,000 jobs: %.3f s (target: under 2 s); greedy %.3f s" $easy100 $greedy100]
}
proc wide {n per} {
  set opt [expr {$per ? ",\"gpus_per_node\":$per" : ""}]
  set t0 [clock microseconds]
  set r [db eval "SELECT count(*), max(finish), avg(wait) FROM gpu_schedule('
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i<$n)
      SELECT i AS id, 60000 AS gpus, 100 + i*37 % 50 AS runtime,
             2*(100 + i*37 % 50) AS estimate, i*3 AS submit FROM n',
      100000, '{\"backfill\":\"conservative\"$opt}')"]
  set dt [expr {([clock microseconds]-$t0)/1e6}]
  lassign $r cnt mk wait
  set where [expr {$per ? "nodes of $per" : "one pool"}]
  puts [format "  J=%-5d %-12s %6.3f s   makespan %7d  mean wait %9.1f" $cnt $where $dt $mk $wait]
  return $dt
}
puts "gpu_schedule conservative, jobs of 60,000 GPUs on 100,000 GPUs, estimates 2x runtimes"
foreach n {200 1000} {
  set pool [wide $n 0]
  set n8 [wide $n 8]
  set n1 [wide $n 1]
  puts [format "  J=%d time ratio to one pool:  12,500 nodes x%.1f   100,000 nodes x%.1f" \
            $n [expr {$n8/$pool}] [expr {$n1/$pool}]]
}
puts "  (before node groups, J=200 on 12,500 nodes took 120 s)"
db eval {
  CREATE TABLE hnodes AS
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i<1200)
    SELECT i AS node, CASE i%4 WHEN 0 THEN 8 WHEN 1 THEN 2 WHEN 2 THEN 4 ELSE 8 END AS gpus,
           CASE i%5 WHEN 0 THEN 'V100M16' WHEN 1 THEN 'V100M32' WHEN 2 THEN 'T4'
                    WHEN 3 THEN 'A10' ELSE 'P100' END AS model,
           96000 AS cpu_milli, 393216 AS memory_mib FROM n;
  CREATE TABLE hjobs AS
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i<8000)
    SELECT i AS id, CASE WHEN i%3=0 THEN 1 ELSE (1 << (i*7 % 4)) END AS gpus,
           CASE WHEN i%3=0 THEN 100 + (i*37 % 900) END AS gpu_milli,
           CASE i%7 WHEN 0 THEN 'V100M16|V100M32' WHEN 1 THEN 'T4' END AS gpu_model,
           1000 + (i*7919 % 16000) AS cpu_milli, 1024 + (i*104729 % 60000) AS memory_mib,
           60 + (i*40503 % 65521 % 7200) AS runtime,
           60 + (i*40503 % 65521 % 7200) + (i*31 % 3)*600 AS estimate, i AS arrival FROM n;
}
proc noderun {gap placement backfill} {
  set t0 [clock microseconds]
  set r [db eval "SELECT count(*), max(finish), avg(wait), sum(frag)/max(finish)
                    FROM gpu_schedule('SELECT *, arrival*$gap AS submit FROM hjobs', 'hnodes',
                      '{\"placement\":\"$placement\",\"backfill\":\"$backfill\"}')"]
  set dt [expr {([clock microseconds]-$t0)/1e6}]
  lassign $r cnt mk wait frag
  puts [format "  %-9s %-12s %6.3f s   makespan %6d  mean wait %8.1f  fragmented GPUs %7.1f" \
            $placement $backfill $dt $mk $wait $frag]
  return $dt
}
foreach gap {2 1} {
  puts "gpu_schedule, node table: 8,000 jobs on 1,200 heterogeneous nodes, an arrival every $gap s"
  foreach backfill {none easy conservative greedy} {
    foreach placement {first_fit best_fit worst_fit} {
      set t($placement) [noderun $gap $placement $backfill]
    }
  }
  puts [format "  (last mode) worst_fit/first_fit time ratio %.2f" \
            [expr {$t(worst_fit)/$t(first_fit)}]]
}
# The real trace (sql/studies/alibaba.sql: Alibaba's cluster-trace-gpu-v2023, the
# gpuspec33 pods as jobs, 6,201 of them): on the whole cluster (1,213 nodes,
# where no job waits) and on the study's every-64th node with arrivals
# compressed 4 times (jobs queue for days), under every backfill mode.
set f [open sql/studies/alibaba.sql]; set text [read $f]; close $f
foreach line [split $text \n] {
  if {[regexp {^\.read (\S+)} $line -> sub]} {
    set g [open $sub]; db eval [read $g]; close $g
  } elseif {![string match .* $line]} { append alibaba $line\n }
}
db eval $alibaba
db eval {
  CREATE TEMP TABLE aj AS SELECT * FROM alibaba_jobs WHERE variant = 'gpuspec33';
  CREATE TEMP TABLE ajc AS SELECT * FROM alibaba_jobs_compressed WHERE variant = 'gpuspec33' AND factor = 4;
  CREATE TEMP TABLE an AS SELECT node, gpus, model, cpu_milli, memory_mib FROM alibaba_nodes;
  CREATE TEMP TABLE an64 AS SELECT node, gpus, model, cpu_milli, memory_mib FROM alibaba_cluster WHERE every = 64;
}
foreach {label jobs nodes} {{whole cluster} aj an {every 64th node, arrivals x4} ajc an64} {
  puts "gpu_schedule, the Alibaba trace ([db onecolumn "SELECT count(*) FROM $jobs"] jobs), $label ([db onecolumn "SELECT count(*) FROM $nodes"] nodes)"
  foreach backfill {none easy conservative greedy} {
    foreach placement {first_fit best_fit worst_fit} {
      set t0 [clock microseconds]
      set r [db eval "SELECT count(*), avg(wait) FROM gpu_schedule('$jobs', '$nodes',
                        '{\"placement\":\"$placement\",\"backfill\":\"$backfill\"}')"]
      puts [format "  %-9s %-12s %6.3f s   mean wait %10.1f s" $placement $backfill \
                [expr {([clock microseconds]-$t0)/1e6}] [lindex $r 1]]
    }
  }
}
TCL
