#!/usr/bin/env python3
"""Independent derivation of the numbers checked in stats_test.cpp.

Written from the definitions (see match/elo.h, sprt.h,
rating_table.h), with different numerical methods from the C++ code:
- the SPRT's constrained maximum likelihood is found by Newton's method on
  the full Lagrange (KKT) system instead of the secular-equation fixed point;
- the rating table is fitted by Newton's method on the log-likelihood
  instead of the minorize-maximize iteration, and its covariance comes from
  the numerically differentiated Hessian with one rating pinned.
Run: python3 derive_expected.py
"""
import math

Z = 1.959963984540054
EPS = 1e-3


def regularize(counts):
    return [c if c > 0 else EPS for c in counts]


def moments(counts):
    c = regularize(counts)
    n = sum(c)
    k = len(c)
    a = [i / (k - 1) for i in range(k)]
    q = [x / n for x in c]
    mu = sum(qi * ai for qi, ai in zip(q, a))
    var = sum(qi * (ai - mu) ** 2 for qi, ai in zip(q, a))
    m3 = sum(qi * (ai - mu) ** 3 for qi, ai in zip(q, a))
    m4 = sum(qi * (ai - mu) ** 4 for qi, ai in zip(q, a))
    return n, mu, var, m3 / var ** 1.5, m4 / var ** 2 - 3


def elo(s):
    s = min(max(s, 1e-3), 1 - 1e-3)
    return 400 * math.log10(s / (1 - s))


def Phi(x):
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def estimate(counts):
    per_sample = 1 if len(counts) == 3 else 2
    n, mu, var, skew, kurt = moments(counts)
    se = math.sqrt(var / n)
    e = elo(mu)
    e_err = (elo(mu + Z * se) - elo(mu - Z * se)) / 2
    los = Phi((mu - 0.5) / se)
    t = (mu - 0.5) / math.sqrt(var)
    var_t = 1 - t * skew + t * t * (kurt + 2) / 4
    scale = 800 / math.log(10) / math.sqrt(per_sample)
    return dict(score=mu, elo=e, elo_err=e_err, los=los, nelo=scale * t,
                nelo_err=scale * Z * math.sqrt(var_t / n))


def solve(A, b):
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    M = [row[:] + [b[i]] for i, row in enumerate(A)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(M[r][c]))
        M[c], M[p] = M[p], M[c]
        for r in range(n):
            if r != c:
                f = M[r][c] / M[c][c]
                for k in range(c, n + 1):
                    M[r][k] -= f * M[c][k]
    return [M[i][n] / M[i][i] for i in range(n)]


def constrained_mle(q, t):
    """max sum q_i log p_i  s.t. sum p = 1 and (mu - 1/2)/sigma = t, by Newton on KKT."""
    a = [i / 4 for i in range(5)]

    def g(p):  # constraint written as mu - 1/2 - t*sigma = 0
        mu = sum(pi * ai for pi, ai in zip(p, a))
        sig = math.sqrt(sum(pi * (ai - mu) ** 2 for pi, ai in zip(p, a)))
        return mu - 0.5 - t * sig

    def grad_g(p):
        h = 1e-7
        out = []
        for i in range(5):
            pp = p[:]; pp[i] += h
            pm = p[:]; pm[i] -= h
            out.append((g(pp) - g(pm)) / (2 * h))
        return out

    def F(x):
        p, lam, nu = x[:5], x[5], x[6]
        gg = grad_g(p)
        eqs = [q[i] / p[i] - lam - nu * gg[i] for i in range(5)]
        eqs.append(sum(p) - 1)
        eqs.append(g(p))
        return eqs

    x = q[:] + [1.0, 0.0]
    for _ in range(100):
        f = F(x)
        if max(abs(v) for v in f) < 1e-13:
            break
        J = []
        h = 1e-7
        cols = []
        for j in range(7):
            xp = x[:]; xp[j] += h
            xm = x[:]; xm[j] -= h
            fp, fm = F(xp), F(xm)
            cols.append([(fp[i] - fm[i]) / (2 * h) for i in range(7)])
        J = [[cols[j][i] for j in range(7)] for i in range(7)]
        dx = solve(J, [-v for v in f])
        step = 1.0
        while any(x[i] + step * dx[i] <= 0 for i in range(5)):
            step /= 2
        x = [x[i] + step * dx[i] for i in range(7)]
    return x[:5]


