#!/usr/bin/env bash
# Sets up cllint on a Debian machine (bookworm or later) and runs it.
#
#   tools/bootstrap.sh lint   install what is missing, build, lint kernels-corpus/
#   tools/bootstrap.sh test   install what is missing (test tools too), build, run every test
#
# Run as root (or with sudo) when packages are missing; later runs install nothing.
set -euo pipefail

MODE=${1:-lint}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${CLLINT_BUILD_DIR:-$ROOT/build}
JOBS=${CLLINT_JOBS:-$(nproc)}

# What each package is for is listed in the README's "Dependencies" table.
BUILD_PACKAGES=(cmake ninja-build g++ python3
  llvm-19-dev libclang-19-dev clang-19 llvm-19-tools
  libyaml-cpp-dev nlohmann-json3-dev libgtest-dev libgit2-dev pkg-config libdtl-dev
  ocl-icd-opencl-dev opencl-headers pocl-opencl-icd)
TEST_PACKAGES=(git neovim pre-commit clang-format-19 libclang-rt-19-dev chromium)

missing_packages() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}

install_packages() {
  local missing
  missing=$(missing_packages "$@")
  [ -z "$missing" ] && return 0
  echo "cllint: installing:" $missing
  if [ "$(id -u)" != 0 ]; then
    echo "cllint: missing packages; run this script as root (or install: $missing)" >&2
    exit 2
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

install_sarif_multitool() {
  local dir=$BUILD/npm tool=$BUILD/npm/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
  [ -x "$tool" ] && return 0
  if ! command -v npm >/dev/null; then
    install_packages nodejs npm
  fi
  mkdir -p "$dir"
  echo "cllint: installing the SARIF Multitool from the npm registry"
  npm install --silent --no-audit --no-fund --prefix "$dir" @microsoft/sarif-multitool@5.7.0 >/dev/null
  chmod u+x "$tool"
}

build() {
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  ninja -C "$BUILD" -j "$JOBS"
}

# The libFuzzer targets under AddressSanitizer and UBSan, each fuzzed for 60 s from its seed
# corpus, and every saved crashing input replayed (test/fuzz/regressions). -O1 without debug
# information keeps this second build short.
fuzz_smoke() {
  local dir=${CLLINT_FUZZ_BUILD_DIR:-$ROOT/build-fuzz-ci}
  cmake -S "$ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=-O1 \
    -DCMAKE_CXX_COMPILER=clang++-19 -DCLLINT_FUZZ=ON -DCLLINT_SANITIZE=address,undefined \
    -DCLLINT_BUILD_TESTS=OFF >/dev/null
  ninja -C "$dir" -j "$JOBS" fuzz
  # From the seeds every time, as on a clean clone: a corpus kept from earlier runs hides slow seeds.
  rm -rf "$dir/fuzz-smoke"
  (cd "$dir" && ctest -L fuzz --output-on-failure -j "$JOBS")
}

case "$MODE" in
lint)
  install_packages "${BUILD_PACKAGES[@]}"
  build
  echo "cllint: linting kernels-corpus/"
  # Findings are expected in the corpus (exit 1); only a failed run (exit 2) fails here.
  status=0
  "$BUILD/tools/cllint/cllint" "$ROOT/kernels-corpus" || status=$?
  [ "$status" -le 1 ] || exit "$status"
  ;;
test)
  install_packages "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
  build
  install_sarif_multitool
  (cd "$BUILD" && ctest --output-on-failure -j "$JOBS" --timeout 900)
  fuzz_smoke
  ;;
*)
  echo "usage: tools/bootstrap.sh lint|test" >&2
  exit 2
  ;;
esac
