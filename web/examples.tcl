# examples.tcl: the statements of the ```sqlite examples of README.md and
# docs/*.md, as tests/docs.tcl parses them, one per line for
# web/build_page.py: PAGE:LINE, a tab, then the statement with backslashes
# and newlines escaped (\\, \n). Dot-commands (.read, .mode, ...) are left
# out: the page runs SQL only.
#
#   tclsh web/examples.tcl README.md docs/*.md
source [file join [file dirname [file dirname [file normalize [info script]]]] tests docs.tcl]
foreach page $argv {
  foreach s [docs_parse [docs_read $page]] {
    lassign $s sql want first
    if {[string match .* $sql]} continue
    puts "[file tail $page]:[expr {$first+1}]\t[string map [list \\ \\\\ \n \\n] $sql]"
  }
}
