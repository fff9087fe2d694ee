"""mlpscale for Python: the SQLite extension and every MLPerf Training round.

    import sqlite3, mlpscale
    db = sqlite3.connect(":memory:")
    mlpscale.load(db)
    db.execute("SELECT mlpscale_version(), speedup(4, 2)").fetchone()

    db = mlpscale.open_database()          # the bundled rounds, read-only
    db.execute("SELECT round, count(*) FROM results GROUP BY round").fetchall()

The wheel bundles the extension built for one platform (its tag says which)
and the database `make db` builds: every shipped round, v0.7 to v5.1.
"""
import os
import sqlite3
import urllib.parse

__version__ = "@VERSION@"
__all__ = ["__version__", "loadable_path", "database_path", "load", "open_database"]

_HERE = os.path.dirname(os.path.abspath(__file__))


def loadable_path():
    """The path of the bundled extension (mlpscale.so), for load_extension."""
    return os.path.join(_HERE, "mlpscale.so")


def database_path():
    """The path of the bundled database of every shipped round (mlperf.db)."""
    return os.path.join(_HERE, "mlperf.db")


def load(conn):
    """Loads the extension into conn, a sqlite3.Connection.

    Extension loading is enabled for the load alone and disabled after it,
    whether the load succeeded or not: Python's sqlite3 cannot read the
    flag, so its previous state cannot be restored; disabled is the state of
    every new connection. A program that enabled loading itself enables it
    again after this call.
    """
    if not isinstance(conn, sqlite3.Connection):
        got = type(conn).__name__
        if isinstance(conn, (str, bytes, os.PathLike)):
            got += " %r" % os.fspath(conn)
        raise TypeError("mlpscale.load: expects a sqlite3.Connection, got %s" % got)
    if not hasattr(conn, "enable_load_extension"):
        raise RuntimeError(
            "mlpscale.load: this Python's sqlite3 module cannot load extensions "
            "(built without it, as pyenv's builds often are); Debian's /usr/bin/python3 can")
    conn.enable_load_extension(True)
    try:
        conn.load_extension(loadable_path())
    finally:
        conn.enable_load_extension(False)


def open_database(readonly=True, **kwargs):
    """Opens the bundled database with the extension loaded.

    Read-only by default (a file: URI with mode=ro): the file sits among the
    installed package's files. readonly=False opens it read-write. Other
    keyword arguments go to sqlite3.connect.
    """
    mode = "ro" if readonly else "rw"
    uri = "file:%s?mode=%s" % (urllib.parse.quote(database_path()), mode)
    conn = sqlite3.connect(uri, uri=True, **kwargs)
    try:
        load(conn)
    except BaseException:
        conn.close()
        raise
    return conn
