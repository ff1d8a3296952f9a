"""A legacy signal-processing script: `import numpy` and `import numba` spelled out, a @vectorize
window function with a string signature, a kernel that calls it per sample, module-level set-up and
a driver at the bottom. No run markers for the kernels: the types come from the file's own calls.
"""
import math

import numba
import numpy

NSAMPLES = 4096
WIDTH = 0.25


@numba.vectorize(['float64(float64, float64)'], nopython=True)
def hann(t, width):
    # the Hann window, zero outside [-width, width]
    if abs(t) > width:
        return 0.0
    return 0.5 * (1.0 + math.cos(math.pi * t / width))


@numba.jit(nopython=True)
def windowed(signal, times, width):
    out = numpy.empty_like(signal)
    for i in range(signal.shape[0]):
        out[i] = signal[i] * hann(times[i], width)
    return out


@numba.jit(nopython=True)
def energy(x):
    e = 0.0
    for i in range(x.shape[0]):
        e = e + x[i] * x[i]
    return e


# caramba: runas hann(numpy.linspace(-0.5, 0.5, N), WIDTH)
# caramba: runas hann(numpy.linspace(-0.5, 0.5, N).reshape(-1, 1), numpy.array([0.1, 0.2, 0.3]))
times = numpy.linspace(-0.5, 0.5, NSAMPLES)
signal = numpy.sin(2.0 * math.pi * 40.0 * times)

if __name__ == "__main__":
    w = windowed(signal, times, WIDTH)
    print("energy before", energy(signal), "after", energy(w))
    print("window sum", hann(times, WIDTH).sum())
