"""Cellular automata on integer arrays, as in hobbyist and course code.

Elementary rule 30/110 with the rule number decoded bit by bit, Conway's Life on a torus with
modulo neighbours, a sandpile toppling loop that runs until stable, and a majority-vote smoother.
"""
import numpy as np
from numba import njit


# caramba: runas elementary(np.eye(1, N, N // 2, dtype=np.int8)[0], 30, 20)
# caramba: runas elementary(np.eye(1, N, N // 2, dtype=np.int8)[0], 110, 20)
@njit
def elementary(cells, rule, steps):
    n = cells.shape[0]
    cur = cells.copy()
    nxt = np.zeros_like(cur)
    for _ in range(steps):
        for i in range(n):
            left = cur[(i - 1) % n]
            mid = cur[i]
            right = cur[(i + 1) % n]
            idx = (left << 2) | (mid << 1) | right
            nxt[i] = (rule >> idx) & 1
        cur[:] = nxt
    return cur


# caramba: runas life_step(np.random.randint(0, 2, (N2, N2)).astype(np.uint8))
@njit
def life_step(board):
    rows, cols = board.shape
    new = np.zeros_like(board)
    for r in range(rows):
        for c in range(cols):
            alive = 0
            for dr in range(-1, 2):
                for dc in range(-1, 2):
                    if dr == 0 and dc == 0:
                        continue
                    alive += board[(r + dr) % rows, (c + dc) % cols]
            if board[r, c] == 1 and (alive == 2 or alive == 3):
                new[r, c] = 1
            elif board[r, c] == 0 and alive == 3:
                new[r, c] = 1
    return new


# caramba: runas sandpile(np.full((N2, N2), 3, dtype=np.int64) + np.eye(N2, dtype=np.int64) * 2)
@njit
def sandpile(grid):
    n, m = grid.shape
    topples = 0
    unstable = True
    while unstable:
        unstable = False
        for i in range(n):
            for j in range(m):
                if grid[i, j] >= 4:
                    grid[i, j] -= 4
                    topples += 1
                    unstable = True
                    if i > 0:
                        grid[i - 1, j] += 1
                    if i < n - 1:
                        grid[i + 1, j] += 1
                    if j > 0:
                        grid[i, j - 1] += 1
                    if j < m - 1:
                        grid[i, j + 1] += 1
    return topples


# caramba: runas majority(np.random.randint(0, 2, N))
@njit
def majority(bits):
    n = len(bits)
    out = np.empty(n, dtype=bits.dtype)
    out[0] = bits[0]
    out[n - 1] = bits[n - 1]
    for i in range(1, n - 1):
        s = bits[i - 1] + bits[i] + bits[i + 1]
        out[i] = 1 if s >= 2 else 0
    return out


if __name__ == "__main__":
    row = np.zeros(31, dtype=np.int8)
    row[15] = 1
    print(elementary(row, 30, 10))
