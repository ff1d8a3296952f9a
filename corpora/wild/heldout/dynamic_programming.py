"""Dynamic programming on integer arrays, as in interview-prep and algorithms-course Numba ports.

Longest common subsequence and edit distance on int-coded strings, 0/1 knapsack with a 1-D table
iterated backwards (range with a negative step), longest increasing subsequence, coin change counts,
and maximum subarray (Kadane).
"""
import numpy as np
from numba import njit

# caramba: sizes N=30,400


# caramba: runas lcs_length(np.random.randint(0, 4, N), np.random.randint(0, 4, N + 5))
@njit
def lcs_length(a, b):
    n = len(a)
    m = len(b)
    dp = np.zeros((n + 1, m + 1), dtype=np.int64)
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            if a[i - 1] == b[j - 1]:
                dp[i, j] = dp[i - 1, j - 1] + 1
            else:
                dp[i, j] = max(dp[i - 1, j], dp[i, j - 1])
    return dp[n, m]


# caramba: runas edit_distance(np.random.randint(0, 26, N), np.random.randint(0, 26, N // 2 + 1))
@njit
def edit_distance(s, t):
    n, m = s.shape[0], t.shape[0]
    prev = np.arange(m + 1)
    cur = np.zeros(m + 1, dtype=prev.dtype)
    for i in range(1, n + 1):
        cur[0] = i
        for j in range(1, m + 1):
            cost = 0 if s[i - 1] == t[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        for j in range(m + 1):
            prev[j] = cur[j]
    return prev[m]


# caramba: runas knapsack(np.random.randint(1, 30, N), np.random.rand(N) * 10.0, 5 * N)
@njit
def knapsack(weights, values, capacity):
    best = np.zeros(capacity + 1)
    for i in range(weights.shape[0]):
        w = weights[i]
        for c in range(capacity, w - 1, -1):
            cand = best[c - w] + values[i]
            if cand > best[c]:
                best[c] = cand
    return best[capacity]


# caramba: runas lis_length(np.random.rand(N))
@njit
def lis_length(x):
    n = x.shape[0]
    L = np.ones(n, dtype=np.int32)
    for i in range(1, n):
        for j in range(i):
            if x[j] < x[i] and L[j] + 1 > L[i]:
                L[i] = L[j] + 1
    best = 0
    for i in range(n):
        if L[i] > best:
            best = L[i]
    return best


# caramba: runas coin_change_ways(np.array([1, 2, 5, 10, 20, 50]), N)
@njit
def coin_change_ways(coins, amount):
    ways = np.zeros(amount + 1, dtype=np.int64)
    ways[0] = 1
    for c in coins:
        for v in range(c, amount + 1):
            ways[v] += ways[v - c]
    return ways[amount]


# caramba: runas max_subarray(np.random.randn(N))
@njit
def max_subarray(x):
    best = x[0]
    cur = x[0]
    for i in range(1, x.shape[0]):
        cur = max(x[i], cur + x[i])
        best = max(best, cur)
    return best


if __name__ == "__main__":
    print(lcs_length(np.array([1, 2, 3, 4]), np.array([2, 4, 3])))
    print(knapsack(np.array([2, 3, 4]), np.array([3.0, 4.0, 5.0]), 5))
