// RUN: %cllint %s | %check-findings --allow-empty
//
// Sparse matrix-vector product y = A * x, CSR format, one row per
// work-item ("CSR scalar").
// NDRange: (rows), any local size; row_ptr has rows + 1 entries.
//
// The loop bounds come from row_ptr, so the addresses val[jj] and
// col_idx[jj] depend on data loaded per lane: their spacing across a
// warp is unknown at compile time (it is the row lengths). A static
// analysis cannot quantify it and should stay silent here; the usual
// remedy for long rows is csr_vector.cl (a work-group per row).

__kernel void spmv_csr_scalar(const int rows,
                              __global const int *row_ptr,
                              __global const int *col_idx,
                              __global const float *val,
                              __global const float *x,
                              __global float *y)
{
    const int row = get_global_id(0);
    if (row >= rows)
        return;

    float dot = 0.0f;
    const int end = row_ptr[row + 1];
    for (int jj = row_ptr[row]; jj < end; ++jj)
        dot += val[jj] * x[col_idx[jj]];
    y[row] = dot;
}
