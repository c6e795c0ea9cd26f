// RUN: %cllint %s | %check-findings --allow-empty
//
// Numerically stable softmax over the rows of a rows x cols matrix, one
// work-group of 256 work-items per row: a max-reduction, then a
// sum-of-exponentials reduction, then the normalised write. Each pass
// walks the row with a block-stride loop (c = lid, lid + 256, ...), so
// consecutive lanes touch consecutive columns. The reductions use the
// sequential-addressing tree; the row statistics are read back by every
// work-item from red[0] (a broadcast).
// NDRange: (rows * 256), local (256).

#define GROUP_SIZE 256

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void softmax_rows(__global const float *x,
                  __global float *y,
                  const int cols)
{
    __local float red[GROUP_SIZE];

    const int row = get_group_id(0);
    const int lid = get_local_id(0);
    __global const float *xr = x + row * cols;
    __global float *yr = y + row * cols;

    float m = -INFINITY;
    for (int c = lid; c < cols; c += GROUP_SIZE)
        m = fmax(m, xr[c]);
    red[lid] = m;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = GROUP_SIZE / 2; s > 0; s >>= 1) {
        if (lid < s)
            red[lid] = fmax(red[lid], red[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const float row_max = red[0];
    barrier(CLK_LOCAL_MEM_FENCE);

    float sum = 0.0f;
    for (int c = lid; c < cols; c += GROUP_SIZE)
        sum += exp(xr[c] - row_max);
    red[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = GROUP_SIZE / 2; s > 0; s >>= 1) {
        if (lid < s)
            red[lid] += red[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const float inv_sum = 1.0f / red[0];

    for (int c = lid; c < cols; c += GROUP_SIZE)
        yr[c] = exp(xr[c] - row_max) * inv_sum;
}
