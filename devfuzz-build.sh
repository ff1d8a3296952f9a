#!/bin/bash
# One-off (untracked): configure and build the sanitized translator on the device machine.
set -e
SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
nproc; g++ --version | head -1; cmake --version | head -1
t0=$(date +%s)
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS="$SAN" -DCMAKE_C_FLAGS="$SAN" -DCMAKE_EXE_LINKER_FLAGS="$SAN" \
  -DCMAKE_PREFIX_PATH="$PWD/.gpu-carry/deps" -DXXHASH_INCLUDE_DIR="$( [ -f /usr/include/xxhash.h ] && echo /usr/include || echo $PWD/.gpu-carry/deps/include)" \
  -DPython_EXECUTABLE="$(command -v python3)" -DCARAMBA_NATIVE=OFF > $OUT/configure.log 2>&1 || { tail -30 $OUT/configure.log; exit 1; }
cmake --build build-fuzz -j 16 --target caramba > $OUT/build.log 2>&1 || { tail -40 $OUT/build.log; exit 1; }
echo "built in $(( $(date +%s) - t0 )) s"; ls -la build-fuzz/caramba
if [ -n "$FUZZ_MINUTES" ]; then
  CARAMBA_KOKKOS_PREFIX=/tmp python3 scripts/fuzz --caramba build-fuzz/caramba --minutes "$FUZZ_MINUTES" --seed "${FUZZ_SEED:-7}" --jobs 16 --findings /tmp/findings 2>&1 | grep -v "inputs in" | tail -30
  python3 scripts/fuzz --help >/dev/null
  mkdir -p /tmp/findings && tar czf $OUT/findings.tgz -C /tmp findings && ls /tmp/findings | wc -l
fi
