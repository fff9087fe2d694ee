"""What the Python cross-checks run by the Tcl suite share
(tests/ci_check.py, tests/fit_scipy.py): a connection with mlpscale
loaded, the SQL of a sqlite3 shell script with its .read lines expanded,
and the one form of their output, a line per check, "NAME ok" or
"NAME FAIL: why", with the exit status that follows from it (0 when every
check passed, 1 otherwise). Standard library only.
"""
import os
import re
import sqlite3
import sys

_failures = 0


def connect(lib):
    """An in-memory database with the extension at path lib loaded."""
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(os.path.abspath(lib))
    return db


def shell_sql(root, path):
    """The text of the shell script root/path with its .read lines
    expanded (paths relative to root, as the shell run from root reads
    them) and its other dot-commands dropped."""
    out = []
    with open(os.path.join(root, path)) as f:
        for line in f:
            m = re.match(r"^\.read (\S+)", line)
            if m:
                out.append(shell_sql(root, m.group(1)))
            elif not line.startswith("."):
                out.append(line)
    return "".join(out)


def report(name, why):
    """Print "NAME ok" when why is empty, else "NAME FAIL: why" and count
    the failure."""
    global _failures
    if why:
        _failures += 1
        print(f"{name} FAIL: {why}")
    else:
        print(f"{name} ok")


def finish():
    """Exit 0 when every check reported so far passed, 1 otherwise."""
    sys.exit(1 if _failures else 0)
