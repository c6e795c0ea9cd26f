// RUN: not %cllint --min-impact=0 --all --rules=-*,control-warp-divergence %s | %check-findings
// Which paths a warp really runs: short-circuit operands, switch labels with a default,
// work-groups that differ (a 2-D triangle), and loops whose trip count differs between lanes.

__kernel __attribute__((reqd_work_group_size(8, 8, 1)))
void triangle(__global float *a, int n) {
  int gx = get_global_id(0), gy = get_global_id(1);
  if (gx > gy) // splits the diagonal work-groups only (3 of 9 sampled): not reported
    return;
  a[gy * n + gx] = sin(a[gy * n + gx]);
  if ((gx & 1) == (gy & 1)) // a checkerboard: every work-group
// CHECK: paths.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 16 of 32 lanes active on each path; the idle lanes wait while the others run the body; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing) [control-warp-divergence]
// CHECK: paths.cl:[[@LINE-2]]:7: note: evaluated lane by lane over a work-group of shape 8x8x1 (reqd_work_group_size)
    a[gy * n + gx] = cos(a[gy * n + gx]);
}

__kernel void switches(__global float *a) {
  int gid = get_global_id(0);
  switch (gid) { // three paths, but only in the first warp of work-group 0
  case 0: a[gid] = sin(a[gid]); break;
  case 2: a[gid] = cos(a[gid]); break;
  default: a[gid] = tan(a[gid]); break;
  }
  switch (gid % 8) {
// CHECK: paths.cl:[[@LINE-1]]:11: warning: {{([^:]*: )?}}'switch' value varies within each warp: every warp splits into up to 3 paths; 20 of 32 lanes active on the largest; a split warp runs each of its paths one after the other
  case 0:
  case 1: a[gid] = sin(a[gid]); break; // one path for both labels
  case 2: a[gid] = cos(a[gid]); break;
  default: a[gid] = tan(a[gid]); break;
  }
}

__kernel void short_circuit(__global float *a, int n) {
  int gid = get_global_id(0), lid = get_local_id(0);
  if (gid < n && (lid & 1)) {
// CHECK: paths.cl:[[@LINE-1]]:18: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 16 of 32 lanes active on each path; the idle lanes wait while the others run the body
// CHECK: paths.cl:[[@LINE-2]]:7: note: the operand that splits the warps is part of this short-circuit condition
// CHECK: paths.cl:[[@LINE-3]]:18: note: evaluated lane by lane
    a[gid] = sin(a[gid]);
    a[gid + 1] = cos(a[gid]);
  }
  if (lid == 0 || gid >= n) // a single lane and a bound: no split worth reporting
    a[gid] = 0.0f;
}

__kernel void trip_counts(__global float *a, int n) {
  int lid = get_local_id(0);
  float s = 0.0f;
  for (int k = 0; k <= lid; ++k)
// CHECK: paths.cl:[[@LINE-1]]:19: warning: {{([^:]*: )?}}loop trip count varies within each warp: work-items run 1 to 256 iterations of the 'k' loop, and a warp runs as many as its longest work-item, so 11% of lane-iterations are idle (every warp is uneven; measured 1.94x for trip counts 'lid % 8' against the same work aligned to warps on an NVIDIA H100); give the work-items of a warp equal trip counts, e.g. by distributing the iterations across the warp; assuming a 256x1x1 work-group: no launch found (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [control-warp-divergence]
// CHECK: paths.cl:[[@LINE-2]]:19: note: trip counts evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
    s += a[k];
  for (int k = 0; k <= lid % 8; ++k)
// CHECK: paths.cl:[[@LINE-1]]:19: warning: {{([^:]*: )?}}loop trip count varies within each warp: work-items run 1 to 8 iterations of the 'k' loop, and a warp runs as many as its longest work-item, so 44% of lane-iterations are idle (every warp is uneven;
// CHECK: paths.cl:[[@LINE-2]]:19: note: trip counts evaluated
    s += a[k];
  for (int k = lid; k < n; k += get_local_size(0)) // a strided loop: at most one iteration apart
    s += a[k];
  for (int k = 0; k < (lid / 32) * 4; ++k) // trip counts equal within each warp
    s += a[k];
  a[lid] = s;
}

