#!/usr/bin/python3
# Regenerates the fixtures of tests/mlperf/training_results_v4.1 from the real MLPerf
# Training v4.1 logs (the MLCommons v4.1 results tarball, make dataset's
# MLPERF_V41, unpacked at SRC). Real files
# are cut (boring lines such as weights_initialization dropped, a few noise
# lines kept); the files under Edited/ are cut real logs with one deliberate
# edit each, named after the rule they break. Run from the repository root:
#   /usr/bin/python3 tool/cut.py /tmp/mlperf-v4.1
import json, os, random, re, shutil, sys

SRC = sys.argv[1]
# The fixtures live in tests/mlperf/, beside tool/.
DST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "mlperf", "training_results_v4.1")
DROP = ("weights_initialization", "tracked_stats", "eval_start", "eval_stop",
        "block_start", "block_stop", "epoch_start", "epoch_stop", "train_loss")

def lines_of(rel):
    with open(os.path.join(SRC, rel), "rb") as f:
        return f.read().split(b"\n")

def cut(rel, noise=3):
    out, kept_noise = [], 0
    for l in lines_of(rel):
        if b":::MLLOG" in l:
            m = re.search(rb'"key": "([a-z_0-9]*)"', l)
            if m and m.group(1).decode() in DROP:
                continue
            out.append(l)
        elif l.strip() and kept_noise < noise:
            out.append(l)
            kept_noise += 1
    return out

