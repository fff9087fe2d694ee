"""An independent re-implementation, in plain Python, of the bootstraps of
mlpscale: mlperf_score_ci (percentile and BCa) and breakeven_ci, from
their definitions in docs/metrics.md, with the same random numbers
(splitmix64 and the unbiased draw below n of ext/base/util.h), so that the
intervals can be compared value for value (tests/fit_scipy.py draws
scaling_fit's resamples with it too). Used by tests/ci_check.py and
tests/bench/score_ci_coverage.py. Standard library only.
"""
import math
from statistics import NormalDist

MASK = (1 << 64) - 1
_NORMAL = NormalDist()


class SplitMix64:
    """splitmix64 (Steele, Lea & Flood 2014), as utilSplitmix64."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        """Uniform on 0..n-1, draws below 2^64 mod n rejected (utilBelow)."""
        threshold = ((1 << 64) - n) % n
        while True:
            x = self.next()
            if x >= threshold:
                return x % n

    def uniform(self):
        """A double in [0, 1) from the top 53 bits."""
        return (self.next() >> 11) * (1.0 / (1 << 53))

    def normal(self):
        """A standard normal draw (Box-Muller, one of the pair)."""
        u1 = 1.0 - self.uniform()
        u2 = self.uniform()
        return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


def olympic(times, n_dropped, max_drop):
    """mlperf_score of the sorted converged times: None when no score."""
    if n_dropped > max_drop:
        return None
    lo, hi = max_drop, len(times) - (max_drop - n_dropped)
    if lo >= hi:
        return None
    s = 0.0
    for t in times[lo:hi]:      # from the fastest, as the summarizer
        s += t
    return s / (hi - lo)


def quantile(a, q):
    """Type 7 quantile of sorted a."""
    h = q * (len(a) - 1)
    k = math.floor(h)
    if k >= len(a) - 1:
        return a[-1]
    return a[k] + (h - k) * (a[k + 1] - a[k])


def score_ci(times, n_dropped, max_drop=1, level=0.95, resamples=2000,
             seed=0, method="bca"):
    """mlperf_score_ci as a dict (score, low, high, z0, a) or None."""
    times = sorted(times)
    score = olympic(times, n_dropped, max_drop)
    if score is None:
        return None
    n_run = len(times) + n_dropped
    rng = SplitMix64(seed)
    scores = []
    for _ in range(resamples):
        counts = [0] * len(times)
        drawn_dropped = 0
        for _ in range(n_run):
            j = rng.below(n_run)
            if j >= len(times):
                drawn_dropped += 1
            else:
                counts[j] += 1
        if drawn_dropped > max_drop:
            continue
        draw = [t for t, c in zip(times, counts) for _ in range(c)]
        s = olympic(draw, drawn_dropped, max_drop)
        if s is not None:
            scores.append(s)
    res = {"score": score, "low": None, "high": None, "z0": 0.0, "a": 0.0}
    if not scores:
        return res
    scores.sort()
    q = [(1 - level) / 2, (1 + level) / 2]
    if method == "bca":
        a = acceleration(times, n_dropped, max_drop)
        b = len(scores)
        below = sum(1 for s in scores if s < score)
        equal = sum(1 for s in scores if s == score)
        p = min(max((below + 0.5 * equal) / b, 0.5 / b), 1 - 0.5 / b)
        z0 = _NORMAL.inv_cdf(p)
        for k in range(2):
            w = z0 + _NORMAL.inv_cdf(q[k])
            den = 1 - a * w
            q[k] = _NORMAL.cdf(z0 + w / den) if den > 0 else (1.0 if w > 0 else 0.0)
        res["z0"], res["a"] = z0, a
    res["low"] = quantile(scores, q[0])
    res["high"] = quantile(scores, q[1])
    return res


def acceleration(times, n_dropped, max_drop):
    """The jackknife acceleration over all runs (0 when a leave-one-out
    has no score or all are equal)."""
    loo = []
    for i in range(len(times)):
        s = olympic(times[:i] + times[i + 1:], n_dropped, max_drop)
        if s is None:
            return 0.0
        loo.append(s)
    for _ in range(n_dropped):
        s = olympic(times, n_dropped - 1, max_drop)
        if s is None:
            return 0.0
        loo.append(s)
    mean = sum(loo) / len(loo)
    d = [mean - x for x in loo]
    big = max(abs(x) for x in d)
    if big == 0:
        return 0.0
    d = [x / big for x in d]
    s2 = sum(x * x for x in d)
    s3 = sum(x * x * x for x in d)
    return s3 / (6 * s2 * math.sqrt(s2))


# ---------------------------------------------------------------------------
# breakeven and breakeven_ci

def fastest_per_n(points):
    pts = sorted(points)
    out = []
    for n, t in pts:
        if not out or out[-1][0] != n:
            out.append((n, t))
    return out


def knee(a):
    m = len(a)
    ts = [t for _, t in a]
    tmin, tmax = min(ts), max(ts)
    if tmin == tmax:
        return None
    x0, x1 = math.log2(a[0][0]), math.log2(a[-1][0])

    def diff(i):
        xn = (math.log2(a[i][0]) - x0) / (x1 - x0)
        yn = (a[i][1] - tmin) / (tmax - tmin)
        return (1 - yn) - xn
    threshold, cand = 0.0, -1
    for i in range(m - 1):
        d, dn = diff(i), diff(i + 1)
        dp = diff(i - 1) if i > 0 else d
        if d >= dp and d >= dn:
            threshold = d - 1.0 / (m - 1)
            cand = i
        if cand < 0:
            continue
        if d <= dp and d <= dn:
            threshold = 0.0
        if dn < threshold:
            return a[cand][0]
    return None


def breakeven(points, criterion="efficacy", theta=0.5):
    """(n, next, censored) of breakeven_bracket over the points, or None:
    n the last size meeting the criterion, next the size after it (None
    when censored: the criterion holds up to the largest size)."""
    a = fastest_per_n(points)
    m = len(a)
    if m < 3:
        return None
    if criterion == "efficacy":
        best, i = None, None
        for j, (ni, ti) in enumerate(a):
            v = ni * ti * ti
            if best is None or v < best:
                best, i = v, j
    elif criterion == "marginal":
        i = m - 1
        for j in range(m - 1):
            e = (a[j][0] / (a[j + 1][0] - a[j][0])) * (a[j][1] / a[j + 1][1] - 1)
            if e < theta:
                i = j
                break
    elif criterion == "efficiency":
        i = m - 1
        for j in range(1, m):
            e = (a[0][1] / a[j][1]) / (a[j][0] / a[0][0])
            if e < theta:
                i = j - 1
                break
    else:
        n = knee(a)
        if n is None:
            return None
        i = [p[0] for p in a].index(n)
    if i == m - 1:
        return a[i][0], None, True
    return a[i][0], a[i + 1][0], False


def breakeven_ci(points, coef, criterion="efficacy", theta=0.5, level=0.95,
                 resamples=2000, seed=0):
    """breakeven_ci as a dict, or None. coef: (a, b, c), the relative fit of
    the fastest time per size (comm from 4 sizes, else Amdahl, c = 0) that
    docs/metrics.md says the residuals come from (tests/fit_scipy.test
    checks those fits against scipy). Each draw keeps the sizes and sets
    t*_i = f_i exp(e_J), e the log residuals centred and inflated by
    sqrt(m/(m - k)), J drawn below m per size in order."""
    point = breakeven(points, criterion, theta)
    if point is None:
        return None
    a = fastest_per_n(points)
    m = len(a)
    f = []
    for n, _ in a:
        v = 0.0
        for cj, x in zip(coef, (1.0, 1.0 / n, math.log2(n))):
            if cj != 0.0:
                v += cj * x
        f.append(v)
    e = [math.log(t / fi) for (_, t), fi in zip(a, f)]
    mean = math.fsum(e) / m
    k = sum(1 for cj in coef if cj != 0.0)
    scale = math.sqrt(m / (m - k)) if m > k else 1.0
    e = [scale * (x - mean) for x in e]
    rng = SplitMix64(seed)
    lows, highs, failed = [], [], 0
    for _ in range(resamples):
        draw = [(a[i][0], f[i] * math.exp(e[rng.below(m)])) for i in range(m)]
        b = breakeven(draw, criterion, theta)
        if b is None:
            failed += 1
            continue
        lows.append(b[0])
        highs.append(math.inf if b[2] else b[0])
    res = {"n": point[0], "next": point[1], "censored": point[2], "low": None,
           "high": None, "draws": resamples, "failed": failed}
    if lows:
        lows.sort()
        highs.sort()
        res["low"] = order_stat(lows, (1 - level) / 2, False)
        if not point[2]:
            res["high"] = order_stat(highs, (1 + level) / 2, True)
    return res


def order_stat(a, q, higher):
    """The lower (or higher) order statistic at h = q (len - 1), h within
    1e-9 of a whole number taken as it; None when it is infinite."""
    h = q * (len(a) - 1)
    if abs(h - round(h)) < 1e-9:
        h = round(h)
    k = math.ceil(h) if higher else math.floor(h)
    k = min(max(k, 0), len(a) - 1)
    return None if math.isinf(a[k]) else a[k]
