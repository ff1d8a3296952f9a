"""String-ish processing on uint8 arrays: case mapping, substring search, edit distance, run lengths.

Text arrives as np.frombuffer(s.encode(), np.uint8). ASCII upper-casing into a new buffer, counting the
occurrences of a pattern (naive scan and Knuth-Morris-Pratt with its failure table), the Levenshtein
distance with two rows, run-length encoding into (byte, count) pairs, and a CSV field counter that
respects double quotes.
"""
import numpy as np
from numba import njit


def as_bytes(s):
    return np.frombuffer(s.encode("ascii"), dtype=np.uint8).copy()


def text(n):
    base = "abracadabra, Hello World! \"quoted, field\",x,yy,zzz aaaaabbbbcc "
    return as_bytes((base * (n // len(base) + 1))[:n])


# caramba: runas to_upper(text(N))
@njit
def to_upper(buf):
    out = np.empty_like(buf)
    for i in range(buf.size):
        c = buf[i]
        if c >= 97 and c <= 122:
            out[i] = c - 32
        else:
            out[i] = c
    return out


# caramba: runas count_naive(text(N), as_bytes("abra"))
@njit
def count_naive(hay, needle):
    n, m = len(hay), len(needle)
    count = 0
    for i in range(n - m + 1):
        j = 0
        while j < m and hay[i + j] == needle[j]:
            j += 1
        if j == m:
            count += 1
    return count


# caramba: runas count_kmp(text(N), as_bytes("abracadabra"))
@njit
def count_kmp(hay, needle):
    m = needle.shape[0]
    fail = np.zeros(m, dtype=np.int64)
    k = 0
    for q in range(1, m):
        while k > 0 and needle[k] != needle[q]:
            k = fail[k - 1]
        if needle[k] == needle[q]:
            k += 1
        fail[q] = k
    count = 0
    q = 0
    for i in range(hay.shape[0]):
        while q > 0 and needle[q] != hay[i]:
            q = fail[q - 1]
        if needle[q] == hay[i]:
            q += 1
        if q == m:
            count += 1
            q = fail[q - 1]
    return count


# caramba: sizes N=20,400
# caramba: runas levenshtein(text(N), text(N + 5)[3:])
@njit
def levenshtein(a, b):
    n, m = a.size, b.size
    prev = np.arange(m + 1)
    cur = np.zeros(m + 1, dtype=prev.dtype)
    for i in range(1, n + 1):
        cur[0] = i
        for j in range(1, m + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        prev, cur = cur, prev
    return prev[m]


# caramba: runas run_length_encode(text(N))
@njit
def run_length_encode(buf):
    vals = np.empty(buf.size, dtype=np.uint8)
    counts = np.empty(buf.size, dtype=np.int64)
    k = 0
    i = 0
    while i < buf.size:
        j = i
        while j < buf.size and buf[j] == buf[i]:
            j += 1
        vals[k] = buf[i]
        counts[k] = j - i
        k += 1
        i = j
    return vals[:k], counts[:k]


# caramba: runas csv_field_count(text(N))
@njit
def csv_field_count(line):
    fields = 1
    in_quotes = False
    for c in line:
        if c == ord('"'):
            in_quotes = not in_quotes
        elif c == ord(',') and not in_quotes:
            fields += 1
    return fields


if __name__ == "__main__":
    t = text(200)
    print(bytes(to_upper(t)[:20]), count_naive(t, as_bytes("abra")), count_kmp(t, as_bytes("abracadabra")))
    print(levenshtein(as_bytes("kitten"), as_bytes("sitting")), run_length_encode(t)[1][:10], csv_field_count(t))
