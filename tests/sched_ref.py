#!/usr/bin/python3
"""sched_ref.py: a second, independent simulator of gpu_schedule on a node
table (docs/scheduling.md), written plainly with lists, to check the C one
(tests/sched_ref.test checks it on hand-computed cases, tests/sched_trace.test
compares both on cuts of Alibaba's trace). Queue order "submit", backfill
"none"; placement "first_fit" (the default here), "best_fit" or "worst_fit".

    sched_ref.py DB JOBS CLUSTER [PLACEMENT]

DB is a SQLite database file; JOBS and CLUSTER are each a table or view name
or one SELECT, read with Debian's python3 sqlite3 module. Columns are found
by name, case-insensitively. Jobs: id, gpus, runtime, optional submit (0),
gpu_milli (NULL = 1000, a whole GPU), gpu_model ('|'-separated models, NULL
or '' = any), cpu_milli, memory_mib (NULL = 0). Cluster: node, gpus,
optional model, cpu_milli, memory_mib (NULL or absent = not enforced).
Prints one line per job in dispatch order: id|start|finish|placement, where
placement is the JSON array of [node, gpu] pairs the job holds. An error is
one line "sched_ref: ..." on stderr and exit status 1.

The rules, as docs/scheduling.md states them: at one instant, finishes free
their resources first, then arrivals join the queue (by submit, then id),
then the queue head starts while it fits (backfill none: the head blocks).
A node fits a job when its model is allowed, its free CPU and memory cover
the job's, and it has g idle GPUs (all 1000 milli free) for a whole-GPU job
of g GPUs, or one GPU with at least gpu_milli free for a shared job.
first_fit: the lowest node id that fits; a whole-GPU job takes the
lowest-indexed idle GPUs, a shared job the lowest-indexed GPU that fits.
best_fit: the node left with the least free GPU milli, then the least free
CPU, then memory (a capacity that is not enforced counts as unlimited), then
the lowest id; a shared job takes the GPU with the least free milli that
fits. worst_fit: the most free GPU milli, CPU, memory, then the lowest id; a
shared job takes the GPU with the most free milli. Ties between GPUs: the
lowest index. A job wider than every node it allows (several nodes) is not
modelled here: it is an error.
"""
import sqlite3
import sys


class RefError(Exception):
    pass


def read_rows(db, source, what):
    # A name is one word; anything else is the text of a query.
    sql = source if len(source.split()) != 1 else 'SELECT * FROM "%s"' % source.replace('"', '""')
    try:
        cur = db.execute(sql)
    except sqlite3.Error as e:
        raise RefError("cannot read %s: %s" % (what, e))
    names = [d[0].lower() for d in cur.description]
    for col in {"cluster": ("node", "gpus"), "jobs": ("id", "gpus", "runtime")}[what]:
        if col not in names:
            raise RefError("%s has no column '%s'" % (what, col))
    return [dict(zip(names, r)) for r in cur.fetchall()], names


def read_cluster(db, source):
    rows, names = read_rows(db, source, "cluster")
    nodes = []
    for r in rows:
        node = r["node"]
        gpus = r["gpus"]
        if not isinstance(node, int) or not isinstance(gpus, int) or gpus < 0:
            raise RefError("node %r: node must be an integer and gpus an integer >= 0" % (node,))
        nodes.append({"node": node, "gpus": gpus, "model": r.get("model"),
                      "cpu": r.get("cpu_milli"), "mem": r.get("memory_mib"),
                      "free": [1000] * gpus,
                      "free_cpu": r.get("cpu_milli"), "free_mem": r.get("memory_mib")})
    nodes.sort(key=lambda n: n["node"])
    for a, b in zip(nodes, nodes[1:]):
        if a["node"] == b["node"]:
            raise RefError("node %d is listed twice" % a["node"])
    return nodes


def id_key(v):
    # SQLite's order: numbers before text.
    return (0, v, "") if isinstance(v, (int, float)) else (1, 0, str(v))


def read_jobs(db, source):
    rows, names = read_rows(db, source, "jobs")
    jobs = []
    seen = set()
    for r in rows:
        jid = r["id"]
        gpus = r["gpus"]
        runtime = r["runtime"]
        if jid in seen:
            raise RefError("job '%s' is on several rows (moldable jobs are not modelled)" % jid)
        seen.add(jid)
        if not isinstance(gpus, int) or gpus < 1:
            raise RefError("job '%s' has gpus that is not a positive integer" % jid)
        if not isinstance(runtime, (int, float)) or runtime <= 0:
            raise RefError("job '%s' has a runtime that is not a positive number" % jid)
        milli = r.get("gpu_milli")
        milli = 1000 if milli is None else milli
        if not isinstance(milli, int) or milli < 1 or milli > 1000 or (gpus > 1 and milli != 1000):
            raise RefError("job '%s' has gpu_milli %r with %d gpus" % (jid, milli, gpus))
        spec = r.get("gpu_model")
        jobs.append({"id": jid, "gpus": gpus, "runtime": runtime,
                     "submit": r.get("submit") or 0, "milli": milli,
                     "models": None if spec in (None, "") else spec.split("|"),
                     "cpu": r.get("cpu_milli") or 0, "mem": r.get("memory_mib") or 0})
    jobs.sort(key=lambda j: (j["submit"], id_key(j["id"])))
    return jobs


