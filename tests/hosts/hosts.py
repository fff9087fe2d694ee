# hosts.py MODULE LIB QUERIES [DB]: loads the extension LIB through the Python
# module MODULE (sqlite3 or apsw) into a connection to DB (default an empty
# in-memory database), runs each query of the file QUERIES and prints every
# row, its columns joined by '|'. Prints "skip: why" instead
# when the module is missing or cannot load extensions. Used by tests/hosts.test.
import importlib, sys

module, lib, queries = sys.argv[1:4]
path = sys.argv[4] if len(sys.argv) > 4 else ":memory:"
try:
    m = importlib.import_module(module)
except ImportError:
    print("skip: no Python module " + module)
    sys.exit(0)
db = m.connect(path) if module == "sqlite3" else m.Connection(path)
# apsw before 3.42 spells them enableloadextension and loadextension.
enable = getattr(db, "enable_load_extension", getattr(db, "enableloadextension", None))
if enable is None:
    print("skip: this Python's %s module cannot load extensions" % module)
    sys.exit(0)
enable(True)
getattr(db, "load_extension", getattr(db, "loadextension", None))(lib)
for sql in open(queries, encoding="utf-8").read().splitlines():
    if sql and not sql.startswith("--"):
        for row in db.cursor().execute(sql):
            print("|".join(str(v) for v in row))
