// RUN: not %cllint --all --rules=-*,memory-local-race %s | %check-findings
// Warp-synchronous code (a warning: the racing work-items share a warp), a race across warps
// (an error), and the barrier-separated, own-data and guarded cases that are fine.

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void last_warp(__global float *out, __global const float *in) {
  __local volatile float s[256];
  int lid = get_local_id(0);
  s[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int st = 128; st > 32; st >>= 1) {
    if (lid < st)
      s[lid] += s[lid + st];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid < 32) {
    s[lid] += s[lid + 32];
    s[lid] += s[lid + 16];
// CHECK: race.cl:[[@LINE-1]]:15: warning: {{([^:]*: )?}}__local 's' is written by work-item 16 and read by work-item 0 (byte 64) with no barrier between them in kernel 'last_warp': both are in one warp, so the code relies on the warp's lanes running in lockstep, which OpenCL does not promise {{.*}} (sub_group_reduce_add, work_group_reduce_add) [memory-local-race]
// CHECK: race.cl:[[@LINE-3]]:5: note: the write of 's'
    s[lid] += s[lid + 8];
    s[lid] += s[lid + 4];
    s[lid] += s[lid + 2];
    s[lid] += s[lid + 1];
  }
  if (lid == 0)
    out[get_group_id(0)] = s[0];
}

// The same steps with a barrier between each: nothing to report.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void with_barriers(__global float *out, __global const float *in) {
  __local float s[64];
  int lid = get_local_id(0);
  s[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int st = 32; st > 0; st >>= 1) {
    if (lid < st)
      s[lid] += s[lid + st];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  float mine = s[lid]; // every work-item reads s[0]..: after the barrier
  s[lid] = mine * 2.0f; // its own element
  out[get_global_id(0)] = s[lid];
}

// One work-item stores, the whole group reads with no barrier: other warps race with it.
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void broadcast(__global float *out, __global const float *in) {
  __local float total[1];
  int lid = get_local_id(0);
  if (lid == 0)
    total[0] = in[get_group_id(0)];
  out[get_global_id(0)] = total[0] * 2.0f;
// CHECK: race.cl:[[@LINE-1]]:27: error: {{([^:]*: )?}}__local 'total' is written by work-item 0 and read by work-item 32 (byte 0) with no barrier between them in kernel 'broadcast': they are in different warps, which run in no fixed order, so the read may see the old value; put a barrier(CLK_LOCAL_MEM_FENCE) between them [memory-local-race]
// CHECK: race.cl:[[@LINE-3]]:5: note: the write of 'total'
}

// Without a known shape a pair across warps rests on the guessed group size: no error; the
// work-items of the writer's own warp still read without a barrier, a warning.
__kernel void broadcast_any(__global float *out, __global const float *in) {
  __local float total[1];
  if (get_local_id(0) == 0)
    total[0] = in[get_group_id(0)];
  out[get_global_id(0)] = total[0] * 2.0f;
// CHECK: race.cl:[[@LINE-1]]:27: warning: {{([^:]*: )?}}__local 'total' is written by work-item 0 and read by work-item 1 (byte 0) {{.*}} both are in one warp{{.*}} [memory-local-race]
// CHECK: race.cl:[[@LINE-3]]:5: note: the write of 'total'
}

// The guard of a helper's access is its caller's: lanes 0..15 only, one warp, a warning.
void warp_scan(__local volatile int *t, int lid) {
  t[lid] += t[lid - 1];
  t[lid] += t[lid - 2];
}
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void scan_helper(__global int *out) {
  __local volatile int t[80];
  int lid = get_local_id(0);
  t[lid + 16] = out[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 16)
    warp_scan(t + 16, lid);
// CHECK: race.cl:[[@LINE-11]]:13: warning: {{([^:]*: )?}}__local 't' is written by work-item {{[0-9]+}} and read by work-item {{[0-9]+}} {{.*}} both are in one warp{{.*}} [memory-local-race]
// CHECK: race.cl:[[@LINE-12]]:3: note: the write of 't'
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = t[lid + 16];
}

// The same warp-synchronous reduction once per component of a vector, each after its own
// barriers: one finding for the kernel's array, listing the other sites.
__attribute__((reqd_work_group_size(128, 1, 1)))
__kernel void per_component(__global float2 *out, __global const float2 *in) {
  __local float s[160];
  volatile __local float *p = s;
  int lid = get_local_id(0);
  float2 v = in[get_global_id(0)];
  p[lid] = v.x;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 32) {
    p[lid] = v.x = v.x + p[lid + 32];
    p[lid] = v.x = v.x + p[lid + 16];
  }
// CHECK: race.cl:[[@LINE-2]]:26: warning: {{([^:]*: )?}}__local 's' is written by work-item 16 and read by work-item 0 (byte 64) {{.*}} (and 1 more site with the same cause at line [[@LINE+7]]) [memory-local-race]
// CHECK: race.cl:[[@LINE-4]]:5: note: the write of 's'
  barrier(CLK_LOCAL_MEM_FENCE);
  p[lid] = v.y;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 32) {
    p[lid] = v.y = v.y + p[lid + 32];
    p[lid] = v.y = v.y + p[lid + 16];
  }
// CHECK: race.cl:[[@LINE-2]]:26: note: the same access pattern here
  if (lid == 0)
    out[get_group_id(0)] = v;
}

// With an assumed shape, the last steps of an unguarded warp-synchronous reduction also let
// lane 31 read lane 47's slot (another warp: a pair that rests on the guessed group size);
// the pairs within one warp are reported all the same.
__kernel void unguarded_tail(__global float *out, __global const float *in) {
  __local float s[288];
  volatile __local float *p = s;
  int lid = get_local_id(0);
  float v = in[get_global_id(0)];
  p[lid] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  p[lid] = v = v + p[lid + 16];
// CHECK: race.cl:[[@LINE-1]]:20: warning: {{([^:]*: )?}}__local 's' is written by work-item 16 and read by work-item 0 (byte 64) {{.*}} both are in one warp{{.*}} [memory-local-race]
// CHECK: race.cl:[[@LINE-2]]:3: note: the write of 's'
  p[lid] = v = v + p[lid + 8];
  if (lid == 0)
    out[get_group_id(0)] = v;
}

// Every work-item copies the whole table itself (the same values: no work-item id in them)
// and reads it back: whichever write a read sees holds what that work-item wrote. A table
// each work-item fills only in part is read from the others' writes: a race.
__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void private_copies(__global float *out, __global const float *in) {
  __local float table[4];
  for (int i = 0; i < 4; i++)
    table[i] = in[get_group_id(0) * 4 + i];
  float acc = 0.0f;
  for (int k = 0; k < 4; k++)
    acc += table[k];
  out[get_global_id(0)] = acc;
}
__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void shared_fill(__global float *out, __global const float *in) {
  __local float table[64];
  int lid = get_local_id(0);
  table[lid] = in[get_global_id(0)];
  out[get_global_id(0)] = table[63 - lid];
// CHECK: race.cl:[[@LINE-1]]:27: error: {{([^:]*: )?}}__local 'table' is written by work-item 63 and read by work-item 0 {{.*}} [memory-local-race]
// CHECK: race.cl:[[@LINE-3]]:3: note: the write of 'table'
}
