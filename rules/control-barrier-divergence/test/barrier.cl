// RUN: not %cllint --all --rules=-*,control-barrier-divergence %s -- -cl-std=CL2.0 | %check-findings
// (OpenCL C 2.0 for cl_khr_subgroups' sub_group_barrier, which OpenCL C 1.2 has only through
// cl_intel_subgroups, an extension NVIDIA devices lack.)
// Barriers that only some work-items of a work-group reach (errors when the split is proven
// over the work-group, warnings when it depends on an argument), and the uniform conditions,
// loops and early returns that are fine.

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void split_if(__global float *out, __local float *s, int n) {
  int lid = get_local_id(0);
  s[lid] = out[get_global_id(0)];
  if (lid < 16) {
    s[lid] += s[lid + 16];
    barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: barrier.cl:[[@LINE-1]]:5: error: {{([^:]*: )?}}barrier() is not reached by every work-item of the work-group in kernel 'split_if': it runs under 'lid < 16', which lets 16 of 256 work-items through. A work-group whose work-items do not all reach a barrier is undefined behaviour: a hang, or a barrier that releases early so that __local data is read before it is written; move the barrier out of the branch (or loop) so that every work-item reaches it, and guard only the work [control-barrier-divergence]
// CHECK: barrier.cl:[[@LINE-4]]:7: note: the condition that work-items of one work-group evaluate differently
  }
  if (n > 4) // uniform: a kernel argument
    barrier(CLK_LOCAL_MEM_FENCE);
  if (get_group_id(0) == 0) // uniform within a work-group
    barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 256) // every work-item of the 256-item group
    barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 0; k < n; ++k) // a uniform trip count
    barrier(CLK_LOCAL_MEM_FENCE);
  for (int st = 128; st > 0; st >>= 1) { // the tree reduction done right
    if (lid < st)
      s[lid] += s[lid + st];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = s[lid];
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void split_loop(__global float *out, __local float *s) {
  int lid = get_local_id(0);
  for (int k = 0; k <= lid % 4; ++k) {
    s[lid] = k;
    barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: barrier.cl:[[@LINE-1]]:5: error: {{([^:]*: )?}}barrier() is not reached by every work-item of the work-group in kernel 'split_loop': it runs inside a loop whose trip count differs between work-items ('k <= lid % 4': 1 to 4 iterations). A work-group whose work-items do not all reach a barrier is undefined behaviour (such a loop hung an NVIDIA H100); move {{.*}} [control-barrier-divergence]
// CHECK: barrier.cl:[[@LINE-4]]:19: note: the condition that work-items of one work-group evaluate differently
  }
  out[lid] = s[lid];
}

// Through a helper: the condition is the caller's.
void sync_tile(__local float *s, int lid) {
  s[lid] *= 2.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: barrier.cl:[[@LINE-1]]:3: error: {{([^:]*: )?}}barrier() is not reached by every work-item of the work-group in kernel 'via_helper': it runs under '(lid & 1) == 0', which lets 64 of 128 work-items through. {{.*}} [control-barrier-divergence]
// CHECK: barrier.cl:[[@LINE+6]]:7: note: the condition that work-items of one work-group evaluate differently
}

__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void via_helper(__global float *out, __local float *s) {
  int lid = get_local_id(0);
  if ((lid & 1) == 0)
    sync_tile(s, lid);
  out[lid] = s[lid];
}

// An early return of the work-items past the end: those skip the barrier. A note: it depends on
// n, and an NVIDIA H100 counts returned work-items as arrived (other devices need not).
__kernel void early_return(__global float *out, __local float *s, int n) {
  int gid = get_global_id(0), lid = get_local_id(0);
  if (gid >= n)
    return;
  s[lid] = out[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: barrier.cl:[[@LINE-1]]:3: note: {{([^:]*: )?}}barrier() is not reached by every work-item of the work-group in kernel 'early_return': it comes after a 'return' taken under 'gid >= n', which depends on the work-item id and on 'n'; unless that holds for all or none of the work-items of each work-group, some skip it. A work-group whose work-items do not all reach a barrier is undefined behaviour (an NVIDIA H100 counts work-items that have returned as arrived and runs it; other devices may hang or release the barrier early); let every work-item reach the barrier (guard the work, not the barrier: replace the 'return' with a condition around the code it skips); assuming a 256x1x1 work-group: no launch found {{.*}} [control-barrier-divergence]
// CHECK: barrier.cl:[[@LINE-4]]:5: note: the 'return' that some work-items take
  out[gid] = s[(lid + 1) % get_local_size(0)];
}

// Half of each group returns: proven, a warning.
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void half_return(__global float *out, __local float *s) {
  int lid = get_local_id(0);
  if (lid >= 128)
    return;
  s[lid] = out[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: barrier.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}barrier() is not reached by every work-item of the work-group in kernel 'half_return': it comes after a 'return' taken under 'lid >= 128', which lets 128 of 256 work-items through. {{.*}} [control-barrier-divergence]
// CHECK: barrier.cl:[[@LINE-4]]:5: note: the 'return' that some work-items take
  out[get_global_id(0)] = s[lid ^ 1];
}

// A return every work-item of a group takes together, and one after the barrier: fine.
__kernel void uniform_return(__global float *out, __local float *s, int n) {
  int lid = get_local_id(0);
  if (get_group_id(0) >= n)
    return;
  s[lid] = out[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid >= n)
    return;
  out[get_global_id(0)] = s[lid ^ 1];
}

// A sub-group barrier only needs the work-items of one warp: a warp-aligned split is fine.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void sub_groups(__global float *out) {
  int lid = get_local_id(0);
  if (lid < 32)
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 8)
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: barrier.cl:[[@LINE-1]]:5: error: {{([^:]*: )?}}sub_group_barrier() is not reached by every work-item of the sub-group in kernel 'sub_groups': it runs under 'lid < 8', which lets 8 of 64 work-items through. {{.*}} [control-barrier-divergence]
// CHECK: barrier.cl:[[@LINE-3]]:7: note: the condition that work-items of one sub-group evaluate differently
  out[lid] = lid;
}

