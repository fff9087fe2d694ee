#!/usr/bin/python3
# Regenerates the fixtures of tests/mlperf/training_results_vX.Y (X.Y other
# than 4.1, which cut.py makes): a few real runs per round, cut to their
# MLLOG lines (v0.6: MLL lines) (per-step noise dropped, every key a rule reads kept), each
# showing a rule that differs between rounds; files under Edited/ carry one
# deliberate edit each, named after it. ROUNDS holds the rounds extracted
# by tool/extract_round.py as training_results_vX.Y. Run from
# the repository root:
#   /usr/bin/python3 tool/cut_rounds.py /tmp/rounds
import os, re, shutil, sys

ROUNDS = sys.argv[1]
# The fixtures live in tests/mlperf/, beside tool/.
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "mlperf")
DROP = ("tracked_stats", "eval_start", "eval_stop", "block_start",
        "block_stop", "epoch_start", "epoch_stop", "train_loss", "throughput")

# (round, submitter, system, benchmark, runs): the rule each shows.
REAL = [
    # 0.7.0: bert's target is 0.712 (0.706 from a global batch of 8192).
    ("0.7", "NVIDIA", "dgx2h_n32_ngc20.06_pytorch", "bert", ["result_3.txt"]),
    # up to 1.1.0: ssd is SSD-ResNet34, target 0.23 mAP.
    ("1.0", "Dell", "XE8545x4A100-SXM-80GB", "ssd", ["result_0.txt"]),
    # 1.1.0: a missing weights_initialization is only a warning.
    ("1.1", "Azure", "nd96amsr_a100_v4_n128_ngc21.09_pytorch", "bert", ["result_0.txt"]),
    # 3.0.0: bert requires opt_lamb_epsilon (Lenovo's runs lack it).
    ("3.0", "Lenovo", "SR670v2-4xA100_SXM4_40GB_400W", "bert", ["result_1.txt", "result_2.txt"]),
    # 3.1.0: stable_diffusion pairs FID and CLIP by step_num.
    ("3.1", "NVIDIA", "eos_n8_ngc23.09_nemo_mm", "stable_diffusion", ["result_0.txt"]),
    # 5.0.0: gnn is now rgat.
    ("5.0", "Dell", "1xXE9680Lx8B200-SXM-180GB", "rgat", ["result_0.txt"]),
]

# Printed once per rank (or per tensor): only the first and the earliest
# line are kept
# (the rules read the earliest init_start; the others must appear).
PER_RANK = ("init_start", "cache_clear", "weights_initialization")

def cut(path):
    out = []
    with open(path, "rb") as f:
        lines = [l[l.rfind(b":::MLLOG "):] for l in f.read().split(b"\n")
                 if b":::MLLOG " in l]
    def key(l):
        m = re.search(rb'"key": "([a-z_0-9]*)"', l)
        return m.group(1).decode() if m else None
    def time(l):
        m = re.search(rb'"time_ms": ([0-9.e+]+)', l)
        return float(m.group(1)) if m else 0.0
    keep = set()
    for k in PER_RANK:
        idx = [i for i, l in enumerate(lines) if key(l) == k]
        if idx:
            keep.add(idx[0])
            keep.add(min(idx, key=lambda i: time(lines[i])))
    for i, l in enumerate(lines):
        k = key(l)
        if k in DROP or (k in PER_RANK and i not in keep):
            continue
        out.append(l)
    return out

