// RUN: not %cllint %s | %check-findings
//
// Sum reduction whose last 32 steps rely on one warp running in lockstep:
// no barrier between the unrolled steps, only 'volatile'. It gives the
// right sums on an NVIDIA H100 today, but OpenCL does not order __local
// accesses of different work-items without a barrier (independent thread
// scheduling, 64-wide wavefronts on AMD change the picture).
// NDRange: (n), local 256. The fix: a barrier per step, or
// work_group_reduce_add (OpenCL 2.0).

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void reduce_warp_unrolled(__global const float *in, __global float *out) {
    __local volatile float s[256];
    const int lid = get_local_id(0);
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
// CHECK: warp_unrolled.cl:[[@LINE-1]]:19: warning: {{.*}}__local 's' is written by work-item 16 and read by work-item 0 {{.*}} both are in one warp{{.*}} [memory-local-race]
        s[lid] += s[lid + 8];
        s[lid] += s[lid + 4];
        s[lid] += s[lid + 2];
        s[lid] += s[lid + 1];
    }
    if (lid == 0)
        out[get_group_id(0)] = s[0];
}
