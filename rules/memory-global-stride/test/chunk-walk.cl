// RUN: not %cllint --rules=-*,memory-global-stride --config=%S/Inputs/chunk-walk.yaml %s | %check-findings
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
