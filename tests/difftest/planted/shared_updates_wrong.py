"""A wrong translation of shared_updates.py: it drops the last iteration."""


def wrapped_counts(idx, hist):
    for i in range(idx.shape[0] - 1):
        hist[idx[i]] += (i * 4611686018427387904) % 7
