"""A jitclass: compiled classes with typed fields."""
import numpy as np
from numba import float64
from numba.experimental import jitclass


@jitclass([("total", float64)])
class Accumulator:
    def __init__(self):
        self.total = 0.0

    def add(self, x):
        self.total += x
