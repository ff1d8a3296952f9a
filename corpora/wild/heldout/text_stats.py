"""Text statistics on byte arrays (np.frombuffer(text.encode(), np.uint8)), string-free.

Word counts by transitions from spaces, letter frequencies with a case fold, the longest run of one
character, a palindrome test that returns early, and a rolling hash of windows (Rabin-Karp style).
"""
import numpy as np
from numba import njit

SPACE = 32
MOD = 1000000007
BASE = 257

TEXT = ("the quick brown fox jumps over the lazy dog while a man a plan a canal panama "
        "never odd or even  so   many spaces and Capital Letters too ")


def as_bytes(n):
    s = (TEXT * (n // len(TEXT) + 1))[:n]
    return np.frombuffer(s.encode("ascii"), dtype=np.uint8).copy()


# caramba: runas word_count(as_bytes(N))
@njit
def word_count(buf):
    words = 0
    in_word = 0
    for i in range(buf.shape[0]):
        c = buf[i]
        if c == SPACE or c == 10:
            in_word = 0
        elif in_word == 0:
            in_word = 1
            words += 1
    return words


# caramba: runas letter_frequencies(as_bytes(N))
@njit
def letter_frequencies(buf):
    freq = np.zeros(26, dtype=np.int64)
    for i in range(len(buf)):
        c = int(buf[i])
        if 65 <= c <= 90:
            c += 32
        if 97 <= c <= 122:
            freq[c - 97] += 1
    return freq


# caramba: runas longest_run(as_bytes(N))
@njit
def longest_run(buf):
    best = 1
    run = 1
    for i in range(1, buf.shape[0]):
        if buf[i] == buf[i - 1]:
            run += 1
            if run > best:
                best = run
        else:
            run = 1
    return best


# caramba: runas is_palindrome(np.array([3, 1, 4, 1, 3], dtype=np.uint8))
# caramba: runas is_palindrome(as_bytes(N))
@njit
def is_palindrome(buf):
    i = 0
    j = buf.shape[0] - 1
    while i < j:
        if buf[i] != buf[j]:
            return False
        i += 1
        j -= 1
    return True


# caramba: runas rolling_hashes(as_bytes(N), 8)
@njit
def rolling_hashes(buf, w):
    n = buf.shape[0]
    out = np.zeros(n - w + 1, dtype=np.int64)
    h = 0
    power = 1
    for i in range(w):
        h = (h * BASE + buf[i]) % MOD
        if i > 0:
            power = (power * BASE) % MOD
    out[0] = h
    for i in range(w, n):
        h = (h - buf[i - w] * power) % MOD
        h = (h * BASE + buf[i]) % MOD
        out[i - w + 1] = h
    return out


if __name__ == "__main__":
    b = as_bytes(200)
    print(word_count(b), letter_frequencies(b), longest_run(b), is_palindrome(b))
