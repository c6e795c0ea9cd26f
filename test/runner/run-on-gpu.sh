#!/bin/sh
# Builds cllint-runner (and its tests) on the GPU machine, which has gcc, cmake and the
# NVIDIA OpenCL driver but no ICD loader, no LLVM and no package installs, then runs the
# runner's tests and plans there. .gpu/ holds the .deb files (apt-get download) of
# ocl-icd-libopencl1, ocl-icd-opencl-dev, clinfo, nlohmann-json3-dev and libgtest-dev.
# Results go to $OUT (default ./gpu-results).
set -u
OUT=${OUT:-gpu-results}
mkdir -p /tmp/ocl "$OUT"
for f in .gpu/*.deb; do dpkg -x "$f" /tmp/ocl; done
if [ ! -e /etc/OpenCL/vendors/nvidia.icd ]; then
  mkdir -p /etc/OpenCL/vendors
  echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 >/etc/OpenCL/vendors/nvidia.icd
fi
export LD_LIBRARY_PATH=/tmp/ocl/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
LIB=/tmp/ocl/usr/lib/x86_64-linux-gnu
B=/tmp/build-runner
configure() {
  cmake -S . -B $B -G Ninja -DCLLINT_RUNNER_ONLY=ON -DCLLINT_BUILD_TESTS=$1 \
    -DOpenCL_LIBRARY=$LIB/libOpenCL.so.1 -DOpenCL_INCLUDE_DIR=/usr/include \
    -Dnlohmann_json_DIR=/tmp/ocl/usr/share/cmake/nlohmann_json -DGTest_DIR=$LIB/cmake/GTest \
    >"$OUT/configure.log" 2>&1
}
# RUNNER_TESTS=OFF builds the runner alone (its tests take most of the build).
TESTS=${RUNNER_TESTS:-ON}
configure $TESTS && ninja -C $B >"$OUT/build.log" 2>&1 || {
  echo "build with tests failed (see build.log); building the runner alone"
  cp "$OUT/build.log" "$OUT/build-with-tests.log" 2>/dev/null
  rm -rf $B && TESTS=OFF && configure OFF && ninja -C $B >"$OUT/build.log" 2>&1 ||
    { tail -30 "$OUT/configure.log" "$OUT/build.log"; exit 1; }
}
R=$B/tools/cllint-runner/cllint-runner
$R --list-devices | tee "$OUT/devices.txt"
if [ $TESTS = ON ]; then
  (cd $B && ctest -j4 --output-on-failure >"$OUT/ctest.log" 2>&1)
  grep -E "tests passed|tests failed|Failed|\*\*\*" "$OUT/ctest.log"
fi
for plan in ${PLANS:-test/runner/gpu-plans/bandwidth}; do
  name=$(basename "$plan")
  $R --report "$OUT/$name.html" --format json -o "$OUT/$name.json" --ptx-dir "$OUT/ptx/$name" \
    "$plan" 2>"$OUT/$name.stderr"
  echo "exit status $? for $plan"
  $R --results "$OUT/$name.json" | tee "$OUT/$name.txt"
done
