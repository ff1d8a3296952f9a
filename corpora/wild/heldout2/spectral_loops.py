"""Spectral transforms written as loops: a naive DFT, a radix-2 FFT, a Walsh-Hadamard transform.

The DFT returns real and imaginary parts in two arrays (complex numbers avoided, as much legacy code
does) and a second version uses complex128 outright; the iterative radix-2 Cooley-Tukey FFT does a
bit-reversal permutation first; the fast Walsh-Hadamard transform works in place with butterflies;
the power spectrum takes the squared magnitude of a complex array.
"""
import cmath
import math
import numpy as np
from numba import njit, prange


# caramba: sizes N=32,1024
# caramba: runas dft_real_imag(rng.standard_normal(N))
@njit(parallel=True)
def dft_real_imag(x):
    n = x.shape[0]
    re = np.zeros(n)
    im = np.zeros(n)
    for k in prange(n):
        sr = 0.0
        si = 0.0
        for t in range(n):
            ang = 2.0 * math.pi * k * t / n
            sr += x[t] * math.cos(ang)
            si -= x[t] * math.sin(ang)
        re[k] = sr
        im[k] = si
    return re, im


# caramba: sizes N=32,1024
# caramba: runas dft_complex(rng.standard_normal(N))
@njit
def dft_complex(x):
    n = x.size
    out = np.zeros(n, dtype=np.complex128)
    for k in range(n):
        acc = 0j
        for t in range(n):
            acc += x[t] * cmath.exp(-2j * cmath.pi * k * t / n)
        out[k] = acc
    return out


# caramba: runas fft_radix2(rng.standard_normal(1024) + 0j)
@njit
def fft_radix2(a):
    n = a.shape[0]
    a = a.copy()
    j = 0
    for i in range(1, n):
        bit = n >> 1
        while j & bit:
            j ^= bit
            bit >>= 1
        j ^= bit
        if i < j:
            a[i], a[j] = a[j], a[i]
    length = 2
    while length <= n:
        ang = -2 * math.pi / length
        wl = complex(math.cos(ang), math.sin(ang))
        for i in range(0, n, length):
            w = 1 + 0j
            for k in range(length // 2):
                u = a[i + k]
                v = a[i + k + length // 2] * w
                a[i + k] = u + v
                a[i + k + length // 2] = u - v
                w *= wl
        length <<= 1
    return a


# caramba: runas walsh_hadamard(rng.standard_normal(4096))
@njit
def walsh_hadamard(x):
    a = x.copy()
    h = 1
    n = a.shape[0]
    while h < n:
        for i in range(0, n, h * 2):
            for j in range(i, i + h):
                u = a[j]
                v = a[j + h]
                a[j] = u + v
                a[j + h] = u - v
        h *= 2
    return a


# caramba: runas power_spectrum(np.fft.fft(rng.standard_normal(N)))
@njit(parallel=True)
def power_spectrum(X):
    P = np.empty(X.shape[0])
    for k in prange(X.shape[0]):
        P[k] = X[k].real ** 2 + X[k].imag ** 2
    return P


if __name__ == "__main__":
    x = np.random.randn(64)
    re, im = dft_real_imag(x)
    print(np.allclose(re + 1j * im, np.fft.fft(x)), np.allclose(dft_complex(x), np.fft.fft(x)))
    print(np.allclose(fft_radix2(x + 0j), np.fft.fft(x)), walsh_hadamard(np.ones(8)), power_spectrum(np.fft.fft(x))[:2])