// Leaving a loop early: work-items that break wait at the next barrier outside while the others
// still wait inside; a continue skips the rest of the iteration's barriers. A loop the whole
// group shares (`go` is the same for every work-item and never changes) is fine.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void early_break(__global float *out, __local float *s, int n) {
  int lid = get_local_id(0);
  for (int k = 0; k < 16; ++k) {
    if (lid == 3 * k)
      break;
    s[lid] = k;
    barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: barrier.cl:[[@LINE-1]]:5: error: {{([^:]*: )?}}barrier() is not reached by every work-item of the work-group in kernel 'early_break': it comes after a 'break' taken under 'lid == 3 * k', which lets 1 of 64 work-items through (at iteration 0 of the 'k' loop). {{.*}}; let every work-item reach the barrier (guard the work, not the barrier: replace the 'break' with a condition around the code it skips) [control-barrier-divergence]
// CHECK: barrier.cl:[[@LINE-4]]:7: note: the 'break' that some work-items take
  }
  for (int k = 0; k < n; ++k) {
    if (lid % 2)
      continue;
    s[lid] = k;
    barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: barrier.cl:[[@LINE-1]]:5: error: {{([^:]*: )?}}barrier() is not reached by every work-item of the work-group in kernel 'early_break': it comes after a 'continue' taken under 'lid % 2', which lets 32 of 64 work-items through. {{.*}} [control-barrier-divergence]
// CHECK: barrier.cl:[[@LINE-4]]:7: note: the 'continue' that some work-items take
  }
  bool go = get_global_id(0) >= 0;
  while (go) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (s[0] > n)
      break;
  }
  for (int k = 0; k < n; ++k) {
    switch (lid & 1) { // a break that leaves the switch, not the loop
    case 0: s[lid] = k; break;
    default: s[lid] = -k; break;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[lid] = s[lid];
}

// Rows of 64x1 work-groups: every work-item of a group has the same get_global_id(1), so a
// return on it keeps the group together.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void rows(__global float *out, __local float *s, int h) {
  int x = get_local_id(0), y = get_global_id(1);
  if (y >= h)
    return;
  s[x] = out[y * 64 + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[y * 64 + x] = s[63 - x];
}

// The whole body under a bounds guard: the work-items that skip it end the kernel, like an
// early return (a note when it depends on an argument).
__kernel void guarded_body(__global float *out, __local float *s, int n) {
  int gid = get_global_id(0), lid = get_local_id(0);
  if (gid < n) {
    s[lid] = out[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: barrier.cl:[[@LINE-1]]:5: note: {{([^:]*: )?}}barrier() is not reached by every work-item of the work-group in kernel 'guarded_body': it runs under 'gid < n', which depends on the work-item id and on 'n'; unless that holds for all or none of the work-items of each work-group, some skip it. A work-group whose work-items do not all reach a barrier is undefined behaviour (the work-items that skip it end the kernel there; an NVIDIA H100 counts them as arrived and runs it; other devices may hang or release the barrier early); move the barrier out {{.*}} [control-barrier-divergence]
// CHECK: barrier.cl:[[@LINE-4]]:7: note: the condition that work-items of one work-group evaluate differently
    out[gid] = s[(lid + 1) % get_local_size(0)];
  }
}
