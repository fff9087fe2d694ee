#!/bin/sh
# Speed of svg_plot over 100,000 points (x, y, 5 series) in one tclsh
# process, best of 5 runs each, against two peers over the same rows:
#   count(y)            reading every row once (count(*) alone would not:
#                       SQLite counts a table's rows without reading them)
#   printf markers      the SVG a user could write without svg_plot:
#                       group_concat(printf('<circle cx="%.1f" .../>')) -
#                       markers only: no scaling, axes, ticks or legend
# Run from the repository root (make bench).
set -e
LIB=${MLPSCALE_LIB:-$(pwd)/mlpscale.so}
exec tclsh <<EOF
package require sqlite3
sqlite3 db :memory:
db enable_load_extension 1
db eval {SELECT load_extension('$LIB')}
db eval {
  CREATE TABLE t(x, y, s);
  WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<100000)
  INSERT INTO t SELECT 1 + (i * 7919) % 4096, ((i * 104729) % 100003) / 1000.0,
                       'series ' || (i % 5) FROM c;
}
proc best {sql} {
  db eval \$sql
  set b ""
  for {set i 0} {\$i < 5} {incr i} {
    set t0 [clock microseconds]
    set r [db onecolumn \$sql]
    set t [expr {([clock microseconds] - \$t0) / 1e6}]
    if {\$b eq "" || \$t < \$b} { set b \$t }
  }
  list \$b \$r
}
lassign [best {SELECT count(y) FROM t}] tCount
lassign [best {SELECT length(group_concat(printf('<circle cx="%.1f" cy="%.1f" r="4"/>', x, y), ''))
                 FROM t}] tPrintf nPrintf
puts [format "%-40s %8s %10s %11s %13s" "100,000 points" seconds bytes "x count(y)" "x printf SVG"]
puts [format "%-40s %8.4f %10s %11s %13s" "peer: SELECT count(y)" \$tCount - 1.0 -]
puts [format "%-40s %8.4f %10d %11s %13s" "peer: group_concat(printf(<circle>))" \$tPrintf \$nPrintf \
        [format %.1f [expr {\$tPrintf / \$tCount}]] 1.00]
foreach {name opts} {
  "svg_plot scatter"                     {{}}
  "svg_plot line, x log2"                {{"kind":"line","x_scale":"log2"}}
  "svg_plot scatter, size_by count"      {{"size_by":"count"}}
} {
  lassign [best "SELECT length(svg_plot(x, y, s, '\$opts')) FROM t"] tPlot nPlot
  puts [format "%-40s %8.4f %10d %11s %13s" \$name \$tPlot \$nPlot \
          [format %.1f [expr {\$tPlot / \$tCount}]] [format %.2f [expr {\$tPlot / \$tPrintf}]]]
}
EOF
