"""Counting integer labels with np.bincount, as classification and voting code
does: class frequencies, the winner of a vote with every candidate counted,
and the most common label of a set of neighbours."""
import numpy as np
from numba import njit


def initialize(N, k=16):
    rng = np.random.default_rng(3)
    return rng.integers(0, k, size=N)


# caramba: sizes N=100,200000
# caramba: runas label_frequencies(initialize(N))
@njit
def label_frequencies(labels):
    counts = np.bincount(labels)
    return counts / labels.shape[0]


# caramba: runas winner(initialize(N, 7), 10)
@njit
def winner(ballots, ncand):
    tally = np.bincount(ballots, minlength=ncand)
    return np.argmax(tally)


# caramba: runas majority_label(initialize(N).astype(np.int32))
@njit
def majority_label(neighbour_labels):
    votes = np.bincount(neighbour_labels)
    best = 0
    for c in range(votes.shape[0]):
        if votes[c] > votes[best]:
            best = c
    return best


# caramba: runas intensity_histogram(np.random.default_rng(4).random(N), 16)
@njit
def intensity_histogram(img, nbins):
    hist, edges = np.histogram(img, bins=nbins, range=(0.0, 1.0))
    centres = 0.5 * (edges[1:] + edges[:-1])
    return hist, centres


# caramba: runas score_spread(np.random.default_rng(5).standard_normal(N))
@njit
def score_spread(scores):
    counts, edges = np.histogram(scores, 20)
    widest = 0
    for b in range(counts.shape[0]):
        if counts[b] > counts[widest]:
            widest = b
    return edges[widest], edges[widest + 1]
