// RUN: not %cllint --min-impact=0 --all --rules=-*,control-warp-divergence %s | %check-findings
// 2-D work-groups of 32-wide rows: each warp is one row. A threshold on the row's lane id
// (the sequential-addressing tail of a per-row reduction, a section one work-item per row runs)
// and a loop that deals out a few items over the lanes (one iteration more for the first lanes)
// are what those patterns look like on any shape: not reported. A periodic condition is.

__kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void row_reduce(__global float *out, __global const float *in) {
  __local float s[8][64];
  int lx = get_local_id(0), ly = get_local_id(1);
  for (int i = lx; i < 36; i += 32) // items 32..35 go to lanes 0..3: a remainder
    s[ly][i] = 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  s[ly][lx] = in[get_global_id(1) * 32 + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lx < 16)
    s[ly][lx] += s[ly][lx + 16];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lx < 8)
    s[ly][lx] += s[ly][lx + 8];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 4; k > 0; k >>= 1) {
    if (lx < k)
      s[ly][lx] += s[ly][lx + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lx == 0)
    out[get_global_id(1)] = s[ly][0];
}

__kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void row_interleaved(__global float *out, __global const float *in) {
  __local float s[8][32];
  int lx = get_local_id(0), ly = get_local_id(1);
  s[ly][lx] = in[get_global_id(1) * 32 + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lx % 2 == 0) {
// CHECK: rows.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 16 of 32 lanes active on each path; the idle lanes wait while the others run the body; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing) [control-warp-divergence]
// CHECK: rows.cl:[[@LINE-2]]:7: note: evaluated lane by lane over a work-group of shape 32x8x1 (reqd_work_group_size)
    s[ly][lx] += s[ly][lx + 1];
    out[get_global_id(1) * 32 + lx] = s[ly][lx] * 2.0f;
  }
}

// Trip counts that grow with the lane id are not a remainder: reported.
__kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void row_triangle(__global float *out) {
  int lx = get_local_id(0);
  float acc = 0.0f;
  for (int k = 0; k <= lx % 4; ++k)
// CHECK: rows.cl:[[@LINE-1]]:19: warning: {{([^:]*: )?}}loop trip count varies within each warp: work-items run 1 to 4 iterations of the 'k' loop
// CHECK: rows.cl:[[@LINE-2]]:19: note: trip counts evaluated lane by lane
    acc += out[k];
  out[get_global_id(0)] = acc;
}

// The threshold through a variable: `if (isLast)` is `isLast != 0`.
__kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void row_last(__global float *out) {
  int lx = get_local_id(0), ly = get_local_id(1);
  const bool isLast = lx == 31;
  if (isLast)
    out[ly] = 1.0f;
}
