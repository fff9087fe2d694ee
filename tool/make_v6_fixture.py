#!/usr/bin/python3
"""Write tests/mlperf/training_results_v6.0 and training_results_v6.1: two small results trees made
to the 6.0.0 and 6.1.0 rules, as submitters write them, for tests/mlperf_v6.test.

Usage: /usr/bin/python3 tool/make_v6_fixture.py OUT_DIR     (make fixtures-v6)

MLCommons' results of v6.0 are not public where this project is built, and 6.1's are not published
yet: these trees stand in for them. Every log follows its benchmark's closed (or open) rules of
mlcommons/logging (hyperparameters that pass every CHECK, init_start .. run_stop in order, blocks and
evaluations with samples_count), in the shapes real logs have: lines ending in CRLF, a rank prefix
(`0: :::MLLOG {...}`), other output between the MLLOG lines. What varies is what the scores and
checks must tell apart:

  v6.0 (ruleset 6.0.0)
    Acme/acme_8xh200 (closed): llama31_8b at batch 32, 10 runs converging a little faster than the
      RCP (pass, scaling factor above 1), half writing lowest_numerical_precision_in_linear and half
      lowest_numerical_precision_linear, with a parallel layout; gpt_oss_20b at batch 48 (between
      RCPs 16 and 64: interpolated, pass); deepseekv3_671b at batch 16384, converging too fast (Fail)
    Acme/acme_2x8xh200 (closed): llama31_8b at batch 256, above the largest RCP (Missing), one run
      stating a precision common.yaml does not allow (dropped); gpt_oss_20b with two runs short of
      the target (no score)
    Beta/beta_4xmi355 (open): llama31_8b, 10 runs reaching the open division's own target
      (eval_accuracy < 1.0) but one (no RCP check in the open division)
  v6.1 (ruleset 6.1.0)
    Acme/acme_8xh200 (closed): qwen35_397b_grpo at batch 256, evaluations every batch from
      256 * ceil(2.5 + 3840 / 256), one run evaluating off that cadence (dropped);
      deepseekv3_671b at 15360, first evaluation at 15360 * floor(42 + 24576 / 15360)
    Acme/acme_2x8xh200 (closed): deepseekv3_671b at 16384, two runs whose first evaluation is
      elsewhere (no score)

The scaling.json files are those MLCommons' RCP checker writes for the trees as they are (the review
step): tests/data/mlperf_v6_truth.sh runs the summarizer once to make them, then again to score.
Deterministic: the same bytes every run.
"""
import json, math, os, random, shutil, sys

T0 = 1_780_000_000_000  # ms


class Log:
    def __init__(self, rng, prefix='0: ', crlf=True):
        self.rng, self.prefix, self.crlf = rng, prefix, crlf
        self.t = T0 + rng.randrange(0, 10_000_000)
        self.lines = []

    def noise(self, text):
        self.lines.append(text)

    def ev(self, key, value=None, meta=None, dt=1):
        self.t += dt
        rec = {'namespace': '', 'time_ms': self.t, 'event_type': 'POINT_IN_TIME', 'key': key,
               'value': value, 'metadata': dict({'file': 'train.py', 'lineno': 1}, **(meta or {}))}
        if key.endswith('_start') or key.endswith('_stop'):
            rec['event_type'] = 'INTERVAL_START' if key.endswith('_start') else 'INTERVAL_END'
        self.lines.append(self.prefix + ':::MLLOG ' + json.dumps(rec))

    def text(self):
        end = '\r\n' if self.crlf else '\n'
        return end.join(self.lines) + end


def header(log, bench, division, org, platform):
    log.noise('+ python3 -u train.py --config config.yaml')
    log.ev('cache_clear', True)
    log.ev('init_start')
    log.ev('submission_benchmark', bench)
    log.ev('submission_division', division)
    log.ev('submission_org', org)
    log.ev('submission_platform', platform)
    log.ev('submission_poc_name', 'A. Person')
    log.ev('submission_poc_email', 'a.person@example.com')
    log.ev('submission_status', 'onprem')


def llm_hparams(log, gbs, end_lr=True):
    # llama31_8b and gpt_oss_20b (closed_<bench>.yaml, 6.0.0 and 6.1.0)
    log.ev('global_batch_size', gbs)
    log.ev('gradient_accumulation_steps', 1)
    log.ev('max_sequence_length', 8192)
    log.ev('opt_name', 'adamw')
    log.ev('opt_base_learning_rate', 0.0008)
    if end_lr:
        log.ev('opt_end_learning_rate', 8e-05)
    log.ev('opt_learning_rate_warmup_steps', 16)
    log.ev('opt_learning_rate_decay_steps', 1_200_000 - 16)
    log.ev('opt_learning_rate_decay_schedule', 'cosine with linear warmup')
    log.ev('opt_adamw_beta_1', 0.9)
    log.ev('opt_adamw_beta_2', 0.95)
    log.ev('opt_adamw_epsilon', 1e-05)
    log.ev('opt_adamw_weight_decay', 0.1)
    log.ev('opt_gradient_clip_norm', 1.0)
    log.ev('max_steps', 1_200_000)
    log.ev('eval_samples', 1024)
    log.ev('train_samples', 1_000_000)


