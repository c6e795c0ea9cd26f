// RUN: %cllint %s | %check-findings
//
// Three-point smoothing of a 1-D signal, staged in local memory with a
// one-element halo on each side. The work-group is sized to include the
// halo (128 outputs + 2 = 130 work-items), so every work-item does exactly
// one load. 130 is not a multiple of 32: each group runs five warps and
// the last one has only 2 of its 32 lanes in use. The usual shape is 128
// work-items with two of them loading the halo. The kernel is memory-bound
// and its lanes fill their sectors, so the idle lanes cost little: a note.
// NDRange: (G * 130), local (130); in holds G * 128 + 2 samples,
// out holds G * 128.

#define OUT_PER_GROUP 128
#define GROUP_SIZE (OUT_PER_GROUP + 2)

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
// CHECK: halo_1d.cl:[[@LINE-1]]:25: note: under 1% of kernel 'smooth3_halo' {{.*}} [launch-work-group-size]
// CHECK: halo_1d.cl:[[@LINE-2]]:25: note: on amd
void smooth3_halo(__global const float *in,
                  __global float *out)
{
    __local float tile[GROUP_SIZE];

    const uint lid = get_local_id(0);
    const uint first = get_group_id(0) * OUT_PER_GROUP;

    tile[lid] = in[first + lid];
    barrier(CLK_LOCAL_MEM_FENCE);

    // Work-items 1..128 produce the outputs; 0 and 129 only loaded halo.
    if (lid > 0 && lid <= OUT_PER_GROUP)
        out[first + lid - 1] = (tile[lid - 1] + 2.0f * tile[lid] + tile[lid + 1]) * 0.25f;
}
