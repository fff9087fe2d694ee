-- sql/report/params.sql: the parameters :root and :round of `make report`
-- (sql/import.sql, sql/report/report.sql), read from the files
-- build/report/root.param and build/report/round.param that the Makefile
-- writes from its environment, byte for byte. A path or a round label
-- never becomes part of a shell command or of SQL text, so a quote, a
-- space or any other byte in it is only data.
.parameter init
INSERT OR REPLACE INTO temp.sqlite_parameters(key, value)
  VALUES (':root', CAST(readfile('build/report/root.param') AS TEXT)),
         (':round', CAST(readfile('build/report/round.param') AS TEXT));