def write(rel, lines):
    path = os.path.join(HERE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(b"\n".join(lines) + b"\n")

# v0.6 (ruleset 0.6.0): ":::MLL <seconds> <key>: {json}" lines, scored as
# the v0.6 summarizer scores them: every run with run_start and run_stop.
REAL06 = [
    # Five runs, one ending with status "abort", all counted (2.273094443480174).
    ("Google", "tpu-v3-1024", "resnet", ["result_%d.txt" % i for i in range(5)]),
    # The folder "mask" is maskrcnn.
    ("Google", "tpu-v3-32", "mask", ["result_0.txt"]),
    # Every key from every rank (1,040 init_start lines; the cut keeps two).
    ("NVIDIA", "dgx1_n130_ngc19.05_mxnet", "resnet", ["result_0.txt"]),
    # No run_stop: the summarizer cannot score it.
    ("NVIDIA", "dgx1_ngc19.05_tensorflow", "minigo", ["result_0.txt"]),
    # Python's repr as metadata ({'lineno': 615, ...}), not JSON.
    ("Intel", "clx-8260l-2s-x32", "minigo", ["result_0.txt"]),
]
# Systems files of v0.6 without accelerators_per_node ("nodes" entries).
SYSTEMS06 = [("Fujitsu", "abci_2048xV100_mxnet")]

def cut_mll(path):
    """The :::MLL lines of a v0.6 log, per-step keys dropped, a key printed
    more than twice (once per rank, or per step) but eval_accuracy kept
    twice (its first and its earliest line)."""
    with open(path, "rb") as f:
        lines = [l[l.rfind(b":::MLL "):].rstrip(b"\r") for l in f.read().split(b"\n")
                 if b":::MLL " in l]
    def key(l):
        m = re.match(rb":::MLL [^ ]+ ([A-Za-z0-9_]+): ", l)
        return m.group(1).decode() if m else None
    def time(l):
        return float(l.split(b" ")[1])
    keep = set()
    repeated = set(k for k in map(key, lines)
                   if k != "eval_accuracy" and sum(1 for l in lines if key(l) == k) > 2)
    for k in repeated:
        idx = [i for i, l in enumerate(lines) if key(l) == k]
        keep.add(idx[0])
        keep.add(min(idx, key=lambda i: time(lines[i])))
    return [l for i, l in enumerate(lines)
            if key(l) not in DROP and (key(l) not in repeated or i in keep)]

for rnd, sub, system, bench, runs in REAL + [("0.6",) + r for r in REAL06]:
    dst = "training_results_v%s" % rnd
    if os.path.isdir(os.path.join(HERE, dst)):
        shutil.rmtree(os.path.join(HERE, dst))
for rnd, sub, system, bench, runs in REAL:
    src = os.path.join(ROUNDS, "training_results_v%s" % rnd)
    dst = "training_results_v%s" % rnd
    sysfile = "%s/systems/%s.json" % (sub, system)
    os.makedirs(os.path.dirname(os.path.join(HERE, dst, sysfile)), exist_ok=True)
    shutil.copyfile(os.path.join(src, sysfile), os.path.join(HERE, dst, sysfile))
    for run in runs:
        rel = "%s/results/%s/%s/%s" % (sub, system, bench, run)
        write(os.path.join(dst, rel), cut(os.path.join(src, rel)))

# 0.7.0 edits of the real bert run: every evaluation above 0.709 set to
# 0.709, with its global batch of 9216 (passes: 0.706) or 4096 (fails:
# 0.712); and init_stop 25 minutes after init_start (0.7.0 allows 20).
real = cut(os.path.join(ROUNDS, "training_results_v0.7/NVIDIA/results/"
                        "dgx2h_n32_ngc20.06_pytorch/bert/result_3.txt"))
def evals_at(lines, v):
    out = []
    for l in lines:
        m = re.search(rb'"key": "eval_accuracy", "value": ([0-9.]+)', l)
        if m and float(m.group(1)) > v:
            l = l.replace(m.group(0), b'"key": "eval_accuracy", "value": %s' % str(v).encode())
        out.append(l)
    return out
ed = "training_results_v0.7/Edited/results/box/bert/"
write(ed + "result_big_batch_0709.txt", evals_at(real, 0.709))
write(ed + "result_small_batch_0709.txt",
      [l.replace(b'"value": 9216', b'"value": 4096') if b'"global_batch_size"' in l else l
       for l in evals_at(real, 0.709)])
slow = []
t0 = None
for l in real:
    m = re.search(rb'"time_ms": ([0-9]+)', l)
    if b'"key": "init_start"' in l and t0 is None:
        t0 = int(m.group(1))
    if b'"key": "init_stop"' in l:
        l = l.replace(m.group(0), b'"time_ms": %d' % (t0 + 25 * 60 * 1000))
    slow.append(l)
write(ed + "result_init_25min.txt", slow)

# v0.6: the runs cut to their MLL lines, their systems files copied whole.
src = os.path.join(ROUNDS, "training_results_v0.6")
for sub, system, bench, runs in REAL06:
    sysfile = "%s/systems/%s.json" % (sub, system)
    os.makedirs(os.path.dirname(os.path.join(HERE, "training_results_v0.6", sysfile)), exist_ok=True)
    shutil.copyfile(os.path.join(src, sysfile), os.path.join(HERE, "training_results_v0.6", sysfile))
    for run in runs:
        rel = "%s/results/%s/%s/%s" % (sub, system, bench, run)
        write(os.path.join("training_results_v0.6", rel), cut_mll(os.path.join(src, rel)))
for sub, system in SYSTEMS06:
    sysfile = "%s/systems/%s.json" % (sub, system)
    os.makedirs(os.path.dirname(os.path.join(HERE, "training_results_v0.6", sysfile)), exist_ok=True)
    shutil.copyfile(os.path.join(src, sysfile), os.path.join(HERE, "training_results_v0.6", sysfile))
