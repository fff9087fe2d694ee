#!/usr/bin/python3
"""sched_ref.py: a second, independent simulator of gpu_schedule on a node
table (docs/scheduling.md), written plainly with lists, to check the C one
(tests/sched_ref.test checks it on hand-computed cases, tests/sched_trace.test
compares both on cuts of Alibaba's trace). Backfill "none" (the default
here) or "greedy"; placement "first_fit" (the default here), "best_fit" or
"worst_fit"; queue order "submit" (the default), "shortest", "longest",
"fewest_gpus", "most_gpus" or "largest_area".

    sched_ref.py DB JOBS CLUSTER [PLACEMENT [BACKFILL [ORDER]]]
    sched_ref.py audit DB JOBS CLUSTER RESULT

DB is a SQLite database file; JOBS and CLUSTER are each a table or view name
or one SELECT, read with Debian's python3 sqlite3 module. Columns are found
by name, case-insensitively. Jobs: id, gpus, runtime, optional submit (0),
gpu_milli (NULL = 1000, a whole GPU), gpu_model ('|'-separated models, NULL
or '' = any), cpu_milli, memory_mib (NULL = 0), estimate (NULL or absent =
the runtime; only the orders read it). Cluster: node, gpus,
optional model, cpu_milli, memory_mib (NULL or absent = not enforced).
Prints one line per job in dispatch order: id|start|finish|placement, where
placement is the JSON array of [node, gpu] pairs the job holds. An error is
one line "sched_ref: ..." on stderr and exit status 1.

The rules, as docs/scheduling.md states them: at one instant, finishes free
their resources first, then arrivals join the queue, then the queue is
served. The queue is sorted by the order's key (submit; estimate;
-estimate; gpus; -gpus; -gpus x estimate), then submit, then id (numbers
before text). none: the queue head starts while it fits (the head blocks).
greedy: every queued job, in queue order, starts if it fits at its turn
(a job that does not fit is passed over; the pass goes on to the end).
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

audit: RESULT (a table or SELECT with id, start, finish, placement, as
gpu_schedule gives them) is checked against JOBS and CLUSTER, whatever
placement, order or backfill produced it: every job exactly once, start >=
submit, finish = start + runtime, its pairs on one node whose model it
allows, as many GPUs as it asks, and at no instant (finishes before starts)
a GPU over 1000 milli or a node over its CPU or memory. Prints "ok N" (N
jobs), or the first fault as an error.
"""
import json
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
    for col in {"cluster": ("node", "gpus"), "jobs": ("id", "gpus", "runtime"),
                "result": ("id", "start", "finish", "placement")}[what]:
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
        estimate = r.get("estimate")
        estimate = runtime if estimate is None else estimate
        jobs.append({"id": jid, "gpus": gpus, "runtime": runtime, "estimate": estimate,
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


ORDERS = {
    "submit": lambda j: j["submit"],
    "shortest": lambda j: j["estimate"],
    "longest": lambda j: -j["estimate"],
    "fewest_gpus": lambda j: j["gpus"],
    "most_gpus": lambda j: -j["gpus"],
    "largest_area": lambda j: -j["gpus"] * j["estimate"],
}


def simulate(jobs, nodes, placement, backfill="none", order="submit"):
    for j in jobs:
        check_fits_somewhere(j, nodes)
    key = ORDERS[order]

    def queue_key(j):
        return (key(j), j["submit"], id_key(j["id"]))

    out = []
    arrivals = list(jobs)          # by submit, then id
    queue = []
    running = []                   # [finish, job, node, gpus]

    def start(job, t, spot):
        node, gpus = spot
        take(job, node, gpus, +1)
        finish = t + job["runtime"]
        running.append([finish, job, node, gpus])
        out.append((job["id"], t, finish, [[node["node"], g] for g in gpus]))

    while arrivals or queue or running:
        times = [r[0] for r in running] + ([arrivals[0]["submit"]] if arrivals else [])
        t = min(times)
        for r in [r for r in running if r[0] == t]:
            take(r[1], r[2], r[3], -1)
            running.remove(r)
        while arrivals and arrivals[0]["submit"] == t:
            queue.append(arrivals.pop(0))
        queue.sort(key=queue_key)
        if backfill == "none":
            while queue:
                spot = place(queue[0], nodes, placement)
                if spot is None:
                    break
                start(queue.pop(0), t, spot)
        else:
            waiting = []
            for job in queue:
                spot = place(job, nodes, placement)
                if spot is None:
                    waiting.append(job)
                else:
                    start(job, t, spot)
            queue = waiting
        if queue and not running and not arrivals:
            raise RefError("job '%s' can never start" % queue[0]["id"])
    return out


def audit(db, jobs, nodes, source):
    rows, _ = read_rows(db, source, "result")
    by_id = {j["id"]: j for j in jobs}
    by_node = {n["node"]: n for n in nodes}
    seen = set()
    events = []                    # (time, 0 finish / 1 start, job, node, gpus)
    for r in rows:
        jid = r["id"]
        job = by_id.get(jid)
        if job is None or jid in seen:
            raise RefError("result: job '%s' unknown or twice" % jid)
        seen.add(jid)
        if r["start"] < job["submit"] or r["finish"] != r["start"] + job["runtime"]:
            raise RefError("result: job '%s' starts at %s, finishes at %s" % (jid, r["start"], r["finish"]))
        pairs = json.loads(r["placement"])
        node = by_node.get(pairs[0][0]) if pairs else None
        gpus = [g for _, g in pairs]
        if node is None or any(n != node["node"] for n, _ in pairs) or len(gpus) != job["gpus"] \
           or len(set(gpus)) != len(gpus) or not all(0 <= g < node["gpus"] for g in gpus) \
           or not allows(job, node):
            raise RefError("result: job '%s' has placement %s" % (jid, r["placement"]))
        events.append((r["finish"], 0, job, node, gpus))
        events.append((r["start"], 1, job, node, gpus))
    if len(seen) != len(jobs):
        raise RefError("result: %d jobs of %d" % (len(seen), len(jobs)))
    events.sort(key=lambda e: (e[0], e[1]))
    for t, kind, job, node, gpus in events:
        sign = 1 if kind else -1
        for g in gpus:
            node["free"][g] -= sign * job["milli"]
            if node["free"][g] < 0:
                raise RefError("result: GPU %d of node %d over capacity at %s" % (g, node["node"], t))
        if node["free_cpu"] is not None:
            node["free_cpu"] -= sign * job["cpu"]
        if node["free_mem"] is not None:
            node["free_mem"] -= sign * job["mem"]
        if (node["free_cpu"] is not None and node["free_cpu"] < 0) \
           or (node["free_mem"] is not None and node["free_mem"] < 0):
            raise RefError("result: node %d over its CPU or memory at %s" % (node["node"], t))
    return len(rows)


def main():
    argv = sys.argv[1:]
    try:
        if argv and argv[0] == "audit":
            if len(argv) != 5:
                sys.stderr.write("usage: sched_ref.py audit DB JOBS CLUSTER RESULT\n")
                return 2
            db = sqlite3.connect("file:%s?mode=ro" % argv[1], uri=True)
            nodes = read_cluster(db, argv[3])
            jobs = read_jobs(db, argv[2])
            sys.stdout.write("ok %d\n" % audit(db, jobs, nodes, argv[4]))
            return 0
        if len(argv) not in (3, 4, 5, 6):
            sys.stderr.write("usage: sched_ref.py DB JOBS CLUSTER"
                             " [first_fit|best_fit|worst_fit [none|greedy [ORDER]]]\n")
            return 2
        placement = argv[3] if len(argv) > 3 else "first_fit"
        backfill = argv[4] if len(argv) > 4 else "none"
        order = argv[5] if len(argv) > 5 else "submit"
        if placement not in ("first_fit", "best_fit", "worst_fit"):
            raise RefError("unknown placement '%s'" % placement)
        if backfill not in ("none", "greedy"):
            raise RefError("unknown backfill '%s'" % backfill)
        if order not in ORDERS:
            raise RefError("unknown order '%s'" % order)
        db = sqlite3.connect("file:%s?mode=ro" % argv[0], uri=True)
        nodes = read_cluster(db, argv[2])
        jobs = read_jobs(db, argv[1])
        rows = simulate(jobs, nodes, placement, backfill, order)
    except RefError as e:
        sys.stderr.write("sched_ref: %s\n" % e)
        return 1
    for jid, start, finish, pairs in rows:
        sys.stdout.write("%s|%s|%s|[%s]\n" % (jid, start, finish,
                         ",".join("[%d,%d]" % (n, g) for n, g in pairs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