def deepseek_hparams(log, gbs):
    log.ev('global_batch_size', gbs)
    log.ev('gradient_accumulation_steps', 4)
    log.ev('max_sequence_length', 4096)
    log.ev('opt_name', 'adamw')
    log.ev('opt_base_learning_rate', 2.4e-05 * (gbs / 16384) ** 0.5)
    log.ev('max_steps', 12000)
    log.ev('opt_learning_rate_warmup_steps', 4)
    log.ev('opt_learning_rate_decay_steps', 12000 - 4)
    log.ev('opt_learning_rate_decay_schedule', 'cosine with linear warmup')
    log.ev('opt_adamw_beta_1', 0.9)
    log.ev('opt_adamw_beta_2', 0.95)
    log.ev('opt_adamw_epsilon', 1e-08)
    log.ev('opt_adamw_weight_decay', 0.1)
    log.ev('opt_gradient_clip_norm', 1.0)
    log.ev('moe_aux_loss_coeff', 0.01)
    log.ev('eval_samples', 1024)
    log.ev('train_samples', 1_000_000_000)


def qwen_hparams(log, gbs):
    log.ev('global_batch_size', gbs)
    log.ev('gradient_accumulation_steps', gbs // 8)
    log.ev('max_sequence_length', 65536)
    log.ev('eval_samples', 256)
    log.ev('init_checkpoint_step', 0)
    log.ev('max_steps', 100)
    log.ev('opt_name', 'adamw')
    log.ev('opt_base_learning_rate', 1.0e-6 * (gbs / 256) ** 0.5)
    log.ev('opt_adamw_beta_1', 0.9)
    log.ev('opt_adamw_beta_2', 0.999)
    log.ev('opt_adamw_epsilon', 1e-8)
    log.ev('opt_adamw_weight_decay', 0.0)
    log.ev('opt_gradient_clip_norm', 0.125 * (256 / gbs) ** 0.5)
    log.ev('opt_learning_rate_warmup_steps', 0)
    log.ev('opt_learning_rate_decay_schedule', 'constant')
    log.ev('generation_training_rollout_temperature', 1.0)
    log.ev('generation_training_rollout_top_p', 1.0)
    log.ev('generation_validation_rollout_temperature', 0.1)
    log.ev('generation_validation_rollout_top_p', 0.95)
    log.ev('num_prompts_per_step', gbs // 16)
    log.ev('num_generations_per_prompt', 16)
    log.ev('train_samples', 100_000)


def layout(log, extra):
    for key, value in extra:
        log.ev(key, value)


def run_body(log, evals, minutes, ok=True):
    """evals: [(samples_count, accuracy)], the last one converging when ok. The run takes
    `minutes` from run_start to run_stop."""
    log.ev('init_stop', dt=60_000)
    log.ev('run_start', dt=1000)
    start = log.t
    step = minutes * 60_000 / (len(evals) + 1)
    prev = 0
    for k, (samples, acc) in enumerate(evals):
        log.ev('block_start', meta={'samples_count': prev, 'epoch_count': 1,
                                    'first_epoch_num': 0}, dt=1)
        log.t = start + int(step * (k + 1))
        log.ev('block_stop', meta={'samples_count': samples, 'first_epoch_num': 0})
        log.noise('[train] step loss 2.1234 lr 0.0008')
        log.ev('eval_start', meta={'samples_count': samples})
        log.ev('eval_accuracy', acc, {'samples_count': samples})
        log.ev('eval_stop', meta={'samples_count': samples})
        prev = samples
    log.t = start + int(minutes * 60_000)
    log.ev('run_stop', meta={'status': 'success' if ok else 'aborted',
                             'samples_count': prev}, dt=0)


def systems_file(name, division, nodes, per_node, accel, status='Available on-premise',
                 host='AMD EPYC 9654', framework='PyTorch NVIDIA Release 26.04'):
    return {
        'submitter': name.split('_')[0].capitalize(), 'division': division, 'status': status,
        'system_name': name.replace('_', ' '), 'system_type': 'datacenter',
        'number_of_nodes': nodes, 'host_processors_per_node': 2,
        'host_processor_model_name': host, 'host_processor_core_count': 96,
        'host_memory_capacity': '2.3 TB', 'accelerators_per_node': per_node,
        'accelerator_model_name': accel, 'accelerator_memory_capacity': '141 GB',
        'framework': framework, 'operating_system': 'Ubuntu 24.04', 'hw_notes': '',
        'sw_notes': '',
    }


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w', newline='') as f:
        f.write(text)


def llm_evals(every, conv_at, target, start_loss=3.9):
    """Evaluations every `every` samples up to conv_at (a multiple), the last at `target` - 0.01."""
    n = conv_at // every
    out = []
    for k in range(1, n + 1):
        loss = target + 0.02 + (start_loss - target) * (1 - k / n) if k < n else target - 0.01
        out.append((k * every, round(loss, 4)))
    return out


def tree_v60(root, rng):
    base = os.path.join(root, 'training_results_v6.0')
    # Acme, one node of 8.
    for sysname, nodes in (('acme_8xh200', 1), ('acme_2x8xh200', 2)):
        write(os.path.join(base, 'Acme', 'systems', sysname + '.json'),
              json.dumps(systems_file(sysname, 'closed', nodes, 8, 'NVIDIA H200-SXM-141GB'),
                         indent=4) + '\n')
    # llama31_8b at 32: the RCP mean 178858.67, minimum 173649.76; evaluations every 3072.
    for i in range(10):
        log = Log(rng)
        header(log, 'llama31_8b', 'closed', 'Acme', '1xH200')
        llm_hparams(log, 32)
        key = ('lowest_numerical_precision_in_linear' if i < 5
               else 'lowest_numerical_precision_linear')
        layout(log, [(key, 'fp8'), ('lowest_numerical_precision_in_attn', 'bfloat16'),
                     ('lowest_numerical_precision_in_comm', 'bfloat16'),
                     ('tensor_parallelism', 1), ('pipeline_parallelism', 1),
                     ('context_parallelism', 1), ('expert_parallelism', 1),
                     ('micro_batch_size', 1)])
        conv = 3072 * (56 + i % 3)
        run_body(log, llm_evals(3072, conv, 3.3), 90 + rng.random() * 8)
        write(os.path.join(base, 'Acme', 'results', 'acme_8xh200', 'llama31_8b',
                           'result_%d.txt' % i), log.text())
    # gpt_oss_20b at 48 (RCPs 16 and 64 kept, 32 pruned): interpolated mean about 247808.
    for i in range(10):
        log = Log(rng, prefix='')
        header(log, 'gpt_oss_20b', 'closed', 'Acme', '1xH200')
        llm_hparams(log, 48)
        layout(log, [('tensor_parallelism', 2), ('expert_parallelism', 4),
                     ('micro_batch_size', 2)])
        conv = 6144 * (41 + i % 2)
        run_body(log, llm_evals(6144, conv, 3.34), 120 + rng.random() * 10)
        write(os.path.join(base, 'Acme', 'results', 'acme_8xh200', 'gpt_oss_20b',
                           'result_%d.txt' % i), log.text())
    # deepseekv3_671b at 16384, converging at 688128 (RCP mean 765952, minimum 736328): Fail.
    for i in range(3):
        log = Log(rng)
        header(log, 'deepseekv3_671b', 'closed', 'Acme', '1xH200')
        deepseek_hparams(log, 16384)
        layout(log, [('lowest_numerical_precision_in_linear', 'fp8'),
                     ('tensor_parallelism', 1), ('pipeline_parallelism', 8),
                     ('expert_parallelism', 8), ('micro_batch_size', 1)])
        run_body(log, llm_evals(16384, 16384 * (42 + i % 2), 3.6), 300 + rng.random() * 20)
        write(os.path.join(base, 'Acme', 'results', 'acme_8xh200', 'deepseekv3_671b',
                           'result_%d.txt' % i), log.text())
    # Two nodes: llama31_8b at 256 (above the largest RCP, 128), one run stating fp12.
    for i in range(10):
        log = Log(rng)
        header(log, 'llama31_8b', 'closed', 'Acme', '2xH200')
        llm_hparams(log, 256)
        layout(log, [('lowest_numerical_precision_in_linear', 'fp12' if i == 3 else 'fp8'),
                     ('tensor_parallelism', 1), ('micro_batch_size', 2)])
        run_body(log, llm_evals(24576, 24576 * (20 + i % 2), 3.3), 50 + rng.random() * 5)
        write(os.path.join(base, 'Acme', 'results', 'acme_2x8xh200', 'llama31_8b',
                           'result_%d.txt' % i), log.text())
    # gpt_oss_20b, two runs short of the target: no score.
    for i in range(10):
        log = Log(rng)
        header(log, 'gpt_oss_20b', 'closed', 'Acme', '2xH200')
        llm_hparams(log, 64)
        evals = llm_evals(8192, 8192 * 37, 3.34)
        if i in (2, 7):
            evals[-1] = (evals[-1][0], 3.41)
        run_body(log, evals, 70 + rng.random() * 5, ok=i not in (2, 7))
        write(os.path.join(base, 'Acme', 'results', 'acme_2x8xh200', 'gpt_oss_20b',
                           'result_%d.txt' % i), log.text())
    # Beta, open division.
    write(os.path.join(base, 'Beta', 'systems', 'beta_4xmi355.json'),
          json.dumps(systems_file('beta_4xmi355', 'open', 1, 4, 'AMD Instinct MI355X',
                                  status='Preview', framework='PyTorch ROCm 7.1'),
                     indent=4) + '\n')
    for i in range(10):
        log = Log(rng, prefix='[1,0]<stdout>:')
        header(log, 'llama31_8b', 'open', 'Beta', '1xMI355')
        llm_hparams(log, 16)
        layout(log, [('lowest_numerical_precision_in_linear', 'mxfp4')])
        # The open division's target is eval_accuracy < 1.0 (open_llama31_8b.yaml): this
        # submitter logs a normalized loss; run 6 stays above it.
        evals = llm_evals(4096, 4096 * (38 + i % 4), 0.95, start_loss=1.6)
        if i == 6:
            evals = [(n, max(a, 1.02)) for n, a in evals]
        run_body(log, evals, 140 + rng.random() * 10)
        write(os.path.join(base, 'Beta', 'results', 'beta_4xmi355', 'llama31_8b',
                           'result_%d.txt' % i), log.text())


def tree_v61(root, rng):
    base = os.path.join(root, 'training_results_v6.1')
    for sysname, nodes in (('acme_8xh200', 1), ('acme_2x8xh200', 2)):
        write(os.path.join(base, 'Acme', 'systems', sysname + '.json'),
              json.dumps(systems_file(sysname, 'closed', nodes, 8, 'NVIDIA H200-SXM-141GB'),
                         indent=4) + '\n')
    # qwen at 256: evaluations from 256 * ceil(2.5 + 3840 / 256) = 4608, every 256.
    for i in range(3):
        log = Log(rng)
        header(log, 'qwen35_397b_grpo', 'closed', 'Acme', '1xH200')
        qwen_hparams(log, 256)
        first = 256 * math.ceil(2.5 + 3840 / 256)
        n = 1 + i
        evals = [(first + 256 * k, 0.6 + 0.03 * k) for k in range(n)]
        evals[-1] = (evals[-1][0], 0.695)
        if i == 1:
            evals[0] = (first + 100, evals[0][1])
        run_body(log, evals, 200 + rng.random() * 10)
        write(os.path.join(base, 'Acme', 'results', 'acme_8xh200', 'qwen35_397b_grpo',
                           'result_%d.txt' % i), log.text())
    # deepseek at 15360: the first evaluation at 15360 * floor(42 + 24576 / 15360) = 660480.
    for i in range(3):
        log = Log(rng)
        header(log, 'deepseekv3_671b', 'closed', 'Acme', '1xH200')
        deepseek_hparams(log, 15360)
        first = 15360 * math.floor(42 + 24576 / 15360)
        evals = [(first + 15360 * k, 3.9 - 0.05 * k) for k in range(5 + i)]
        evals[-1] = (evals[-1][0], 3.59)
        run_body(log, evals, 280 + rng.random() * 20)
        write(os.path.join(base, 'Acme', 'results', 'acme_8xh200', 'deepseekv3_671b',
                           'result_%d.txt' % i), log.text())
    # deepseek at 16384, two runs evaluating first elsewhere.
    for i in range(3):
        log = Log(rng)
        header(log, 'deepseekv3_671b', 'closed', 'Acme', '2xH200')
        deepseek_hparams(log, 16384)
        first = 16384 * math.floor(42 + 24576 / 16384)
        if i < 2:
            first += 16384
        evals = [(first + 16384 * k, 3.9 - 0.05 * k) for k in range(5)]
        evals[-1] = (evals[-1][0], 3.59)
        run_body(log, evals, 150 + rng.random() * 20)
        write(os.path.join(base, 'Acme', 'results', 'acme_2x8xh200', 'deepseekv3_671b',
                           'result_%d.txt' % i), log.text())


def main(out):
    for name in ('training_results_v6.0', 'training_results_v6.1'):
        shutil.rmtree(os.path.join(out, name), ignore_errors=True)
    tree_v60(out, random.Random(60))
    tree_v61(out, random.Random(61))


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
