// RUN: %cllint %s > %t.default && test ! -s %t.default
// RUN: %cllint --all %s | %check-findings
//
// Bitonic sort of 256 keys per work-group in local memory (ascending),
// the straightforward form: every work-item owns one key, and at each
// (k, j) step the work-item whose partner lid ^ j is above it performs
// the compare-exchange, in the direction given by bit k of its id.
// NDRange: (n), local (256); n is a multiple of 256.
//
// Both conditions test single bits of the local id. For j < 32 the
// partner test keeps every other run of j lanes in each warp; for k < 32
// the direction test does the same, so every warp runs both paths during
// the early (short) stages. The standard remedy gives each work-item one
// *pair* (i = 2*lid - (lid & (j - 1))) so all lanes do the same work.

#define GROUP_SIZE 256

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void bitonic_sort_local(__global uint *keys)
{
    __local uint s[GROUP_SIZE];

    const uint lid = get_local_id(0);
    const size_t gid = get_global_id(0);
    s[lid] = keys[gid];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint k = 2; k <= GROUP_SIZE; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            const uint partner = lid ^ j;
            if (partner > lid) {
// CHECK: bitonic.cl:[[@LINE-1]]:17: note: {{.*}} [control-warp-divergence]
                const uint a = s[lid];
                const uint b = s[partner];
                if ((lid & k) == 0) {
// CHECK: bitonic.cl:[[@LINE-1]]:21: note: {{.*}} [control-warp-divergence]
                    if (a > b) {            // ascending run
                        s[lid] = b;
                        s[partner] = a;
                    }
                } else if (a < b) {         // descending run
                    s[lid] = b;
                    s[partner] = a;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }

    keys[gid] = s[lid];
}
