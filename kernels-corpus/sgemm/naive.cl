// RUN: not %cllint %s | %check-findings
//
// C = alpha * A * B + beta * C, one work-item per element of C.
// A is M x K, B is K x N, C is M x N, all row-major.
// NDRange: (M, N).
//
// A classic port mistake: the row index is taken from dimension 0, so
// consecutive work-items walk down a column of A and of C. Each lane of a
// warp reads A[row*K + k] K floats away from its neighbour, and the
// store to C is N floats apart. B[k*N + col] is the same address for the
// whole warp (col depends only on dimension 1): a broadcast, which is fine.
// Swapping the two ids (row = get_global_id(1)) makes everything coalesce.

__kernel void sgemm_naive(const int M, const int N, const int K,
                          const float alpha, const float beta,
                          __global const float *A,
                          __global const float *B,
                          __global float *C)
{
    const int row = get_global_id(0);
    const int col = get_global_id(1);
    if (row >= M || col >= N)
        return;

    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
        acc += A[row * K + k] * B[k * N + col];
// CHECK: naive.cl:[[@LINE-1]]:16: warning: {{.*}} [memory-global-stride]

    C[row * N + col] = alpha * acc + beta * C[row * N + col];
// CHECK: naive.cl:[[@LINE-1]]:5: note: {{.*}} [memory-global-stride]
// CHECK: naive.cl:[[@LINE-2]]:45: note: {{.*}} [memory-global-stride]
}
