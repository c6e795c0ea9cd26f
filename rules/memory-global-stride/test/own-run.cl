// RUN: not %cllint --rules=-*,memory-global-stride %s | %check-findings
// RUN: not %cllint --all --rules=-*,memory-global-stride %s | FileCheck %s --check-prefix=ALL
// RUN: not %cllint --rules=-*,memory-global-stride --config=%S/Inputs/own-run.yaml %s | FileCheck %s --check-prefix=KNOWN
// A work-item that reads its own run of consecutive values in a counted loop (softmax's
// ITEMS_PER_WI, a 3x3 filter's 9 weights), work-items a symbol times that run apart: at the
// symbol's smallest value every fetched byte is used, so the finding rests on the host's value
// and is a note until it is known. A loop that reads more than the share (overlapping pooling
// windows) or less (one value of a wide row) stays a warning.

#define ITEMS 4
__kernel void softmax(__global const float *in, __global float *out, int extra_batch) {
  int c = get_global_id(0) * ITEMS;
  float m = -INFINITY;
  for (int i = 0; i < ITEMS; ++i)
    m = fmax(m, in[(c + i) * extra_batch]);
  // ALL: own-run.cl:[[@LINE-1]]:17: note: {{.*}}assumes 4*extra_batch >= 8, though each work-item's counted loop reads its own 16 consecutive bytes, every byte it fetches, when each symbol of the stride is 1; give the real value {{.*}}global load with stride = 4*extra_batch elements between consecutive work-items
  // KNOWN: own-run.cl:[[@LINE-2]]:17: warning: {{.*}}global load{{.*}}of 'in' in a counted loop uses 16 of every 32 B between consecutive work-items: {{.*}} 50% of fetched bytes are used
  out[get_global_id(0)] = m;
}

__kernel void filter3x3(__global const float *w, __global float *out, int C) {
  int n = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k < 9; ++k)
    s += w[n * 9 * C + k];
  // ALL: own-run.cl:[[@LINE-1]]:10: note: {{.*}}assumes 9*C >= 8, though each work-item's counted loop reads its own 36 consecutive bytes
  out[n] = s;
}

// Overlapping windows: at width 1 the run (3 values) is wider than the stride (2 values).
__kernel void pool(__global const float *in, __global float *out, int width) {
  int x = get_global_id(0);
  float m = -INFINITY;
  for (int k = 0; k < 3; ++k)
    m = fmax(m, in[2 * x * width + k]);
  // CHECK: own-run.cl:[[@LINE-1]]:17: warning: {{.*}}global load with stride = 2*width elements between consecutive work-items
  out[x] = m;
}

// One value per iteration of a loop over rows: no run at all.
__kernel void column(__global const float *in, __global float *out, int n) {
  int x = get_global_id(0);
  float s = 0.0f;
  for (int r = 0; r < 8; ++r)
    s += in[x * n + r * 4096];
  // CHECK: own-run.cl:[[@LINE-1]]:10: warning: {{.*}}global load with stride = n elements between consecutive work-items
  out[x] = s;
}
