// RUN: not %cllint %s | %check-findings
//
// Work-efficient exclusive scan (Blelloch) of 512 floats per work-group,
// 256 work-items, each owning two elements. Per-group totals go to sums[]
// for a second pass (not shown).
// NDRange: (n / 2), local (256); n is a multiple of 512.
//
// The loads and stores use elements lid and lid + 256, so global memory
// is touched at unit stride. The tree phases, however, address the
// array as offset * (2 * lid + 1) - 1: neighbouring lanes are 2 * offset
// words apart, an even stride, so at least two lanes of a warp always
// share a bank (2-way at offset 1, up to 16-way at offset 16, where 16 lanes are still active).
// The usual fix pads the index by one word per 32 (index + (index >> 5)).

#define GROUP_SIZE 256
#define N_PER_GROUP (2 * GROUP_SIZE)

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void scan_blelloch(__global const float *in,
                   __global float *out,
                   __global float *sums)
{
    __local float temp[N_PER_GROUP];

    const uint lid = get_local_id(0);
    const uint base = get_group_id(0) * N_PER_GROUP;

    temp[lid] = in[base + lid];
    temp[lid + GROUP_SIZE] = in[base + lid + GROUP_SIZE];

    // Up-sweep (reduce) phase.
    uint offset = 1;
    for (uint d = N_PER_GROUP >> 1; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            const uint ai = offset * (2 * lid + 1) - 1;
            const uint bi = offset * (2 * lid + 2) - 1;
            temp[bi] += temp[ai];
// CHECK: blelloch.cl:[[@LINE-1]]:13: warning: {{.*}} [memory-local-bank-conflict]
// CHECK: blelloch.cl:[[@LINE-2]]:25: warning: {{.*}} [memory-local-bank-conflict]
        }
        offset *= 2;
    }

    // Save the total and clear the last element.
    if (lid == 0) {
        sums[get_group_id(0)] = temp[N_PER_GROUP - 1];
        temp[N_PER_GROUP - 1] = 0.0f;
    }

    // Down-sweep phase.
    for (uint d = 1; d < N_PER_GROUP; d *= 2) {
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            const uint ai = offset * (2 * lid + 1) - 1;
            const uint bi = offset * (2 * lid + 2) - 1;
            const float t = temp[ai];
// CHECK: blelloch.cl:[[@LINE-1]]:29: warning: {{.*}} 16-way {{.*}} [memory-local-bank-conflict]
            temp[ai] = temp[bi];
// CHECK: blelloch.cl:[[@LINE-1]]:13: warning: {{.*}} [memory-local-bank-conflict]
// CHECK: blelloch.cl:[[@LINE-2]]:24: warning: {{.*}} [memory-local-bank-conflict]
            temp[bi] += t;
// CHECK: blelloch.cl:[[@LINE-1]]:13: warning: {{.*}} 16-way {{.*}} [memory-local-bank-conflict]
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    out[base + lid] = temp[lid];
    out[base + lid + GROUP_SIZE] = temp[lid + GROUP_SIZE];
}