def allows(job, node):
    return job["models"] is None or (node["model"] is not None and node["model"] in job["models"])


def covers(capacity, amount):
    return capacity is None or capacity >= amount


def check_fits_somewhere(job, nodes):
    allowed = [n for n in nodes if allows(job, n)]
    if allowed and job["gpus"] > max(n["gpus"] for n in allowed):
        raise RefError("job '%s' needs several nodes, which this reference does not model" % job["id"])
    for n in allowed:
        if n["gpus"] >= job["gpus"] and covers(n["cpu"], job["cpu"]) and covers(n["mem"], job["mem"]):
            return
    raise RefError("job '%s' fits on no node" % job["id"])


def gpus_on(job, node, placement):
    """The GPU indexes the job would take on node, or None."""
    if not allows(job, node) or not covers(node["free_cpu"], job["cpu"]) \
       or not covers(node["free_mem"], job["mem"]):
        return None
    if job["milli"] == 1000:
        idle = [i for i in range(node["gpus"]) if node["free"][i] == 1000]
        return idle[:job["gpus"]] if len(idle) >= job["gpus"] else None
    fitting = [i for i in range(node["gpus"]) if node["free"][i] >= job["milli"]]
    if not fitting:
        return None
    if placement == "best_fit":
        return [min(fitting, key=lambda i: (node["free"][i], i))]
    if placement == "worst_fit":
        return [min(fitting, key=lambda i: (-node["free"][i], i))]
    return [fitting[0]]


def unlimited(v):
    return float("inf") if v is None else v


def place(job, nodes, placement):
    """(node, gpu indexes) for the job now, or None."""
    best = None
    for n in nodes:
        g = gpus_on(job, n, placement)
        if g is None:
            continue
        if placement == "first_fit":
            return n, g
        used = job["gpus"] * job["milli"]
        left = (sum(n["free"]) - used,
                unlimited(n["free_cpu"]) - job["cpu"], unlimited(n["free_mem"]) - job["mem"])
        key = left if placement == "best_fit" else tuple(-x for x in left)
        if best is None or key < best[0]:  # nodes come by id: ties keep the lowest
            best = (key, n, g)
    return None if best is None else (best[1], best[2])


def take(job, node, gpus, sign):
    for i in gpus:
        node["free"][i] -= sign * job["milli"]
        assert 0 <= node["free"][i] <= 1000
    if node["free_cpu"] is not None:
        node["free_cpu"] -= sign * job["cpu"]
    if node["free_mem"] is not None:
        node["free_mem"] -= sign * job["mem"]


def simulate(jobs, nodes, placement):
    for j in jobs:
        check_fits_somewhere(j, nodes)
    out = []
    arrivals = list(jobs)          # by submit, then id
    queue = []
    running = []                   # [finish, job, node, gpus]
    while arrivals or queue or running:
        times = [r[0] for r in running] + ([arrivals[0]["submit"]] if arrivals else [])
        t = min(times)
        for r in [r for r in running if r[0] == t]:
            take(r[1], r[2], r[3], -1)
            running.remove(r)
        while arrivals and arrivals[0]["submit"] == t:
            queue.append(arrivals.pop(0))
        while queue:
            spot = place(queue[0], nodes, placement)
            if spot is None:
                break
            job = queue.pop(0)
            node, gpus = spot
            take(job, node, gpus, +1)
            finish = t + job["runtime"]
            running.append([finish, job, node, gpus])
            out.append((job["id"], t, finish, [[node["node"], g] for g in gpus]))
        if queue and not running and not arrivals:
            raise RefError("job '%s' can never start" % queue[0]["id"])
    return out


def main():
    if len(sys.argv) not in (4, 5):
        sys.stderr.write("usage: sched_ref.py DB JOBS CLUSTER [first_fit|best_fit|worst_fit]\n")
        return 2
    placement = sys.argv[4] if len(sys.argv) == 5 else "first_fit"
    try:
        if placement not in ("first_fit", "best_fit", "worst_fit"):
            raise RefError("unknown placement '%s'" % placement)
        db = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
        nodes = read_cluster(db, sys.argv[3])
        jobs = read_jobs(db, sys.argv[2])
        rows = simulate(jobs, nodes, placement)
    except RefError as e:
        sys.stderr.write("sched_ref: %s\n" % e)
        return 1
    for jid, start, finish, pairs in rows:
        sys.stdout.write("%s|%s|%s|[%s]\n" % (jid, start, finish,
                         ",".join("[%d,%d]" % (n, g) for n, g in pairs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