def write(rel, lines, raw=None):
    path = os.path.join(DST, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(raw if raw is not None else b"\n".join(lines) + b"\n")

def copy(rel, dst_rel=None):
    path = os.path.join(DST, dst_rel or rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    shutil.copyfile(os.path.join(SRC, rel), path)

def key_is(l, k):
    return (b'"key": "%s"' % k.encode()) in l

if os.path.isdir(DST):
    shutil.rmtree(DST)

# Real runs: one scored pair (3 converged + 1 cut short of its target, with
# the real scaling.json), and a real run for each real failure.
dell = "Dell/results/XE8640x4H100-SXM-80GB/bert/"
copy("Dell/systems/XE8640x4H100-SXM-80GB.json")
copy(dell + "scaling.json")
for i in range(3):
    write(dell + "result_%d.txt" % i, cut(dell + "result_%d.txt" % i))
# result_3: the evaluations from the first one reaching 0.720 on are dropped.
short = []
for l in cut(dell + "result_3.txt"):
    if key_is(l, "eval_accuracy"):
        v = float(re.search(rb'"value": ([0-9.]+)', l).group(1))
        if v >= 0.720:
            continue
    short.append(l)
write(dell + "result_3.txt", short)

copy("NVIDIA/systems/eos_n8_ngc23.04_pytorch.json")
write("NVIDIA/results/eos_n8_ngc23.04_pytorch/bert/result_4.txt",
      cut("NVIDIA/results/eos_n8_ngc23.04_pytorch/bert/result_4.txt"))
copy("tinycorp/systems/tinybox_green.json")
write("tinycorp/results/tinybox_green/bert/result_2.txt",
      cut("tinycorp/results/tinybox_green/bert/result_2.txt"))
lam = "Lambda/results/lambda_1cc_n2_H100-SXM-80GB_ngc24.04_nemo/stable_diffusion/result_240930043022868987627_01.txt"
copy("Lambda/systems/lambda_1cc_n2_H100-SXM-80GB_ngc24.04_nemo.json")
write(lam, cut(lam))
sd = "Dell/results/XE9680x8H100-SXM-80GB/stable_diffusion/"
copy("Dell/systems/XE9680x8H100-SXM-80GB.json")
write(sd + "result_0.txt", cut(sd + "result_0.txt"))
# result_1: the real result_0 without its last samples_count (the only one
# where FID <= 90 and CLIP >= 0.15 hold together).
base = cut(sd + "result_0.txt")
last = [l for l in base if key_is(l, "eval_accuracy")][-1]
n = re.search(rb'"samples_count": ([0-9]+)', last).group(1)
write(sd + "result_1.txt",
      [l for l in base if not (key_is(l, "eval_accuracy") and b'"samples_count": ' + n + b',' in l)])

# Edited copies of the first Dell bert run.
ed = "Edited/results/box/bert/"
sysd = json.load(open(os.path.join(SRC, "Dell/systems/XE8640x4H100-SXM-80GB.json")))
sysd["submitter"] = "Edited"; sysd["system_name"] = "box"; sysd["status"] = "onprem"
write("Edited/systems/box.json", None, (json.dumps(sysd, indent=4) + "\n").encode())
del sysd["accelerator_model_name"]
write("Edited/systems/no_field.json", None, (json.dumps(sysd, indent=4) + "\n").encode())
write("Edited/systems/not_json.json", None, b'{\n  "submitter": "Edited",\n  "division": "closed"\n  "status": "onprem"\n}\n')
b = cut(dell + "result_0.txt")
def edit(name, lines):
    write(ed + "result_%s.txt" % name, lines)
def t_of(l):
    return int(re.search(rb'"time_ms": ([0-9]+)', l).group(1))
def set_t(l, t):
    return re.sub(rb'"time_ms": [0-9]+', b'"time_ms": %d' % t, l)
first_init = min(t_of(l) for l in b if key_is(l, "init_start"))
edit("converged", b)
edit("missing_run_start", [l for l in b if not key_is(l, "run_start")])
edit("missing_run_stop", [l for l in b if not key_is(l, "run_stop")])
edit("duplicate_run_start", sum(([l, l] if key_is(l, "run_start") else [l] for l in b), []))
edit("duplicate_run_stop", sum(([l, l] if key_is(l, "run_stop") else [l] for l in b), []))
edit("status_null", [l.replace(b', "status": "success"', b'') if key_is(l, "run_stop") else l for l in b])
edit("status_aborted", [l.replace(b'"status": "success"', b'"status": "aborted"') for l in b])
edit("init_too_slow", [set_t(l, first_init + 30*60*1000) if key_is(l, "init_stop") else l for l in b])
edit("init_just_in_time", [set_t(l, first_init + 30*60*1000 - 1) if key_is(l, "init_stop") else l for l in b])
openb = [l.replace(b'"value": "closed"', b'"value": "open"') if key_is(l, "submission_division") else l for l in b]
edit("open_init_slow_ok", [set_t(l, first_init + 239*60*1000) if key_is(l, "init_stop") else l for l in openb])
edit("open_init_too_slow", [set_t(l, first_init + 240*60*1000) if key_is(l, "init_stop") else l for l in openb])
edit("target_not_reached", [l for l in b if not key_is(l, "eval_accuracy")])
# A corrupt line, as two ranks interleaving their output in the real logs.
edit("malformed_line", [l[:100] + l[140:] if key_is(l, "seed") else l for l in b])
# Two markers on a line: the text after the last one is the MLLOG line.
edit("last_marker_wins", [b"0: :::MLLOG {broken 1: " + l if key_is(l, "seed") else l for l in b])
# Line ends: the real log mixes \n and \r\n; these use one kind throughout.
write(ed + "result_crlf.txt", None, b"\r\n".join(l.rstrip(b"\r") for l in b) + b"\r\n")
write(ed + "result_cr.txt", None, b"\r".join(l.rstrip(b"\r") for l in b) + b"\r")
write(ed + "result_truncated.txt", None, b"\n".join(b)[:-40])
write(ed + "result_empty.txt", None, b"")
rng = random.Random(41)
write(ed + "result_binary.txt", None, bytes(rng.randrange(256) for _ in range(4096)))
deep = b'0: :::MLLOG {"namespace": "", "time_ms": 1, "event_type": "POINT_IN_TIME", "key": "deep", "value": ' + b"[" * 600 + b"]" * 600 + b', "metadata": {}}'
edit("deep", b[:5] + [deep] + b[5:])
# maskrcnn: eval_accuracy is an object {"BBOX": .., "SEGM": ..} (no v4.1 logs).
mk = "Edited/results/box/maskrcnn/"
def mask(bbox, segm):
    out = [l.replace(b'"value": "bert"', b'"value": "maskrcnn"') for l in b if not key_is(l, "eval_accuracy")]
    i = next(k for k, l in enumerate(out) if key_is(l, "run_stop"))
    ev = b':::MLLOG {"namespace": "", "time_ms": %d, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value": {"BBOX": %s, "SEGM": %s}, "metadata": {"file": "mlperf_logger.py", "lineno": 90, "epoch_num": 12}}' % (t_of(out[i]) - 5, bbox, segm)
    return out[:i] + [ev] + out[i:]
write(mk + "result_reached.txt", mask(b"0.3778", b"0.3412"))
write(mk + "result_segm_low.txt", mask(b"0.3778", b"0.3389"))
