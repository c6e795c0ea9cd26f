// RUN: %cllint %s | %check-findings
//
// 1-D three-point stencil that stages its work-group's slice of the input
// in __local memory. The bounds check returns early, so in the last
// work-group (n not a multiple of 256) the work-items past the end never
// reach the barrier: undefined behaviour, a hang or a stale halo on some
// devices. The fix keeps every work-item alive through the barrier and
// guards only the loads and the store (see tiled_guarded below).
// NDRange: (round_up(n, 256)), local 256.

#define TILE 256

__kernel __attribute__((reqd_work_group_size(TILE, 1, 1)))
void tiled_early_exit(__global const float *in, __global float *out, int n) {
    __local float tile[TILE + 2];
    const int gid = get_global_id(0);
    const int lid = get_local_id(0);
    if (gid >= n)
        return;
    tile[lid + 1] = in[gid];
    if (lid == 0)
        tile[0] = gid > 0 ? in[gid - 1] : 0.0f;
    if (lid == TILE - 1)
        tile[TILE + 1] = gid + 1 < n ? in[gid + 1] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: tiled_early_exit.cl:[[@LINE-1]]:5: note: {{.*}}it comes after a 'return' taken under 'gid >= n', which depends on the work-item id and on 'n'{{.*}} [control-barrier-divergence]
    out[gid] = (tile[lid] + tile[lid + 1] + tile[lid + 2]) / 3.0f;
}

__kernel __attribute__((reqd_work_group_size(TILE, 1, 1)))
void tiled_guarded(__global const float *in, __global float *out, int n) {
    __local float tile[TILE + 2];
    const int gid = get_global_id(0);
    const int lid = get_local_id(0);
    const bool active = gid < n;
    tile[lid + 1] = active ? in[gid] : 0.0f;
    if (lid == 0)
        tile[0] = gid > 0 && gid - 1 < n ? in[gid - 1] : 0.0f;
    if (lid == TILE - 1)
        tile[TILE + 1] = gid + 1 < n ? in[gid + 1] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (active)
        out[gid] = (tile[lid] + tile[lid + 1] + tile[lid + 2]) / 3.0f;
}
