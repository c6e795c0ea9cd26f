// RUN: not %cllint --rules=-*,memory-global-stride --config=%S/Inputs/chunk-walk.yaml %s | %check-findings
// RUN: %cllint --config=%S/Inputs/chunk-walk.yaml --dump-costs %s | FileCheck %s --check-prefix=DUMP
// Each work-item walks its own chunk of consecutive elements in a loop of unknown length
// (`row = gid * per_item` up to the next work-item's start). Consecutive work-items are a chunk
// apart, so each iteration of a warp touches a sector per lane, but the next iterations use the
// rest of those sectors: when the work-items a compute unit holds at once keep one line each in
// L1 (16,384 work-items: 125 per SM, 16 KiB of lines), memory sees only the bytes used.
// With 16 Mi work-items the SM holds 2,048 of them, 256 KiB of lines: the lines are evicted
// before their next use, and the finding stays.

__kernel void max_row_length(__global const uint *row_indices, uint rows,
                             __global uint *out) {
  uint per_item = max((uint)((rows - 1) / get_global_size(0) + 1), (uint)1);
  uint start = get_global_id(0) * per_item;
  uint stop = min((uint)((get_global_id(0) + 1) * per_item), rows);
  uint longest = 0;
  for (uint row = start; row < stop; ++row)
    longest = max(longest, row_indices[row + 1] - row_indices[row]);
  out[get_global_id(0)] = longest;
}

__kernel void row_sums(__global const float *a, int n, __global float *out) {
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += a[get_global_id(0) * n + k];
  // CHECK: chunk-walk.cl:[[@LINE-1]]:10: warning: ~87% of kernel 'row_sums' {{.*}}global load with stride = n elements between consecutive work-items
  out[get_global_id(0)] = s;
}

// The same walk launched with 16,384 work-items: 16 KiB of lines per SM, kept in L1.
__kernel void row_sums_small(__global const float *a, int n, __global float *out) {
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += a[get_global_id(0) * n + k];
  out[get_global_id(0)] = s;
}

// Rows of 4096 floats summed by 4,096 work-items (PolyBench's atax, bicg, mvt, gesummv): L1
// keeps each row's line, so memory sees only the bytes used, but each load of a warp reads 32
// sectors of one quarter of their lines from L1, one per cycle. Measured on an NVIDIA H200
// (PolyBench-ACC's kernels through cllint verify): 1.5x to 3.9x with consecutive work-items on
// consecutive elements, where the model's shares are 22-26% (it does not see that one warp per
// SM leaves nothing to hide the L1 cycles behind).
__kernel void row_sums_wide(__global const float *a, int n, __global float *out) {
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += a[get_global_id(0) * n + k];
  // CHECK: chunk-walk.cl:[[@LINE-1]]:10: warning: ~62% of kernel 'row_sums_wide' (4096 runs per work-item): each work-item walks its own run of 'a' in a loop (4 B per iteration) while consecutive work-items are 16384 B apart: the launch is small enough that L1 keeps each work-item's line between iterations, so memory serves each sector once, but each load of a warp reads 32 sectors from L1 in 32 cycles instead of 1 {{.*}} [memory-global-stride]
  out[get_global_id(0)] = s;
}

// Written the same way, the partial sectors of each store reach memory as they are.
__kernel void row_fill_wide(__global float *a, int n) {
  for (int k = 0; k < n; ++k)
    a[get_global_id(0) * n + k] = 1.0f;
  // CHECK: chunk-walk.cl:[[@LINE-1]]:5: warning: ~86% of kernel 'row_fill_wide' (4096 runs per work-item): each work-item walks its own part of 'a' in a loop (a global store, 4 B per iteration) while consecutive work-items are 16384 B apart: each iteration of a warp touches 32 32-B sectors{{.*}} [memory-global-stride]
}

// A row walked against a vector all lanes read alike (atax): the vector's load is one sector per
// run, no walk; the rows' L1 cycles are the kernel's largest part.
__kernel void row_dot_wide(__global const float *a, __global const float *x, int n,
                           __global float *out) {
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += a[get_global_id(0) * n + k] * x[k];
  // CHECK: chunk-walk.cl:[[@LINE-1]]:10: warning: ~{{[0-9]+}}% of kernel 'row_dot_wide' (4096 runs per work-item): each work-item walks its own run of 'a' in a loop{{.*}} [memory-global-stride]
  out[get_global_id(0)] = s;
}
// DUMP-LABEL: kernel 'row_dot_wide'
// DUMP: line [[#@LINE-5]]    load of 'a' from L1          local          {{.*}}32.0 wavefronts per run
// DUMP: line [[#@LINE-6]]    load of 'x'                  memory         {{.*}}1.0 sectors per run
