// RUN: not %cllint --min-impact=0 --all --rules=-*,control-warp-divergence %s | %check-findings
// Code nothing observes is deleted with its branch: the compiled kernel has no branch there
// (issue 20, item 12). The same shapes whose results are read stay findings.

#define TRACE(x)

__kernel void empty_after_expansion(__global float *y) {
  int lid = get_local_id(0);
  if (lid % 2 == 0) {
    TRACE(lid);
  }
  y[get_global_id(0)] = 1.0f;
}

__kernel void local_stores_nobody_reads(__global float *y, __global const float *x) {
  __local float scratch[256];
  int lid = get_local_id(0);
  float v = x[get_global_id(0)];
  if (lid % 2 == 0) {
    for (int k = 0; k < 64; ++k)
      scratch[lid] = v * k;
  }
  y[get_global_id(0)] = v;
}

__kernel void loop_into_unread_sum(__global float *y) {
  int lid = get_local_id(0);
  int t = 0;
  if (lid % 2 == 0) {
    for (int k = 0; k < 100; ++k)
      t += k;
  }
  y[get_global_id(0)] = 2.0f;
}

__kernel void uneven_loop_into_unread_sum(__global float *y) {
  int lid = get_local_id(0);
  float t = 0;
  for (int k = 0; k < lid % 8; ++k)
    t += k * 0.5f;
  y[get_global_id(0)] = 3.0f;
}

// Positives: the same code whose result is read.
__kernel void local_stores_read_later(__global float *y, __global const float *x) {
  __local float scratch[256];
  int lid = get_local_id(0);
  float v = x[get_global_id(0)];
  if (lid % 2 == 0) {
// CHECK: dead-code.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 16 of 32 lanes active on each path; the idle lanes wait while the others run the body; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing); assuming a 256x1x1 work-group, inferred from the __local tile 'scratch[256]' (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [control-warp-divergence]
// CHECK: dead-code.cl:[[@LINE-2]]:7: note: evaluated lane by lane over a work-group of shape 256x1x1 (inferred from the __local tile 'scratch[256]')
    for (int k = 0; k < 64; ++k)
      scratch[lid] = v * k;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  y[get_global_id(0)] = scratch[(lid + 1) % 256];
}

__kernel void loop_into_sum_read_later(__global float *y) {
  int lid = get_local_id(0);
  int t = 0;
  if (lid % 2 == 0) {
// CHECK: dead-code.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 16 of 32 lanes active on each path; the idle lanes wait while the others run the body; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing); assuming a 256x1x1 work-group: no launch found (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [control-warp-divergence]
// CHECK: dead-code.cl:[[@LINE-2]]:7: note: evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
    for (int k = 0; k < 100; ++k)
      t += k * get_global_id(1);
  }
  y[get_global_id(0)] = t;
}

__kernel void uneven_loop_into_sum_read_later(__global float *y) {
  int lid = get_local_id(0);
  float t = 0;
  for (int k = 0; k < lid % 8; ++k)
// CHECK: dead-code.cl:[[@LINE-1]]:19: warning: {{([^:]*: )?}}loop trip count varies within each warp: work-items run 0 to 7 iterations of the 'k' loop{{.*}} [control-warp-divergence]
// CHECK: dead-code.cl:[[@LINE-2]]:19: note: trip counts evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
    t += k * 0.5f;
  y[get_global_id(0)] = t;
}

// Leaving an enclosing loop is an effect, although the body stores nothing.
__kernel void breaks_out(__global float *y, int n) {
  int lid = get_local_id(0);
  float t = 0;
  for (int r = 0; r < n; ++r) {
    if (lid % 2 == 0)
// CHECK: dead-code.cl:[[@LINE-1]]:9: warning: {{([^:]*: )?}}'if' condition varies within each warp{{.*}} [control-warp-divergence]
// CHECK: dead-code.cl:[[@LINE-2]]:9: note: evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
      break;
    t += y[r];
  }
  y[get_global_id(0)] = t;
}