// A fall-through chain of a few component loads is compiled to predicated loads (no branch per
// case): nothing to report. Five statements, or arms of long math, keep the branches.
__kernel void tails(__global const float *in, __global float4 *out, int channels) {
  int lid = get_local_id(0);
  int off = get_global_id(0) * channels;
  float4 v = 0;
  switch (lid & 3) {
  case 0:
    v.w = in[off + 3];
  case 3:
    v.z = in[off + 2];
  case 2:
    v.y = in[off + 1];
  case 1:
    v.x = in[off];
  }
  out[get_global_id(0)] = v;
  float e = 0;
  switch (lid & 3) {
// CHECK: paths.cl:[[@LINE-1]]:11: warning: {{([^:]*: )?}}'switch' value varies within each warp: every warp splits into up to 4 paths; 8 of 32 lanes active on the largest
// CHECK: paths.cl:[[@LINE-2]]:11: note: evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
  case 0:
    v.w = in[off + 3];
    e = v.w;
  case 3:
    v.z = in[off + 2];
  case 2:
    v.y = in[off + 1];
  case 1:
    v.x = in[off];
  }
  out[get_global_id(0) + 1] = v + e;
  switch (lid & 1) {
// CHECK: paths.cl:[[@LINE-1]]:11: warning: {{([^:]*: )?}}'switch' value varies within each warp: every warp splits into up to 2 paths; 16 of 32 lanes active on the largest
// CHECK: paths.cl:[[@LINE-2]]:11: note: evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
  case 0:
    e = sin(e) * cos(e) + exp(e) * log(e) + tan(e);
  case 1:
    e = cos(e) * sin(e) + log(e) * exp(e) + tan(e);
  }
  out[get_global_id(0) + 2] = (float4)(e);
}

// A 16-item work-group fills half a warp: the lanes are counted of the 16 it has.
__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void half_warp(__global float *a) {
  int lid = get_local_id(0);
  float v = a[lid];
  if (lid % 2) {
// CHECK: paths.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 8 of 16 lanes active on each path;
// CHECK: paths.cl:[[@LINE-2]]:7: note: evaluated lane by lane over a work-group of shape 16x1x1 (reqd_work_group_size)
    v = sin(v) * cos(v) + exp(v) * log(v);
    v = sin(v) * cos(v) + exp(v) * log(v);
  }
  a[lid] = v;
}

// The warp's leader committing the warp's result with an atomic (through a compare-and-swap
// loop): a warp-aggregated atomic, nothing to remap. Two lanes of each warp running a long body
// are a split.
void atomic_add_float(volatile __global float *p, float v) {
  union { unsigned int u; float f; } o, n;
  do {
    o.f = *p;
    n.f = o.f + v;
  } while (atomic_cmpxchg((volatile __global unsigned int *)p, o.u, n.u) != o.u);
}
__kernel void warp_leader(__global float *sum, __global const float *in) {
  int lane = get_local_id(0) & 31;
  float r = in[get_global_id(0)];
  if (lane == 0)
    atomic_add_float(sum, r);
  if (lane < 2) {
    for (int i = 0; i < 100; i++)
      r = cos(r);
    sum[get_global_id(0) + 1] = r;
  }
// CHECK: paths.cl:[[@LINE-5]]:7: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 2 of 32 lanes active on the true path, 30 on the other; {{.*}} [control-warp-divergence]
// CHECK: paths.cl:[[@LINE-6]]:7: note: evaluated lane by lane
}

// Only the lanes that the surrounding condition lets through reach the switch: it splits
// those (3 of the 9 in each warp on a path), not the warp's 32.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void guarded_switch(__global float *out, __global const float *in) {
  int lid = get_local_id(0);
  int dimIndex = lid % 3;
  int orderIndex = lid / 3 % 4;
  float t = in[lid];
  if (orderIndex == 0) {
// CHECK: paths.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 9 of 32 lanes active on the true path, 23 on the other; {{.*}} [control-warp-divergence]
// CHECK: paths.cl:[[@LINE-2]]:7: note: evaluated lane by lane
    switch (dimIndex) {
// CHECK: paths.cl:[[@LINE-1]]:13: warning: {{([^:]*: )?}}'switch' value varies within each warp: every warp splits into up to 3 paths; 3 of the 9 lanes that reach it active on the largest; {{.*}} [control-warp-divergence]
// CHECK: paths.cl:[[@LINE-2]]:13: note: evaluated lane by lane
    case 0:
      for (int i = 0; i < 64; i++)
        t = sin(t);
      break;
    case 1:
      for (int i = 0; i < 64; i++)
        t = cos(t);
      break;
    default:
      for (int i = 0; i < 64; i++)
        t = tan(t);
      break;
    }
  }
  out[lid] = t;
}
