#!/usr/bin/python3
# Regenerates the MLPerf HPC fixtures tests/mlperf/hpc_results_vX.Y from the
# real logs of each round (extracted under SRC as hpc_results_vX.Y, by
# tool/extract_round.py or the hpctruth helper's tool/extract_hpc.py). Real
# files are cut (per-step lines such as train_loss dropped: the keys the
# rules read are all kept), so each fixture scores as its real folder
# does; files under Edited/ are cut real logs with one deliberate edit each,
# named after what they test. Run from the repository root:
#   /usr/bin/python3 tool/cut_hpc.py /tmp/hpc_rounds
import json, os, re, shutil, sys

SRC = sys.argv[1]
DST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "mlperf")
DROP = ("train_loss", "train_accuracy", "learning_rate", "eval_loss", "eval_start",
        "eval_stop", "epoch_start", "epoch_stop", "block_start", "block_stop",
        "tracked_stats", "save_start", "save_stop")

def cut(rnd, rel):
    with open(os.path.join(SRC, "hpc_results_" + rnd, rel), "rb") as f:
        lines = f.read().split(b"\n")
    out = []
    for l in lines:
        if b":::MLLOG" not in l:
            continue
        m = re.search(rb'"key": "([a-z_0-9]*)"', l)
        try:
            json.loads(l.rsplit(b":::MLLOG ", 1)[1])
        except ValueError:
            m = None        # a corrupt line (as the real logs have) stays
        if b'"value": NaN' in l:
            m = None        # so does a NaN, which Python's json reads
        if m and m.group(1).decode() in DROP:
            continue
        out.append(l)
    return out

def write(rnd, rel, lines):
    path = os.path.join(DST, "hpc_results_" + rnd, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(b"\n".join(lines) + b"\n")

def system(rnd, sub, name):
    rel = "%s/systems/%s.json" % (sub, name)
    path = os.path.join(DST, "hpc_results_" + rnd, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    shutil.copyfile(os.path.join(SRC, "hpc_results_" + rnd, rel), path)

def folder(rnd, sub, name, rest, runs, pruned=()):
    system(rnd, sub, name)
    base = "%s/results/%s/%s/" % (sub, name, rest)
    for r in runs:
        write(rnd, base + r, cut(rnd, base + r))
    for r in pruned:
        write(rnd, base + "pruned_results/" + r, cut(rnd, base + "pruned_results/" + r))

def key_is(l, k):
    return (b'"key": "%s"' % k.encode()) in l

for rnd in ("v0.7", "v1.0", "v2.0", "v3.0"):
    if os.path.isdir(os.path.join(DST, "hpc_results_" + rnd)):
        shutil.rmtree(os.path.join(DST, "hpc_results_" + rnd))

five = ["result_%d.txt" % i for i in range(1, 6)]
# v0.7: results/<system>/<benchmark>/, scored without a compliance step; one
# real log without a run_stop.
folder("v0.7", "Fujitsu", "abci_1024xV100_pytorch_closed", "deepcam", five)
folder("v0.7", "CSCS", "daint_gpu_n256_tf2.2.0", "cosmoflow", ["result_4.txt"])
# v1.0: a strong folder, and a weak one that v3.0 ships again under HPE+LBNL.
folder("v1.0", "NVIDIA", "dgxa100_n256_ngc21.09_pytorch", "strong/deepcam", five)
folder("v1.0", "LBNL", "perlmutter_10x128x4_ngc21.09_pytorch", "weak/deepcam", five)
# v2.0: oc20 (its target on eval_error) weak, with a pruned run, whose logs
# state the whole system (128 nodes x 4) as each instance's size.
folder("v2.0", "HelmholtzAI", "horeka_gpu_n64_pytorch1.13", "weak/oc20",
       ["result_%d.txt" % i for i in (0, 1, 2, 3, 4, 5, 7)], ["result_6.txt"])
# v3.0: the copy, Eos's weak deepcam (whole system again: 5 of its 128
# instances), and a strong folder with a real malformed line.
folder("v3.0", "HPE+LBNL", "perlmutter_10x128x4_ngc21.09_pytorch", "weak/deepcam", five)
folder("v3.0", "NVIDIA", "eos_n256_ngc23.09_pytorch", "weak/deepcam",
       ["result_%d.txt" % i for i in range(0, 5)])
folder("v3.0", "HPE+LBNL", "perlmutter_512x4", "strong/deepcam", five)
# Edited: HPC's rules on one real Fugaku cosmoflow log (eval_error <= 0.124).
fug = "Fujitsu+RIKEN/results/fugaku_512xA64FX_tensorflow_closed/strong/cosmoflow/result_1.txt"
b = cut("v3.0", fug)
ed = "Edited/results/box/strong/cosmoflow/"
write("v3.0", ed + "result_converged.txt", b)
write("v3.0", ed + "result_status_aborted.txt",
      [l.replace(b'"status": "success"', b'"status": "aborted"') for l in b])
write("v3.0", ed + "result_status_null.txt",
      [l.replace(b', "status": "success"', b'') if key_is(l, "run_stop") else l for l in b])
write("v3.0", ed + "result_target_not_reached.txt",
      [l for l in b if not key_is(l, "eval_error")
       or float(re.search(rb'"value": ([0-9.e-]+)', l).group(1)) > 0.124])
write("v3.0", ed + "result_missing_number_of_nodes.txt",
      [l for l in b if not key_is(l, "number_of_nodes")])
# Staging before run_start: allowed from hpc_3.0.0 on, not before (the same
# log under v2.0's rules); staging_stop before staging_start never.
def staging_first(lines):
    st = [l for l in lines if key_is(l, "staging_start")]
    rest = [l for l in lines if not key_is(l, "staging_start")]
    i = next(k for k, l in enumerate(rest) if key_is(l, "run_start"))
    return rest[:i] + st + rest[i:]
write("v3.0", ed + "result_staging_before_run.txt", staging_first(b))
write("v2.0", "Edited/results/box/strong/cosmoflow/result_staging_before_run.txt", staging_first(b))
write("v3.0", ed + "result_staging_stop_first.txt",
      [l for l in b if not key_is(l, "staging_start")])
