// RUN: %cllint %s | %check-findings --allow-empty
//
// Sparse matrix-vector product y = A * x, CSR format, one work-group of
// 128 work-items per row ("CSR vector" with a work-group instead of a
// warp, so no warp-synchronous code is needed).
// NDRange: (rows * 128), local (128).
//
// The work-items of a group stride through the row together
// (jj = start + lid, start + lid + 128, ...): consecutive lanes read
// consecutive nonzeros. The partial sums are then reduced with the
// sequential-addressing tree (lid < s), and work-item 0 writes the row.

#define GROUP_SIZE 128

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void spmv_csr_vector(__global const int *row_ptr,
                     __global const int *col_idx,
                     __global const float *val,
                     __global const float *x,
                     __global float *y)
{
    __local float partial[GROUP_SIZE];

    const int row = get_group_id(0);
    const int lid = get_local_id(0);
    const int start = row_ptr[row];
    const int end = row_ptr[row + 1];

    float dot = 0.0f;
    for (int jj = start + lid; jj < end; jj += GROUP_SIZE)
        dot += val[jj] * x[col_idx[jj]];

    partial[lid] = dot;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int s = GROUP_SIZE / 2; s > 0; s >>= 1) {
        if (lid < s)
            partial[lid] += partial[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        y[row] = partial[0];
}
