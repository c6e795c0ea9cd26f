// RUN: %cllint %s | %check-findings --allow-empty
//
// y = A^T * x for a row-major rows x cols matrix A, one work-item per
// column of A (per output element). The loop runs down a column, which
// looks like the strided pattern, but across the *lanes* of a warp the
// address is col + const: consecutive work-items read consecutive
// floats of the same row. This is the coalesced way round.
// NDRange: (cols), any local size.

__kernel void gemv_transposed(__global const float *A,
                              __global const float *x,
                              __global float *y,
                              const int rows,
                              const int cols)
{
    const int col = get_global_id(0);
    float acc = 0.0f;
    for (int r = 0; r < rows; ++r)
        acc += A[r * cols + col] * x[r];
    y[col] = acc;
}
