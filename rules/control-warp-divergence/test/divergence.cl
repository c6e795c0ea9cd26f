// RUN: not %cllint --min-impact=0 --all --rules=-*,control-warp-divergence %s | %check-findings
// RUN: not %cllint --min-impact=0 --all --rules=-*,control-warp-divergence --profile=amd %s | FileCheck %s --check-prefix=AMD

#define IS_EVEN(i) ((i) % 2 == 0)

int odd_lane(void) { return get_local_id(0) & 1; }
float window_sum(__global const float *d, int i) {
  float a = 0.0f;
  for (int j = 0; j < 64; ++j)
    a += d[i + j];
  return a;
}

__kernel void positives(__global float *data, __local float *s) {
  int lid = get_local_id(0);
  if (lid % 2 == 0)
// CHECK: divergence.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 16 of 32 lanes active on each path; the idle lanes wait while the others run the body; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing); assuming a 256x1x1 work-group: no launch found (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [control-warp-divergence]
// CHECK: divergence.cl:[[@LINE-2]]:7: note: evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
    data[lid] += 1.0f; // a load, an add and a store
  if (lid & 1)
// CHECK: divergence.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 16 of 32 lanes active on each path; the idle lanes wait while the others run the body; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing); assuming a 256x1x1 work-group: no launch found (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [control-warp-divergence]
// CHECK: divergence.cl:[[@LINE-2]]:7: note: evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
    data[lid] += 1;
  if ((lid & 31) == 0)
// CHECK: divergence.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 1 of 32 lanes active on the true path, 31 on the other; the idle lanes wait while the others run the body; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing); assuming a 256x1x1 work-group: no launch found (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [control-warp-divergence]
// CHECK: divergence.cl:[[@LINE-2]]:7: note: evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
    data[lid] += 2;
  // A `?:` whose arm calls a helper with a loop stays a branch.
  data[lid] = IS_EVEN(lid) ? window_sum(data, lid) : 0.0f;
// CHECK: divergence.cl:[[@LINE-1]]:15: warning: {{([^:]*: )?}}'?:' condition varies within each warp: every warp splits; 16 of 32 lanes active on each path; both paths run one after the other (measured 1.96x for two equal paths); remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing); assuming a 256x1x1 work-group: no launch found (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [control-warp-divergence]
// CHECK: divergence.cl:4:20: note: expanded from macro 'IS_EVEN'
// CHECK: divergence.cl:[[@LINE-3]]:15: note: evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
  if (odd_lane())
// CHECK: divergence.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 16 of 32 lanes active on each path; the idle lanes wait while the others run the body; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing); assuming a 256x1x1 work-group: no launch found (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [control-warp-divergence]
// CHECK: divergence.cl:[[@LINE-2]]:7: note: evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
    data[lid] += 3;
  for (unsigned st = 1; st < get_local_size(0); st *= 2) {
    if (lid % (2 * st) == 0)
// CHECK: divergence.cl:[[@LINE-1]]:9: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 16 of 32 lanes active on each path (st = 1; 6 of 8 values of 'st' diverge); in a barrier-bound tree reduction this costs little (measured 2-3% over sequential addressing on an NVIDIA H100), but sequential addressing also avoids the bank conflicts of the interleaved rewrite; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing); assuming a 256x1x1 work-group: no launch found (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [control-warp-divergence]
// CHECK: divergence.cl:[[@LINE-2]]:9: note: evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
      s[lid] += s[lid + st];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  switch (lid % 4) { // two paths: case 0 and the default
// CHECK: divergence.cl:[[@LINE-1]]:11: warning: {{([^:]*: )?}}'switch' value varies within each warp: every warp splits into up to 2 paths; 24 of 32 lanes active on the largest; a split warp runs each of its paths one after the other; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing); assuming a 256x1x1 work-group: no launch found (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [control-warp-divergence]
// CHECK: divergence.cl:[[@LINE-2]]:11: note: evaluated lane by lane over a work-group of shape 256x1x1 (profile default)
  case 0: data[lid] += 4; break;
  default: break;
  }
}

__kernel void negatives(__global float *data, __local float *s, int n, int k) {
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  if (lid / 32 == k) data[gid] = 0;       // warp-aligned
  if (lid < 64) data[gid] = 1;            // a threshold at a warp boundary
  if (((lid >> 5) & 1) == 0) data[gid] += 2; // whole warps (not on amd: half a wavefront)
  if (gid < n) data[gid] = 3;             // bounds guard
  if (lid == 0) data[gid] = 4;            // single work-item section
  if (n > 4) data[gid] = 5;               // uniform
  // No branch in the compiled code: one store with a selected address, predicated stores of
  // register values, short register-only arms.
  if (lid % 2 == 0) data[2 * lid] = lid; else data[2 * lid + 1] = lid;
  if ((lid & 31) == 0) data[lid / 32] = 7.0f;
  float r = data[gid];
  if (lid & 1) { r = r * 2.0f; data[gid] = r; }
  for (unsigned st = get_local_size(0) / 2; st > 0; st >>= 1) {
    if (lid < st)                         // sequential addressing: at most one warp splits
      s[lid] += s[lid + st];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (data[gid] > 0.0f) data[gid] = 6;    // data-dependent: not decided
  if (lid % n == 0) data[gid] = 7;        // period unknown: silent
  // Selects, not branches (NVIDIA's compiler emits selp / predicated instructions):
  data[gid] = IS_EVEN(lid) ? 1.0f : 2.0f; // `?:` with cheap arms
  float t = 0.0f;
  if (lid & 1)                            // one assignment to a register
    t = data[gid] * 2.0f;
  else
    t = sqrt(data[gid]);
  data[gid] = t;
  // More selects: an increment, a private struct field, a switch that picks one value.
  int cnt = 0;
  if (lid & 1)
    ++cnt;
  struct { float x, y; } p = {0.0f, 0.0f};
  if (lid & 2)
    p.x = data[gid];
  float z[2] = {0.0f, 0.0f};
  switch (lid % 4) {
  case 0: z[0] = data[gid]; break;
  case 1: z[0] = 2.0f; break;
  default: z[0] = 3.0f; break;
  }
  data[gid] = t + cnt + p.x + z[0];
}

__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void wide(__global float *data) {
  int lid = get_local_id(0);
  if (lid < 32) data[lid] = 0;            // a threshold: one split at most, on either profile
  if ((lid / 8) % 2) data[lid] += 1;      // period 16: every warp
// CHECK: divergence.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}'if' condition varies within each warp: every warp splits; 16 of 32 lanes active on each path; the idle lanes wait while the others run the body; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing) [control-warp-divergence]
// CHECK: divergence.cl:[[@LINE-2]]:7: note: evaluated lane by lane over a work-group of shape 64x1x1 (reqd_work_group_size)
}

// On amd a wavefront has 64 lanes: the same conditions keep 32 of 64 lanes per path, and
// `(lid >> 5) & 1`, aligned to 32-lane warps, splits every wavefront.
// AMD: divergence.cl:{{[0-9]+}}:7: warning: {{([^:]*: )?}}'if' condition varies within each wavefront: every wavefront splits; 32 of 64 lanes active on each path; the idle lanes wait while the others run the body; remap the work so that contiguous work-items take the same path (e.g. 'lid < s' with sequential addressing); assuming a 256x1x1 work-group: no launch found (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [control-warp-divergence]
// AMD: divergence.cl:{{[0-9]+}}:9: warning: {{([^:]*: )?}}'if' condition varies within each wavefront: every wavefront splits; 32 of 64 lanes active on each path (st = 1; 6 of 8 values of 'st' diverge)
// AMD: divergence.cl:57:7: warning: {{([^:]*: )?}}'if' condition varies within each wavefront: every wavefront splits; 32 of 64 lanes active on each path
// AMD-NOT: divergence.cl:{{[0-9]+}}:7: warning: 'if' condition varies within each wavefront: every wavefront splits; 1 of
