"""The translation of shared_updates.py that computes what the serial original
computes (Python integers do not wrap)."""


def wrapped_counts(idx, hist):
    for i in range(idx.shape[0]):
        hist[idx[i]] += (i * 4611686018427387904) % 7
