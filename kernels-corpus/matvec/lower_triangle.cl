// RUN: %cllint %s | %check-findings --allow-empty
//
// Copy the lower triangle of an n x n row-major matrix with 8x8
// work-groups. The early return `gx > gy` is a 2-D triangle test: it splits
// the warps of the diagonal work-groups only (3 of the 9 sampled), and the
// rest run whole, so it is not reported as divergence. Rows are read and
// written at unit stride in gx.
// NDRange: (n, n), local (8, 8).

__kernel __attribute__((reqd_work_group_size(8, 8, 1)))
void lower_triangle(__global const float *a, __global float *l, const int n)
{
    const int gx = get_global_id(0), gy = get_global_id(1);
    if (gx > gy)
        return;
    l[gy * n + gx] = a[gy * n + gx];
}
