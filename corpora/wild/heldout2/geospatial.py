"""Geoscience kernels: great-circle distances and raster terrain analysis (degrees in, metres out).

Haversine distances from every point to every station (and to one point), the nearest station of
each point, Horn's slope and aspect on a DEM with a cell size, a hillshade, and D8 flow directions
(the steepest of the eight neighbours, coded 1..128 as in ArcGIS).
"""
import math
import numpy as np
from numba import njit, prange

R_EARTH = 6371008.8


def lonlat(n, seed=0):
    r = np.random.default_rng(seed)
    return r.uniform(-180, 180, n), r.uniform(-80, 80, n)


def dem(n, seed=0):
    r = np.random.default_rng(seed)
    y, x = np.mgrid[0:n, 0:n]
    return 100 + 20 * np.sin(x / 7.0) * np.cos(y / 5.0) + r.random((n, n))


@njit
def haversine(lon1, lat1, lon2, lat2):
    p1 = math.radians(lat1)
    p2 = math.radians(lat2)
    dphi = p2 - p1
    dlmb = math.radians(lon2 - lon1)
    a = math.sin(dphi / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dlmb / 2) ** 2
    return 2 * R_EARTH * math.asin(math.sqrt(a))


# caramba: runas distances_to(*lonlat(N), 2.35, 48.85)
@njit(parallel=True)
def distances_to(lon, lat, lon0, lat0):
    d = np.empty(lon.shape[0])
    for i in prange(lon.shape[0]):
        d[i] = haversine(lon[i], lat[i], lon0, lat0)
    return d


# caramba: sizes N=50,3000
# caramba: runas nearest_station(*lonlat(N), *lonlat(20, 1))
@njit(parallel=True)
def nearest_station(lon, lat, slon, slat):
    idx = np.empty(lon.size, dtype=np.int64)
    dist = np.empty(lon.size)
    for i in prange(lon.size):
        best = np.inf
        bi = -1
        for s in range(slon.size):
            d = haversine(lon[i], lat[i], slon[s], slat[s])
            if d < best:
                best = d
                bi = s
        idx[i] = bi
        dist[i] = best
    return idx, dist


# caramba: sizes N=10,300
# caramba: runas slope_aspect(dem(N), 30.0)
@njit
def slope_aspect(z, cell):
    rows, cols = z.shape
    slope = np.full((rows, cols), np.nan)
    aspect = np.full((rows, cols), np.nan)
    for i in range(1, rows - 1):
        for j in range(1, cols - 1):
            a = z[i - 1, j - 1]; b = z[i - 1, j]; c = z[i - 1, j + 1]
            d = z[i, j - 1]; f = z[i, j + 1]
            g = z[i + 1, j - 1]; h = z[i + 1, j]; k = z[i + 1, j + 1]
            dzdx = ((c + 2 * f + k) - (a + 2 * d + g)) / (8 * cell)
            dzdy = ((g + 2 * h + k) - (a + 2 * b + c)) / (8 * cell)
            slope[i, j] = math.degrees(math.atan(math.hypot(dzdx, dzdy)))
            asp = math.degrees(math.atan2(dzdy, -dzdx))
            if asp < 0:
                asp += 360.0
            aspect[i, j] = asp
    return slope, aspect


# caramba: sizes N=10,300
# caramba: runas hillshade(dem(N), 30.0, 315.0, 45.0)
@njit(parallel=True)
def hillshade(z, cell, azimuth, altitude):
    zen = math.radians(90.0 - altitude)
    az = math.radians(360.0 - azimuth + 90.0)
    out = np.zeros(z.shape, dtype=np.uint8)
    for i in prange(1, z.shape[0] - 1):
        for j in range(1, z.shape[1] - 1):
            dzdx = ((z[i - 1, j + 1] + 2 * z[i, j + 1] + z[i + 1, j + 1])
                    - (z[i - 1, j - 1] + 2 * z[i, j - 1] + z[i + 1, j - 1])) / (8 * cell)
            dzdy = ((z[i + 1, j - 1] + 2 * z[i + 1, j] + z[i + 1, j + 1])
                    - (z[i - 1, j - 1] + 2 * z[i - 1, j] + z[i - 1, j + 1])) / (8 * cell)
            slope = math.atan(math.sqrt(dzdx ** 2 + dzdy ** 2))
            aspect = math.atan2(dzdy, -dzdx)
            v = 255.0 * (math.cos(zen) * math.cos(slope)
                         + math.sin(zen) * math.sin(slope) * math.cos(az - aspect))
            out[i, j] = int(max(v, 0.0))
    return out


DI = np.array([0, 1, 1, 1, 0, -1, -1, -1])
DJ = np.array([1, 1, 0, -1, -1, -1, 0, 1])
CODES = np.array([1, 2, 4, 8, 16, 32, 64, 128])


# caramba: sizes N=10,300
# caramba: runas d8_directions(dem(N), 30.0)
@njit
def d8_directions(z, cell):
    rows, cols = z.shape
    out = np.zeros((rows, cols), dtype=np.int32)
    diag = cell * math.sqrt(2.0)
    for i in range(1, rows - 1):
        for j in range(1, cols - 1):
            best = 0.0
            code = 0
            for k in range(8):
                dist = diag if DI[k] != 0 and DJ[k] != 0 else cell
                drop = (z[i, j] - z[i + DI[k], j + DJ[k]]) / dist
                if drop > best:
                    best = drop
                    code = CODES[k]
            out[i, j] = code
    return out


if __name__ == "__main__":
    lo, la = lonlat(10)
    print(distances_to(lo, la, 2.35, 48.85)[:3], nearest_station(lo, la, *lonlat(5, 1))[0])
    z = dem(20)
    s, a = slope_aspect(z, 30.0)
    print(np.nanmean(s), hillshade(z, 30.0, 315.0, 45.0)[5, :5], d8_directions(z, 30.0)[5, :5])