def llr(counts, nelo0, nelo1):
    c = regularize(counts)
    n = sum(c)
    q = [x / n for x in c]
    per_pair = math.sqrt(2) * math.log(10) / 800
    p0 = constrained_mle(q, nelo0 * per_pair)
    p1 = constrained_mle(q, nelo1 * per_pair)
    return n * sum(qi * (math.log(b) - math.log(a)) for qi, a, b in zip(q, p0, p1))


def ratings(players, games):
    """games: list of (i, j, points_i). Newton on the log-likelihood, player 0 pinned."""
    theta = [0.0] * players

    def loglik(th):
        s = 0
        for i, j, pts in games:
            p = 1 / (1 + math.exp(th[j] - th[i]))
            s += pts * math.log(p) + (1 - pts) * math.log(1 - p)
        return s

    def grad_hess(th):
        g = [0.0] * players
        H = [[0.0] * players for _ in range(players)]
        for i, j, pts in games:
            p = 1 / (1 + math.exp(th[j] - th[i]))
            g[i] += pts - p
            g[j] -= pts - p
            w = p * (1 - p)
            H[i][i] -= w; H[j][j] -= w; H[i][j] += w; H[j][i] += w
        return g, H

    for _ in range(100):
        g, H = grad_hess(theta)
        free = list(range(1, players))
        step = solve([[H[a][b] for b in free] for a in free], [-g[a] for a in free])
        for k, a in enumerate(free):
            theta[a] += step[k]
        if max(abs(s) for s in step) < 1e-14:
            break
    mean = sum(theta) / players
    elo_per_nat = 400 / math.log(10)
    ratings_ = [(t - mean) * elo_per_nat for t in theta]
    # Covariance with the sum-zero constraint: pin player 0, invert, then
    # transform theta_i - mean (a linear map) to get each rating's variance.
    g, H = grad_hess(theta)
    free = list(range(1, players))
    info = [[-H[a][b] for b in free] for a in free]
    inv_cols = [solve(info, [1.0 if r == c else 0.0 for r in range(len(free))])
                for c in range(len(free))]
    cov = [[0.0] * players for _ in range(players)]
    for x, a in enumerate(free):
        for y, b in enumerate(free):
            cov[a][b] = inv_cols[y][x]
    errs = []
    for i in range(players):
        coef = [(-1 / players) + (1.0 if k == i else 0.0) for k in range(players)]
        v = sum(coef[a] * coef[b] * cov[a][b] for a in range(players) for b in range(players))
        errs.append(Z * elo_per_nat * math.sqrt(v))
    return ratings_, errs


if __name__ == "__main__":
    for counts in ([20, 20, 60], [40, 0, 60], [5, 10, 30, 35, 20], [0, 10, 40, 30, 20],
                   [10, 20, 40, 20, 10]):
        print(counts, {k: round(v, 10) for k, v in estimate(counts).items()})
    print("bounds", math.log(0.05 / 0.95), math.log(0.95 / 0.05))
    for counts, e0, e1 in (([5, 10, 30, 35, 20], 0, 5), ([10, 20, 40, 20, 10], 0, 5),
                           ([30, 40, 60, 20, 10], 0, 10), ([39, 2226, 31451, 2412, 40], 0.764, 3.439),
                           ([0, 3, 10, 4, 1], -2, 2)):
        print("llr", counts, e0, e1, round(llr(counts, e0, e1), 10))
    # Two players, 60-40: ratings +-35.2 (elo(0.6)/2).
    print("rt2", ratings(2, [(0, 1, 1.0)] * 60 + [(0, 1, 0.0)] * 40))
    # Round robin of three: A-B 14-6, A-C 16-4, B-C 12-8, plus draws B-C 2.
    games = ([(0, 1, 1.0)] * 14 + [(0, 1, 0.0)] * 6 + [(0, 2, 1.0)] * 16 + [(0, 2, 0.0)] * 4 +
             [(1, 2, 1.0)] * 12 + [(1, 2, 0.0)] * 8 + [(1, 2, 0.5)] * 2)
    print("rt3", ratings(3, games))
