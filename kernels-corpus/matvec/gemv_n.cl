// RUN: not %cllint %s | %check-findings
//
// y = A * x for a row-major rows x cols matrix, one work-item per row
// (the direct translation of the serial loop). x[k] is a broadcast, but
// A[row * cols + k] puts neighbouring lanes a whole row apart: each warp
// touches 32 different sectors per step of k. A work-group per row
// (see spmv/csr_vector.cl for the pattern) or a transposed matrix
// (gemv_t.cl) reads A at unit stride.
// NDRange: (rows), any local size.

__kernel void gemv_rowmajor(__global const float *A,
                            __global const float *x,
                            __global float *y,
                            const int cols)
{
    const int row = get_global_id(0);
    float acc = 0.0f;
    for (int k = 0; k < cols; ++k)
        acc += A[row * cols + k] * x[k];
// CHECK: gemv_n.cl:[[@LINE-1]]:16: warning: {{.*}} [memory-global-stride]
    y[row] = acc;
}
