// RUN: %cllint --std=CL2.0 %s | %check-findings --allow-empty
//
// Per-work-group inclusive scan with the OpenCL 2.0 work-group
// collective, plus the group total for a second pass. The collective
// hides the tree (the driver picks a conflict-free one); the only branch
// is the last work-item writing the total, a single-lane section.
// NDRange: (n), local (256); sums has one entry per work-group.

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void scan_work_group(__global const int *in,
                     __global int *out,
                     __global int *sums)
{
    const size_t gid = get_global_id(0);
    const int v = work_group_scan_inclusive_add(in[gid]);
    out[gid] = v;
    if (get_local_id(0) == get_local_size(0) - 1)
        sums[get_group_id(0)] = v;
}
