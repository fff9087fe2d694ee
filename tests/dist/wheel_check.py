# wheel_check.py QUERY: run by the python of a venv the wheel was installed
# into (tests/dist.test); prints one line per check: the version, a query
# through mlpscale.load, whether loading was left enabled, where the files
# are, QUERY on the bundled database (read-only), a write refused there, and
# load's error for what is not a connection.
import os
import sqlite3
import sys

import mlpscale

query = sys.argv[1]
print(mlpscale.__version__)
db = sqlite3.connect(":memory:")
mlpscale.load(db)
print(*db.execute("SELECT mlpscale_version(), speedup(4, 2)").fetchone(), sep="|")
try:
    db.load_extension(mlpscale.loadable_path())
    print("load left loading enabled")
except sqlite3.OperationalError as err:
    print("after load:", err)
inside = [os.path.commonpath([p, sys.prefix]) == sys.prefix
          for p in (mlpscale.loadable_path(), mlpscale.database_path())]
print("in the venv:", *inside)
rounds = mlpscale.open_database()
print(*rounds.execute(query).fetchone(), sep="|")
try:
    rounds.execute("CREATE TABLE t(x)")
    print("the database was writable")
except sqlite3.OperationalError as err:
    print("write:", err)
for bad in (None, "x.db"):
    try:
        mlpscale.load(bad)
    except TypeError as err:
        print(err)
